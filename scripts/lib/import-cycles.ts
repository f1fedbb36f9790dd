/**
 * Import circles in the repository's TypeScript, found from each file's own import statements
 * (TypeScript's parser, no type checking): two rules, as ESLint's import-x/no-cycle had them.
 * - No module reaches itself through static imports or re-exports. A type-only import is erased
 *   from the build, so it counts for nothing. A cycle through `import()` is allowed here: it is how
 *   a lazy chunk reaches back (Firebase -> session), and the importer has finished evaluating by then.
 * - No module in src/lib sits on a circle at all, not even through `import()` (session <- firebase ->
 *   firestore was one): the floor every feature stands on loads upward only.
 * A third rule, stricter, holds for all of src/ (`sourceCycles`): no circle at all, `import()` and
 * type imports included. A circle there means two layers or two areas lean on each other (the
 * 26-file loop of billing, customers, enquiries and quotes was closed by a type import and an
 * `import()`), whether or not the build notices.
 * no-cycle walked the import graph again from each file it linted: a third of ESLint's time over
 * the repository. This builds the graph once (about a second).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

interface Import {
  specifier: string;
  dynamic: boolean;
  /** Erased from the build: `import type`, `export type … from`, `typeof import('…')`. */
  typeOnly: boolean;
}

/** The imports of one file: static imports and re-exports, `import()` calls, and type-only imports. */
export function importsOf(fileName: string, text: string): Import[] {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, kind);
  const found: Import[] = [];
  for (const node of source.statements) {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ specifier: node.moduleSpecifier.text, dynamic: false, typeOnly: typeOnlyImport(node) });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ specifier: node.moduleSpecifier.text, dynamic: false, typeOnly: typeOnlyExport(node) });
    }
  }
  // import() can sit anywhere in the tree: walk it only in the files that have one.
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push({ specifier: node.arguments[0].text, dynamic: true, typeOnly: false });
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      found.push({ specifier: node.argument.literal.text, dynamic: false, typeOnly: true });
    }
    ts.forEachChild(node, visit);
  };
  if (text.includes('import(')) visit(source);
  return found;
}

function typeOnlyImport(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (!clause) return false; // `import './x'` runs x
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  return (
    !!bindings &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((e) => e.isTypeOnly)
  );
}

function typeOnlyExport(node: ts.ExportDeclaration): boolean {
  if (node.isTypeOnly) return true;
  const clause = node.exportClause;
  return (
    !!clause && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly)
  );
}

/** The file an import names, among `files` (absolute paths); undefined for a package. */
function resolveImport(root: string, from: string, specifier: string, files: ReadonlySet<string>): string | undefined {
  let base: string;
  if (specifier.startsWith('@/')) base = path.join(root, 'src', specifier.slice(2));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else return undefined;
  const stem = base.replace(/\.js$/, '');
  return [base, `${stem}.ts`, `${stem}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find((file) =>
    files.has(file),
  );
}

export interface ImportCycles {
  /** Groups of modules that reach each other through static imports (each group one or more circles). */
  staticCycles: string[][];
  /** Groups holding a src/lib module whose members reach each other, `import()` included. */
  libCycles: string[][];
}

/** The circles among `sources` (absolute path -> text); paths in the answer are relative to `root`. */
export function importCycles(root: string, sources: ReadonlyMap<string, string>): ImportCycles {
  const files = new Set(sources.keys());
  const staticEdges = new Map<string, string[]>();
  const allEdges = new Map<string, string[]>();
  for (const [file, text] of sources) {
    const statics: string[] = [];
    const all: string[] = [];
    for (const { specifier, dynamic, typeOnly } of importsOf(file, text)) {
      if (typeOnly) continue;
      const target = resolveImport(root, file, specifier, files);
      if (!target) continue;
      all.push(target);
      if (!dynamic) statics.push(target);
    }
    staticEdges.set(file, statics);
    allEdges.set(file, all);
  }
  const relative = (group: string[]) => group.map((file) => path.relative(root, file)).sort();
  const libDir = path.join(root, 'src', 'lib') + path.sep;
  return {
    staticCycles: circles(staticEdges).map(relative),
    libCycles: circles(allEdges)
      .filter((group) => group.some((file) => file.startsWith(libDir)))
      .map(relative),
  };
}

/**
 * The circles among the modules of src/ in `sources`, counting every import: static, `import()`
 * and type-only. Paths in the answer are relative to `root`.
 */
export function sourceCycles(root: string, sources: ReadonlyMap<string, string>): string[][] {
  const srcDir = path.join(root, 'src') + path.sep;
  const files = new Set([...sources.keys()].filter((file) => file.startsWith(srcDir)));
  const edges = new Map<string, string[]>();
  for (const file of files) {
    const targets = importsOf(file, sources.get(file)!).map(({ specifier }) =>
      resolveImport(root, file, specifier, files),
    );
    edges.set(
      file,
      targets.filter((target): target is string => target !== undefined),
    );
  }
  return circles(edges).map((group) => group.map((file) => path.relative(root, file)).sort());
}

/** Strongly connected groups of more than one module, or of one that imports itself (Tarjan). */
function circles(edges: ReadonlyMap<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let next = 0;
  const connect = (file: string): void => {
    index.set(file, next);
    low.set(file, next);
    next++;
    stack.push(file);
    onStack.add(file);
    for (const target of edges.get(file) ?? []) {
      if (!index.has(target)) {
        connect(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || edges.get(file)!.includes(file)) groups.push(group);
  };
  for (const file of edges.keys()) if (!index.has(file)) connect(file);
  return groups;
}

const SKIPPED = new Set(['node_modules', 'dist', '.tmp', '.git', 'coverage', 'public']);

/** Every .ts and .tsx file of the repository at `root`, with its text. */
export function repositorySources(root: string): Map<string, string> {
  const sources = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (SKIPPED.has(entry.name)) continue;
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
        sources.set(file, readFileSync(file, 'utf8'));
    }
  };
  walk(root);
  return sources;
}
