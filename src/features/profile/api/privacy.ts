import { MARKETING_CONSENT_WORDING } from '@/domain/consent';
import { apiClient, type ApiFile } from '@/lib/api-client';

// The customer's privacy rights, through the API (the server reads everything and records consent).

/** Everything we hold about the signed-in customer, as the API's ZIP (GET /api/account/export). */
export function downloadMyData(): Promise<ApiFile> {
  return apiClient.getFile('/api/account/export', { withAuth: true });
}

/**
 * Records the customer's choice about news and offers. The API stamps it with its own time and
 * the wording the box showed (it refuses a wording that is not the current one).
 */
export function setMarketingConsent(granted: boolean): Promise<{ granted: boolean; changed: boolean }> {
  return apiClient.post(
    '/api/account/marketing-consent',
    { granted, wording: MARKETING_CONSENT_WORDING },
    { withAuth: true },
  );
}
