import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { formatDueTime } from '../../src/domain/business-hours';
import { REOPEN_DAYS, SUPPORT_STATUS, slaWarningsAt, type SlaWarning } from '../../src/domain/support';
import { addMail, mailQueued } from '../mail/outbox';
import { forEachPage } from '../paging';
import { COMPANY } from '../../src/domain/company';
import {
  consoleRequestUrl,
  readRequest,
  requestDoc,
  slaFields,
  SUPPORT_REQUESTS,
  tierOf,
  type SupportContext,
} from './store';
import { nowOf } from '../clock';
import { loadCalendar } from '../business-calendar';

export interface SupportJobReport {
  checked: number;
  warned: number;
  closed: number;
}

const WARNING_TEXT: Record<SlaWarning, string> = {
  'first-reply-80': 'First reply at 80 % of its target',
  'first-reply-breach': 'First reply overdue',
  'resolution-80': 'Resolution at 80 % of its target',
  'resolution-breach': 'Resolution overdue',
};

/**
 * One pass of the `support` job: each open request's clocks are recomputed from its events (so a
 * holiday staff added moves its due times), and the company inbox is warned once when a target
 * reaches 80 % and once when it is breached (the warning and its record are one transaction, so
 * overlapping passes warn once); resolved requests close 7 days after they were resolved.
 */
export async function supportPass(ctx: SupportContext): Promise<SupportJobReport> {
  const { db } = ctx;
  const nowMs = nowOf(ctx);
  const { calendar } = await loadCalendar(db);
  const report: SupportJobReport = { checked: 0, warned: 0, closed: 0 };
  let queued = false;

  const open = db.collection(SUPPORT_REQUESTS).where('isOpen', '==', true).orderBy('nextDueAt');
  await forEachPage(
    open,
    async (docs) => {
      for (const doc of docs) {
        report.checked += 1;
        await db.runTransaction(async (tx) => {
          const fresh = await tx.get(doc.ref);
          if (!fresh.exists) return;
          const request = readRequest(doc.id, fresh.data()!);
          const tier = tierOf(request);
          const { sla, fields } = slaFields(request.events, tier, calendar);
          const due = slaWarningsAt(sla, request.createdAt, tier, nowMs, calendar).filter(
            (warning) => !request.warned.includes(warning),
          );
          for (const warning of due) {
            addMail(tx, db, `support:${doc.id}:${warning}:${request.events.length}`, {
              template: 'support',
              data: {
                kind: 'sla-warning',
                warning: WARNING_TEXT[warning],
                reference: request.reference,
                subject: request.subject,
                customerName: request.customerName,
                service: request.serviceName,
                tier: tier?.name ?? null,
                firstReplyDue:
                  sla.firstRepliedAt === null && sla.firstReplyDueAt
                    ? formatDueTime(new Date(sla.firstReplyDueAt))
                    : null,
                resolutionDue: sla.resolutionDueAt ? formatDueTime(new Date(sla.resolutionDueAt)) : null,
                outOfPlan: null,
                body: '',
                url: consoleRequestUrl(ctx.siteUrl, doc.id),
              },
              to: { address: ctx.companyEmail, name: COMPANY.name },
              replyTo: null,
              attachmentDocumentId: null,
            });
          }
          tx.update(doc.ref, { ...fields, ...(due.length ? { warned: FieldValue.arrayUnion(...due) } : {}) });
          report.warned += due.length;
          if (due.length) queued = true;
        });
      }
    },
    { pageSize: 100, maxPages: 50 },
  );

  const resolvedBefore = Timestamp.fromMillis(nowMs - REOPEN_DAYS * 86_400_000);
  const stale = db
    .collection(SUPPORT_REQUESTS)
    .where('status', '==', SUPPORT_STATUS.resolved)
    .where('resolvedAt', '<=', resolvedBefore)
    .orderBy('resolvedAt');
  await forEachPage(
    stale,
    async (docs) => {
      for (const doc of docs) {
        await db.runTransaction(async (tx) => {
          const fresh = await tx.get(requestDoc(db, doc.id));
          const request = readRequest(doc.id, fresh.data()!);
          if (request.status !== SUPPORT_STATUS.resolved) return;
          const { fields } = slaFields([...request.events, { type: 'closed', at: nowMs }], tierOf(request), calendar);
          tx.update(fresh.ref, { ...fields, closedAt: Timestamp.fromMillis(nowMs) });
          report.closed += 1;
        });
      }
    },
    { pageSize: 100, maxPages: 50 },
  );
  if (queued) mailQueued();
  return report;
}
