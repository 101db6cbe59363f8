/**
 * Checks that read V8's own view of a render's objects, each in a production process of its
 * own: what a render makes must die young. They read V8 internals (`%InYoungGeneration`,
 * `--trace-gc-nvp`) whose answers depend on V8's heuristics and on timing, so they run here
 * and print their figures, not in `npm test`.
 *
 *   npm run bench -- --only young
 *
 * - The objects of a render's element tree (elements, props, children arrays) are young even
 *   in a process where React's own element literal has been pretenured: there, a tree made by
 *   React's `jsx` or `createElement` would be allocated old and survive every minor collection
 *   until a full one (react-renderer/runtime/unpretenured-objects.ts).
 * - Bytes promoted per minor collection stay small render after render. In Node 20 (V8 11.3),
 *   adding a property to an object made by a spread (`{ ...props }` then `children`) made the
 *   objects around it survive and be promoted: about 900 KB per collection, against about
 *   230 bytes without; the shop page's widgets, cloned with `cloneElement`, about 340 KB; the
 *   product page's flagged item copy (formatters/commerce-widgets.ts `withFlag`), 211 KB; the
 *   storefront's page data, a copy of the route data given properties, 74 KB.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';
import { storeData } from './react.js';
import type { BenchSuite, SuiteReport } from './suite.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SITE = join(ROOT, 'fixtures', 'site');
const INDEX = JSON.stringify(join(ROOT, 'index.ts'));
const CODEGEN = JSON.stringify(join(ROOT, 'react-renderer', 'codegen', 'generated-function.ts'));
/** Promoted bytes per minor collection above this fail the check (measured: ~230 bytes). */
const PROMOTED_LIMIT = 16 * 1024;

