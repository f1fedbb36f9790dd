import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// One zone per folder of src/features, read from the disk so a new feature is fenced in at once.
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// The server's floors, top to bottom: routes and jobs -> services -> infrastructure; an import only
// ever points down. Between services, SERVICE_CALLS says which each may import: mostly one listed
// below it, but not only (account exports and deletes everything of a person, so it calls projects,
// bookings and support above it); scripts/import-cycles.ts keeps the files themselves free of circles.
const SERVICES = [
  'projects',
  'bookings',
  'quotes',
  'support',
  'files',
  'statements',
  'tds',
  'renewals',
  'account',
  'enquiries',
  'payments',
  'documents',
  'companies',
  'mail',
  'locations',
];
/** Which services each service may import (besides infrastructure and src/domain). */
const SERVICE_CALLS = {
  // Projects: a quote's milestones are issued through the quote; files, mail; its export and deletion are called by account.
  projects: ['quotes', 'files', 'payments', 'documents', 'companies', 'mail'],
  // Consultations: the inbox entry, the shared holidays (support's business calendar), mail.
  bookings: ['support', 'enquiries', 'mail'],
  quotes: ['account', 'payments', 'documents', 'companies', 'mail', 'enquiries'],
  // Support requests: the customer's services and renewals, files, mail; its export and deletion are called by account.
  support: ['files', 'renewals', 'payments', 'companies', 'mail', 'enquiries'],
  files: [],
  // Statements of account: the ledger of payments and documents, pay links and PO rules, mail.
  statements: ['payments', 'documents', 'companies', 'mail'],
  // TDS certificates: the records payments create, their PDFs in the file store, reminder mail.
  tds: ['files', 'payments', 'companies', 'mail'],
  renewals: ['payments', 'companies', 'mail'],
  // A person's export and deletion, leads, billing an enquiry (to a lead or an account), the console's backfill.
  account: ['support', 'projects', 'files', 'payments', 'documents', 'companies', 'mail', 'enquiries', 'bookings'],
  enquiries: ['mail'],
  payments: ['documents', 'companies', 'mail'],
  documents: ['companies', 'mail'],
  // Company accounts: memberships, roles and the access check every area asks; invitations mail.
  companies: ['mail'],
  mail: [],
  locations: [],
};
const TOP = ['./server/routes', './server/jobs', './server/app.ts', './server/index.ts', './server/app-deps.ts'];
const SERVER_ZONES = [
  // Infrastructure (server/*.ts but the composition files) imports no floor above it.
  {
    target: './server/!(app|index|app-deps).ts',
    from: [...TOP, ...SERVICES.map((service) => `./server/${service}`)],
    message: 'Infrastructure (server/*.ts) must not import routes, jobs or services.',
  },
  { target: './server/jobs', from: ['./server/routes', './server/app.ts', './server/index.ts'] },
  ...SERVICES.map((service) => ({
    target: `./server/${service}`,
    from: [
      ...TOP,
      ...SERVICES.filter((other) => other !== service && !SERVICE_CALLS[service].includes(other)).map(
        (other) => `./server/${other}`,
      ),
    ],
    message: `The ${service} service may import only ${[...SERVICE_CALLS[service], 'infrastructure'].join(', ')} and src/domain.`,
  })),
];

/** The console shell: it composes areas into pages (Today, a customer, an enquiry), as app/ does. */
const SHELL = 'console';
const AREAS = FEATURES.filter((feature) => feature !== SHELL);
const AREAS_APART =
  'A feature imports no other feature (types and import() included): share a record in src/records, compose areas in the console shell (src/features/console) or src/app.';

/** The import zones. In the browser, an area may import only domain, lib, records and components. */
const ZONES = [
  {
    target: './src/domain',
    from: ['./src/lib', './src/records', './src/features', './src/app', './src/components', './server'],
  },
  { target: './src/lib', from: ['./src/records', './src/features', './src/app', './src/components'] },
  {
    target: './src/records',
    from: ['./src/features', './src/app', './src/components'],
    message: 'src/records imports only src/domain and src/lib.',
  },
  { target: './src/components', from: ['./src/features', './src/app'] },
  { target: './src/features', from: ['./src/app'] },
  // The browser never imports the server; the server shares only src/domain with it.
  { target: './src', from: './server' },
  { target: './server', from: './src', except: ['./domain'] },
  ...SERVER_ZONES,
  ...AREAS.map((area) => ({
    target: `./src/features/${area}`,
    from: `./src/features/!(${area})/**`,
    message: AREAS_APART,
  })),
  // The shell uses an area only through its entry file (index.ts), never an inner file.
  {
    target: `./src/features/${SHELL}`,
    from: `./src/features/!(${SHELL})/**`,
    except: ['**/src/features/*/index.ts'],
    message: "The console shell imports an area only through its index.ts (e.g. '@/features/quotes').",
  },
];

export default tseslint.config(
  { ignores: ['dist', '.tmp', 'node_modules', 'coverage', 'reports', 'public'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // TypeScript's noUnusedLocals and noUnusedParameters report these (npm run typecheck).
      '@typescript-eslint/no-unused-vars': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-console': 'off',
      // Imports flow one way: domain -> lib -> records -> features -> the console shell and app.
      'import-x/no-restricted-paths': ['error', { zones: ZONES }],
    },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: [
      'src/lib/**',
      'src/records/**',
      'src/features/*/api.ts',
      'src/features/*/api/**',
      'src/features/*/data.ts',
      'src/features/*/console/api.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['firebase', 'firebase/*'],
              message:
                "Firebase is used only in src/lib, src/records and a feature's data.ts and api.ts (api/, console/api.ts).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-*', 'firebase', 'firebase/*', 'firebase-admin', 'firebase-admin/*'],
              message: 'src/domain is pure TypeScript.',
            },
          ],
        },
      ],
    },
  },
  prettier,
);
