import '../../bench/react-env.js';
import { readFileSync } from 'node:fs';
import { compile, render, renderToReact } from '../../index.js';
const SITE = 'fixtures/site';
const rj = (p: string) => JSON.parse(readFileSync(`${SITE}/${p}`, 'utf8'));
const shop = rj('data/collections/shop.json');
const data = {
  ...rj('data/website.json'),
  ...rj('data/localized-strings.json'),
  ...rj('data/merchandising.json'),
  collection: shop.collection,
  items: shop.items,
  item: shop.items[0],
};
const t = compile(readFileSync(`${SITE}/templates/product.html`, 'utf8'));
for (let round = 0; round < 8; round++) {
  let s = performance.now();
  for (let i = 0; i < 300; i++) render(t, data);
  const a = ((performance.now() - s) / 300) * 1000;
  s = performance.now();
  for (let i = 0; i < 300; i++) renderToReact(t, data);
  const b = ((performance.now() - s) / 300) * 1000;
  console.log(
    round,
    a.toFixed(0),
    b.toFixed(0),
    (process.memoryUsage().heapUsed / 1e6).toFixed(0) + 'MB',
  );
}
