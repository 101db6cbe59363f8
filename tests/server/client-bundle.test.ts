/**
 * The preview client script (/__client.js) hydrates pages, so it bundles React and the browser
 * runtime — but never the compiler: pages ship precompiled code (docs/architecture.md, "Compile
 * once, run anywhere"). Normal serving uses React's production build; the development build is
 * opt-in.
 */
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';

import { clientBuildOptions, type ClientBuild } from '../../server/preview/client-bundle.js';

async function graph(mode: ClientBuild): Promise<string[]> {
  const result = await build({ ...clientBuildOptions(mode), write: false, metafile: true });
  const metafile: Metafile = result.metafile;
  const paths = new Set(Object.keys(metafile.inputs));
  for (const input of Object.values(metafile.inputs)) {
    for (const imported of input.imports) paths.add(imported.path);
  }
  return [...paths];
}

describe('preview client bundle', () => {
  it('holds the hydration runtime and React, without the compiler', async () => {
    const paths = await graph('production');
    expect(paths).toContain('storefront/hydrate.ts');
    expect(paths).toContain('react-renderer/browser.ts');
    expect(paths).toContain('engine/executor.ts');
    expect(paths.filter((p) => /chevrotain/.test(p))).toEqual([]);
    expect(
      paths.filter((p) =>
        /^engine\/(lexer|parser|tag-parser|tag-scan|assembler|compile)\.ts$/.test(p),
      ),
    ).toEqual([]);
    // The structuring pass is in (partials applied as values and the whole-output fallback
    // are structured in the browser as on the server); it uses no compiler.
    expect(paths).toContain('react-renderer/structure/structure.ts');
  });

  it("uses React's production build unless the development build is asked for", async () => {
    const production = await graph('production');
    expect(production.some((p) => /react-dom-client\.production\.js$/.test(p))).toBe(true);
    expect(production.some((p) => /\.development\.js$/.test(p))).toBe(false);
    const development = await graph('development');
    expect(development.some((p) => /react-dom-client\.development\.js$/.test(p))).toBe(true);
  });
});
