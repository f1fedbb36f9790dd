import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import {
  DEFAULT_SANDBOX_SECRET,
  DEMO_APP_CHECK_SECRET,
  DEMO_INBOUND_PASSWORD,
  DEMO_PAY_LINK_SECRET,
  PUBLIC_LOCAL_DEFAULTS,
} from '../../../server/go-live';
import { SAMPLE_SELLER_GSTIN } from '../../../src/domain/gst';
import { preflight } from '../../../scripts/lib/preflight';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const DIR = path.join(ROOT, '.tmp', `preflight-${process.pid}`);
afterAll(() => rmSync(DIR, { recursive: true, force: true }));

/** A correct production configuration (values made up; the GSTIN's check digit is right). */
const PRODUCTION = {
  FIREBASE_PROJECT_ID: 'nimbus-prod',
  VITE_FIREBASE_PROJECT_ID: 'nimbus-prod',
  VITE_FIREBASE_API_KEY: 'AIzaSyExampleExampleExampleExample',
  VITE_FIREBASE_AUTH_DOMAIN: 'nimbus-prod.firebaseapp.com',
  VITE_FIREBASE_APP_ID: '1:123:web:abc',
  VITE_RECAPTCHA_ENTERPRISE_SITE_KEY: '6LcExampleSiteKey',
  SITE_ORIGIN: 'https://www.nimbusbespoke.in,https://nimbus-prod.web.app',
  PUBLIC_SITE_URL: 'https://www.nimbusbespoke.in',
  // Made-up values in each setting's shape (joined, so no scanner mistakes them for real keys).
  RAZORPAY_KEY_ID: ['rzp', 'live', 'EXAMPLEONLY00'].join('_'),
  RAZORPAY_KEY_SECRET: 'live-key-secret-from-the-dashboard',
  RAZORPAY_WEBHOOK_SECRET: 'a-webhook-secret-of-32-characters',
  APP_CHECK: 'enforce',
  SMTP_URL: 'smtps://billing%40nimbusbespoke.in:app-password@smtp.example.com:465',
  MAIL_FROM: 'Nimbus Bespoke Software <billing@nimbusbespoke.in>',
  SELLER_STATE: 'Karnataka',
  SELLER_GSTIN: '29AAACN1234F1ZT',
  PAY_LINK_SECRET: 'example-pay-link-secret-not-a-real-one',
  UNSUBSCRIBE_SECRET: 'example-unsubscribe-secret-not-a-real-one',
  JOBS_SECRET: 'example-jobs-secret-not-a-real-one-at-all',
  TRUST_PROXY: '2',
  GOOGLE_APPLICATION_CREDENTIALS: '/secrets/sa.json',
};

/** A fixed clock: the built-in holiday list (to the end of 2028) is far from running out. */
const NOW = Date.parse('2026-11-28T12:00:00+05:30');

const failures = (env: Record<string, string>) => preflight(env).lines.filter((line) => line.startsWith('✗'));

