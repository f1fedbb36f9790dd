import type { Firestore } from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import { COMPANY } from '../../src/domain/company';
import { deleteExpiredRecords, type RetentionReport } from '../account/retention';
import type { Config, DocumentSettings } from '../config';
import { documentAttachments } from '../documents/attachments';
import { issuePendingDocuments, type IssueReport } from '../documents/issue';
import type { FirebaseDeps } from '../firebase';
import { drainOutbox, MAIL_DEFAULTS, type DrainOptions, type DrainReport } from '../mail/drain';
import { onMailQueued } from '../mail/outbox';
import type { MailTransport } from '../mail/transport';
import type { PaymentsContext } from '../payments/context';
import { cancelExpiredOrders, type ExpiryReport } from '../payments/order-lifecycle';
import { reconcilePass, type ReconcileReport } from '../payments/reconcile';
import { renewalsPass, type RenewalsReport } from '../renewals/billing';
import type { RenewalsContext } from '../renewals/store';
import { bookingsContext, projectsContext, statementsContext, supportContext, tdsContext } from '../app-deps';
import { withStatementAttachments } from '../statements/attachments';
import { monthlyStatementsPass, type MonthlyReport, type StatementsContext } from '../statements/statements';
import { projectsPass, type ProjectsJobReport } from '../projects/job';
import type { ProjectsContext } from '../projects/store';
import { bookingsPass, type BookingsJobReport } from '../bookings/reminders';
import type { BookingsContext } from '../bookings/store';
import { supportPass, type SupportJobReport } from '../support/sla-job';
import type { SupportContext } from '../support/store';
import { deleteUnattachedUploads, type UploadsCleanupReport } from '../files/cleanup';
import { tdsRemindersPass, type TdsContext, type TdsRemindersReport } from '../tds/certificates';
import { mailLinks } from './mail-links';
import { JobRunner, type JobDefinition } from './runner';

export { JobRunner } from './runner';

type JobLogger = Pick<Logger, 'info' | 'warn' | 'error'>;

export const RECONCILE_JOB = 'reconcile';
export const ORDER_EXPIRY_JOB = 'expire-orders';
export const DOCUMENTS_JOB = 'documents';
export const MAIL_JOB = 'mail';
export const RENEWALS_JOB = 'renewals';
export const RETENTION_JOB = 'retention';
export const SUPPORT_JOB = 'support';
export const PROJECTS_JOB = 'projects';
export const BOOKINGS_JOB = 'bookings';
export const UPLOADS_JOB = 'uploads';
export const STATEMENTS_JOB = 'statements';
export const TDS_CERTIFICATES_JOB = 'tds-certificates';

const MINUTE = 60_000;
const HOUR = 3_600_000;

/** A job run once per `everyMs` across all instances, under a lease that lapses after `leaseMs`. */
function onceJob<Report>(
  name: string,
  everyMs: number,
  leaseMs: number,
  job: Pick<JobDefinition<Report>, 'run' | 'worthLogging'>,
): JobDefinition<Report> {
  return { name, scope: 'once', everyMs, leaseMs, ...job };
}

/**
 * Reconciliation: once per `intervalMinutes` across all instances (a lease in `leases/reconcile`,
 * which keeps the last pass's report); 0 = only when triggered (Cloud Scheduler, the console).
 */
export function reconcileJob(ctx: PaymentsContext, intervalMinutes: number): JobDefinition<ReconcileReport> {
  // A pass is bounded (RECONCILE_MAX_PAGES); a crashed holder's lease lapses after 5 minutes.
  return onceJob(RECONCILE_JOB, intervalMinutes * MINUTE, 5 * MINUTE, {
    run: () => reconcilePass(ctx),
    worthLogging: (report) => report.checked > 0 || (report.refundsChecked ?? 0) > 0,
  });
}

/**
 * Yearly maintenance renewals: issues each renewal's invoice, reminds and lapses unpaid ones, once
 * per `intervalMinutes` across all instances (0 = only when triggered). Each renewal is claimed in
 * the transaction that issues it, so even overlapping passes bill it once.
 */
export function renewalsJob(ctx: RenewalsContext, intervalMinutes: number): JobDefinition<RenewalsReport> {
  return onceJob(RENEWALS_JOB, intervalMinutes * MINUTE, 10 * MINUTE, {
    run: () => renewalsPass(ctx),
    worthLogging: (report) => report.issued + report.reminded + report.lapsed + report.replaced + report.failed > 0,
  });
}

/** Cancelling a cart's orders nobody paid in time: once per `intervalMinutes` across all instances. */
export function orderExpiryJob(
  ctx: PaymentsContext,
  { intervalMinutes, maxAgeHours }: { intervalMinutes: number; maxAgeHours: number },
): JobDefinition<ExpiryReport> {
  return onceJob(ORDER_EXPIRY_JOB, intervalMinutes * MINUTE, 5 * MINUTE, {
    run: () => cancelExpiredOrders(ctx, { maxAgeMs: maxAgeHours * HOUR }),
    worthLogging: (report) => report.checked > 0,
  });
}

