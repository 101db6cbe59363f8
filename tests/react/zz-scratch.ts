import { renderToString } from 'react-dom/server';
import { render, renderToReact, compile, prepareReact } from '../../index.js';
const cases: Array<[string, unknown]> = [
  ['<div class="a {x}" id=q>Hello {name}!<br><img {@|json} alt="x"></div>', { x: 'b', name: 'Bob &amp; <b>Al</b>' }],
  ['<ul>{.repeated section items}<li>{@}</li>{.end}</ul>', { items: [1, 2, 3] }],
  ['<p>{.if a}<a href="{u}">{.end}link{.if a}</a>{.end}</p>', { a: true, u: '/x' }],
  ['<html><head><title>T</title><meta charset="utf-8"></head><body><table>\n<tr><td>{x}</td></tr></table><script>var a = 1 < 2; {x}</script><input value="{x}" checked><select><option>a</option><option selected>b</option></select></body></html>', { x: 'v' }],
  ['<h{n}>hi</h{n}>', { n: 2 }],
  ['{@|add-to-cart-btn}', { id: 'x' }],
];
for (const [src, data] of cases) {
  const t = compile(src);
  console.log('---', src);
  console.log('STR  ', render(t, data).html);
  const r = renderToReact(t, data);
  console.log('REACT', renderToString(r.element), r.errors.map((e) => e.message));
  console.log('WARN ', prepareReact(t).warnings.map((w) => `${w.line}:${w.column} ${w.message}`));
}
