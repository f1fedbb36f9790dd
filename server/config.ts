import { z } from 'zod';
import { COMPANY } from '../src/domain/company';
import type { MailAddress } from './mail/outbox';

/** Public (it is in .env.example): fine for the emulators, never for a real project. */
export const DEFAULT_SANDBOX_SECRET = 'local-sandbox-secret';

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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Minutes between reconciliation passes; 0 turns the timer off. */
  RECONCILE_INTERVAL_MINUTES: z.coerce.number().min(0).default(5),
  /** Payment order and verify requests per client IP per minute (the benchmark raises it). */
  PAYMENT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
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

export type Config = z.infer<typeof schema> & {
  siteOrigins: string[];
  razorpayEnabled: boolean;
  mailFrom: MailAddress;
  /** Base URL of the site, for links in mails. */
  siteUrl: string;
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
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid server configuration: ${problems}`);
  }
  const config = parsed.data;
  const hasKeyId = Boolean(config.RAZORPAY_KEY_ID);
  const hasSecret = Boolean(config.RAZORPAY_KEY_SECRET);
  if (hasKeyId !== hasSecret) {
    throw new Error('Invalid server configuration: set both RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET, or neither.');
  }
  if (
    !config.FIREBASE_PROJECT_ID.startsWith('demo-') &&
    !env.GOOGLE_APPLICATION_CREDENTIALS &&
    !env.FIRESTORE_EMULATOR_HOST
  ) {
    // Firebase Admin can also find credentials on Google Cloud itself; only warn.
    console.warn(
      'GOOGLE_APPLICATION_CREDENTIALS is not set; Firebase Admin will use the platform default credentials.',
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
    siteOrigins,
    razorpayEnabled: hasKeyId && hasSecret,
    mailFrom,
    siteUrl: (config.PUBLIC_SITE_URL ?? siteOrigins[0] ?? 'http://localhost:5173').replace(/\/+$/, ''),
  };
  assertSandboxAllowed(result);
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
