/**
 * The layering rules of docs/architecture.md, "Layering", checked over the real import graph
 * (ESLint checks the same boundaries file by file; this test also sees cycles). Imports are read
 * with the TypeScript parser, so comments and strings that merely mention `import` are ignored.
 *
 *   engine/          imports no other top-level folder
 *   formatters/,     import from engine/ only plugin.ts, values.ts, code.ts, errors.ts and
 *   predicates/        bounded-memo.ts, nothing from the other plugin folder or a later layer
 *   react-renderer/  imports engine/ (and the formatter/predicate tables)
 *   storefront/      imports react-renderer/ and engine/
 *   all of these     never import @squarespace/template-engine (the reference)
 *   the whole graph  has no cycle of value imports (type-only imports vanish at run time)
 *   server/site/     (the web-standard site handler) imports no other room of server/ and no
 *                    cli/, and nothing it imports, directly or not, imports a node: module
 *   server/commerce/ imports neither server/site/ nor server/preview/
 *   the site handler never loads the template compiler (engine/compile.ts, chevrotain)
 */
import { builtinModules } from 'node:module';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const RUNTIME_FOLDERS = ['engine', 'formatters', 'predicates', 'react-renderer', 'storefront'];
/** Also scanned for cycles: the composition roots. */
const OTHER_FOLDERS = ['cli', 'server'];
const PLUGIN_API = [
  'engine/plugin.ts',
  'engine/values.ts',
  'engine/code.ts',
  'engine/errors.ts',
  'engine/bounded-memo.ts',
];
const REFERENCE_PACKAGE = '@squarespace/template-engine';

interface ImportEdge {
  /** Repository-relative path of the imported file, or the package name for bare specifiers. */
  target: string;
  isPackage: boolean;
  typeOnly: boolean;
}

/** Every import, re-export and dynamic import() specifier in `source`. */
function extractImports(source: string): Array<{ specifier: string; typeOnly: boolean }> {
  const file = ts.createSourceFile('x.tsx', source, ts.ScriptTarget.Latest, false);
  const found: Array<{ specifier: string; typeOnly: boolean }> = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const allTypeNamed =
        clause !== undefined &&
        clause.name === undefined &&
        clause.namedBindings !== undefined &&
        ts.isNamedImports(clause.namedBindings) &&
        clause.namedBindings.elements.length > 0 &&
        clause.namedBindings.elements.every((e) => e.isTypeOnly);
      const typeOnly = clause?.isTypeOnly === true || allTypeNamed;
      found.push({ specifier: node.moduleSpecifier.text, typeOnly });
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: node.isTypeOnly });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push({ specifier: node.arguments[0].text, typeOnly: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function listSourceFiles(folder: string): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      if (name === 'node_modules' || name.startsWith('.')) continue;
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(full);
    }
  };
  if (existsSync(join(ROOT, folder))) walk(join(ROOT, folder));
  return out.map((f) => relative(ROOT, f).split(sep).join('/'));
}

