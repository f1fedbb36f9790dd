import { DEFAULT_HOLIDAYS, holidayListWarning } from '../src/domain/business-hours';
import { canonicalStateName, GST_STATE_CODES, SAMPLE_SELLER_GSTIN } from '../src/domain/gst';
import { MSME_MAX_TERM_DAYS, normaliseUdyam, udyamProblem } from '../src/domain/msme';
import { DEFAULT_SIGNOFF_DAYS } from '../src/domain/project-terms';
import { sellerGstinOf } from '../src/domain/tax-settings';

/**
 * The checks a production configuration must pass, as one list: `npm run preflight` prints every
 * one, and the API refuses to start on a real project when one that `losesMoney` fails (see
 * loadConfig). Pure: they read the variables as strings, so a wrong value is reported here rather
 * than thrown by the schema.
 */

/** Public (it is in .env.example): fine for the emulators, never for a real project. */
export const DEFAULT_SANDBOX_SECRET = 'local-sandbox-secret';
/** Public too: pay links on the emulators only. */
export const DEMO_PAY_LINK_SECRET = 'local-pay-link-secret-for-the-emulators-only';
/** Public: signs local App Check tokens, which only a demo project's API mints or accepts. */
export const DEMO_APP_CHECK_SECRET = 'local-app-check-secret-for-the-emulators-only';
/** Public: the inbound-mail webhook's Basic credentials on a demo- project (README, scripts/mail-inbound.ts). */
export const DEMO_INBOUND_USER = 'postmark';
export const DEMO_INBOUND_PASSWORD = 'local-inbound-password-for-the-emulators-only';

/**
 * Every value published as a local default (in the code, .env.example or the README): right for the
 * emulators, and on a real project a key anyone holds. One list: `npm run preflight` fails on each,
 * and the API refuses to start on a real project with any (loadConfig, through moneyLosingProblems).
 * A secret variable holding another's public value (JOBS_SECRET set to the local pay-link secret) is
 * refused as well; an unset variable is not (each has its own check, or is unused on a real project).
 */
export const PUBLIC_LOCAL_DEFAULTS: ReadonlyArray<{ name: string; value: string; risk: string; fix: string }> = [
  {
    name: 'PAY_LINK_SECRET',
    value: DEMO_PAY_LINK_SECRET,
    risk: 'anyone could make pay, quote and project links (and the support reply addresses derived from it)',
    fix: 'Set PAY_LINK_SECRET to 32+ random characters (openssl rand -hex 32) in Secret Manager.',
  },
  {
    name: 'SANDBOX_SECRET',
    value: DEFAULT_SANDBOX_SECRET,
    risk: 'anyone could sign a sandbox "payment"',
    fix: 'Remove SANDBOX_SECRET (Razorpay keys need none), or for a test deployment set a private one (openssl rand -hex 32).',
  },
  {
    name: 'APP_CHECK_LOCAL_SECRET',
    value: DEMO_APP_CHECK_SECRET,
    risk: 'anyone could mint local App Check tokens',
    fix: 'Remove APP_CHECK_LOCAL_SECRET: a real project checks App Check tokens with Firebase.',
  },
  {
    name: 'POSTMARK_INBOUND_PASSWORD',
    value: DEMO_INBOUND_PASSWORD,
    risk: 'anyone could post mail into support requests as any customer',
    fix: 'Set POSTMARK_INBOUND_PASSWORD to 20+ random characters (openssl rand -hex 16) and put it in the webhook URL in Postmark.',
  },
  {
    name: 'SELLER_GSTIN',
    value: SAMPLE_SELLER_GSTIN,
    risk: "it is the local demo's sample, no real business's",
    fix: 'Set your own GSTIN, or leave SELLER_GSTIN empty (unregistered: payment receipts without GST).',
  },
];

/** The variables that hold secrets: none may hold any public value of the list above. */
export const SECRET_VARIABLES = [
  'PAY_LINK_SECRET',
  'UNSUBSCRIBE_SECRET',
  'JOBS_SECRET',
  'SANDBOX_SECRET',
  'APP_CHECK_LOCAL_SECRET',
  'POSTMARK_INBOUND_PASSWORD',
  'RAZORPAY_WEBHOOK_SECRET',
  'RAZORPAY_KEY_SECRET',
] as const;
/** Secrets that sign links or guard endpoints: anything shorter can be guessed offline. */
export const MIN_SECRET_LENGTH = 32;
/** Razorpay lets the account owner choose the webhook secret; below this it can be guessed. */
export const MIN_WEBHOOK_SECRET_LENGTH = 16;

