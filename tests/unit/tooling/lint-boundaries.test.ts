import { ESLint } from 'eslint';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The repository's own eslint.config.js, run through ESLint's Node API on deliberately bad code.
const ROOT = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: ROOT, ignore: false });

/** The error a forbidden import gets (eslint-plugin-import-x's no-restricted-paths). */
const RESTRICTED_PATH = 'import-x/no-restricted-paths';

const ruleIds = (results: ESLint.LintResult[]) => results.flatMap((result) => result.messages.map((m) => m.ruleId));

describe('lint boundaries', () => {
  /** A probe that loads the bookings feature with import(). */
  const LOADS_BOOKINGS = "export const probe = () => import('@/features/bookings');\n";
  const restrictedIn = async (filePath: string, code: string) =>
    ruleIds(await eslint.lintText(code, { filePath: path.join(ROOT, filePath) }));
  /** The rules a probe in `dir` breaks that imports `name` from `from` and exports it. */
  const importIn = (dir: string, name: string, from: string) =>
    restrictedIn(`${dir}/lint-probe.ts`, `import { ${name} } from '${from}';\nexport const probe = ${name};\n`);

  it('when a feature imports only a type, or loads another feature with import(), then lint fails just the same', async () => {
    const typeOnly = await restrictedIn(
      'src/features/profile/lint-probe.ts',
      "import type { PaymentRecord } from '@/features/billing';\nexport type Probe = PaymentRecord;\n",
    );
    const lazy = await restrictedIn('src/features/contact/lint-probe.ts', LOADS_BOOKINGS);

    expect(typeOnly).toContain(RESTRICTED_PATH);
    expect(lazy).toContain(RESTRICTED_PATH);
  }, 60_000);

  it("when the console shell or the app imports a feature's index.ts, then lint allows it", async () => {
    const shell = await restrictedIn(
      'src/features/console/lint-probe.ts',
      "import { QuotesPanel } from '@/features/quotes';\nimport { type PaymentRecord } from '@/features/billing';\nexport const probe: [typeof QuotesPanel, PaymentRecord?] = [QuotesPanel];\n",
    );
    const app = await restrictedIn('src/app/routes/lint-probe.ts', LOADS_BOOKINGS);

    expect(shell).toEqual([]);
    expect(app).toEqual([]);
  }, 60_000);

  it('when a shared record imports a feature or a component, then lint fails; domain and lib it may import', async () => {
    expect(await importIn('src/records', 'QuotesPanel', '@/features/quotes')).toContain(RESTRICTED_PATH);
    expect(await importIn('src/records', 'Button', '@/components/button')).toContain(RESTRICTED_PATH);
    expect(
      await restrictedIn(
        'src/records/lint-probe.ts',
        "import { collection } from 'firebase/firestore';\nimport { db } from '@/lib/firestore';\nimport { formatInr } from '@/domain/money';\nexport const probe = [collection, db, formatInr];\n",
      ),
    ).toEqual([]);
  }, 60_000);

  it('when a feature imports only lib, components and domain, then the boundaries allow it', async () => {
    expect(
      await restrictedIn(
        'src/features/cart/lint-probe.ts',
        "import { useSession } from '@/lib/session';\nimport { formatInr } from '@/domain/money';\nexport const probe = [useSession, formatInr];\n",
      ),
    ).toEqual([]);
  }, 60_000);

  // Each probe imports `name` from `from` in a file in `dir`.
  it.each([
    ["a feature imports another feature's api.ts", 'src/features/cart', 'submitQuery', '@/features/contact/api'],
    ["a feature imports another feature's index.ts", 'src/features/customers', 'QuotesPanel', '@/features/quotes'],
    [
      "a feature reaches into another feature's inner file",
      'src/features/customers',
      'quotesQuery',
      '@/features/quotes/console/api',
    ],
    [
      'a payments module imports a route (services never import routes)',
      'server/payments',
      'paymentsRouter',
      '../routes/payments',
    ],
    [
      'a payments module imports the account service (payments sits below account)',
      'server/payments',
      'updateBillingDetails',
      '../account/billing-details',
    ],
    [
      'a payments module imports the quotes service (quotes sit above payments)',
      'server/payments',
      'quoteDoc',
      '../quotes/store',
    ],
    ['a service imports a job', 'server/mail', 'createJobs', '../jobs'],
    [
      'the mail service imports the companies service (companies sit above mail)',
      'server/mail',
      'membershipOf',
      '../companies/companies',
    ],
    ['infrastructure imports a service', 'server', 'mailIds', './mail/outbox'],
    ['browser code imports the server', 'src/lib', 'HttpError', '../../server/errors'],
  ])(
    'when %s, then lint fails with a restricted-path error',
    async (_what, dir, name, from) => {
      expect(await importIn(dir, name, from)).toContain(RESTRICTED_PATH);
    },
    60_000,
  );

  it('when imports point down (a route to a service, a service to a lower one and to infrastructure), then lint allows them', async () => {
    expect(await importIn('server/quotes', 'issueProforma', '../payments/proformas')).toEqual([]);
    // Every area asks the companies service who may do what.
    expect(await importIn('server/support', 'requireCompanyRole', '../companies/access')).toEqual([]);
    expect(
      await restrictedIn(
        'server/routes/lint-probe.ts',
        "import { refundPayment } from '../payments/refunds';\nimport { forEachPage } from '../paging';\nexport const probe = [refundPayment, forEachPage];\n",
      ),
    ).toEqual([]);
    expect(
      await restrictedIn(
        'server/account/lint-probe.ts',
        "import { markPaid } from '../payments/mark-paid';\nimport { formatInr } from '../../src/domain/money';\nexport const probe = [markPaid, formatInr];\n",
      ),
    ).toEqual([]);
  }, 60_000);
});
