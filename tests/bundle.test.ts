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

/**
 * The 60 KB target is not met today: the WHATWG foreign-content rules, the element depth cap and
 * repeated-section keys (security and correctness fixes of 2026-11-27/28) added about 1.8 KB, and
 * moving error texts and fast paths server-side took 1.2 KB of it back: 61,509 B measured, 69 B
 * over; the hooks of the dense product page's server-only paths took it to 61,583 B, the
 * `video-meta` formatter developer-platform templates use added 83 B, and one set of
 * integration-point names in the React renderer and instruction locations left to the server took
 * 53 B back, and the no-JavaScript product form (a native submit button and named fields in the
 * built-in widget templates) added 181 B, of which one flag for both form widgets took 39 B back
 * (docs/benchmarks.md, browser runtime). The test holds this ceiling, a ratchet to lower as
 * savings land (61,748 B measured), and prints the verdict against the target.
 */
const CEILING_BYTES = 61_750;

describe('browser runtime bundle', () => {
  it('stays within its ceiling while the 60 KB target is not met, minified and gzipped', async () => {
    const size = await measureBundle();
    expect(BUDGET_BYTES).toBe(60 * 1024);
    const verdict = size.gzipBytes <= BUDGET_BYTES ? 'met' : 'NOT MET';
    console.info(`browser runtime ${size.gzipBytes} B: the ${BUDGET_BYTES} B target is ${verdict}`);
    expect(size.gzipBytes).toBeLessThanOrEqual(CEILING_BYTES);
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