export type GoLiveEnv = Record<string, string | undefined>;

export type CheckStatus = 'pass' | 'warn' | 'fail';

export interface CheckResult {
  /** Stable id of the check (tests and the API's refusal name it). */
  id: string;
  status: CheckStatus;
  /** What was found, in a line. */
  message: string;
  /** How to fix it (fail and warn only). */
  fix?: string;
  /** A failure that would lose money or data: the API refuses to start on a real project. */
  losesMoney?: boolean;
}

const value = (env: GoLiveEnv, name: string) => env[name]?.trim() ?? '';
export const isDemoProjectId = (projectId: string) => projectId.startsWith('demo-');
const pass = (id: string, message: string): CheckResult => ({ id, status: 'pass', message });
const warn = (id: string, message: string, fix: string): CheckResult => ({ id, status: 'warn', message, fix });
const fail = (id: string, message: string, fix: string, losesMoney = false): CheckResult => ({
  id,
  status: 'fail',
  message,
  fix,
  ...(losesMoney ? { losesMoney } : {}),
});

function projectCheck(env: GoLiveEnv): CheckResult {
  const project = value(env, 'FIREBASE_PROJECT_ID');
  if (!project || isDemoProjectId(project)) {
    return fail(
      'project',
      `FIREBASE_PROJECT_ID is ${project ? `'${project}', a local emulator project` : 'not set'}.`,
      "Set FIREBASE_PROJECT_ID (and VITE_FIREBASE_PROJECT_ID) to the Firebase project's id; a demo- id only ever uses the emulators.",
    );
  }
  return pass('project', `FIREBASE_PROJECT_ID is the real project '${project}'.`);
}

function siteProjectCheck(env: GoLiveEnv): CheckResult {
  const project = value(env, 'FIREBASE_PROJECT_ID');
  const site = value(env, 'VITE_FIREBASE_PROJECT_ID');
  const missing = ['VITE_FIREBASE_API_KEY', 'VITE_FIREBASE_AUTH_DOMAIN', 'VITE_FIREBASE_APP_ID'].filter(
    (name) => !value(env, name),
  );
  if (site !== project || missing.length > 0) {
    return fail(
      'site-project',
      site !== project
        ? `The site's VITE_FIREBASE_PROJECT_ID ('${site}') is not the API's project ('${project}').`
        : `The site's Firebase config lacks ${missing.join(', ')}.`,
      "Copy the web app's config from Firebase console > Project settings > Your apps into the VITE_FIREBASE_* variables.",
    );
  }
  return pass('site-project', `The site and the API use the same Firebase project.`);
}

function razorpayKeyCheck(env: GoLiveEnv): CheckResult {
  const keyId = value(env, 'RAZORPAY_KEY_ID');
  const sandboxAllowed = value(env, 'ALLOW_SANDBOX_PAYMENTS') === 'true';
  if (!keyId) {
    return fail(
      'razorpay-key',
      'RAZORPAY_KEY_ID is not set: payments would use the sandbox gateway (fake payments).',
      'Set RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET from Razorpay Dashboard > Account & Settings > API Keys (live mode), or ALLOW_SANDBOX_PAYMENTS=true for a test deployment.',
      !sandboxAllowed,
    );
  }
  if (/^rzp_live_\w+$/.test(keyId)) return pass('razorpay-key', 'RAZORPAY_KEY_ID is a live key.');
  if (/^rzp_test_\w+$/.test(keyId)) {
    return warn(
      'razorpay-key',
      'RAZORPAY_KEY_ID is a test-mode key: customers cannot pay real money.',
      'Use the live key (rzp_live_…) from Razorpay Dashboard (live mode) > API Keys before going live.',
    );
  }
  return fail(
    'razorpay-key',
    `RAZORPAY_KEY_ID '${keyId.slice(0, 9)}…' is not a Razorpay key id (rzp_live_… or rzp_test_…).`,
    'Copy the Key Id from Razorpay Dashboard > Account & Settings > API Keys.',
  );
}

