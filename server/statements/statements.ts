import { FieldValue, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import { COMPANY } from '../../src/domain/company';
import { formatIstDate, formatIstDay } from '../../src/domain/document-number';
import { lateDeductionLine, MSME_MAX_TERM_DAYS, section16RatePercent, udyamLine } from '../../src/domain/msme';
import type { PurchaseOrderRules } from '../../src/domain/purchase-order';
import { istToday, monthRangeMs, previousIstMonth, type DateRange } from '../../src/domain/ist';
import {
  buildStatement,
  payableNowPaise,
  STATEMENT_ENDS_AFTER_TODAY,
  STATEMENT_NOTE,
  STATEMENT_TITLE,
  statementCsvText,
  statementFileName,
  statementNumber,
  type StatementSnapshot,
} from '../../src/domain/statement';
import { OPEN_STATUSES } from '../../src/domain/status';
import { addAudit, type Actor } from '../audit';
import type { DocumentSettings } from '../config';
import { renderPdfOffThread, type PdfFile } from '../documents/pdf-renderer';
import { recipientOf, type ProfileFields } from '../documents/snapshot';
import { HttpError, isAlreadyExists } from '../errors';
import { addMail, mailQueued, type OutboxMail } from '../mail/outbox';
import { forEachPage } from '../paging';
import { payLinkUrl } from '../payments/pay-links';
import { companyDoc, rulesOf } from '../payments/purchase-orders';
import { statementRecipient, STATEMENT_NOT_FOUND } from './access';
import { readLedger } from './ledger';

/**
 * Statements of account: a company's statement for any range of days (the page, its PDF and its
 * CSV, all from one buildStatement), mailed by staff on request, and every month by the
 * statements job. A mailed statement is kept as it was made (`statements/{id}`, server-only), so
 * its PDF, rendered when the mail is sent, is the one its mail describes.
 */

export interface StatementsContext {
  db: Firestore;
  documents: DocumentSettings;
  siteUrl: string;
  payLinkSecret: string;
  logger?: Pick<Logger, 'info' | 'warn' | 'error'>;
}

export const STATEMENTS = 'statements';
export const statementDoc = (db: Firestore, id: string) => db.collection(STATEMENTS).doc(id);

/** What the statement page and the console show: the statement as printed, and how to pay what is open. */
export interface StatementView {
  snapshot: StatementSnapshot;
  /** The pay link of each open proforma, by its open item's key. */
  payUrls: Record<string, string>;
  purchaseOrderRules: PurchaseOrderRules;
}

/** The MSME block of a statement: the Udyam number, the term, how interest is worked out, and the tax rule. */
function msmeLines(settings: NonNullable<DocumentSettings['msme']>, to: string, nowMs: number): string[] {
  const annual = section16RatePercent(settings.bankRatePercent);
  return [
    udyamLine(settings.udyam),
    `Bills are payable within the days each states, never more than ${MSME_MAX_TERM_DAYS} (section 15 of the MSMED Act, 2006).`,
    `Interest under section 16 on each overdue bill: compound with monthly rests at ${annual}% a year (three times RBI's bank rate of ${settings.bankRatePercent}%), from the day after its due date (at latest the 46th day after issue) to ${formatIstDay(to)}. Where RBI changed its bank rate in that time, the figure is an estimate at today's rate.`,
    lateDeductionLine(istToday(nowMs)),
  ];
}

/** The statement as printed: who it is between, the computation, and an MSME seller's terms. */
function snapshotOf(
  ctx: StatementsContext,
  profile: DocumentData,
  rules: PurchaseOrderRules,
  range: DateRange,
  statement: StatementSnapshot['statement'],
  nowMs: number,
): StatementSnapshot {
  const settings = ctx.documents;
  const { recipient } = recipientOf(
    profile as ProfileFields,
    { name: typeof profile.name === 'string' ? profile.name : null, email: null },
    settings.seller.stateCode,
  );
  return {
    kind: 'statement',
    title: STATEMENT_TITLE,
    number: statementNumber(range.from, range.to),
    issueDate: formatIstDate(nowMs),
    supplier: { ...settings.seller, email: COMPANY.email, phone: COMPANY.phone },
    recipient,
    vendorCode: rules.vendorCode || null,
    statement,
    msme: settings.msme ? { udyam: settings.msme.udyam, lines: msmeLines(settings.msme, range.to, nowMs) } : null,
    payOnlineUrl: `${ctx.siteUrl}/statement`,
    reference: { label: `${recipient.name}, ${range.from} to ${range.to}` },
    note: STATEMENT_NOTE,
  };
}

/**
 * A company's statement for `range` (India's days, both included, ending today at the latest): read
 * once, computed once (buildStatement), with the pay link of every open proforma. 404 for a
 * company that does not exist.
 */
export async function companyStatement(
  ctx: StatementsContext,
  companyId: string,
  range: DateRange,
  nowMs = Date.now(),
): Promise<StatementView> {
  if (range.to > istToday(nowMs)) throw new HttpError(400, STATEMENT_ENDS_AFTER_TODAY);
  const [profile, company, ledger] = await Promise.all([
    ctx.db.doc(`users/${companyId}`).get(),
    companyDoc(ctx.db, companyId).get(),
    readLedger(ctx.db, companyId),
  ]);
  if (!profile.exists) throw new HttpError(404, STATEMENT_NOT_FOUND);
  const rules = rulesOf(company.data());
  const statement = buildStatement(ledger, {
    ...range,
    bankRatePercent: ctx.documents.msme?.bankRatePercent ?? null,
  });
  const payUrls: Record<string, string> = {};
  for (const item of statement.openItems) {
    if (item.payable && item.openPaise > 0) {
      payUrls[item.key] = payLinkUrl(ctx.siteUrl, ctx.payLinkSecret, { uid: companyId, ...item.payable });
    }
  }
  return {
    snapshot: snapshotOf(ctx, profile.data()!, rules, range, statement, nowMs),
    payUrls,
    purchaseOrderRules: rules,
  };
}

export async function statementPdf(snapshot: StatementSnapshot): Promise<PdfFile> {
  return { fileName: statementFileName(snapshot, 'pdf'), pdf: await renderPdfOffThread(snapshot) };
}

export function statementCsv(snapshot: StatementSnapshot): { fileName: string; csv: string } {
  return { fileName: statementFileName(snapshot, 'csv'), csv: statementCsvText(snapshot) };
}

/** The statement mail of a company: to its statement recipients, with the kept statement's PDF. */
function statementMailOf(
  ctx: StatementsContext,
  companyId: string,
  statementId: string,
  snapshot: StatementSnapshot,
  cause: 'monthly' | 'staff',
): OutboxMail {
  const { statement } = snapshot;
  return {
    template: 'statement',
    data: {
      customerName: snapshot.recipient.name || null,
      from: statement.from,
      to: statement.to,
      openingPaise: statement.openingPaise,
      closingPaise: statement.closingPaise,
      payableNowPaise: payableNowPaise(statement),
      overduePaise: statement.openItems.reduce((sum, item) => sum + (item.daysPastDue > 0 ? item.openPaise : 0), 0),
      interestPaise: statement.interest?.totalPaise ?? null,
      statementId,
      statementUrl: `${ctx.siteUrl}/statement?from=${statement.from}&to=${statement.to}`,
      cause,
    },
    ...statementRecipient(companyId),
    replyTo: null,
    attachmentDocumentId: null,
  };
}

/**
 * Keeps a statement and queues its mail in one batch, both created (never overwritten): a second
 * attempt with the same ids (a repeated request, another instance's pass) fails harmlessly and
 * answers 'exists'.
 */
async function keepAndMail(
  ctx: StatementsContext,
  ids: { statementId: string; mailId: string },
  companyId: string,
  snapshot: StatementSnapshot,
  cause: 'monthly' | 'staff',
  actor: Actor | null,
): Promise<'queued' | 'exists'> {
  const batch = ctx.db.batch();
  batch.create(statementDoc(ctx.db, ids.statementId), {
    companyId,
    cause,
    snapshot,
    mailId: ids.mailId,
    createdAt: FieldValue.serverTimestamp(),
  });
  addMail(batch, ctx.db, ids.mailId, statementMailOf(ctx, companyId, ids.statementId, snapshot, cause));
  if (actor) {
    addAudit(batch, ctx.db, {
      actor,
      action: 'statement.mail',
      target: `users/${companyId}`,
      before: null,
      after: { from: snapshot.statement.from, to: snapshot.statement.to, mailId: ids.mailId },
    });
  }
  try {
    await batch.commit();
  } catch (error) {
    if (isAlreadyExists(error)) return 'exists';
    throw error;
  }
  mailQueued();
  return 'queued';
}

/** Staff mail a company its statement for a range; the console's request id makes a double press one mail. */
export async function mailStatement(
  ctx: StatementsContext,
  companyId: string,
  range: DateRange,
  requestId: string,
  actor: Actor,
): Promise<{ status: 'queued' | 'exists'; mailId: string; closingPaise: number }> {
  const { snapshot } = await companyStatement(ctx, companyId, range);
  const ids = { statementId: `${companyId}_sent_${requestId}`, mailId: `statement:${companyId}:sent:${requestId}` };
  const status = await keepAndMail(ctx, ids, companyId, snapshot, 'staff', actor);
  return { status, mailId: ids.mailId, closingPaise: snapshot.statement.closingPaise };
}

/** The ids of a company's monthly statement: one per company and month, whatever runs it. */
export const monthlyIds = (companyId: string, month: string) => ({
  statementId: `${companyId}_${month}`,
  mailId: `statement:${companyId}:${month}`,
});

export interface MonthlyReport {
  /** The month stated ('2026-11'), or null when today is not the 1st in India. */
  month: string | null;
  checked: number;
  mailed: number;
  /** Companies whose balance at the month's end was zero or in their favour. */
  settled: number;
  /** Companies already mailed this month (another pass or instance). */
  already: number;
  failed: number;
}

/**
 * The monthly statements: on the 1st of a month (India), every company with a balance above zero
 * at the end of the month before gets that month's statement by mail, once. Only companies with an
 * open proforma now can have one (a positive balance is something billed and unpaid), so those are
 * the candidates, found page by page; each one's statement is computed, and kept with its mail
 * under ids of the company and month, created only if absent: a second pass or instance finds them
 * and sends nothing. A company whose statement fails is counted and tried by the next pass.
 */
export async function monthlyStatementsPass(
  ctx: StatementsContext,
  { nowMs = Date.now() }: { nowMs?: number } = {},
): Promise<MonthlyReport> {
  const report: MonthlyReport = { month: null, checked: 0, mailed: 0, settled: 0, already: 0, failed: 0 };
  if (!istToday(nowMs).endsWith('-01')) return report;
  const month = previousIstMonth(nowMs);
  report.month = month;
  const lastDay = istToday(monthRangeMs(month).endMs - 1);
  const range = { from: `${month}-01`, to: lastDay };
  const candidates = new Set<string>();
  await forEachPage(
    ctx.db.collectionGroup('invoices').where('status', 'in', OPEN_STATUSES).orderBy('dueDate'),
    async (docs) => {
      for (const doc of docs) {
        const companyId = doc.ref.parent.parent?.id;
        if (companyId && doc.get('issuedBy') === 'company') candidates.add(companyId);
      }
    },
    { pageSize: 500 },
  );
  for (const companyId of candidates) {
    report.checked += 1;
    try {
      const ids = monthlyIds(companyId, month);
      // Already mailed (the common case of every later pass that day): no statement is computed.
      if ((await statementDoc(ctx.db, ids.statementId).get()).exists) {
        report.already += 1;
        continue;
      }
      const { snapshot } = await companyStatement(ctx, companyId, range, nowMs);
      if (snapshot.statement.closingPaise <= 0) {
        report.settled += 1;
        continue;
      }
      const status = await keepAndMail(ctx, ids, companyId, snapshot, 'monthly', null);
      if (status === 'queued') report.mailed += 1;
      else report.already += 1;
    } catch (error) {
      report.failed += 1;
      ctx.logger?.error({ err: error, companyId, month }, 'the monthly statement of a company failed');
    }
  }
  return report;
}

/** The kept statement of a mail, for its attachment (null when it is gone). */
export async function keptStatement(db: Firestore, statementId: string): Promise<StatementSnapshot | null> {
  const kept = await statementDoc(db, statementId).get();
  return kept.exists ? (kept.get('snapshot') as StatementSnapshot) : null;
}
