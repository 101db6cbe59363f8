import '../../bench/react-env.js';
import { createElement, Fragment, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { compile, render, renderToReact } from '../../index.js';
import { parseMarkup } from '../../react-renderer/index.js';
const LIST_TEMPLATE =
  '<ul class="products">{.repeated section items}<li class="product {.if sold}sold-out{.end}" data-id="{id}">' +
  '<a href="/shop/p/{urlId}"><img src="{image}" alt="{title|htmlattr}" loading="lazy"></a>' +
  '<h3 class="title">{title}</h3><p class="price">{price|money-format}</p>' +
  '<p class="excerpt">{excerpt}</p></li>{.end}</ul>';
const n = Number(process.argv[2] ?? 256);
const items = Array.from({ length: n }, (_, i) => ({
  id: `p${i}`,
  urlId: `item-${i}`,
  title: `Item ${i} & more`,
  image: `/img/${i}.png`,
  price: 1000 + i,
  sold: i % 3 === 0,
  excerpt: i % 2 === 0 ? 'Plain text excerpt' : 'Has <em>markup</em> &amp; entities',
}));
const data = { items };
const t = compile(LIST_TEMPLATE);
const tree = createElement(
  Fragment,
  null,
  ...(parseMarkup(render(t, data).html, '#root', 0) as ReactNode[]),
);
const el = renderToReact(t, data).element;
const time = (fn: () => unknown) => {
  let best = Infinity;
  for (let r = 0; r < 15; r++) {
    const s = performance.now();
    for (let i = 0; i < 20; i++) fn();
    best = Math.min(best, (performance.now() - s) / 20);
  }
  return best;
};
const a = time(() => render(t, data).html);
const b = time(() => renderToReact(t, data).element);
const c = time(() => renderToString(el));
const d = time(() => renderToString(tree));
const e = time(() => renderToString(renderToReact(t, data).element));
console.log({
  render: a.toFixed(3),
  renderToReact: b.toFixed(3),
  rtsOurs: c.toFixed(3),
  rtsStatic: d.toFixed(3),
  total: e.toFixed(3),
  ratio: (e / d).toFixed(2),
});
