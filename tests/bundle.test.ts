/**
 * The browser runtime's import graph (bench/bundle-entry.ts, bundled by esbuild as the bench
 * does) holds no compiler and does not bundle React: pages ship precompiled code, so chevrotain
 * and the lexer/parser/assembler stay on the server, and React is loaded by the page (the React
 * renderer's imports of it stay external). It also holds the bundle to its size budget, as the
 * bench measures it (minified, gzip -9): a size is exact, not a timing (the bench,
 * `npm run bench -- --only bundle`, lists what costs the bytes).
 */
import type { Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import {
  BUDGET_BYTES,
  buildBundle,
  forbiddenModules,
  measureBundle,
} from '../bench/bundle-size.js';

/** Every module path in the graph, bundled or left external. */
function graphPaths(metafile: Metafile): string[] {
  const paths = new Set(Object.keys(metafile.inputs));
  for (const input of Object.values(metafile.inputs)) {
    for (const imported of input.imports) paths.add(imported.path);
  }
  return [...paths];
}

describe('browser runtime bundle', () => {
  it('stays within its 60 KB budget, minified and gzipped', async () => {
    const size = await measureBundle();
    expect(BUDGET_BYTES).toBe(60 * 1024);
    console.info(`browser runtime ${size.gzipBytes} B of its ${BUDGET_BYTES} B budget`);
    expect(size.gzipBytes).toBeLessThanOrEqual(BUDGET_BYTES);
  });

  it('contains the executor and every formatter and predicate table', async () => {
    const { metafile } = await buildBundle({ minify: false });
    const inputs = Object.keys(metafile.inputs);
    for (const module of [
      'engine/render.ts',
      'engine/executor.ts',
      'formatters/index.ts',
      'predicates/index.ts',
      'formatters/templates/compiled.ts',
    ]) {
      expect(inputs).toContain(module);
    }
  });

  it('contains no chevrotain, no bundled React and no compiler stage', async () => {
    const { metafile } = await buildBundle({ minify: false });
    const paths = graphPaths(metafile);
    expect(forbiddenModules(metafile)).toEqual([]);
    // The same rules spelled out, so a change to the bench's list cannot weaken this test.
    expect(paths.filter((p) => /chevrotain/.test(p))).toEqual([]);
    const bundled = Object.keys(metafile.inputs);
    expect(bundled.filter((p) => /(^|\/)(react|react-dom|scheduler)(\/|$)/.test(p))).toEqual([]);
    expect(paths.filter((p) => /^engine\/(lexer|parser|compile)\.ts$/.test(p))).toEqual([]);
  });

  it('decodes named references with the browser, not the 2,231-name table', async () => {
    const { metafile } = await buildBundle({ minify: false });
    const paths = graphPaths(metafile);
    expect(paths.filter((p) => /node_modules\/entities\//.test(p))).toEqual([]);
    expect(paths).not.toContain('react-renderer/html/named-references.ts');
    expect(paths).toContain('react-renderer/html/named-references.browser.ts');
  });

  it('says runtime, formatter, predicate and React errors by number, without the server’s sentences', async () => {
    const { metafile } = await buildBundle({ minify: false });
    const paths = graphPaths(metafile);
    for (const folder of ['engine', 'formatters', 'predicates']) {
      expect(paths).not.toContain(`${folder}/error-texts.ts`);
      expect(paths).toContain(`${folder}/error-texts.browser.ts`);
    }
    expect(paths).not.toContain('react-renderer/warning-texts.ts');
    expect(paths).toContain('react-renderer/warning-texts.browser.ts');
  });

  it('finds no partial given as template text (it has no parser to read one)', async () => {
    const { metafile } = await buildBundle({ minify: false });
    const paths = graphPaths(metafile);
    expect(paths).not.toContain('engine/string-partial.ts');
    expect(paths).toContain('engine/string-partial.browser.ts');
  });

  it('locates no instruction (precompiled code carries no locations)', async () => {
    const { metafile } = await buildBundle({ minify: false });
    const paths = graphPaths(metafile);
    expect(paths).not.toContain('engine/instruction-locations.ts');
    expect(paths).toContain('engine/instruction-locations.browser.ts');
  });

  it('would catch the compiler and React if an entry pulled them in', async () => {
    const { metafile } = await buildBundle({ minify: false, entry: 'engine/compile.ts' });
    const found = forbiddenModules(metafile);
    expect(found.some((f) => f.startsWith('engine/compile.ts '))).toBe(true);
    expect(found.some((f) => f.startsWith('engine/lexer.ts '))).toBe(true);
    expect(found.some((f) => /node_modules\/chevrotain\//.test(f))).toBe(true);

    const withReact: Metafile = {
      inputs: {
        'x.ts': {
          bytes: 1,
          imports: [{ path: 'node_modules/react/index.js', kind: 'import-statement' }],
        },
        'node_modules/react/index.js': { bytes: 1, imports: [] },
      },
      outputs: {},
    };
    expect(forbiddenModules(withReact)).toEqual(['node_modules/react/index.js (React)']);
  });
});
