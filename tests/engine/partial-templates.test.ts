import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { compileTemplate } from '../../engine/compile.js';
import type { Code } from '../../engine/code.js';
import { MAX_PARTIALS, MAX_SOURCE_CHARS, parsePartial } from '../../engine/partial-templates.js';
import { renderTemplate } from '../../engine/render.js';
import type { ParseFunction, Template } from '../../engine/template.js';
import { defaultRegistry } from '../../render-runtime.js';
import { renderReactTemplate } from '../../react-renderer/index.js';

/** The real compiler, counting its calls (a new function each: the cache is per parser). */
function countingParse(): ParseFunction & { calls: number } {
  const parse = (source: string, name?: string): Template => {
    counted.calls++;
    return compileTemplate(source, defaultRegistry, name);
  };
  const counted = Object.assign(parse, { calls: 0 });
  return counted;
}

const layout = (): Code =>
  compileTemplate('<main>{a|apply row.block}{b|apply row.block}</main>', defaultRegistry).code;
const partials = { 'row.block': '<p class="{k}">{v|html}</p>' };
const data = { a: { k: 'x', v: '<1>' }, b: { k: 'y', v: '2' } };

describe('partials given as source are parsed once across renders', () => {
  const paths: [string, (code: Code, parse: ParseFunction) => string][] = [
    [
      'string',
      (code, parse) => renderTemplate(code, data, { partials }, defaultRegistry, parse).html,
    ],
    [
      'React',
      (code, parse) =>
        renderToString(
          renderReactTemplate(code, data, { partials }, defaultRegistry, { parse }).element,
        ),
    ],
  ];

  it.each(paths)('the %s path parses each partial source once for many renders', (_, render) => {
    const parse = countingParse();
    const code = layout();
    const outputs = [1, 2, 3].map(() => render(code, parse));
    expect(outputs).toEqual(
      Array(3).fill('<main><p class="x">&lt;1&gt;</p><p class="y">2</p></main>'),
    );
    expect(parse.calls).toBe(1);
  });

  it('a changed source is parsed again, and a partial with syntax errors reports them on every render', () => {
    const parse = countingParse();
    const code = layout();
    const first = renderTemplate(code, data, { partials }, defaultRegistry, parse);
    const changed = { 'row.block': '<b>{v}</b>' };
    expect(renderTemplate(code, data, { partials: changed }, defaultRegistry, parse).html).toBe(
      '<main><b><1></b><b>2</b></main>',
    );
    expect(first.html).toContain('class="x"');
    expect(parse.calls).toBe(2);
    const broken = { 'row.block': '{.section v}unclosed' };
    const errors = [1, 2].map(
      () => renderTemplate(code, data, { partials: broken }, defaultRegistry, parse).errors.length,
    );
    expect(errors[0]).toBeGreaterThan(0);
    expect(errors[1]).toBe(errors[0]);
    expect(parse.calls).toBe(3);
  });

  it('the same source under another name is parsed for that name (errors name their partial)', () => {
    const parse = countingParse();
    const a = parsePartial(parse, '{.section v}x', 'a.block');
    const b = parsePartial(parse, '{.section v}x', 'b.block');
    expect(parse.calls).toBe(2);
    expect(a.errors[0]?.source).toBe('a.block');
    expect(b.errors[0]?.source).toBe('b.block');
    expect(parsePartial(parse, '{.section v}x', 'a.block')).toBe(a);
    expect(parse.calls).toBe(2);
  });
});

describe('the partial cache is bounded', () => {
  it(`keeps at most ${MAX_PARTIALS} templates: past that it starts again`, () => {
    const parse = countingParse();
    for (let i = 0; i < MAX_PARTIALS; i++) parsePartial(parse, `<i>${i}</i>`, 'p');
    parsePartial(parse, '<i>0</i>', 'p');
    expect(parse.calls).toBe(MAX_PARTIALS);
    parsePartial(parse, '<i>one too many</i>', 'p');
    parsePartial(parse, '<i>0</i>', 'p');
    expect(parse.calls).toBe(MAX_PARTIALS + 2);
  });

  it(`keeps at most ${MAX_SOURCE_CHARS} characters of source`, () => {
    const parse = countingParse();
    const big = (c: string): string => c.repeat(MAX_SOURCE_CHARS / 2 + 1);
    parsePartial(parse, big('a'), 'p');
    parsePartial(parse, big('a'), 'p');
    expect(parse.calls).toBe(1);
    parsePartial(parse, big('b'), 'p');
    parsePartial(parse, big('a'), 'p');
    expect(parse.calls).toBe(3);
  });
});
