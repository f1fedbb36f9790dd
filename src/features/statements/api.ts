import { purchaseOrderRulesSchema, type PurchaseOrderRules } from '@/domain/purchase-order';
import type { StatementSnapshot } from '@/domain/statement';
import { apiClient, type ApiFile } from '@/lib/api-client';

/** A company's statement of account and its purchase-order rules: every call goes to the API. */

/** What the API answers for a statement (server/statements/statements.ts): as printed, with pay links. */
export interface StatementView {
  snapshot: StatementSnapshot;
  /** The pay link of each open bill, by its key (an absolute URL on the site). */
  payUrls: Record<string, string>;
  purchaseOrderRules: PurchaseOrderRules;
}

export interface StatementRange {
  from: string;
  to: string;
}

const companyPath = (companyId: string) => `/api/companies/${encodeURIComponent(companyId)}`;
const rangeQuery = (range: StatementRange) =>
  `?from=${encodeURIComponent(range.from)}&to=${encodeURIComponent(range.to)}`;
const withAuth = { withAuth: true };

export function getStatement(companyId: string, range: StatementRange, signal?: AbortSignal): Promise<StatementView> {
  return apiClient.get<StatementView>(`${companyPath(companyId)}/statement${rangeQuery(range)}`, {
    ...withAuth,
    signal,
  });
}

/** The statement as a file: its PDF, or its CSV for Excel. */
export function downloadStatement(companyId: string, range: StatementRange, kind: 'pdf' | 'csv'): Promise<ApiFile> {
  return apiClient.getFile(`${companyPath(companyId)}/statement.${kind}${rangeQuery(range)}`, withAuth);
}

export function savePurchaseOrderRules(companyId: string, rules: PurchaseOrderRules): Promise<PurchaseOrderRules> {
  return apiClient.post(
    `${companyPath(companyId)}/purchase-order-rules`,
    purchaseOrderRulesSchema.parse(rules),
    withAuth,
  );
}

/** Staff mail the company its statement; the request id is made once per press (a retry is the same mail). */
export function mailStatement(
  companyId: string,
  range: StatementRange,
  requestId: string,
): Promise<{ status: 'queued' | 'exists'; mailId: string; closingPaise: number }> {
  return apiClient.post(
    `/api/staff/companies/${encodeURIComponent(companyId)}/statement/mail`,
    { ...range, requestId },
    withAuth,
  );
}

/** A pay link as a path on this site (the API makes it absolute, for mails). */
export function sitePath(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}