describe('npm run preflight', () => {
  it('when the production configuration is correct, then every check passes and it exits 0', () => {
    const { lines, exitCode } = preflight(PRODUCTION, NOW);

    expect(lines.filter((line) => /^[✓!✗] /.test(line)).every((line) => line.startsWith('✓'))).toBe(true);
    expect(lines.at(-1)).toMatch(/^All \d+ checks passed\.$/);
    expect(exitCode).toBe(0);
  });

  it('when the seller is a micro or small enterprise (SELLER_UDYAM and the bank rate set), then every check passes; without the bank rate it warns', () => {
    const msme = { ...PRODUCTION, SELLER_UDYAM: 'udyam-kr-03-0012345', MSME_BANK_RATE_PERCENT: '5.5' };
    const { lines, exitCode } = preflight(msme, NOW);
    const { MSME_BANK_RATE_PERCENT: _rate, ...withoutRate } = msme;
    const warned = preflight(withoutRate, NOW);

    expect(lines).toContain(
      '✓ SELLER_UDYAM UDYAM-KR-03-0012345 is a Udyam number; proformas are due in 15 days (at most 45).',
    );
    expect(exitCode).toBe(0);
    expect(warned.exitCode).toBe(0);
    expect(warned.lines.some((line) => /^! MSME_BANK_RATE_PERCENT is not set: .*5\.50%/.test(line))).toBe(true);
  });

  // Each wrong setting: the ✗ line it must produce (and nothing else may fail).
  it.each<[string, Record<string, string | undefined>, RegExp]>([
    [
      'a demo- project id',
      { FIREBASE_PROJECT_ID: 'demo-site', VITE_FIREBASE_PROJECT_ID: 'demo-site' },
      /^✗ FIREBASE_PROJECT_ID is 'demo-site', a local emulator project/,
    ],
    [
      'a site built for another project',
      { VITE_FIREBASE_PROJECT_ID: 'nimbus-staging' },
      /^✗ The site's VITE_FIREBASE_PROJECT_ID \('nimbus-staging'\) is not the API's project/,
    ],
    [
      'no Razorpay keys',
      { RAZORPAY_KEY_ID: '', RAZORPAY_KEY_SECRET: '' },
      /^✗ RAZORPAY_KEY_ID is not set: payments would use the sandbox gateway/,
    ],
    [
      'a Razorpay key id that is not one',
      { RAZORPAY_KEY_ID: 'live_EXAMPLEONLY00' },
      /^✗ RAZORPAY_KEY_ID 'live_EXAM…' is not a Razorpay key id/,
    ],
    ['a key id without its secret', { RAZORPAY_KEY_SECRET: '' }, /^✗ RAZORPAY_KEY_SECRET is not set/],
    ['live keys without a webhook secret', { RAZORPAY_WEBHOOK_SECRET: '' }, /^✗ RAZORPAY_WEBHOOK_SECRET is not set/],
    ['a short webhook secret', { RAZORPAY_WEBHOOK_SECRET: 'abc123' }, /^✗ RAZORPAY_WEBHOOK_SECRET is 6 characters/],
    [
      'sandbox payments on',
      {
        RAZORPAY_KEY_ID: '',
        RAZORPAY_KEY_SECRET: '',
        ALLOW_SANDBOX_PAYMENTS: 'true',
        SANDBOX_SECRET: 'a-private-sandbox-secret',
      },
      /^✗ ALLOW_SANDBOX_PAYMENTS=true: the checkout takes fake payments/,
    ],
    [
      'App Check only monitoring',
      { APP_CHECK: 'monitor' },
      /^✗ APP_CHECK=monitor: requests without a valid App Check token are only logged/,
    ],
    ['App Check off', { APP_CHECK: 'off' }, /^✗ APP_CHECK=off: .*App Check off/],
    [
      'no reCAPTCHA Enterprise site key',
      { VITE_RECAPTCHA_ENTERPRISE_SITE_KEY: '' },
      /^✗ VITE_RECAPTCHA_ENTERPRISE_SITE_KEY is not set/,
    ],
    ['no SMTP server', { SMTP_URL: '' }, /^✗ SMTP_URL is not set: mails .* would only be logged/],
    ['the local mail catcher', { SMTP_URL: 'smtp://127.0.0.1:1025' }, /^✗ SMTP_URL points at this machine/],
    [
      'a sender that is no address',
      { MAIL_FROM: 'Nimbus billing' },
      /^✗ MAIL_FROM 'Nimbus billing' is not 'Name <address>' or an address/,
    ],
    ['a GSTIN with a wrong check digit', { SELLER_GSTIN: '29AAACN1234F1ZA' }, /^✗ SELLER_GSTIN: .*check/i],
    [
      'a GSTIN of another state',
      { SELLER_STATE: 'Maharashtra' },
      /^✗ SELLER_GSTIN 29AAACN1234F1ZT is registered in state 29, not in SELLER_STATE \(27\)/,
    ],
    ['a GSTIN of the wrong format', { SELLER_GSTIN: '29AAACN1234F1' }, /^✗ SELLER_GSTIN: /],
    [
      'a Udyam number of the wrong format',
      { SELLER_UDYAM: 'UDYAM-KR-3-12345', MSME_BANK_RATE_PERCENT: '5.5' },
      /^✗ SELLER_UDYAM 'UDYAM-KR-3-12345' is not a Udyam registration number \(UDYAM-XX-00-0000000\)/,
    ],
    [
      'a Udyam number with a default term beyond 45 days',
      { SELLER_UDYAM: 'UDYAM-KR-03-0012345', MSME_BANK_RATE_PERCENT: '5.5', PROFORMA_DUE_DAYS: '60' },
      /^✗ PROFORMA_DUE_DAYS=60 is more than the 45 days section 15 of the MSMED Act allows/,
    ],
    ['no public URL', { PUBLIC_SITE_URL: '' }, /^✗ PUBLIC_SITE_URL is not set/],
    [
      'a public URL on http',
      { PUBLIC_SITE_URL: 'http://www.nimbusbespoke.in' },
      /^✗ PUBLIC_SITE_URL 'http:\/\/www.nimbusbespoke.in' is not an https origin/,
    ],
    [
      'a localhost CORS origin',
      { SITE_ORIGIN: 'http://localhost:5173' },
      /^✗ SITE_ORIGIN has http:\/\/localhost:5173, not an https origin/,
    ],
    ['no pay-link secret', { PAY_LINK_SECRET: '' }, /^✗ PAY_LINK_SECRET \(32\+ characters\) is not set/],
    ['a short pay-link secret', { PAY_LINK_SECRET: 'too-short-a-secret' }, /^✗ PAY_LINK_SECRET is 18 characters/],
    ['a short unsubscribe secret', { UNSUBSCRIBE_SECRET: 'short' }, /^✗ UNSUBSCRIBE_SECRET is 5 characters/],
    ['a short jobs secret', { JOBS_SECRET: 'short-jobs-secret' }, /^✗ JOBS_SECRET is 17 characters/],
    ['no TRUST_PROXY behind Hosting', { TRUST_PROXY: '' }, /^✗ TRUST_PROXY is not set/],
  ])('when it has %s, then that check fails with its ✗ line and how to fix it, and it exits 1', (_, change, line) => {
    const { lines, exitCode } = preflight({ ...PRODUCTION, ...change } as Record<string, string>);

    const index = lines.findIndex((text) => line.test(text));
    expect(index, lines.join('\n')).toBeGreaterThanOrEqual(0);
    expect(lines[index]).toMatch(/\n {4}fix: \S/);
    expect(exitCode).toBe(1);
    // Only that check (and, for a setting the API refuses, the API's own line) fails.
    const others = failures({ ...PRODUCTION, ...change } as Record<string, string>).filter(
      (text) => !text.startsWith('✗ The API refuses'),
    );
    expect(others).toHaveLength(change.ALLOW_SANDBOX_PAYMENTS ? 2 : 1);
  });

  // Every public local default (PUBLIC_LOCAL_DEFAULTS), and a secret holding another's public value.
  const PUBLIC_DEFAULTS: Array<[string, Record<string, string>, RegExp]> = [
    [
      'the local pay-link secret',
      { PAY_LINK_SECRET: DEMO_PAY_LINK_SECRET },
      /^✗ PAY_LINK_SECRET is the public local default: anyone could make pay, quote and project links/,
    ],
    [
      'the local sandbox secret (with Razorpay keys, where it is unused)',
      { SANDBOX_SECRET: DEFAULT_SANDBOX_SECRET },
      /^✗ SANDBOX_SECRET is the public local default: anyone could sign a sandbox "payment"/,
    ],
    [
      'the local App Check secret',
      { APP_CHECK_LOCAL_SECRET: DEMO_APP_CHECK_SECRET },
      /^✗ APP_CHECK_LOCAL_SECRET is the public local default: anyone could mint local App Check tokens/,
    ],
    [
      'the local inbound-mail password',
      { POSTMARK_INBOUND_USER: 'postmark', POSTMARK_INBOUND_PASSWORD: DEMO_INBOUND_PASSWORD },
      /^✗ POSTMARK_INBOUND_PASSWORD is the public local default: anyone could post mail into support requests/,
    ],
    [
      'the sample GSTIN (lower case)',
      { SELLER_GSTIN: SAMPLE_SELLER_GSTIN.toLowerCase() },
      /^✗ SELLER_GSTIN 29AAAAA0000A1ZY is a public local default: it is the local demo's sample, no real business's/,
    ],
    [
      'the local pay-link secret as the unsubscribe secret',
      { UNSUBSCRIBE_SECRET: DEMO_PAY_LINK_SECRET },
      /^✗ UNSUBSCRIBE_SECRET is PAY_LINK_SECRET's public local default, which anyone can read in the code/,
    ],
    [
      'the local App Check secret as the jobs secret',
      { JOBS_SECRET: DEMO_APP_CHECK_SECRET },
      /^✗ JOBS_SECRET is APP_CHECK_LOCAL_SECRET's public local default/,
    ],
  ];

  it.each(PUBLIC_DEFAULTS)(
    'when it has %s, then that ✗ line says so with its fix, the API refuses it too, and it exits 1',
    (_, change, line) => {
      const { lines, exitCode } = preflight({ ...PRODUCTION, ...change });

      const index = lines.findIndex((text) => line.test(text));
      expect(index, lines.join('\n')).toBeGreaterThanOrEqual(0);
      expect(lines[index]).toMatch(/\n {4}fix: \S/);
      expect(lines).toContainEqual(expect.stringMatching(/^✗ The API refuses to start: .*public local default/));
      expect(
        failures({ ...PRODUCTION, ...change }).filter((text) => !text.startsWith('✗ The API refuses')),
      ).toHaveLength(1);
      expect(exitCode).toBe(1);
    },
  );

  it('when only one of the inbound-mail webhook’s user and password is set, then it fails naming the other; both or neither pass', () => {
    expect(failures({ ...PRODUCTION, POSTMARK_INBOUND_PASSWORD: 'a-private-inbound-password-0123' })).toEqual([
      expect.stringMatching(
        /^✗ POSTMARK_INBOUND_PASSWORD is set without POSTMARK_INBOUND_USER: the inbound-mail webhook would be off/,
      ),
      expect.stringMatching(/^✗ The API refuses to start: POSTMARK_INBOUND_PASSWORD is set without/),
    ]);
    expect(
      failures({
        ...PRODUCTION,
        POSTMARK_INBOUND_USER: 'postmark',
        POSTMARK_INBOUND_PASSWORD: 'a-private-inbound-password-0123',
      }),
    ).toEqual([]);
  });

  it('when no variable holds a public value, then the public-defaults line passes; on a demo- project the defaults are fine', () => {
    expect(preflight(PRODUCTION).lines).toContainEqual(
      expect.stringMatching(/^✓ No variable holds a public local default/),
    );
    expect(
      loadConfig({
        FIREBASE_PROJECT_ID: 'demo-site',
        ...Object.fromEntries(PUBLIC_LOCAL_DEFAULTS.map((entry) => [entry.name, entry.value])),
      }).FIREBASE_PROJECT_ID,
    ).toBe('demo-site');
  });

  it('when the built-in holiday list ends within 60 days, then it is a warning naming the year to add, and it still exits 0; at 61 days it passes', () => {
    const at = (wall: string) => preflight(PRODUCTION, Date.parse(`${wall}+05:30`));

    const warned = at('2028-11-02T00:00:00');
    const passed = at('2028-11-01T23:59:00');

    expect(warned.lines).toContainEqual(
      expect.stringMatching(
        /^! Built-in holidays: The holiday list ends with 2028 \(60 days left\): add 2029’s holidays.*\n {4}fix: Add the next year's holidays to DEFAULT_HOLIDAYS/,
      ),
    );
    expect(warned.exitCode).toBe(0);
    expect(passed.lines).toContainEqual('✓ The built-in holiday list runs to the end of 2028.');
  });

  it('when a test-mode key is used, then it is a warning (not a failure) and it still exits 0', () => {
    const { lines, exitCode } = preflight({
      ...PRODUCTION,
      RAZORPAY_KEY_ID: ['rzp', 'test', 'EXAMPLEONLY00'].join('_'),
    });

    expect(lines).toContainEqual(expect.stringMatching(/^! RAZORPAY_KEY_ID is a test-mode key/));
    expect(exitCode).toBe(0);
  });

  it('when PROJECT_SIGNOFF_DAYS differs from the 10 business days the Terms state, then it is a warning naming both, and it still exits 0', () => {
    for (const [days, also] of [
      ['5', ''],
      ['0', '(0: every milestone waiting for sign-off is deemed accepted'],
    ] as const) {
      const { lines, exitCode } = preflight({ ...PRODUCTION, PROJECT_SIGNOFF_DAYS: days });
      const line = lines.find((candidate) => candidate.includes('PROJECT_SIGNOFF_DAYS'));
      expect(line).toMatch(
        new RegExp(`^! PROJECT_SIGNOFF_DAYS=${days} differs from the 10 business days the Terms state`),
      );
      expect(line).toContain(also);
      expect(exitCode).toBe(0);
    }
    expect(preflight({ ...PRODUCTION, PROJECT_SIGNOFF_DAYS: '10' }).lines).toContainEqual(
      expect.stringMatching(/^✓ Project milestones are deemed accepted after 10 business days, as the Terms state\./),
    );
  });

  it('when run on a file, then it prints the checks and exits 1 on a ✗ (the environment wins over the file)', () => {
    mkdirSync(DIR, { recursive: true });
    const file = path.join(DIR, 'production.env');
    writeFileSync(
      file,
      Object.entries({ ...PRODUCTION, TRUST_PROXY: '' })
        .map(([key, val]) => `${key}=${val}`)
        .join('\n'),
    );
    const run = (env: Record<string, string>) =>
      spawnSync(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'scripts/preflight.ts', file], {
        cwd: ROOT,
        encoding: 'utf8',
        env: { PATH: process.env.PATH ?? '', ...env },
      });

    const failing = run({});
    const fixed = run({ TRUST_PROXY: '2' });

    expect(failing.stdout).toMatch(/^✗ TRUST_PROXY is not set/m);
    expect(failing.status).toBe(1);
    expect(fixed.stdout).toMatch(/^✓ TRUST_PROXY=2\.$/m);
    expect(fixed.status).toBe(0);
  }, 30_000);

  it('when a production file keeps the local inbound-mail password, then npm run preflight fails it', () => {
    mkdirSync(DIR, { recursive: true });
    const file = path.join(DIR, 'inbound.env');
    writeFileSync(
      file,
      Object.entries({
        ...PRODUCTION,
        POSTMARK_INBOUND_USER: 'postmark',
        POSTMARK_INBOUND_PASSWORD: DEMO_INBOUND_PASSWORD,
      })
        .map(([key, val]) => `${key}=${val}`)
        .join('\n'),
    );

    const run = spawnSync(
      process.execPath,
      [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'scripts/preflight.ts', file],
      {
        cwd: ROOT,
        encoding: 'utf8',
        env: { PATH: process.env.PATH ?? '' },
      },
    );

    expect(run.stdout).toMatch(/^✗ POSTMARK_INBOUND_PASSWORD is the public local default/m);
    expect(run.stdout).toMatch(/^✗ The API refuses to start: POSTMARK_INBOUND_PASSWORD is the public local default/m);
    expect(run.status).toBe(1);
  }, 30_000);
});

