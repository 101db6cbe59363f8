/**
 * The objects of a render's element tree stay in V8's young generation (react-renderer/runtime/unpretenured-objects.ts), even
 * in a process where React's own element literal has been pretenured: there, a tree made by
 * React's `jsx` or `createElement` would be allocated in the old generation and survive every
 * young collection until a full one (twice the time of a 16-item list, measured).
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRETENURE_REACT, runElsewhere } from '../support.js';

const LIST =
  '<ul class="products">{.repeated section items}<li class="product {.if sold}sold-out{.end}" ' +
  'data-id="{id}"><a href="/shop/p/{urlId}"><img src="{image}" alt="{title}"></a>' +
  '<noscript><img src="{image}"></noscript><h3 class="title">{title}</h3>' +
  '<div class="excerpt">{excerpt}</div></li>{.end}</ul>' +
  '{footer|apply footer.block}';

// Plain text, markup the fast path builds, markup the tree builder builds (a select's
// elements are adjusted), a partial.
const EXCERPTS = [
  'Plain',
  'Has <em>markup</em> &amp; entities',
  '<ul><li>one<li>two</ul><select><option>a<option selected>b</select>',
];
const DATA = {
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
const PARTIALS = {
  'footer.block': '<footer><p>{note}</p><table><tr><td>x</td></tr></table></footer>',
};

/** In a production process: React's literal pretenured, then where each tree object lives. */
function oldObjects(): { controlOld: boolean; objects: number; old: string[] } {
  const at = (path: string): string => JSON.stringify(resolve(__dirname, path));
  const source = `
import { createElement } from 'react';
import { compile, renderToReact } from ${at('../../../index.ts')};
import { useGeneratedCode } from ${at('../../../react-renderer/codegen/generated-function.ts')};
${PRETENURE_REACT}
const template = compile(${JSON.stringify(LIST)});
const partials = Object.fromEntries(
  Object.entries(${JSON.stringify(PARTIALS)}).map(([name, text]) => [name, compile(text).code]),
);
const old = [];
let objects = 0;
// Objects of the previous render: a static subtree is made once and shared by every render
// (it lives on, as it should); only what a render makes for itself must be young.
const seen = new Set();
const collect = (node) => {
  if (node === null || typeof node !== 'object' || seen.has(node)) return;
  seen.add(node);
  if (Array.isArray(node)) return node.forEach(collect);
  collect(node.props.children);
};
const walk = (node, path) => {
  if (node === null || typeof node !== 'object' || seen.has(node)) return;
  objects++;
  if (!young(node)) old.push(path);
  if (Array.isArray(node)) return node.forEach((kid, i) => walk(kid, path + '[' + i + ']'));
  if (!young(node.props)) old.push(path + '.props');
  walk(node.props.children, path + '>' + (typeof node.type === 'string' ? node.type : 'fragment'));
};
// Each render's excerpts are its own: parsed markup is kept across renders (react-renderer/runtime/react-context.ts
// \`parseIn\`), and only markup parsed in this render is made by it.
const data = ${JSON.stringify(DATA)};
let rendered = 0;
const render = () => {
  rendered++;
  const items = data.items.map((item) =>
    Object.assign({}, item, { excerpt: item.excerpt + ' <i>' + rendered + '</i>' }),
  );
  return renderToReact(template, Object.assign({}, data, { items }), { partials }).element;
};
for (const generated of [true, false]) {
  useGeneratedCode(generated);
  // Enough renders for the code to be optimised.
  for (let i = 0; i < 300; i++) render();
  collect(render());
  walk(render(), generated ? 'generated' : 'closures');
}
process.stdout.write(JSON.stringify({ controlOld: pretenured, objects, old, kept: keep.length }));
`;
  const out = runElsewhere(source, ['--allow-natives-syntax', '--expose-gc'], {
    NODE_ENV: 'production',
  });
  return JSON.parse(out) as { controlOld: boolean; objects: number; old: string[] };
}

describe('young render objects', () => {
  it('keeps every element, props object and children array young where React pretenures', () => {
    const { controlOld, objects, old } = oldObjects();
    // The premise: this V8 pretenured React's element literal (else the test shows nothing).
    expect(controlOld).toBe(true);
    expect(objects).toBeGreaterThan(200);
    expect(old).toEqual([]);
  });
});
