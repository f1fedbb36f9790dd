import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { namedIssueMessage } from '../src/domain/field-issues';
import { COMPANY } from '../src/domain/company';
import { DOCUMENT_PREFIX_PATTERN } from '../src/domain/document-number';
import { bankRateBasisPoints, MSME_MAX_TERM_DAYS, normaliseUdyam, udyamProblem } from '../src/domain/msme';
import { RENEWAL_DEFAULTS, type RenewalSettings } from '../src/domain/renewals';
import { canonicalStateName, FOREIGN_COUNTRY, GST_STATE_CODES, stateNameOfCode } from '../src/domain/gst';
import type { HsnDigits } from '../src/domain/gstr1';
import type { TaxSettings } from '../src/domain/tax';
import { sellerGstinOf, taxEnvironmentFields, taxSettingsOf } from '../src/domain/tax-settings';
import { tallyEnvironmentFields, tallySettingsOf, type TallySettings } from '../src/domain/tally';
import { turnoverEnvironmentFields } from '../src/domain/turnover';
import {
  DEFAULT_SANDBOX_SECRET,
  DEMO_APP_CHECK_SECRET,
  DEMO_INBOUND_PASSWORD,
  DEMO_INBOUND_USER,
  DEMO_PAY_LINK_SECRET,
  moneyLosingProblems,
  projectSignOffCheck,
} from './go-live';

// The public local defaults live with the go-live checks that refuse them on a real project.
export { DEFAULT_SANDBOX_SECRET, DEMO_APP_CHECK_SECRET, DEMO_INBOUND_PASSWORD, DEMO_INBOUND_USER };

const emptyAsUnset = (value: unknown) => (value === '' ? undefined : value);