/**
 * Numbering the tax documents still pending, every `intervalSeconds` (0 = only when triggered):
 * each payment numbers its own right after it commits; this pass picks up whatever that missed.
 * Safe on every instance: each document is numbered in its own transaction.
 */
export function documentsJob(
  db: Firestore,
  settings: DocumentSettings,
  { intervalSeconds, logger }: { intervalSeconds: number; logger: JobLogger },
): JobDefinition<IssueReport> {
  return {
    name: DOCUMENTS_JOB,
    scope: 'every-instance',
    everyMs: intervalSeconds * 1000,
    run: () => issuePendingDocuments(db, settings, { logger }),
    worthLogging: (report) => report.issued > 0 || report.failed > 0,
  };
}

/**
 * Deleting what the law no longer makes us keep of deleted accounts (see deleteExpiredRecords):
 * once per `intervalHours` across all instances; 0 = only when triggered (Cloud Scheduler).
 */
export function retentionJob(db: Firestore, intervalHours: number): JobDefinition<RetentionReport> {
  return onceJob(RETENTION_JOB, intervalHours * HOUR, 10 * MINUTE, {
    run: () => deleteExpiredRecords(db),
    worthLogging: (report) => Object.values(report.deleted).some((count) => count > 0),
  });
}

/**
 * Support SLAs: warns the company inbox once at 80 % of a target and once at its breach, and
 * closes requests resolved 7 days ago; once per `intervalMinutes` across all instances.
 */
export function supportJob(ctx: SupportContext, intervalMinutes: number): JobDefinition<SupportJobReport> {
  return onceJob(SUPPORT_JOB, intervalMinutes * MINUTE, 5 * MINUTE, {
    run: () => supportPass(ctx),
    worthLogging: (report) => report.warned + report.closed > 0,
  });
}

/**
 * Projects: reminds the customer halfway through a milestone's sign-off period and deems one
 * nobody answered accepted (its proforma issued once); once per `intervalMinutes` across all instances.
 */
export function projectsJob(ctx: ProjectsContext, intervalMinutes: number): JobDefinition<ProjectsJobReport> {
  return onceJob(PROJECTS_JOB, intervalMinutes * MINUTE, 5 * MINUTE, {
    run: () => projectsPass(ctx),
    worthLogging: (report) => report.reminded + report.deemed + report.failed > 0,
  });
}

/**
 * Consultations: each call's reminders 24 h and 1 h before, each sent once (the mail and its mark
 * are one transaction); once per `intervalMinutes` across all instances.
 */
export function bookingsJob(ctx: BookingsContext, intervalMinutes: number): JobDefinition<BookingsJobReport> {
  return onceJob(BOOKINGS_JOB, intervalMinutes * MINUTE, 5 * MINUTE, {
    run: () => bookingsPass(ctx),
    worthLogging: (report) => report.reminded > 0,
  });
}

/**
 * Uploads never attached to a support request or a project: deleted a day after their upload (and
 * uploads that failed half way), once per `intervalMinutes` across all instances.
 */
export function uploadsJob(db: Firestore, intervalMinutes: number): JobDefinition<UploadsCleanupReport> {
  return onceJob(UPLOADS_JOB, intervalMinutes * MINUTE, 10 * MINUTE, {
    run: () => deleteUnattachedUploads(db),
    worthLogging: (report) => report.deleted + report.skipped > 0,
  });
}

/**
 * Monthly statements of account: on the 1st (India) each company with a balance at the end of the
 * month before is mailed its statement, once (ids per company and month, created only if absent);
 * the pass runs once per `intervalMinutes` across instances (0 = only when triggered). `now`: the
 * clock (tests run it as on the 1st).
 */
export function statementsJob(
  ctx: StatementsContext,
  intervalMinutes: number,
  { now = Date.now }: { now?: () => number } = {},
): JobDefinition<MonthlyReport> {
  return onceJob(STATEMENTS_JOB, intervalMinutes * MINUTE, 10 * MINUTE, {
    run: () => monthlyStatementsPass(ctx, { nowMs: now() }),
    worthLogging: (report) => report.mailed + report.failed > 0,
  });
}

/**
 * TDS certificates: after a quarter's certificate date (15 Aug, 15 Nov, 15 Feb, 15 Jun, India),
 * each company whose certificates of that quarter are still awaited is mailed once for the quarter
 * (the mail's id names the company and quarter and is only created); once per `intervalMinutes`
 * across instances (0 = only when triggered). `now`: the clock (tests run it after a quarter's date).
 */
