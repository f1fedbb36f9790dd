/**
 * Zod compiles object schemas with `new Function` when it may, and finds out by trying once: under
 * the site's CSP (no 'unsafe-eval') that try is refused and reported as a violation on every page
 * that builds a schema. The browser tells zod not to try; the server keeps the compiled parsers.
 * Zod keeps its settings on globalThis, so this works whether it loads before or after this module;
 * it must run before the first schema is built, which is why main.tsx imports it first.
 */
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

(globalThis.__zod_globalConfig ??= {}).jitless = true;

export {};
