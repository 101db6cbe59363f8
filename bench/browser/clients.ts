/**
 * The two bench-only clients of the hydration suite, bundled with the real client's esbuild
 * options (server/site/client-bundle.ts: production React, same target and minification):
 *
 * - render: parses the page's hydration data and builds the element tree with the React path
 *   (`renderPrepared`, as the real client does before `hydrateRoot`), timing both, and stops;
 * - static: hydrates the page with a prebuilt static element tree (static-tree.ts), timed
 *   between the same marks as the real client (storefront/client-start.ts).
 */
import { build, type BuildOptions } from 'esbuild';

import { clientBuildOptions } from '../../server/site/client-bundle.js';
import { repoRoot } from './site.js';
import { staticTreeModule } from './static-tree.js';

/** Marks of the render client. */
export const RENDER_MARKS = {
  parse: 'bench:parse-start',
  render: 'bench:render-start',
  end: 'bench:render-end',
} as const;

const RENDER_CLIENT = `
import { markTime } from './storefront/client-start.js';
import { readHydrationBoot } from './storefront/hydrate.js';
import { renderPrepared } from './react-renderer/browser.js';
markTime(${JSON.stringify(RENDER_MARKS.parse)});
const boot = readHydrationBoot();
markTime(${JSON.stringify(RENDER_MARKS.render)});
const { element } = renderPrepared(boot.template, boot.data, {
  partials: boot.partials, locale: boot.locale, now: boot.now,
});
markTime(${JSON.stringify(RENDER_MARKS.end)});
globalThis.__benchElement = element;
document.documentElement.dataset.hydrated = 'true';
`;

function staticClient(rootId: string): string {
  return `
import { HYDRATED_MARK, markTime } from './storefront/client-start.js';
import { createElement, useLayoutEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { staticChildren } from 'static-tree';
function Committed(props) {
  useLayoutEffect(() => {
    markTime(HYDRATED_MARK);
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return props.children;
}
hydrateRoot(document.getElementById(${JSON.stringify(rootId)}), createElement(Committed, null, ...staticChildren()), {
  onRecoverableError(error) { console.error('[bench] static hydration error:', String(error)); },
});
`;
}

async function bundle(source: string, treeModule?: string): Promise<string> {
  const root = repoRoot();
  const { entryPoints: _entry, ...options }: BuildOptions = clientBuildOptions('production');
  const result = await build({
    ...options,
    // One self-contained script: these clients import nothing on demand.
    splitting: false,
    sourcemap: false,
    stdin: { contents: source, resolveDir: root, loader: 'js', sourcefile: 'bench-client.js' },
    write: false,
    plugins:
      treeModule === undefined
        ? []
        : [
            {
              name: 'static-tree',
              setup(b) {
                b.onResolve({ filter: /^static-tree$/ }, () => ({
                  path: 'static-tree',
                  namespace: 'bench',
                }));
                b.onLoad({ filter: /.*/, namespace: 'bench' }, () => ({
                  contents: treeModule,
                  loader: 'js',
                  resolveDir: root,
                }));
              },
            },
          ],
  });
  return result.outputFiles![0]!.text;
}

export const renderClient = (): Promise<string> => bundle(RENDER_CLIENT);

export const staticTreeClient = (rootId: string, rootInnerHtml: string): Promise<string> =>
  bundle(staticClient(rootId), staticTreeModule(rootInnerHtml));