describe('the API at start on a real project (the same checks)', () => {
  const start = (change: Record<string, string>) => () => loadConfig({ ...PRODUCTION, ...change });

  it('when the configuration is correct, then it starts', () => {
    expect(start({})).not.toThrow();
  });

  it.each<[string, Record<string, string>, RegExp]>([
    [
      'sandbox payments without ALLOW_SANDBOX_PAYMENTS',
      { RAZORPAY_KEY_ID: '', RAZORPAY_KEY_SECRET: '' },
      /sandbox gateway/,
    ],
    ['live keys without a webhook secret', { RAZORPAY_WEBHOOK_SECRET: '' }, /RAZORPAY_WEBHOOK_SECRET is not set/],
    ['App Check off', { APP_CHECK: 'off' }, /APP_CHECK=off/],
    ['a missing pay-link secret', { PAY_LINK_SECRET: '' }, /PAY_LINK_SECRET/],
    [
      'the public pay-link secret',
      { PAY_LINK_SECRET: 'local-pay-link-secret-for-the-emulators-only' },
      /PAY_LINK_SECRET is the public local default/,
    ],
    ['a short jobs secret', { JOBS_SECRET: 'short' }, /JOBS_SECRET/],
    ['an invalid GSTIN', { SELLER_GSTIN: '29AAACN1234F1ZA' }, /SELLER_GSTIN/],
    [
      'an inbound-mail password without its user',
      { POSTMARK_INBOUND_PASSWORD: 'a-private-inbound-password-0123' },
      /POSTMARK_INBOUND_PASSWORD is set without POSTMARK_INBOUND_USER/,
    ],
    [
      'an inbound-mail user without its password',
      { POSTMARK_INBOUND_USER: 'postmark' },
      /without POSTMARK_INBOUND_PASSWORD/,
    ],
  ])('when it has %s, then it refuses to start and says why', (_, change, message) => {
    expect(start(change)).toThrow(message);
  });

  it.each(PUBLIC_LOCAL_DEFAULTS.map((entry) => [entry.name, entry.value] as const))(
    'when %s is its public local default, then it refuses to start and names it',
    (name, publicValue) => {
      expect(start({ [name]: publicValue })).toThrow(new RegExp(`${name} .*public local default`));
    },
  );

  it('when only a check that loses no money fails (no TRUST_PROXY, no SMTP, test keys), then it starts', () => {
    expect(
      start({ TRUST_PROXY: '', SMTP_URL: '', RAZORPAY_KEY_ID: 'rzp_test_x', RAZORPAY_WEBHOOK_SECRET: '' }),
    ).not.toThrow();
  });

  it('when PROJECT_SIGNOFF_DAYS differs from the Terms, then it starts and warns at start-up (and not when it is the default)', () => {
    const warned = loadConfig({ ...PRODUCTION, PROJECT_SIGNOFF_DAYS: '15' }).warnings.join(' ');
    expect(warned).toContain('PROJECT_SIGNOFF_DAYS=15 differs from the 10 business days the Terms state');
    expect(warned).toContain('src/domain/project-terms.ts');
    expect(loadConfig({ ...PRODUCTION }).warnings.join(' ')).not.toContain('PROJECT_SIGNOFF_DAYS');
    expect(loadConfig({ FIREBASE_PROJECT_ID: 'demo-site', PROJECT_SIGNOFF_DAYS: '0' }).warnings.join(' ')).toContain(
      'PROJECT_SIGNOFF_DAYS=0 differs',
    );
  });

  it('when the project is a demo- one (the emulators), then none of these stop it', () => {
    expect(() => loadConfig({ FIREBASE_PROJECT_ID: 'demo-site', APP_CHECK: 'off' })).not.toThrow();
  });
});
