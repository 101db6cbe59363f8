import '../../bench/react-env.js';
import { compile, renderToReact } from '../../index.js';
const LIST_TEMPLATE =
  '<ul class="products">{.repeated section items}<li class="product {.if sold}sold-out{.end}" data-id="{id}">' +
  '<a href="/shop/p/{urlId}"><img src="{image}" alt="{title|htmlattr}" loading="lazy"></a>' +
  '<h3 class="title">{title}</h3><p class="price">{price|money-format}</p>' +
  '<p class="excerpt">{excerpt}</p></li>{.end}</ul>';
const items = Array.from({ length: 256 }, (_, i) => ({
  id: `p${i}`,
  urlId: `item-${i}`,
  title: `Item ${i} & more`,
  image: `/img/${i}.png`,
  price: 1000 + i,
  sold: i % 3 === 0,
  excerpt: i % 2 === 0 ? 'Plain text excerpt' : 'Has <em>markup</em> &amp; entities',
}));
const t = compile(LIST_TEMPLATE);
const s = performance.now();
for (let i = 0; i < 1500; i++) renderToReact(t, { items });
console.log((performance.now() - s) / 1500);
