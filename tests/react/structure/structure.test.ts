/**
 * The structuring pass and what the browser receives: REACT_UNSTRUCTURED warnings with their
 * locations (also through `jsont check --react`), React code that survives JSON, the engine's
 * fragment hooks the React path runs on, and errors reported as by `render`.
 */
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { compile, prepareReact, render, renderToReact } from '../../../index.js';
import { capture, controlFlow, ExecContext, stringStep } from '../../../engine/fragments.js';
import { defaultRegistry } from '../../../index.js';
import { Kind } from '../../../react-renderer/structure/react-code.js';
import { renderPrepared } from '../../../react-renderer/browser.js';
import { runJsont, tempWorkspace } from '../../cli/helpers.js';

function warnings(source: string): Array<[number, number]> {
  return prepareReact(compile(source)).warnings.map((w) => {
    expect(w.code).toBe('REACT_UNSTRUCTURED');
    expect(w.severity).toBe('warning');
    return [w.line, w.column];
  });
}

describe('structuring', () => {
  it('structures balanced templates without warnings', () => {
    expect(
      warnings(
        '<ul class="{c}">\n{.repeated section items}<li>{@}</li>{.or}<li>none</li>{.end}\n</ul>' +
          '{.section a}<p title="{t}">{.if b}<b>{b}</b>{.end}</p>{.end}<p>a<p>b',
      ),
    ).toEqual([]);
  });

  it('reports each unstructurable region at its instruction', () => {
    expect(warnings('<p>\n  {.if a}<a href="/">{.end}x{.if a}</a>{.end}\n</p>')).toEqual([[2, 3]]);
    expect(warnings('<div>\n<h{n}>t</h{n}>')).toEqual([[2, 3]]);
    // A variable among the attributes (a block of whole attributes is structured instead).
    expect(warnings('<input\n  {attrs}>')).toEqual([[2, 3]]);
  });

  it('makes regions of exactly the unstructurable parts', () => {
    const { react } = prepareReact(compile('<p>a{.if x}<b>{.end}c{.if x}</b>{.end}</p><i>{y}</i>'));
    const p = react[0] as unknown[];
    expect(p[0]).toBe(Kind.ELEMENT);
    expect((p[3] as unknown[][]).map((n) => (typeof n === 'string' ? n : n[0]))).toEqual([
      'a',
      Kind.REGION,
    ]);
    const i = react[1] as unknown[];
    expect(i.slice(0, 3)).toEqual([Kind.ELEMENT, 'i', []]);
    expect((i[3] as unknown[][])[0]![0]).toBe(Kind.HOLE);
  });

  it('prepared templates survive JSON and render the same DOM without the compiler', () => {
    const template = compile('<div class="x {a}">{.section s}<b>{@}</b>{.end}<img {attrs}></div>');
    const shipped = JSON.parse(JSON.stringify(prepareReact(template))) as ReturnType<
      typeof prepareReact
    >;
    const data = { a: 'A', s: 'S & <i>T</i>', attrs: 'alt="q"' };
    const html = renderToString(renderPrepared(shipped, data).element);
    expect(html).toBe(renderToString(renderToReact(template, data).element));
    expect(html).toBe('<div class="x A"><b>S &amp; <i>T</i></b><img alt="q"/></div>');
  });

  it('reports the same errors as render, with locations', () => {
    const source = '<p>{a|apply nope}</p>\n{.section s}{.eval 1 +}{.end}';
    const data = { a: 1, s: true };
    const strip = (e: { code: string; line: number; column: number }): unknown => [
      e.code,
      e.line,
      e.column,
    ];
    expect(renderToReact(source, data).errors.map(strip)).toEqual(
      render(source, data).errors.map(strip),
    );
    expect(renderToReact(source, data).errors.length).toBeGreaterThan(0);
  });

  it('never throws on odd code', () => {
    expect(() =>
      renderToReact(
        [
          17,
          1,
          [
            [99, 'x'],
            [0, '<p>'],
          ],
          18,
        ] as never,
        {},
      ),
    ).not.toThrow();
    expect(renderToReact({} as never, {}).errors[0]!.code).toBe('INVALID_CODE');
  });
});

describe('engine/fragments.ts', () => {
  it('runs one instruction into a string and control flow with a foreign compiler', () => {
    const template = compile('{.section a}{b}{.or}none{.end}');
    const section = template.code[2][0] as unknown[];
    const ctx = new ExecContext(
      { a: { b: 'B' } },
      defaultRegistry,
      () => () => '',
      {},
      null,
      undefined,
    );
    expect(capture(ctx, stringStep(section as never, defaultRegistry))).toBe('B');
    // Blocks compiled by the caller: here they record which branch ran and the frame's node.
    const seen: unknown[] = [];
    const compiler = {
      registry: defaultRegistry,
      block: (block: unknown) => (c: ExecContext) => seen.push([block, c.node()]),
      alternate: () => (c: ExecContext) => seen.push(['alt', c.node()]),
    };
    const shell = [2, ['a'], 'BODY', 3];
    controlFlow(shell, compiler)(ctx);
    expect(seen).toEqual([['BODY', { b: 'B' }]]);
    const empty = new ExecContext({}, defaultRegistry, () => () => '', {}, null, undefined);
    controlFlow(shell, compiler)(empty);
    expect(seen[1]).toEqual(['alt', undefined]);
    expect(empty.cur.node).toEqual({});
  });
});

describe('jsont check --react', () => {
  let dispose: (() => void) | undefined;
  afterEach(() => dispose?.());

  it('prints REACT_UNSTRUCTURED warnings with line and column, only when asked', async () => {
    const ws = tempWorkspace({
      'a.html': '<p>\n{.if a}<a href="/">{.end}x{.if a}</a>{.end}</p>\n',
    });
    dispose = ws.dispose;
    const plain = await runJsont(ws.dir, ['check', 'a.html']);
    expect(plain.stderr).toBe('');
    const run = await runJsont(ws.dir, ['check', '--react', 'a.html']);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('a.html:2:1 warning:');
    expect(run.stderr).toContain('[REACT_UNSTRUCTURED]');
    expect(run.stdout).toContain('0 errors, 1 warning');
  });

  it('prints REACT_DROPPED_ATTRIBUTE at each tag with an attribute React cannot render', async () => {
    const ws = tempWorkspace({
      'b.html':
        '<p class="x">{a}\n  <a href="/" onclick="go()">x</a>{.if a}<i key="k">y</i>{.end}</p>\n',
    });
    dispose = ws.dispose;
    const run = await runJsont(ws.dir, ['check', '--react', 'b.html']);
    expect(run.code).toBe(0);
    const lines = run.stderr
      .split('\n')
      .filter((line) => line.includes('[REACT_DROPPED_ATTRIBUTE]'));
    expect(lines).toEqual([
      expect.stringMatching(
        /^b\.html:2:3 warning: React: the onclick attribute of <a> is left out/,
      ),
      expect.stringMatching(/^b\.html:2:42 warning: React: the key attribute of <i> is left out/),
    ]);
    expect(run.stdout).toContain('0 errors, 2 warnings');
  });
});