/** `./x.js` -> `dir/x.ts` (or .tsx, or an index file), repository-relative. */
function resolveRelative(fromFile: string, specifier: string): string {
  const base = join(dirname(join(ROOT, fromFile)), specifier);
  const stem = base.replace(/\.(js|jsx|ts|tsx|mjs)$/, '');
  const candidates = [
    base,
    `${stem}.ts`,
    `${stem}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ];
  // An import of a file that does not exist (yet) is tsc's problem; name it by its .ts source.
  const hit = candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? `${stem}.ts`;
  return relative(ROOT, hit).split(sep).join('/');
}

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

function buildGraph(files: string[]): Map<string, ImportEdge[]> {
  const graph = new Map<string, ImportEdge[]>();
  for (const file of files) {
    const source = readFileSync(join(ROOT, file), 'utf8');
    graph.set(
      file,
      extractImports(source).map(({ specifier, typeOnly }) =>
        specifier.startsWith('.')
          ? { target: resolveRelative(file, specifier), isPackage: false, typeOnly }
          : { target: packageName(specifier), isPackage: !specifier.startsWith('node:'), typeOnly },
      ),
    );
  }
  return graph;
}

const topFolder = (path: string): string => (path.includes('/') ? path.split('/')[0]! : path);

const runtimeFiles = RUNTIME_FOLDERS.flatMap(listSourceFiles);
const allFiles = [...runtimeFiles, ...OTHER_FOLDERS.flatMap(listSourceFiles)];
for (const rootFile of ['index.ts', 'render-runtime.ts']) {
  if (existsSync(join(ROOT, rootFile))) allFiles.push(rootFile);
}
const graph = buildGraph(allFiles);

/** `file -> target` for every local import of a file in `folder` that `allowed` rejects. */
function violations(folder: string, allowed: (target: string) => boolean): string[] {
  const bad: string[] = [];
  for (const [file, edges] of graph) {
    if (topFolder(file) !== folder) continue;
    for (const edge of edges) {
      if (!edge.isPackage && !edge.target.startsWith('node:') && !allowed(edge.target)) {
        bad.push(`${file} -> ${edge.target}`);
      }
    }
  }
  return bad;
}

/** Every file `file` reaches through value imports (type-only imports vanish at run time). */
function valueImportsReachable(file: string): Set<string> {
  const seen = new Set<string>([file]);
  const pending = [file];
  while (pending.length > 0) {
    for (const edge of graph.get(pending.pop()!) ?? []) {
      if (edge.typeOnly || seen.has(edge.target)) continue;
      seen.add(edge.target);
      if (graph.has(edge.target)) pending.push(edge.target);
    }
  }
  return seen;
}

const NODE_BUILTINS = new Set(builtinModules);
const isNodeModule = (target: string): boolean =>
  target.startsWith('node:') || NODE_BUILTINS.has(target);
/** The room of server/ a file is in (`server/site`), or its top folder outside server/. */
const roomOf = (path: string): string =>
  path.startsWith('server/') ? path.split('/').slice(0, 2).join('/') : topFolder(path);

describe('layering (docs/architecture.md, "Layering")', () => {
  it('reads imports with the TypeScript parser, not text matching', () => {
    const source = [
      "import type { A } from './a.js';",
      "import { type B, c } from './b.js';",
      "import { type D } from './d.js';",
      "export { e } from '../e.js';",
      "export type { F } from 'pkg/f';",
      "// import { g } from './g.js';",
      'const s = "import x from \'./h.js\'";',
      "const lazy = () => import('./i.js');",
    ].join('\n');
    expect(extractImports(source)).toEqual([
      { specifier: './a.js', typeOnly: true },
      { specifier: './b.js', typeOnly: false },
      { specifier: './d.js', typeOnly: true },
      { specifier: '../e.js', typeOnly: false },
      { specifier: 'pkg/f', typeOnly: true },
      { specifier: './i.js', typeOnly: false },
    ]);
  });

  it('finds the engine and its imports', () => {
    expect(runtimeFiles.filter((f) => f.startsWith('engine/')).length).toBeGreaterThan(3);
    expect(graph.get('engine/template.ts')?.map((e) => e.target)).toContain('engine/code.ts');
  });

  it('engine/ imports no other top-level folder', () => {
    expect(violations('engine', (t) => topFolder(t) === 'engine')).toEqual([]);
  });

  it.each(['formatters', 'predicates'])(
    '%s/ import only the plugin API of the engine, and nothing outside their folder',
    (folder) => {
      expect(violations(folder, (t) => topFolder(t) === folder || PLUGIN_API.includes(t))).toEqual(
        [],
      );
    },
  );

  it('react-renderer/ imports only engine/ and the plugin tables', () => {
    const allowed = new Set(['react-renderer', 'engine', 'formatters', 'predicates']);
    expect(violations('react-renderer', (t) => allowed.has(topFolder(t)))).toEqual([]);
  });

  it('storefront/ imports only react-renderer/ and engine/', () => {
    const allowed = new Set(['storefront', 'react-renderer', 'engine']);
    expect(violations('storefront', (t) => allowed.has(topFolder(t)))).toEqual([]);
  });

  it('no runtime folder imports the reference engine', () => {
    const offenders = runtimeFiles.filter((file) =>
      graph.get(file)!.some((e) => e.isPackage && e.target === REFERENCE_PACKAGE),
    );
    expect(offenders).toEqual([]);
  });

  it('server/site/ imports no other room of server/ and nothing of cli/', () => {
    const bad: string[] = [];
    for (const [file, edges] of graph) {
      if (roomOf(file) !== 'server/site') continue;
      for (const edge of edges) {
        const room = roomOf(edge.target);
        if (
          !edge.isPackage &&
          (room === 'cli' || (room.startsWith('server/') && room !== 'server/site'))
        )
          bad.push(`${file} -> ${edge.target}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('server/commerce/ imports neither server/site/ nor server/preview/', () => {
    expect(
      violations('server', (t) => !['server/site', 'server/preview'].includes(roomOf(t))).filter(
        (v) => v.startsWith('server/commerce/'),
      ),
    ).toEqual([]);
  });

  it('nothing server/site/ loads, directly or through other modules, is a node: module', () => {
    const siteFiles = allFiles.filter((f) => roomOf(f) === 'server/site');
    expect(siteFiles).toContain('server/site/site.ts');
    const offenders: string[] = [];
    for (const file of siteFiles) {
      for (const target of valueImportsReachable(file)) {
        if (isNodeModule(target)) offenders.push(`${file} reaches ${target}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('the site handler (what a built site runs) never loads the template compiler', () => {
    const reached = valueImportsReachable('server/site/handler.ts');
    expect(reached).toContain('server/site/site.ts');
    expect([...reached].filter((f) => f === 'engine/compile.ts' || f === 'chevrotain')).toEqual([]);
    // The check sees the compiler where it is loaded: the preview compiles on demand.
    expect(valueImportsReachable('server/preview/site-folder.ts')).toContain('chevrotain');
  });

  it('the node: check sees a node: import two modules down', () => {
    // server/preview/site-folder.ts imports fs-reader.ts, which imports node:fs.
    expect(valueImportsReachable('server/preview/site-folder.ts')).toContain('node:fs');
  });

  it('the import graph has no cycles', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'active' | 'done'>();
    const stack: string[] = [];
    const visit = (file: string): void => {
      state.set(file, 'active');
      stack.push(file);
      for (const edge of graph.get(file) ?? []) {
        if (edge.isPackage || edge.typeOnly || !graph.has(edge.target)) continue;
        const seen = state.get(edge.target);
        if (seen === 'active') {
          cycles.push([...stack.slice(stack.indexOf(edge.target)), edge.target].join(' -> '));
        } else if (seen === undefined) {
          visit(edge.target);
        }
      }
      stack.pop();
      state.set(file, 'done');
    };
    for (const file of graph.keys()) if (!state.has(file)) visit(file);
    expect(cycles).toEqual([]);
  });
});
