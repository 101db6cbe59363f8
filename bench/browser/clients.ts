/**
 * The two bench-only clients of the hydration suite, bundled with the real client's esbuild
 * options (server/preview/client-bundle.ts: production React, same target and minification):
 *
 * - render: parses the page's hydration data and builds the element tree of every root the real
 *   client hydrates (the page body and the layout's islands) with the React path, as the real
 *   client's first render does (storefront/root.tsx: `renderPrepared` over `storefrontData` with
 *   the visitor's initial state and the widget chunk's component table), timing both, and stops;
 * - static: hydrates every root with a prebuilt static element tree (static-tree.ts), timed
 *   between the same marks as the real client (storefront/client-start.ts), the end mark once
 *   the last root has committed.
 */
import { build, type BuildOptions } from 'esbuild';

import { clientBuildOptions } from '../../server/preview/client-bundle.js';
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
import { readHydrationBoot, usesWidgets } from './storefront/hydrate.js';
import { initialState, storefrontData } from './storefront/state/page-data.js';
import { STOREFRONT_WIDGETS } from './storefront/widgets/index.js';
import { renderPrepared } from './react-renderer/browser.js';
markTime(${JSON.stringify(RENDER_MARKS.parse)});
const boot = readHydrationBoot();
markTime(${JSON.stringify(RENDER_MARKS.render)});
// The real client loads the widget chunk only for a page that uses a widget (hydrate.ts).
const components = usesWidgets(boot) ? STOREFRONT_WIDGETS : {};
const roots = [{ root: boot.root, template: boot.template }, ...(boot.islands ?? [])];
const elements = roots.map(({ template }) =>
  renderPrepared(template, storefrontData(boot.data, initialState(boot.data)), {
    partials: boot.partials, locale: boot.locale, now: boot.now, components,
  }).element,
);
markTime(${JSON.stringify(RENDER_MARKS.end)});
globalThis.__benchElements = elements;
document.documentElement.dataset.hydrated = 'true';
`;

function staticClient(rootIds: readonly string[]): string {
  return `
import { HYDRATED_MARK, markTime } from './storefront/client-start.js';
import { createElement, useLayoutEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { staticChildren } from 'static-tree';
let waiting = ${rootIds.length};
function Committed(props) {
  useLayoutEffect(() => {
    if (--waiting > 0) return;
    markTime(HYDRATED_MARK);
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return props.children;
}
${JSON.stringify(rootIds)}.forEach((id, i) => {
  hydrateRoot(document.getElementById(id), createElement(Committed, null, ...staticChildren[i]()), {
    onRecoverableError(error) { console.error('[bench] static hydration error:', String(error)); },
  });
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

/** `roots`: every hydrated root's id and content as the browser parsed it (body first). */
export const staticTreeClient = (
  roots: ReadonlyArray<{ id: string; inner: string }>,
): Promise<string> =>
  bundle(staticClient(roots.map((r) => r.id)), staticTreeModule(roots.map((r) => r.inner)));