function razorpaySecretCheck(env: GoLiveEnv): CheckResult | null {
  const keyId = value(env, 'RAZORPAY_KEY_ID');
  const secret = value(env, 'RAZORPAY_KEY_SECRET');
  if (keyId && !secret) {
    return fail(
      'razorpay-secret',
      'RAZORPAY_KEY_SECRET is not set (the API would refuse to start).',
      'Set RAZORPAY_KEY_SECRET to the Key Secret shown once when the API key was generated (regenerate it if lost).',
    );
  }
  if (!keyId && secret) {
    return fail('razorpay-secret', 'RAZORPAY_KEY_SECRET is set without RAZORPAY_KEY_ID.', 'Set both, or neither.');
  }
  // Neither set: the key check above already says so.
  if (!secret) return null;
  return pass('razorpay-secret', 'RAZORPAY_KEY_SECRET is set.');
}

function webhookSecretCheck(env: GoLiveEnv): CheckResult {
  const secret = value(env, 'RAZORPAY_WEBHOOK_SECRET');
  const live = value(env, 'RAZORPAY_KEY_ID').startsWith('rzp_live_');
  const fix =
    'In Razorpay Dashboard > Webhooks add https://<site>/api/payments/webhook (payment.captured, order.paid, payment.failed) with a random secret of 16+ characters (openssl rand -hex 16), and set it as RAZORPAY_WEBHOOK_SECRET.';
  if (!secret) {
    return fail(
      'webhook-secret',
      'RAZORPAY_WEBHOOK_SECRET is not set: a payment whose customer closes the tab is only found by reconciliation, and webhooks are refused.',
      fix,
      live,
    );
  }
  if (secret.length < MIN_WEBHOOK_SECRET_LENGTH) {
    return fail(
      'webhook-secret',
      `RAZORPAY_WEBHOOK_SECRET is ${secret.length} characters: a short secret lets anyone forge a "payment captured".`,
      fix,
      live,
    );
  }
  return pass('webhook-secret', 'RAZORPAY_WEBHOOK_SECRET is set.');
}

function sandboxCheck(env: GoLiveEnv): CheckResult {
  if (value(env, 'ALLOW_SANDBOX_PAYMENTS') !== 'true') return pass('sandbox', 'Sandbox payments are off.');
  if (value(env, 'RAZORPAY_KEY_ID')) {
    return warn(
      'sandbox',
      'ALLOW_SANDBOX_PAYMENTS=true is ignored while Razorpay keys are set.',
      'Remove ALLOW_SANDBOX_PAYMENTS.',
    );
  }
  const secret = value(env, 'SANDBOX_SECRET') || DEFAULT_SANDBOX_SECRET;
  if (secret === DEFAULT_SANDBOX_SECRET) {
    return fail(
      'sandbox',
      'ALLOW_SANDBOX_PAYMENTS=true with the public default SANDBOX_SECRET: anyone could sign a "payment"; the sandbox gateway on a real Firebase project needs a private SANDBOX_SECRET.',
      'Set Razorpay keys and remove ALLOW_SANDBOX_PAYMENTS; for a test deployment set a private SANDBOX_SECRET (openssl rand -hex 32).',
      true,
    );
  }
  return fail(
    'sandbox',
    'ALLOW_SANDBOX_PAYMENTS=true: the checkout takes fake payments (fine for a staging site only).',
    'Set Razorpay keys and remove ALLOW_SANDBOX_PAYMENTS before going live.',
  );
}

function appCheckCheck(env: GoLiveEnv): CheckResult {
  const mode = value(env, 'APP_CHECK') || 'enforce';
  if (mode === 'enforce') return pass('app-check', 'APP_CHECK=enforce.');
  return fail(
    'app-check',
    `APP_CHECK=${mode}: requests without a valid App Check token are ${mode === 'off' ? 'not even checked (App Check off)' : 'only logged'}; scripts can post enquiries and orders at will.`,
    'Set APP_CHECK=enforce (README "App Check": watch with monitor first, then enforce).',
    mode === 'off',
  );
}

