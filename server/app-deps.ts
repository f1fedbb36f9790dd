import { createHmac } from 'node:crypto';
import type { Logger } from 'pino';
import type { AppCheckVerifier } from './app-check';
import type { BookingsContext } from './bookings/store';
import type { Config } from './config';
import type { FirebaseDeps } from './firebase';
import type { JobRunner } from './jobs/runner';
import type { PaymentGateway } from './payments/gateway';
import type { ProformaContext } from './payments/proformas';
import type { RenewalsContext } from './renewals/store';
import { firestoreFileStore } from './files/file-store';
import type { StatementsContext } from './statements/statements';
import { SUPPORT_REQUESTS_LIMITER, type SupportContext } from './support/store';
import type { TdsContext } from './tds/certificates';
import type { ProjectsContext } from './projects/store';

/**
 * What the API is built from (see createApp). Its own module, so that routes can depend on it
 * without importing app.ts, which imports them.
 */
export interface AppDeps {
  config: Config;
  firebase: FirebaseDeps;
  gateway: PaymentGateway;
  logger?: Logger;
  /** The periodic jobs, for the Cloud Scheduler endpoint (routes/jobs.ts); absent in most tests. */
  jobs?: JobRunner;
  /**
   * Checks App Check tokens; default: Firebase Admin's on a real project, the local one (tokens
   * from /api/app-check/local-token) on a demo project.
   */
  appCheck?: AppCheckVerifier;
}

/** What the payment services work with, from the API's dependencies. */
export function paymentsContext(deps: Pick<AppDeps, 'config' | 'firebase' | 'gateway' | 'logger'>): ProformaContext {
  return {
    db: deps.firebase.db,
    gateway: deps.gateway,
    documents: deps.config.documents,
    logger: deps.logger,
    siteUrl: deps.config.siteUrl,
    payLinkSecret: deps.config.payLinkSecret,
  };
}

/** What the renewals service works with: the payment services, the renewal schedule, the company's inbox. */
export function renewalsContext(deps: Pick<AppDeps, 'config' | 'firebase' | 'gateway' | 'logger'>): RenewalsContext {
  return { ...paymentsContext(deps), renewals: deps.config.renewals, companyEmail: deps.config.COMPANY_EMAIL };
}

/** What the support service works with: Firestore, Auth, the file store, mail addresses and links. */
export function supportContext(deps: Pick<AppDeps, 'config' | 'firebase'>): SupportContext {
  const { config, firebase } = deps;
  return {
    db: firebase.db,
    auth: firebase.auth,
    files: firestoreFileStore(firebase.db),
    from: config.mailFrom,
    companyEmail: config.COMPANY_EMAIL,
    siteUrl: config.siteUrl,
    payLinkSecret: config.payLinkSecret,
    replySecret: config.support.replySecret,
    replyDomain: config.support.replyDomain,
    // The web form's counter (routes/rate-limits.ts perAccountPerHour scopes its name the same way).
    requestsPerHour: {
      name: `${config.RATE_LIMIT_SCOPE}.${SUPPORT_REQUESTS_LIMITER}`,
      limit: config.SUPPORT_REQUESTS_PER_HOUR,
    },
  };
}

/** What the projects service works with: issuing a quote's milestones, the file store, mail, the sign-off period. */
export function projectsContext(deps: Pick<AppDeps, 'config' | 'firebase' | 'gateway' | 'logger'>): ProjectsContext {
  const { config, firebase } = deps;
  return {
    ...paymentsContext(deps),
    companyEmail: config.COMPANY_EMAIL,
    dueDays: config.PROFORMA_DUE_DAYS,
    files: firestoreFileStore(firebase.db),
    from: config.mailFrom,
    signOffDays: config.PROJECT_SIGNOFF_DAYS,
  };
}

/** What the bookings service works with: Firestore, the company's inbox, links and their signing key, the environment's defaults. */
export function bookingsContext(deps: { config: Config; firebase: Pick<FirebaseDeps, 'db'> }): BookingsContext {
  const { config, firebase } = deps;
  return {
    db: firebase.db,
    companyEmail: config.COMPANY_EMAIL,
    siteUrl: config.siteUrl,
    linkSecret: createHmac('sha256', config.payLinkSecret).update('booking-links').digest('hex'),
    mailDomain: config.mailFrom.address.split('@')[1] || 'localhost',
    defaults: { windowDays: config.BOOKING_WINDOW_DAYS, minNoticeHours: config.BOOKING_MIN_NOTICE_HOURS },
  };
}

/** What the TDS certificates service works with: Firestore, the file store (the certificates' PDFs), the site's links. */
export function tdsContext(deps: Pick<AppDeps, 'config' | 'firebase' | 'logger'>): TdsContext {
  return {
    db: deps.firebase.db,
    files: firestoreFileStore(deps.firebase.db),
    siteUrl: deps.config.siteUrl,
    logger: deps.logger,
  };
}

/** What the statements service works with: Firestore, the seller's settings (an MSME seller's too), and pay links. */
export function statementsContext(deps: Pick<AppDeps, 'config' | 'firebase' | 'logger'>): StatementsContext {
  return {
    db: deps.firebase.db,
    documents: deps.config.documents,
    siteUrl: deps.config.siteUrl,
    payLinkSecret: deps.config.payLinkSecret,
    logger: deps.logger,
  };
}