/** Runs a TypeScript entry (bundled, React external) in a process of its own; its output. */
function runElsewhere(source: string, flags: string[]): string {
  const cache = join(ROOT, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'jsont-young-'));
  try {
    writeFileSync(join(dir, 'entry.ts'), source);
    buildSync({
      entryPoints: [join(dir, 'entry.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      outfile: join(dir, 'entry.mjs'),
      external: ['react', 'react-dom'],
      logLevel: 'silent',
    });
    return execFileSync(process.execPath, [...flags, join(dir, 'entry.mjs')], {
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'production' },
      maxBuffer: 64 * 1024 * 1024,
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Source that makes V8 pretenure React's element literal, as a process that keeps elements
 * alive ends up doing; defines `young(o)`, `keep` and `pretenured` (the premise of a check).
 */
const PRETENURE_REACT = `
const young = new Function('o', 'return %InYoungGeneration(o)');
const keep = [];
for (let round = 0; round < 20 && young(createElement('b', null)); round++) {
  for (let i = 0; i < 5000; i++) keep.push(createElement('li', { className: 'x' + i }, 'a'));
  gc({ type: 'minor' });
}
const pretenured = !young(createElement('b', null));
`;

const LIST =
  '<ul class="products">{.repeated section items}<li class="product {.if sold}sold-out{.end}" ' +
  'data-id="{id}"><a href="/shop/p/{urlId}"><img src="{image}" alt="{title}"></a>' +
  '<noscript><img src="{image}"></noscript><h3 class="title">{title}</h3>' +
  '<div class="excerpt">{excerpt}</div></li>{.end}</ul>' +
  '{footer|apply footer.block}';
// Plain text, markup the fast path builds, markup the tree builder builds, a partial.
const EXCERPTS = [
  'Plain',
  'Has <em>markup</em> &amp; entities',
  '<ul><li>one<li>two</ul><select><option>a<option selected>b</select>',
];
const LIST_DATA = {
  items: Array.from({ length: 12 }, (_, i) => ({
    id: `p${i}`,
    urlId: `item-${i}`,
    title: `Item ${i} & more`,
    image: `/img/${i}.png`,
    sold: i % 3 === 0,
    excerpt: EXCERPTS[i % 3],
  })),
  footer: { note: 'Thanks' },
};
const LIST_PARTIALS = {
  'footer.block': '<footer><p>{note}</p><table><tr><td>x</td></tr></table></footer>',
};

interface OldObjects {
  pretenured: boolean;
  objects: number;
  old: Record<'generated' | 'closures', string[]>;
}

/** Where each object of a render's tree lives, with React's literal pretenured. */
function oldObjects(): OldObjects {
  const source = `
import { createElement } from 'react';
import { compile, renderToReact } from ${INDEX};
import { useGeneratedCode } from ${CODEGEN};
${PRETENURE_REACT}
const template = compile(${JSON.stringify(LIST)});
const partials = Object.fromEntries(
  Object.entries(${JSON.stringify(LIST_PARTIALS)}).map(([name, text]) => [name, compile(text).code]),
);
let objects = 0;
// A static subtree is made once and shared by every render (it lives on, as it should): only
// what a render makes for itself must be young.
const seen = new Set();
const collect = (node) => {
  if (node === null || typeof node !== 'object' || seen.has(node)) return;
  seen.add(node);
  if (Array.isArray(node)) return node.forEach(collect);
  collect(node.props.children);
};
const walk = (node, path, old) => {
  if (node === null || typeof node !== 'object' || seen.has(node)) return;
  objects++;
  if (!young(node)) old.push(path);
  if (Array.isArray(node)) return node.forEach((kid, i) => walk(kid, path + '[' + i + ']', old));
  if (!young(node.props)) old.push(path + '.props');
  walk(node.props.children, path + '>' + (typeof node.type === 'string' ? node.type : 'fragment'), old);
};
// Each render's excerpts are its own: parsed markup is kept across renders, and only markup
// parsed in this render is made by it.
const data = ${JSON.stringify(LIST_DATA)};
let rendered = 0;
const render = () => {
  rendered++;
  const items = data.items.map((item) =>
    Object.assign({}, item, { excerpt: item.excerpt + ' <i>' + rendered + '</i>' }),
  );
  return renderToReact(template, Object.assign({}, data, { items }), { partials }).element;
};
const old = { generated: [], closures: [] };
for (const generated of [true, false]) {
  useGeneratedCode(generated);
  for (let i = 0; i < 300; i++) render(); // optimised code
  collect(render());
  walk(render(), '', generated ? old.generated : old.closures);
}
process.stdout.write(JSON.stringify({ pretenured, objects, old, kept: keep.length }));
`;
  return JSON.parse(runElsewhere(source, ['--allow-natives-syntax', '--expose-gc'])) as OldObjects;
}

interface Promotion {
  scavenges: number;
  promoted: number;
  rendered: string;
}

/**
 * Bytes promoted per minor collection while `once` runs again and again, as `--trace-gc-nvp`
 * reports them; `sample` is printed first (what the renders make).
 */
function promotedPerScavenge(
  setup: string,
  once: string,
  sample: string,
  pretenure: boolean,
): Promotion {
  const source = `
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { compile, render, renderToReact } from ${INDEX};
${pretenure ? PRETENURE_REACT : 'const keep = [], pretenured = true;'}
if (!pretenured) throw new Error('React literal not pretenured');
${setup}
const once = () => { ${once} };
for (let i = 0; i < 1000; i++) once();
console.log('MEASURE ' + JSON.stringify(${sample}));
const stop = Date.now() + 1500;
while (Date.now() < stop) once();
console.log('END', keep.length);
`;
  const out = runElsewhere(source, ['--trace-gc-nvp', '--allow-natives-syntax', '--expose-gc']);
  const measured = out.slice(out.indexOf('MEASURE '), out.indexOf('END'));
  const rendered = JSON.parse(measured.slice(8, measured.indexOf('\n'))) as string;
  const scavenges = measured.split('\n').filter((line) => / gc=s /.test(line));
  const promoted = scavenges.map((line) => Number(/ promoted=(\d+)/.exec(line)?.[1] ?? NaN));
  const total = promoted.reduce((sum, bytes) => sum + bytes, 0);
  return { scavenges: scavenges.length, promoted: total / scavenges.length, rendered };
}

/** Elements the renderer copies the props of, a closure element; formatters deriving options. */
function smallRenders(): Promotion {
  const react = [
    '<select name="s" data-a="{t}"><option value="{t}">{t}</option><option selected>b</option></select>',
    '<textarea data-a="{t}">{t}</textarea><noscript data-a="{t}"><b>{t}</b></noscript>',
    "<div data-a='{t}'>{.if t}<i>{t}</i>{.end}</div>",
  ];
  const strings = [
    '{d|datetime date:long} {d|datetime date:short time:short} {d|datetime time:short}',
  ];
  return promotedPerScavenge(
    `const data = { t: 'x', d: 1700000000000 };
     const react = ${JSON.stringify(react)}.map((text) => compile(text));
     const strings = ${JSON.stringify(strings)}.map((text) => compile(text));`,
    `for (const t of react) renderToReact(t, data);
     for (const t of strings) render(t, data);`,
    `react.map((t) => renderToString(renderToReact(t, data).element)).join('') +
     strings.map((t) => render(t, data).html).join('')`,
    false,
  );
}

/**
 * Bytes promoted while a demo store page (`template`, compiled as `page` with the site's
 * partials in `options` and the store's `data`) is rendered by `render`, a source expression.
 */
function demoPage(template: string, render: string, pretenure: boolean): Promotion {
  const partials = Object.fromEntries(
    readdirSync(join(SITE, 'partials')).map((name) => [
      name,
      readFileSync(join(SITE, 'partials', name), 'utf8'),
    ]),
  );
  const source = readFileSync(join(SITE, 'templates', `${template}.html`), 'utf8');
  return promotedPerScavenge(
    `const page = compile(${JSON.stringify(source)});
     const options = { partials: Object.fromEntries(Object.entries(${JSON.stringify(partials)})
       .map(([name, text]) => [name, compile(text).code])) };
     const data = ${JSON.stringify(storeData())};
     const draw = () => ${render};`,
    'draw();',
    'draw()',
    pretenure,
  );
}

/** The demo shop page rendered to HTML (its widgets make elements during renderToString). */
const shopPage = (): Promotion =>
  demoPage('shop', 'renderToString(renderToReact(page, data, options).element)', true);

/**
 * The demo product page, string render and React path: its add-to-cart form copies the item
 * with a flag (`{@|quantity-input form}`), which a spread copy plus a property made survive.
 */
const productPage = (): Promotion =>
  demoPage(
    'product',
    'render(page, data, options).html + renderToString(renderToReact(page, data, options).element)',
    false,
  );

/**
 * The storefront's page data (`storefrontData`) of the product page, as the site handler makes
 * it per request: the route data copied and properties added to the copy.
 */
function productPageData(): Promotion {
  const pageData = JSON.stringify(join(ROOT, 'storefront', 'state', 'page-data.ts'));
  return promotedPerScavenge(
    `const { initialState, storefrontData } = await import(${pageData});
     const text = ${JSON.stringify(JSON.stringify(storeData()))};
     const draw = () => { const data = JSON.parse(text); return storefrontData(data, initialState(data)); };`,
    'draw();',
    'JSON.stringify(draw()).slice(0, 64) + (draw().cartStatus ? " cartStatus" : "")',
    false,
  );
}

function runYoungSuite(): SuiteReport {
  const rows: string[][] = [];
  const summary: string[] = [];
  const verdict = (ok: boolean): string => (ok ? 'ok' : 'FAILED');
  const young = oldObjects();
  process.stderr.write('.');
  for (const kind of ['generated', 'closures'] as const) {
    const old = young.old[kind];
    rows.push([
      `render tree objects made old (${kind}, React literal pretenured)`,
      `${old.length} of ${young.objects}`,
      '0',
      verdict(young.pretenured && young.objects > 200 && old.length === 0),
    ]);
    if (old.length > 0) summary.push(`old (${kind}): ${old.slice(0, 5).join(', ')}`);
  }
  if (!young.pretenured) summary.push("premise not met: this V8 did not pretenure React's literal");
  const promotions: Array<[string, Promotion, string]> = [
    ['bytes promoted per minor GC: small React and string renders', smallRenders(), '<select'],
    [
      'bytes promoted per minor GC: shop page, React literal pretenured',
      shopPage(),
      'product-card',
    ],
    [
      'bytes promoted per minor GC: product page, string and React',
      productPage(),
      'name="quantity"',
    ],
    [
      'bytes promoted per minor GC: product page data (storefrontData)',
      productPageData(),
      'cartStatus',
    ],
  ];
  for (const [label, p, expected] of promotions) {
    process.stderr.write('.');
    const ok = p.rendered.includes(expected) && p.scavenges > 10 && p.promoted < PROMOTED_LIMIT;
    rows.push([
      label,
      `${p.promoted.toFixed(0)} B (${p.scavenges} GCs)`,
      `< ${PROMOTED_LIMIT} B`,
      verdict(ok),
    ]);
  }
  process.stderr.write('\n');
  const failed = rows.filter((row) => row[3] !== 'ok').length;
  summary.push(failed === 0 ? 'all checks pass' : `${failed} check(s) FAILED`);
  return {
    title: 'Young generation (V8 internals, production React, each in a process of its own)',
    columns: ['check', 'figure', 'limit', 'verdict'],
    rows,
    summary,
    data: {
      young,
      promotions: promotions.map(([label, p]) => ({ label, ...p, rendered: undefined })),
    },
  };
}

export const youngSuite: BenchSuite = { name: 'young', run: runYoungSuite };