function recaptchaCheck(env: GoLiveEnv): CheckResult {
  if (value(env, 'VITE_RECAPTCHA_ENTERPRISE_SITE_KEY')) {
    return pass('recaptcha', 'VITE_RECAPTCHA_ENTERPRISE_SITE_KEY is set.');
  }
  return fail(
    'recaptcha',
    'VITE_RECAPTCHA_ENTERPRISE_SITE_KEY is not set: the site sends no App Check token and an enforcing API refuses it.',
    'Create a reCAPTCHA Enterprise key (Google Cloud console > Security > reCAPTCHA), register it for the web app in Firebase console > App Check, and set it before `npm run build`.',
  );
}

function smtpCheck(env: GoLiveEnv): CheckResult {
  const url = value(env, 'SMTP_URL');
  const fix =
    "Set SMTP_URL to the mail provider's server, e.g. smtps://USER:PASSWORD@smtp.example.com:465 (user and password URL-encoded).";
  if (!url) return fail('smtp', 'SMTP_URL is not set: mails (receipts, invoices) would only be logged.', fix);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return fail('smtp', 'SMTP_URL is not a URL.', fix);
  }
  if (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:') {
    return fail('smtp', `SMTP_URL is a ${parsed.protocol} URL, not smtp:// or smtps://.`, fix);
  }
  if (['localhost', '127.0.0.1', '[::1]'].includes(parsed.hostname)) {
    return fail('smtp', `SMTP_URL points at this machine (${parsed.host}), the local mail catcher.`, fix);
  }
  return pass('smtp', `SMTP_URL is ${parsed.protocol}//${parsed.host}.`);
}

