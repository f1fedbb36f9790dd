import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles, sourceCycles } from '../../../scripts/lib/import-cycles';

const ROOT = '/repo';
/** A repository of `files` (path from the root -> text), checked for circles. */
const check = (files: Record<string, string>) =>
  importCycles(ROOT, new Map(Object.entries(files).map(([file, text]) => [path.join(ROOT, file), text])));

describe('import circles (npm run lint)', () => {
  it('when two modules import each other statically, then the circle is reported with both', () => {
    const { staticCycles } = check({
      'server/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
      'server/b.ts': "import type { C } from './c';\nimport { a } from './a';\nexport const b = (c: C) => [a, c];\n",
      'server/c.ts': "import { b } from './b';\nexport type C = number;\nexport const c = b;\n",
    });

    // b imports c for a type only: c -> b is no circle.
    expect(staticCycles).toEqual([['server/a.ts', 'server/b.ts']]);
  });

  it('when a module re-exports one that imports it, through the @/ alias and an index.ts, then that is a circle too', () => {
    const { staticCycles } = check({
      'src/features/quotes/index.ts': "export { QuotePage } from './quote-page';\n",
      'src/features/quotes/quote-page.tsx':
        "import { QuotePage as Self } from '@/features/quotes';\nexport const QuotePage = () => Self;\n",
    });

    expect(staticCycles).toEqual([['src/features/quotes/index.ts', 'src/features/quotes/quote-page.tsx']]);
  });

  it('when the circle is closed only by type imports and type re-exports, then there is none', () => {
    const { staticCycles, libCycles } = check({
      'src/lib/a.ts': "import { type B } from './b';\nexport type { B };\nexport const a = 1;\n",
      'src/lib/b.ts': "import { a } from './a';\nexport type B = typeof a;\n",
      'src/lib/c.ts': "export type { B } from './b';\nimport { a } from './a';\nexport const c = a;\n",
    });

    expect({ staticCycles, libCycles }).toEqual({ staticCycles: [], libCycles: [] });
  });

  it('when a lazy import() closes a circle outside src/lib, then it is allowed; inside src/lib, it is reported', () => {
    const lazyBack = {
      'session.tsx': "import { auth } from './firebase';\nexport const session = auth;\n",
      'firebase.ts': "export const auth = 1;\nexport const load = () => import('./session');\n",
    };
    const prefixed = (dir: string) =>
      Object.fromEntries(Object.entries(lazyBack).map(([file, text]) => [`${dir}/${file}`, text]));

    expect(check(prefixed('src/features/auth'))).toEqual({ staticCycles: [], libCycles: [] });
    expect(check(prefixed('src/lib'))).toEqual({
      staticCycles: [],
      libCycles: [['src/lib/firebase.ts', 'src/lib/session.tsx']],
    });
  });

  it('when modules in src/ close a circle only through a type import and an import(), then the src check reports it', () => {
    const files = {
      'src/features/billing/index.ts': "export { userName } from './order-row';\n",
      'src/features/billing/order-row.tsx':
        "import { useCustomer } from '@/features/customers';\nexport const userName = useCustomer;\n",
      'src/features/customers/index.ts':
        "import type { Invoice } from '@/features/billing';\nexport const useCustomer = (invoice: Invoice) => invoice;\nexport const page = () => import('./page');\n",
      'src/features/customers/page.tsx':
        "import { userName } from '@/features/billing';\nexport const Page = userName;\n",
    };
    const sources = new Map(Object.entries(files).map(([file, text]) => [path.join(ROOT, file), text]));

    expect(sourceCycles(ROOT, sources)).toEqual([
      [
        'src/features/billing/index.ts',
        'src/features/billing/order-row.tsx',
        'src/features/customers/index.ts',
        'src/features/customers/page.tsx',
      ],
    ]);
  });

  it('when a circle closed by a type import lies outside src/, then the src check leaves it alone', () => {
    const sources = new Map([
      [path.join(ROOT, 'server/a.ts'), "import type { B } from './b';\nexport type A = B;\n"],
      [path.join(ROOT, 'server/b.ts'), "import type { A } from './a';\nexport type B = A | 1;\n"],
    ]);

    expect(sourceCycles(ROOT, sources)).toEqual([]);
  });

  it('when a module imports only packages and files that do not exist, then nothing is reported', () => {
    expect(
      check({
        'src/a.ts': "import react from 'react';\nimport { x } from './missing';\nexport const a = [react, x];\n",
      }),
    ).toEqual({
      staticCycles: [],
      libCycles: [],
    });
  });
});
