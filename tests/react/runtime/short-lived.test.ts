/**
 * What a render makes dies young: after a render, nothing of it survives V8's minor collections
 * into the old generation. In Node 20 (V8 11.3), adding a property to an object made by a spread
 * (`{ ...props }`, then `children`; `{ ...base, dateStyle: 'long' }`) did not: the objects made
 * around it survived minor collections and were promoted. A `<select>` with a
 * dynamic attribute took 2.5 µs instead of 0.3 and each minor collection about 3 ms; the demo
 * product page paid it on every render. The count is V8's own (`--trace-gc-nvp`), in a process
 * of its own.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sitePartials, siteTemplate, storeData } from '../demo-site.js';
import { PRETENURE_REACT, runElsewhere } from '../support.js';

/** Elements the renderer copies the props of (host elements it adjusts), a closure element. */
const REACT_TEMPLATES = [
  '<select name="s" data-a="{t}"><option value="{t}">{t}</option><option selected>b</option></select>',
  '<textarea data-a="{t}">{t}</textarea><noscript data-a="{t}"><b>{t}</b></noscript>',
  "<div data-a='{t}'>{.if t}<i>{t}</i>{.end}</div>",
];
/** Formatters that derive Intl options from a base set (string path). */
const STRING_TEMPLATES = [
  '{d|datetime date:long} {d|datetime date:short time:short} {d|datetime time:short}',
];

/**
 * Bytes promoted per minor collection while `once` runs again and again, as `--trace-gc-nvp`
 * reports them, in a production process set up by `setup`; `sample` is printed first (what the
 * renders make). With `pretenure`, React's own element literal is made to allocate in the old
 * generation first, as a server that keeps elements alive ends up doing.
 */
function promotedPerScavenge(
  setup: string,
  once: string,
  sample: string,
  pretenure: boolean,
): { scavenges: number; promoted: number; rendered: string } {
  const at = (path: string): string => JSON.stringify(resolve(__dirname, path));
  const source = `
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { compile, render, renderToReact } from ${at('../../../index.ts')};
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
  const flags = ['--trace-gc-nvp', '--allow-natives-syntax', '--expose-gc'];
  const out = runElsewhere(source, flags, { NODE_ENV: 'production' });
  const measured = out.slice(out.indexOf('MEASURE '), out.indexOf('END'));
  const rendered = JSON.parse(measured.slice(8, measured.indexOf('\n'))) as string;
  const scavenges = measured.split('\n').filter((line) => / gc=s /.test(line));
  const promoted = scavenges.map((line) => Number(/ promoted=(\d+)/.exec(line)?.[1] ?? NaN));
  const total = promoted.reduce((sum, bytes) => sum + bytes, 0);
  return { scavenges: scavenges.length, promoted: total / scavenges.length, rendered };
}

describe('short-lived render objects', () => {
  it('promote nothing to the old generation, render after render', () => {
    const { scavenges, promoted, rendered } = promotedPerScavenge(
      `const data = { t: 'x', d: 1700000000000 };
       const react = ${JSON.stringify(REACT_TEMPLATES)}.map((text) => compile(text));
       const strings = ${JSON.stringify(STRING_TEMPLATES)}.map((text) => compile(text));`,
      `for (const t of react) renderToReact(t, data);
       for (const t of strings) render(t, data);`,
      `react.map((t) => renderToString(renderToReact(t, data).element)).join('') +
       strings.map((t) => render(t, data).html).join('')`,
      false,
    );
    // The renders ran (and what they print), and long enough for minor collections to count.
    expect(rendered).toContain('<select name="s" data-a="x">');
    expect(rendered).toContain('November 14, 2023');
    expect(scavenges).toBeGreaterThan(10);
    // Measured: about 900 KB per collection with the spreads, about 230 bytes without them.
    expect(promoted).toBeLessThan(16 * 1024);
  });

  it("promote nothing where React's literal is pretenured, widgets rendered to HTML", () => {
    // The shop page's widgets (FormatterWidget) make their elements during renderToString.
    const { scavenges, promoted, rendered } = promotedPerScavenge(
      `const shop = compile(${JSON.stringify(siteTemplate('shop.html'))});
       const options = { partials: ${JSON.stringify(sitePartials())} };
       const data = ${JSON.stringify(storeData(0))};
       const page = () => renderToString(renderToReact(shop, data, options).element);`,
      'page();',
      'page()',
      true,
    );
    expect(rendered).toContain('class="product-card');
    expect(scavenges).toBeGreaterThan(10);
    // Measured: about 340 KB per collection when widgets cloned their root with cloneElement.
    expect(promoted).toBeLessThan(16 * 1024);
  });
});