function mailFromCheck(env: GoLiveEnv): CheckResult {
  const from = value(env, 'MAIL_FROM');
  if (!from)
    return warn(
      'mail-from',
      'MAIL_FROM is not set: mails go out as the company address.',
      'Set MAIL_FROM to "Name <address>" the SMTP account may send as.',
    );
  if (!/^(?:[^<>]*<[^<>\s@]+@[^<>\s@]+\.[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+\.[^<>\s@]+)$/.test(from)) {
    return fail(
      'mail-from',
      `MAIL_FROM '${from}' is not 'Name <address>' or an address.`,
      'Set MAIL_FROM to "Name <address>".',
    );
  }
  return pass('mail-from', `MAIL_FROM is ${from}.`);
}

function gstinCheck(env: GoLiveEnv): CheckResult {
  const raw = value(env, 'SELLER_GSTIN');
  if (!raw) {
    return warn(
      'gstin',
      'SELLER_GSTIN is not set: every payment gets a Payment Receipt without GST.',
      'If the company is registered for GST, set SELLER_GSTIN (15 characters) so payments get Tax Invoices.',
    );
  }
  const fix = 'Copy SELLER_GSTIN from the GST registration certificate, and SELLER_STATE to its state.';
  let gstin: string;
  try {
    gstin = sellerGstinOf(raw);
  } catch (error) {
    // An invalid GSTIN on every tax invoice is a compliance problem with every customer's input credit.
    return fail('gstin', `${(error as Error).message} (got '${raw}').`, fix, true);
  }
  const state = canonicalStateName(value(env, 'SELLER_STATE') || 'Karnataka');
  const stateCode = value(env, 'SELLER_STATE_CODE') || (state ? GST_STATE_CODES[state] : undefined);
  if (stateCode && gstin.slice(0, 2) !== stateCode) {
    return fail(
      'gstin',
      `SELLER_GSTIN ${gstin} is registered in state ${gstin.slice(0, 2)}, not in SELLER_STATE (${stateCode}).`,
      fix,
      true,
    );
  }
  return pass('gstin', `SELLER_GSTIN ${gstin} is valid (format, check digit, state ${gstin.slice(0, 2)}).`);
}

/**
 * SELLER_UDYAM (a micro or small enterprise's Udyam registration): its format, the default term
 * it allows (PROFORMA_DUE_DAYS at most 45) and whether RBI's bank rate was set for section 16
 * interest. Unset: nothing MSME is printed, which is right for a seller that is not one.
 */
export function udyamCheck(env: GoLiveEnv): CheckResult | CheckResult[] {
  const raw = value(env, 'SELLER_UDYAM');
  if (!raw) {
    return pass(
      'udyam',
      'SELLER_UDYAM is not set: documents print no MSMED Act terms (set it if the Udyam certificate says micro or small).',
    );
  }
  const udyam = normaliseUdyam(raw);
  if (udyamProblem(udyam)) {
    return fail(
      'udyam',
      `SELLER_UDYAM '${raw}' is not a Udyam registration number (UDYAM-XX-00-0000000).`,
      'Copy the number from the Udyam Registration Certificate, e.g. UDYAM-KR-03-0012345, or leave SELLER_UDYAM empty.',
    );
  }
  const days = Number(value(env, 'PROFORMA_DUE_DAYS') || 15);
  const results: CheckResult[] = [];
  results.push(
    days > MSME_MAX_TERM_DAYS
      ? fail(
          'udyam',
          `PROFORMA_DUE_DAYS=${days} is more than the ${MSME_MAX_TERM_DAYS} days section 15 of the MSMED Act allows a micro or small enterprise's buyer.`,
          `Set PROFORMA_DUE_DAYS to ${MSME_MAX_TERM_DAYS} or less.`,
        )
      : pass('udyam', `SELLER_UDYAM ${udyam} is a Udyam number; proformas are due in ${days} days (at most 45).`),
  );
  if (!value(env, 'MSME_BANK_RATE_PERCENT')) {
    results.push(
      warn(
        'msme-bank-rate',
        "MSME_BANK_RATE_PERCENT is not set: statements work out section 16 interest at the default 5.50%, RBI's Bank Rate since 5 Dec 2025.",
        "Set MSME_BANK_RATE_PERCENT to RBI's current Bank Rate (rbi.org.in, 'Current Rates'), and change it when RBI does.",
      ),
    );
  }
  return results;
}

function publicUrlCheck(env: GoLiveEnv): CheckResult {
  const url = value(env, 'PUBLIC_SITE_URL');
  const fix = "Set PUBLIC_SITE_URL to the site's public https origin, e.g. https://www.nimbusbespoke.in.";
  if (!url)
    return fail('public-url', 'PUBLIC_SITE_URL is not set: links in mails and canonical URLs would be wrong.', fix);
  if (!/^https:\/\/[^/\s]+\/?$/.test(url))
    return fail('public-url', `PUBLIC_SITE_URL '${url}' is not an https origin.`, fix);
  return pass('public-url', `PUBLIC_SITE_URL is ${url}.`);
}

function siteOriginCheck(env: GoLiveEnv): CheckResult {
  const origins = value(env, 'SITE_ORIGIN')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  const bad = origins.filter((origin) => !/^https:\/\/[^/\s]+$/.test(origin));
  if (origins.length === 0 || bad.length > 0) {
    return fail(
      'site-origin',
      origins.length === 0
        ? 'SITE_ORIGIN is not set (CORS allows only localhost).'
        : `SITE_ORIGIN has ${bad.join(', ')}, not an https origin.`,
      "Set SITE_ORIGIN to the site's https origins, comma-separated.",
    );
  }
  return pass('site-origin', `SITE_ORIGIN is ${origins.join(', ')}.`);
}

/** A secret that must be set (or may be unset), long enough and not the public default. */
function secretCheck(
  id: string,
  name: string,
  purpose: string,
  options: { required: boolean; whenUnset?: string; unsetMeans?: string },
): (env: GoLiveEnv) => CheckResult {
  return (env) => {
    const secret = value(env, name);
    const fix = `Set ${name} to ${MIN_SECRET_LENGTH}+ random characters (openssl rand -hex 32) in Secret Manager.`;
    if (!secret) {
      if (options.required)
        return fail(id, `${name} (${MIN_SECRET_LENGTH}+ characters) is not set: it ${purpose}.`, fix, true);
      return options.whenUnset
        ? warn(id, `${name} is not set: ${options.whenUnset}`, fix)
        : pass(id, `${name} is not set: ${options.unsetMeans ?? 'optional'}.`);
    }
    if (secret.length < MIN_SECRET_LENGTH) {
      return fail(
        id,
        `${name} is ${secret.length} characters; it ${purpose} and must be at least ${MIN_SECRET_LENGTH}.`,
        fix,
        true,
      );
    }
    return pass(id, `${name} is set (${secret.length} characters).`);
  };
}

const isSecretVariable = (name: string) => (SECRET_VARIABLES as readonly string[]).includes(name);
// Case aside: a GSTIN is read in capitals, and a secret that differs only in case is no secret.
const publicValue = (set: string, value: string) => set !== '' && set.toUpperCase() === value.toUpperCase();

/**
 * One ✗ per variable that holds a public local default (PUBLIC_LOCAL_DEFAULTS), or a secret
 * variable that holds any of the public secrets; each would lose money or data on a real project.
 */
export function publicDefaultsCheck(env: GoLiveEnv): CheckResult[] {
  const found: CheckResult[] = [];
  // A setting whose public value is no secret (the sample GSTIN).
  for (const entry of PUBLIC_LOCAL_DEFAULTS.filter((candidate) => !isSecretVariable(candidate.name))) {
    if (!publicValue(value(env, entry.name), entry.value)) continue;
    found.push(
      fail('public-default', `${entry.name} ${entry.value} is a public local default: ${entry.risk}.`, entry.fix, true),
    );
  }
  // A secret that holds a public secret: its own local default, or another's.
  const publicSecrets = PUBLIC_LOCAL_DEFAULTS.filter((candidate) => isSecretVariable(candidate.name));
  for (const name of SECRET_VARIABLES) {
    const set = value(env, name);
    const source = set ? publicSecrets.find((entry) => publicValue(set, entry.value)) : undefined;
    if (!source) continue;
    found.push(
      source.name === name
        ? fail('public-default', `${name} is the public local default: ${source.risk}.`, source.fix, true)
        : fail(
            'public-default',
            `${name} is ${source.name}'s public local default, which anyone can read in the code.`,
            `Set ${name} to its own ${MIN_SECRET_LENGTH}+ random characters (openssl rand -hex 32) in Secret Manager.`,
            true,
          ),
    );
  }
  return found.length > 0
    ? found
    : [pass('public-default', "No variable holds a public local default (the emulators' secrets, the sample GSTIN).")];
}

function trustProxyCheck(env: GoLiveEnv): CheckResult {
  const setting = value(env, 'TRUST_PROXY');
  if (setting && setting !== 'false' && setting !== '0') return pass('trust-proxy', `TRUST_PROXY=${setting}.`);
  return fail(
    'trust-proxy',
    "TRUST_PROXY is not set: behind Firebase Hosting every visitor has the proxy's address, so they all share one rate limit.",
    'Set TRUST_PROXY=2 behind Firebase Hosting + Cloud Run (deploy/cloud-run.yaml does).',
  );
}

/**
 * PROJECT_SIGNOFF_DAYS against the Terms (src/domain/project-terms.ts): a milestone nobody signs off
 * or asks changes for within that many business days is deemed accepted and its proforma issued, so a
 * period that differs from the one the Terms state bills customers on terms they did not agree to.
 * A warning (the API starts, and says so at start-up: loadConfig); the schema refuses a bad number.
 */
export function projectSignOffCheck(env: GoLiveEnv): CheckResult {
  const setting = value(env, 'PROJECT_SIGNOFF_DAYS');
  const days = setting === '' ? DEFAULT_SIGNOFF_DAYS : Number(setting);
  if (days === DEFAULT_SIGNOFF_DAYS) {
    return pass(
      'project-signoff-days',
      `Project milestones are deemed accepted after ${days} business days, as the Terms state.`,
    );
  }
  return warn(
    'project-signoff-days',
    `PROJECT_SIGNOFF_DAYS=${setting} differs from the ${DEFAULT_SIGNOFF_DAYS} business days the Terms state for deemed acceptance of a project milestone${days === 0 ? ' (0: every milestone waiting for sign-off is deemed accepted, and invoiced, at the next pass of the projects job)' : ''}.`,
    `Unset PROJECT_SIGNOFF_DAYS, or change DEFAULT_SIGNOFF_DAYS in src/domain/project-terms.ts (the Terms print it) with it.`,
  );
}

/**
 * The inbound-mail webhook takes Basic credentials, user and password: with only one of them set
 * it is silently off (404), and customers' mails to support are never received. Neither set: off
 * on purpose.
 */
function inboundMailCheck(env: GoLiveEnv): CheckResult {
  const user = value(env, 'POSTMARK_INBOUND_USER');
  const password = value(env, 'POSTMARK_INBOUND_PASSWORD');
  if (!user && !password) {
    return pass('inbound-mail', 'The inbound-mail webhook is off (POSTMARK_INBOUND_USER and _PASSWORD unset).');
  }
  if (!user || !password) {
    const [set, unset] = user
      ? ['POSTMARK_INBOUND_USER', 'POSTMARK_INBOUND_PASSWORD']
      : ['POSTMARK_INBOUND_PASSWORD', 'POSTMARK_INBOUND_USER'];
    return fail(
      'inbound-mail',
      `${set} is set without ${unset}: the inbound-mail webhook would be off, and mail to support never received.`,
      `Set both (the user and password in the webhook URL in Postmark), or neither to turn inbound mail off.`,
      true,
    );
  }
  return pass('inbound-mail', 'The inbound-mail webhook has its user and password.');
}

/**
 * The built-in holiday list (src/domain/business-hours.ts) a deploy ships: a warning from 60 days
 * before its last year ends. The company's own list (edited in the console) is checked on the
 * console's Today page, which reads it.
 */
export function holidaysCheck(_env: GoLiveEnv, nowMs: number): CheckResult {
  const warning = holidayListWarning(DEFAULT_HOLIDAYS, nowMs);
  const lastYear = DEFAULT_HOLIDAYS.map((holiday) => holiday.date)
    .sort()
    .at(-1)
    ?.slice(0, 4);
  if (!warning) return pass('holidays', `The built-in holiday list runs to the end of ${lastYear}.`);
  return warn(
    'holidays',
    `Built-in holidays: ${warning.message}`,
    `Add the next year's holidays to DEFAULT_HOLIDAYS in src/domain/business-hours.ts (and to the console's Support > Holidays if the company keeps its own list).`,
  );
}

/**
 * Every check, in the order preflight prints them; null: it does not apply to this configuration;
 * a list: one line per problem found. `nowMs`: the clock (the holiday list's check reads it).
 */
export const GO_LIVE_CHECKS: ReadonlyArray<(env: GoLiveEnv, nowMs: number) => CheckResult | CheckResult[] | null> = [
  projectCheck,
  siteProjectCheck,
  razorpayKeyCheck,
  razorpaySecretCheck,
  webhookSecretCheck,
  sandboxCheck,
  appCheckCheck,
  recaptchaCheck,
  smtpCheck,
  mailFromCheck,
  inboundMailCheck,
  gstinCheck,
  udyamCheck,
  publicUrlCheck,
  siteOriginCheck,
  secretCheck('pay-link-secret', 'PAY_LINK_SECRET', 'signs pay links', { required: true }),
  secretCheck('unsubscribe-secret', 'UNSUBSCRIBE_SECRET', 'signs unsubscribe links', {
    required: false,
    unsetMeans: 'derived from PAY_LINK_SECRET',
  }),
  secretCheck('jobs-secret', 'JOBS_SECRET', 'guards POST /api/jobs/:name', {
    required: false,
    whenUnset: 'Cloud Scheduler cannot trigger the jobs (reconciliation then relies on in-process timers).',
  }),
  publicDefaultsCheck,
  trustProxyCheck,
  projectSignOffCheck,
  holidaysCheck,
];

export function goLiveChecks(env: GoLiveEnv, nowMs = Date.now()): CheckResult[] {
  return GO_LIVE_CHECKS.flatMap((check) => check(env, nowMs) ?? []);
}

/**
 * The failures the API refuses to start with on a real (non demo-) project: those that would lose
 * money or data. Empty on a demo- project (the emulators).
 */
export function moneyLosingProblems(env: GoLiveEnv): CheckResult[] {
  const project = value(env, 'FIREBASE_PROJECT_ID') || 'demo-site';
  if (isDemoProjectId(project)) return [];
  return goLiveChecks(env).filter((result) => result.status === 'fail' && result.losesMoney);
}