const schema = z.object({
  API_PORT: z.coerce.number().int().min(1).max(65535).default(3001),
  /** Comma-separated origins allowed by CORS (the site). */
  SITE_ORIGIN: z.string().default('http://localhost:5173,http://127.0.0.1:5173'),
  FIREBASE_PROJECT_ID: z.string().min(1).default('demo-site'),
  RAZORPAY_KEY_ID: z.string().optional(),
  RAZORPAY_KEY_SECRET: z.string().optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().optional(),
  /** Signs sandbox payments and webhooks; only used when no Razorpay keys are set. */
  SANDBOX_SECRET: z.string().min(8).default(DEFAULT_SANDBOX_SECRET),
  /** 'true' lets a real (non demo-) Firebase project run the sandbox gateway, e.g. a staging site. */
  ALLOW_SANDBOX_PAYMENTS: z
    .enum(['true', 'false', ''])
    .optional()
    .transform((value) => value === 'true'),
  CSC_API_KEY: z.string().optional(),
  /** The CountryStateCity service, proxied when CSC_API_KEY is set (tests point it at a local fake). */
  CSC_API_BASE_URL: z.string().url().default('https://api.countrystatecity.in/v1'),
  COMPANY_NAME: z.string().optional(),
  /**
   * Outgoing mail server, e.g. smtps://user:pass@smtp.example.com:465 or smtp://…:587 (STARTTLS).
   * Unset: mails are written to the log instead of being sent.
   */
  SMTP_URL: z
    .string()
    .optional()
    .transform((value) => (value?.trim() ? value.trim() : undefined))
    .refine((value) => value === undefined || /^smtps?:\/\/[^/]+/.test(value), 'must be an smtp:// or smtps:// URL'),
  /** Sender of every mail: 'Name <address>' or an address the SMTP account may send as. */
  MAIL_FROM: z.string().default(`${COMPANY.name} <${COMPANY.email}>`),
  /** The company's inbox: enquiry notifications go here, and customers' replies come here. */
  COMPANY_EMAIL: z.email().default(COMPANY.email),
  /** The site's public URL for links in mails (default: the first SITE_ORIGIN). */
  PUBLIC_SITE_URL: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Seconds between outbox passes (retries, other instances' mails); 0: none, but mails queued here still go at once. */
  MAIL_POLL_SECONDS: z.coerce.number().min(0).default(60),
  /** Every request's overall timeout: past it the API answers 503 { message } (webhooks: 4 s, Razorpay wants 5). */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().min(1).max(60).default(8),
  /**
   * How long an upload's body (a 10 MB file) may take to arrive once its sender is let in: a slower
   * sender gets 408 and the connection is closed (a 10 MB file at 1 Mbit/s takes about 80 s).
   */
  UPLOAD_BODY_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(120),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * 'json': Cloud Logging's JSON lines (severity, httpRequest, trace, errors Error Reporting groups);
   * 'pretty': readable lines; 'auto': json on Cloud Run (K_SERVICE set), pretty elsewhere.
   */
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  /** Set by Cloud Run: the service and revision (Error Reporting's serviceContext). */
  K_SERVICE: z.string().optional(),
  K_REVISION: z.string().optional(),
  /** The Google Cloud project of trace ids in logs (default: a real FIREBASE_PROJECT_ID). */
  GOOGLE_CLOUD_PROJECT: z.string().optional(),
  /** Minutes between reconciliation passes; 0 turns the timer off. */
  RECONCILE_INTERVAL_MINUTES: z.coerce.number().min(0).default(5),
  /** A cart's order nobody pays within this many hours is cancelled; 0 keeps them open. */
  ORDER_EXPIRY_HOURS: z.coerce.number().min(0).default(24),
  /**
   * Hours between passes of the retention job, which deletes a deleted account's kept records once
   * the law no longer makes us keep them; 0 turns the timer off (Cloud Scheduler can still run it).
   */
  RETENTION_INTERVAL_HOURS: z.coerce.number().min(0).default(6),
  /** Minutes between passes that cancel expired orders; 0 turns the timer off. */
  ORDER_EXPIRY_CHECK_MINUTES: z.coerce.number().min(0).default(15),
  /** Days before a service's renewal date its renewal invoice is issued (the policies quote the default). */
  RENEWAL_NOTICE_DAYS: z.coerce.number().int().min(1).max(180).default(RENEWAL_DEFAULTS.noticeDays),
  /** Days after the renewal date an unpaid renewal lapses (the policies quote the default). */
  RENEWAL_GRACE_DAYS: z.coerce.number().int().min(1).max(180).default(RENEWAL_DEFAULTS.graceDays),
  /** Minutes between passes of the renewals job (invoices, reminders, lapses); 0 turns the timer off. */
  RENEWAL_INTERVAL_MINUTES: z.coerce.number().min(0).default(60),
  /**
   * Support: the inbound-mail webhook (Postmark Inbound) authenticates with HTTP Basic credentials
   * put in the webhook URL (https://user:password@api.host/api/support/inbound/postmark). On a
   * demo- project both default to local values; on a real project, unset = no webhook (404).
   */
  POSTMARK_INBOUND_USER: z.string().trim().min(1).optional(),
  POSTMARK_INBOUND_PASSWORD: z
    .string()
    .optional()
    .refine((value) => value === undefined || value.length >= 20, 'must be at least 20 characters'),
  /** The domain of support reply addresses (support+<token>@domain); default MAIL_FROM's domain. */
  SUPPORT_REPLY_DOMAIN: z.string().trim().optional(),
  /** Minutes between passes of the support job (SLA warnings, closing resolved requests); 0 = only when triggered. */
  SUPPORT_INTERVAL_MINUTES: z.coerce.number().min(0).default(10),
  /** Support requests one account may open in any hour (web form and API); the next is a 429 saying when. */
  SUPPORT_REQUESTS_PER_HOUR: z.coerce.number().int().min(1).default(10),
  /** Files one customer account may upload in any hour (support and projects); the next is a 429 saying when. */
  UPLOADS_PER_HOUR: z.coerce.number().int().min(1).default(30),
  /** The same for a staff account (a project's deliverables may be many files). */
  STAFF_UPLOADS_PER_HOUR: z.coerce.number().int().min(1).default(200),
  /**
   * Minutes between passes of the uploads job, which deletes uploads never attached to a request or
   * a project a day after their upload (and any upload that failed half way); 0 = only when triggered.
   */
  UPLOADS_CLEANUP_INTERVAL_MINUTES: z.coerce.number().min(0).default(60),
  /** Business days a customer has to sign off a milestone or ask for changes before it is deemed accepted (0 = at the next pass). */
  PROJECT_SIGNOFF_DAYS: z.coerce.number().min(0).max(60).default(10),
  /** Minutes between passes of the projects job (sign-off reminders, deemed acceptances); 0 = only when triggered. */
  PROJECTS_INTERVAL_MINUTES: z.coerce.number().min(0).default(30),
  /**
   * Consultations: how many days ahead a visitor may book, and the hours of notice a booking needs,
   * until staff save their own in the console's availability settings (defaults 21 and 4).
   */
  BOOKING_WINDOW_DAYS: z.preprocess(emptyAsUnset, z.coerce.number().int().min(1).max(730).optional()),
  BOOKING_MIN_NOTICE_HOURS: z.preprocess(emptyAsUnset, z.coerce.number().min(0).max(720).optional()),
  /** Minutes between passes of the bookings job (reminders 24 h and 1 h before a call); 0 = only when triggered. */
  BOOKINGS_INTERVAL_MINUTES: z.coerce.number().min(0).default(5),
  /**
   * Bearer secret of POST /api/jobs/:name (Cloud Scheduler triggers jobs with it), at least 32
   * characters; unset: no such endpoint.
   */
  JOBS_SECRET: z
    .string()
    .optional()
    .transform((value) => (value?.trim() ? value.trim() : undefined))
    .refine((value) => value === undefined || value.length >= 32, 'must be at least 32 characters'),
  /**
   * Firebase App Check on every route a browser calls (see server/app-check.ts): 'enforce' refuses
   * a request without a valid token (401), 'monitor' only logs it, 'off' does not check.
   */
  APP_CHECK: z.enum(['off', 'monitor', 'enforce']).default('enforce'),
  /** Signs the local App Check tokens of a demo project (emulators); ignored on a real project. */
  APP_CHECK_LOCAL_SECRET: z.string().min(16).default(DEMO_APP_CHECK_SECRET),
  /** Payment order and verify requests per client IP per minute (the benchmark raises it). */
  PAYMENT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  /** Pay-link requests (/api/pay/…: lookups, PDFs, payments) per client IP per minute. */
  PAY_LINK_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  // ---- Tax documents (issue 12) ----
  SELLER_NAME: z.string().trim().min(1).default(COMPANY.legalName),
  SELLER_ADDRESS: z.string().trim().min(1).default(COMPANY.address),
  /** The seller's state as named in GST's list ('Karnataka'); its code is derived unless SELLER_STATE_CODE is set. */
  SELLER_STATE: z.string().trim().default('Karnataka'),
  SELLER_STATE_CODE: z
    .string()
    .trim()
    .regex(/^(\d{2})?$/, 'must be a two-digit GST state code, e.g. 29')
    .optional(),
  // SELLER_GSTIN, GST_RATE, PRICES_INCLUDE_GST: shared with the site's build, so the cart says what we charge.
  ...taxEnvironmentFields,
  /** SAC of every line without its own entry below. */
  SAC_DEFAULT: z
    .string()
    .trim()
    .regex(/^99\d{4}$/, 'must be a six-digit SAC starting 99')
    .default('998314'),
  /** Per category (catalogue ids, or 'invoice' for invoice payments): 'website=998314,learning=999293'. */
  SAC_CODES: z.string().default(''),
  /**
   * 'true' when the seller's aggregate turnover in the previous financial year was above Rs 5 crore:
   * GSTR-1's SAC summary (Table 12) then takes 6 digits, else 4 (Notification 78/2020-Central Tax).
   */
  GST_TURNOVER_ABOVE_5_CRORE: z
    .enum(['true', 'false', ''])
    .optional()
    .transform((value) => value === 'true'),
  /** Document numbers are PREFIX/2026-27/0001: 1-3 letters, digits or '-'. */
  DOCUMENT_PREFIX: z.string().trim().regex(DOCUMENT_PREFIX_PATTERN, 'must be 1-3 letters, digits or -').default('NB'),
  CREDIT_NOTE_PREFIX: z
    .string()
    .trim()
    .regex(DOCUMENT_PREFIX_PATTERN, 'must be 1-3 letters, digits or -')
    .default('CN'),
  /** Proforma invoices (what the company bills before payment) are PI/2026-27/0001. */
  PROFORMA_PREFIX: z.string().trim().regex(DOCUMENT_PREFIX_PATTERN, 'must be 1-3 letters, digits or -').default('PI'),
  /** Quotes for custom projects are QT/2026-27/0001. */
  QUOTE_PREFIX: z.string().trim().regex(DOCUMENT_PREFIX_PATTERN, 'must be 1-3 letters, digits or -').default('QT'),
  /** Days a proforma gives the customer to pay, unless staff choose a date (at most 45 with SELLER_UDYAM). */
  PROFORMA_DUE_DAYS: z.coerce.number().int().min(0).max(365).default(15),
  /**
   * The seller's Udyam registration (UDYAM-XX-00-0000000) when it is a micro or small enterprise:
   * proformas, tax invoices and statements then print it and the MSMED Act's payment term, due
   * dates beyond 45 days need a reason, and statements show section 16 interest. Unset: none of it.
   */
  SELLER_UDYAM: z
    .string()
    .optional()
    .transform((value) => (value?.trim() ? normaliseUdyam(value) : undefined))
    .refine((value) => value === undefined || udyamProblem(value) === null, 'must be UDYAM-XX-00-0000000'),
  /**
   * RBI's Bank Rate in percent (at most two decimals): section 16 interest is three times it. The
   * default is the rate RBI has notified since 5 December 2025 (5.50%); set it when RBI changes it.
   */
  MSME_BANK_RATE_PERCENT: z.coerce
    .number()
    .min(0)
    .max(30)
    .refine((rate) => Math.abs(rate * 100 - Math.round(rate * 100)) < 1e-6, 'at most two decimals')
    .default(5.5),
  /**
   * Minutes between passes of the statements job (on the 1st of a month, India time, it mails each
   * company with a balance its statement for the month before); 0 = only when triggered.
   */
  STATEMENTS_INTERVAL_MINUTES: z.coerce.number().min(0).default(60),
  /**
   * Minutes between passes of the TDS certificates job (after a quarter's certificate date it mails
   * each company whose certificates of that quarter are still awaited, once); 0 = only when triggered.
   */
  TDS_CERTIFICATES_INTERVAL_MINUTES: z.coerce.number().min(0).default(60),
  /**
   * Signs the pay links of issued invoices (/pay/{token}): at least 32 characters, secret. Needed on
   * a real project; the emulators use a public default.
   */
  PAY_LINK_SECRET: z
    .string()
    .optional()
    .transform((value) => (value?.trim() ? value.trim() : undefined))
    .refine((value) => value === undefined || value.length >= 32, 'must be at least 32 characters'),
  /**
   * Signs the one-click unsubscribe links of news mails (32+ characters, secret). Unset: derived
   * from PAY_LINK_SECRET (changing either turns the links already mailed into dead links).
   */
  UNSUBSCRIBE_SECRET: z
    .string()
    .optional()
    .transform((value) => (value?.trim() ? value.trim() : undefined))
    .refine((value) => value === undefined || value.length >= 32, 'must be at least 32 characters'),
  /** Seconds between passes of the document numbering worker (it also runs right after each payment); 0 = off. */
  DOCUMENT_INTERVAL_SECONDS: z.coerce.number().min(0).default(30),
  /**
   * 'after-payment': each payment's (or refund's) document is numbered right after it commits;
   * 'job': only the documents job's passes number them (tests that look at a pending document).
   */
  DOCUMENT_NUMBERING: z.enum(['after-payment', 'job']).default('after-payment'),
  // TALLY_*_LEDGER, TALLY_COMPANY (the accountant's pack's Tally files); TURNOVER_WARNING_RUPEES (Today).
  ...tallyEnvironmentFields,
  ...turnoverEnvironmentFields,
  /**
   * Names the shared rate-limit counters (`rateLimits/{scope}.{limiter}:…`): deployments that share
   * one database (or test apps sharing one emulator) count apart under different scopes.
   */
  RATE_LIMIT_SCOPE: z
    .string()
    .trim()
    .regex(/^[\w-]{1,40}$/, 'must be 1-40 letters, digits, _ or -')
    .default('api'),
  /**
   * Express 'trust proxy': a hop count ('1'), 'true'/'false', or addresses/subnets. Parsed here
   * because Express reads the string '1' as an IP address, which trusts nothing.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value): boolean | number | string | undefined => {
      if (value === undefined || value.trim() === '') return undefined;
      const trimmed = value.trim();
      if (/^\d+$/.test(trimmed)) return Number(trimmed);
      if (trimmed === 'true') return true;
      if (trimmed === 'false') return false;
      return trimmed;
    }),
});

/** A mail address with an optional display name ('Name <a@b.in>'). */
export interface MailAddress {
  address: string;
  name?: string | null;
}

/** The seller as printed on every document, and how its prices carry GST. */
export interface DocumentSettings {
  seller: { name: string; address: string; state: string; stateCode: string; gstin: string | null };
  tax: TaxSettings;
  /** SAC per catalogue category id (and 'invoice'); `sacDefault` for the rest. */
  sacCodes: Record<string, string>;
  sacDefault: string;
  prefixes: { invoice: string; creditNote: string; proforma: string; quote: string };
  /** Digits of a SAC in GSTR-1's Table 12, by the previous year's turnover (GST_TURNOVER_ABOVE_5_CRORE). */
  hsnDigits: HsnDigits;
  /** Number a document right after the payment that wrote it commits (DOCUMENT_NUMBERING=after-payment). */
  numberAfterPayment: boolean;
  /**
   * A micro or small enterprise seller (SELLER_UDYAM): its Udyam number, RBI's bank rate for
   * section 16 interest, and the default term of a proforma (PROFORMA_DUE_DAYS, at most 45); null otherwise.
   */
  msme: { udyam: string; bankRatePercent: number; defaultTermDays: number } | null;
}

export type Config = z.infer<typeof schema> & {
  siteOrigins: string[];
  /** Signs pay links (PAY_LINK_SECRET, or the emulators' public default). */
  payLinkSecret: string;
  /** Signs unsubscribe links (UNSUBSCRIBE_SECRET, or a key derived from the pay-link secret). */
  unsubscribeSecret: string;
  razorpayEnabled: boolean;
  mailFrom: MailAddress;
  /** Base URL of the site, for links in mails. */
  siteUrl: string;
  documents: DocumentSettings;
  /** The ledgers of the accountant's pack's Tally files (TALLY_*). */
  tally: TallySettings;
  /** When renewal invoices go out and unpaid renewals lapse (RENEWAL_NOTICE_DAYS, RENEWAL_GRACE_DAYS). */
  renewals: RenewalSettings;
  /** Support mail: inbound webhook credentials (null = no webhook), reply-address domain and signing key. */
  support: { inbound: { user: string; password: string } | null; replyDomain: string; replySecret: string };
  /** Worth knowing but not fatal; logged once the logger exists (see createLogger). */
  warnings: string[];
};

/** 'Name <a@b.in>' or 'a@b.in' -> { name, address }; null if it is neither. */
export function parseMailbox(value: string): MailAddress | null {
  const match = /^\s*(?:"?([^"<>\r\n]*?)"?\s*)?<([^<>\s]+)>\s*$/.exec(value) ?? /^\s*()([^<>\s]+)\s*$/.exec(value);
  if (!match || !z.email().safeParse(match[2]).success) return null;
  return { name: match[1]?.trim() || null, address: match[2]! };
}

/** Parses the environment once; names every bad key. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(namedIssueMessage).join('; ');
    throw new Error(`Invalid server configuration: ${problems}`);
  }
  const config = parsed.data;
  const hasKeyId = Boolean(config.RAZORPAY_KEY_ID);
  const hasSecret = Boolean(config.RAZORPAY_KEY_SECRET);
  const warnings: string[] = [];
  if (hasKeyId !== hasSecret) {
    throw new Error('Invalid server configuration: set both RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET, or neither.');
  }
  if (
    !config.FIREBASE_PROJECT_ID.startsWith('demo-') &&
    !env.GOOGLE_APPLICATION_CREDENTIALS &&
    !env.FIRESTORE_EMULATOR_HOST
  ) {
    // Firebase Admin can also find credentials on Google Cloud itself; only warn.
    warnings.push(
      'GOOGLE_APPLICATION_CREDENTIALS is not set; Firebase Admin will use the platform default credentials.',
    );
  }
  if (!config.FIREBASE_PROJECT_ID.startsWith('demo-') && config.APP_CHECK !== 'enforce') {
    warnings.push(
      `APP_CHECK=${config.APP_CHECK} on a real project: requests without a valid App Check token are ${config.APP_CHECK === 'off' ? 'not even checked' : 'only logged'}. Set APP_CHECK=enforce once the site sends tokens.`,
    );
  }
  const mailFrom = parseMailbox(config.MAIL_FROM);
  if (!mailFrom) {
    throw new Error(
      `Invalid server configuration: MAIL_FROM must be 'Name <address>' or an address, got '${config.MAIL_FROM}'.`,
    );
  }
  const siteOrigins = config.SITE_ORIGIN.split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  const result: Config = {
    ...config,
    payLinkSecret: config.PAY_LINK_SECRET ?? DEMO_PAY_LINK_SECRET,
    unsubscribeSecret:
      config.UNSUBSCRIBE_SECRET ??
      createHmac('sha256', config.PAY_LINK_SECRET ?? DEMO_PAY_LINK_SECRET)
        .update('unsubscribe-links')
        .digest('hex'),
    siteOrigins,
    razorpayEnabled: hasKeyId && hasSecret,
    mailFrom,
    siteUrl: (config.PUBLIC_SITE_URL ?? siteOrigins[0] ?? 'http://localhost:5173').replace(/\/+$/, ''),
    documents: documentSettings(config),
    tally: tallySettings(config),
    renewals: { noticeDays: config.RENEWAL_NOTICE_DAYS, graceDays: config.RENEWAL_GRACE_DAYS },
    support: supportSettings(config, mailFrom),
    warnings,
  };
  if (
    config.RENEWAL_NOTICE_DAYS !== RENEWAL_DEFAULTS.noticeDays ||
    config.RENEWAL_GRACE_DAYS !== RENEWAL_DEFAULTS.graceDays
  ) {
    warnings.push(
      `RENEWAL_NOTICE_DAYS/RENEWAL_GRACE_DAYS (${config.RENEWAL_NOTICE_DAYS}/${config.RENEWAL_GRACE_DAYS}) differ from the ${RENEWAL_DEFAULTS.noticeDays}/${RENEWAL_DEFAULTS.graceDays} days the Terms and the Refund and Cancellation policies state: change RENEWAL_DEFAULTS in src/domain/renewals.ts with them.`,
    );
  }
  // The Terms state the sign-off period (the same check `npm run preflight` prints).
  const signOff = projectSignOffCheck(env);
  if (signOff.status !== 'pass') warnings.push(`${signOff.message} ${signOff.fix ?? ''}`.trim());
  // The go-live checks `npm run preflight` prints: on a real project, one that would lose money or
  // data (sandbox payments, live keys without a webhook secret, App Check off, missing or short
  // secrets, an invalid GSTIN) stops the API here rather than at a customer's payment.
  const problems = moneyLosingProblems({ ...env, FIREBASE_PROJECT_ID: config.FIREBASE_PROJECT_ID });
  if (problems.length > 0) {
    throw configError(
      `${problems.map((problem) => `${problem.message} ${problem.fix}`).join(' ')} (npm run preflight lists every check.)`,
    );
  }
  return result;
}

/**
 * The sandbox gateway accepts fake payments, so without Razorpay keys it only runs on a demo-
 * project (the emulators) unless ALLOW_SANDBOX_PAYMENTS=true, and never on a real project with the
 * public default SANDBOX_SECRET (anyone could sign a "payment" with it).
 */
export function assertSandboxAllowed(
  config: Pick<Config, 'razorpayEnabled' | 'FIREBASE_PROJECT_ID' | 'ALLOW_SANDBOX_PAYMENTS' | 'SANDBOX_SECRET'>,
): void {
  if (config.razorpayEnabled || config.FIREBASE_PROJECT_ID.startsWith('demo-')) return;
  if (!config.ALLOW_SANDBOX_PAYMENTS) {
    throw new Error(
      `Invalid server configuration: no Razorpay keys are set, so payments would use the sandbox gateway (fake payments) on the real Firebase project '${config.FIREBASE_PROJECT_ID}'. Set RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET, or ALLOW_SANDBOX_PAYMENTS=true for a test deployment.`,
    );
  }
  if (config.SANDBOX_SECRET === DEFAULT_SANDBOX_SECRET) {
    throw new Error(
      'Invalid server configuration: the sandbox gateway on a real Firebase project needs a private SANDBOX_SECRET, not the default one.',
    );
  }
}

function configError(message: string): Error {
  return new Error(`Invalid server configuration: ${message}`);
}

/** The seller and tax settings, checked against each other (a GSTIN starts with its state code). */
function documentSettings(config: z.infer<typeof schema>): DocumentSettings {
  const canonicalState = canonicalStateName(config.SELLER_STATE);
  const stateCode = config.SELLER_STATE_CODE || (canonicalState ? GST_STATE_CODES[canonicalState]! : '');
  if (!stateCode) {
    throw configError(
      `SELLER_STATE '${config.SELLER_STATE}' is not an Indian state or union territory; set SELLER_STATE_CODE.`,
    );
  }
  const codeName = stateNameOfCode(stateCode);
  if (!codeName || codeName === FOREIGN_COUNTRY.state) {
    throw configError(`SELLER_STATE_CODE ${stateCode} is not a GST state code.`);
  }
  const state = canonicalState ?? codeName;
  if (canonicalState && GST_STATE_CODES[canonicalState] !== stateCode) {
    throw configError(
      `SELLER_STATE_CODE ${stateCode} is not the code of ${canonicalState} (${GST_STATE_CODES[canonicalState]}).`,
    );
  }
  let gstin: string;
  try {
    gstin = sellerGstinOf(config.SELLER_GSTIN);
  } catch (error) {
    throw configError((error as Error).message);
  }
  if (gstin) {
    if (gstin.slice(0, 2) !== stateCode) {
      throw configError(
        `SELLER_GSTIN ${gstin} is registered in state ${gstin.slice(0, 2)}, not in SELLER_STATE (${stateCode}).`,
      );
    }
  }
  const prefixes = [config.DOCUMENT_PREFIX, config.CREDIT_NOTE_PREFIX, config.PROFORMA_PREFIX, config.QUOTE_PREFIX];
  if (new Set(prefixes.map((prefix) => prefix.toUpperCase())).size !== prefixes.length) {
    throw configError(
      'DOCUMENT_PREFIX, CREDIT_NOTE_PREFIX, PROFORMA_PREFIX and QUOTE_PREFIX must differ (their numbers would collide).',
    );
  }
  const sacCodes: Record<string, string> = {};
  for (const entry of config.SAC_CODES.split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const match = /^([a-z0-9_-]+)\s*=\s*(99\d{4})$/i.exec(entry);
    if (!match) throw configError(`SAC_CODES entry '${entry}' is not category=SAC (e.g. website=998314).`);
    sacCodes[match[1]!] = match[2]!;
  }
  return {
    seller: { name: config.SELLER_NAME, address: config.SELLER_ADDRESS, state, stateCode, gstin: gstin || null },
    tax: taxSettingsOf(config),
    sacCodes,
    sacDefault: config.SAC_DEFAULT,
    prefixes: {
      invoice: config.DOCUMENT_PREFIX,
      creditNote: config.CREDIT_NOTE_PREFIX,
      proforma: config.PROFORMA_PREFIX,
      quote: config.QUOTE_PREFIX,
    },
    numberAfterPayment: config.DOCUMENT_NUMBERING === 'after-payment',
    hsnDigits: config.GST_TURNOVER_ABOVE_5_CRORE ? 6 : 4,
    msme: msmeSettings(config),
  };
}

/** An MSE seller's settings; its default term must be one the MSMED Act allows (at most 45 days). */
function msmeSettings(config: z.infer<typeof schema>): DocumentSettings['msme'] {
  if (!config.SELLER_UDYAM) return null;
  if (config.PROFORMA_DUE_DAYS > MSME_MAX_TERM_DAYS) {
    throw configError(
      `PROFORMA_DUE_DAYS ${config.PROFORMA_DUE_DAYS} is more than the ${MSME_MAX_TERM_DAYS} days section 15 of the MSMED Act allows a buyer of a micro or small enterprise (SELLER_UDYAM is set).`,
    );
  }
  bankRateBasisPoints(config.MSME_BANK_RATE_PERCENT);
  return {
    udyam: config.SELLER_UDYAM,
    bankRatePercent: config.MSME_BANK_RATE_PERCENT,
    defaultTermDays: config.PROFORMA_DUE_DAYS,
  };
}

function tallySettings(config: z.infer<typeof schema>): TallySettings {
  try {
    return tallySettingsOf(config);
  } catch (error) {
    throw configError((error as Error).message);
  }
}

function supportSettings(config: z.infer<typeof schema>, mailFrom: MailAddress): Config['support'] {
  const isDemo = config.FIREBASE_PROJECT_ID.startsWith('demo-');
  const user = config.POSTMARK_INBOUND_USER ?? (isDemo ? DEMO_INBOUND_USER : undefined);
  const password = config.POSTMARK_INBOUND_PASSWORD ?? (isDemo ? DEMO_INBOUND_PASSWORD : undefined);
  return {
    inbound: user && password ? { user, password } : null,
    replyDomain: config.SUPPORT_REPLY_DOMAIN || mailFrom.address.split('@')[1] || 'localhost',
    // Derived like the unsubscribe key: one secret to keep, a different key per purpose.
    replySecret: createHmac('sha256', config.PAY_LINK_SECRET ?? DEMO_PAY_LINK_SECRET)
      .update('support-reply-addresses')
      .digest('hex'),
  };
}
