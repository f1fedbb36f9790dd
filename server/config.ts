import { z } from 'zod';

const schema = z.object({
  API_PORT: z.coerce.number().int().min(1).max(65535).default(3001),
  /** Comma-separated origins allowed by CORS (the site). */
  SITE_ORIGIN: z.string().default('http://localhost:5173,http://127.0.0.1:5173'),
  FIREBASE_PROJECT_ID: z.string().min(1).default('demo-site'),
  RAZORPAY_KEY_ID: z.string().optional(),
  RAZORPAY_KEY_SECRET: z.string().optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().optional(),
  /** Signs sandbox payments and webhooks; only used when no Razorpay keys are set. */
  SANDBOX_SECRET: z.string().min(8).default('local-sandbox-secret'),
  CSC_API_KEY: z.string().optional(),
  /** The CountryStateCity service, proxied when CSC_API_KEY is set (tests point it at a local fake). */
  CSC_API_BASE_URL: z.string().url().default('https://api.countrystatecity.in/v1'),
  COMPANY_NAME: z.string().optional(),
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

export type Config = z.infer<typeof schema> & { siteOrigins: string[]; razorpayEnabled: boolean };

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
  if (!config.FIREBASE_PROJECT_ID.startsWith('demo-') && (!env.GOOGLE_APPLICATION_CREDENTIALS && !env.FIRESTORE_EMULATOR_HOST)) {
    // Firebase Admin can also find credentials on Google Cloud itself; only warn.
    console.warn('GOOGLE_APPLICATION_CREDENTIALS is not set; Firebase Admin will use the platform default credentials.');
  }
  return {
    ...config,
    siteOrigins: config.SITE_ORIGIN.split(',').map((origin) => origin.trim()).filter(Boolean),
    razorpayEnabled: hasKeyId && hasSecret,
  };
}