export function tdsCertificatesJob(
  ctx: TdsContext,
  intervalMinutes: number,
  { now = Date.now }: { now?: () => number } = {},
): JobDefinition<TdsRemindersReport> {
  return onceJob(TDS_CERTIFICATES_JOB, intervalMinutes * MINUTE, 10 * MINUTE, {
    run: () => tdsRemindersPass(ctx, { nowMs: now() }),
    worthLogging: (report) => report.reminded + report.failed > 0,
  });
}

/** A short delay lets a burst of commits (an enquiry's two mails) go in one pass. */
const NUDGE_DELAY_MS = 100;

/**
 * Draining the outbox: a pass every `pollMs` (0 = none), soon after a mail is queued in this
 * process, and once at start (whatever waited while the API was down). Several instances may
 * each run it: each mail is claimed before it is sent.
 */
export function mailJob(
  db: Firestore,
  transport: MailTransport,
  options: DrainOptions & { pollMs: number; logger: JobLogger },
): JobDefinition<DrainReport> {
  const perPass = (options.batchSize ?? MAIL_DEFAULTS.batchSize) * (options.maxPages ?? MAIL_DEFAULTS.maxPages);
  return {
    name: MAIL_JOB,
    scope: 'every-instance',
    everyMs: options.pollMs,
    run: () => drainOutbox(db, transport, options),
    worthLogging: (report) => report.sent + report.failed + report.retrying + report.cancelled + report.interrupted > 0,
    // A full pass means more may be waiting.
    again: (report) => report.sent + report.failed + report.retrying >= perPass,
    wire: (kick) => {
      kick(NUDGE_DELAY_MS);
      return onMailQueued(() => kick(NUDGE_DELAY_MS));
    },
  };
}

/**
 * Every periodic job of the API, one line each (see JobRunner): reconciliation, the expiry of
 * unpaid orders, the end of kept records' retention and the deletion of uploads never attached once
 * per interval across instances; the mail outbox and the tax-document numbering on every instance.
 */
export function createJobs(
  {
    config,
    firebase,
    payments,
    logger,
  }: { config: Config; firebase: FirebaseDeps; payments: PaymentsContext; logger: Logger },
  transport: MailTransport,
): JobRunner {
  const { db } = firebase;
  const runner = new JobRunner(db, logger)
    .register(reconcileJob(payments, config.RECONCILE_INTERVAL_MINUTES))
    .register(documentsJob(db, config.documents, { intervalSeconds: config.DOCUMENT_INTERVAL_SECONDS, logger }))
    .register(
      mailJob(db, transport, {
        from: config.mailFrom,
        replyTo: { address: config.COMPANY_EMAIL, name: COMPANY.name },
        ...mailLinks(config, firebase),
        // A payment receipt carries its tax document's PDF; an invoice mail its proforma's; a
        // statement mail its statement's.
        attachmentsFor: withStatementAttachments(db, documentAttachments(db, config.documents)),
        pollMs: config.MAIL_POLL_SECONDS * 1000,
        logger,
      }),
    );
  runner.register(retentionJob(db, config.RETENTION_INTERVAL_HOURS));
  // ORDER_EXPIRY_HOURS=0 keeps unpaid orders open.
  if (config.ORDER_EXPIRY_HOURS > 0) {
    runner.register(
      orderExpiryJob(payments, {
        intervalMinutes: config.ORDER_EXPIRY_CHECK_MINUTES,
        maxAgeHours: config.ORDER_EXPIRY_HOURS,
      }),
    );
  }
  // Yearly maintenance renewals: invoices, reminders and lapses.
  const renewals = { siteUrl: config.siteUrl, payLinkSecret: config.payLinkSecret, companyEmail: config.COMPANY_EMAIL };
  runner.register(
    renewalsJob({ ...payments, ...renewals, renewals: config.renewals }, config.RENEWAL_INTERVAL_MINUTES),
  );
  runner.register(supportJob(supportContext({ config, firebase }), config.SUPPORT_INTERVAL_MINUTES));
  runner.register(
    projectsJob(
      { ...projectsContext({ config, firebase, gateway: payments.gateway, logger }) },
      config.PROJECTS_INTERVAL_MINUTES,
    ),
  );
  runner.register(bookingsJob(bookingsContext({ config, firebase }), config.BOOKINGS_INTERVAL_MINUTES));
  runner.register(uploadsJob(db, config.UPLOADS_CLEANUP_INTERVAL_MINUTES));
  runner.register(statementsJob(statementsContext({ config, firebase, logger }), config.STATEMENTS_INTERVAL_MINUTES));
  runner.register(
    tdsCertificatesJob(tdsContext({ config, firebase, logger }), config.TDS_CERTIFICATES_INTERVAL_MINUTES),
  );
  return runner;
}
