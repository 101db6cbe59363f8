// Hostile input: elements nested 100,000 deep on the React path, in a template (structured at
// compile time, `jsont check --react`) and in a value's markup (parsed at render time). Both
// are built in time linear in the depth, without a stack overflow, as the browser builds them:
// past 512 elements open the rest go beside each other (html/open-elements.ts
// `MAX_ELEMENT_DEPTH`), with a REACT_TOO_DEEP warning.
//
// Linearity is checked as in linear-time.test.ts (tests/support/growth.ts), without wall-clock
// limits: the time at depth 50,000 over the time at depth 12,500, the median of several
// alternating pairs, must stay under 10x. Linear work gives about 4x, and the quadratic scans
// this guards against (every `<div>` walking the whole stack of open elements for a `<p>` to
// close: 41 s for the template and about 80 s for a value at depth 100,000) give about 16x.
import { Fragment, type ReactElement, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { compile, prepareReact, renderToReact } from '../../index.js';
import { MAX_ELEMENT_DEPTH } from '../../react-renderer/html/open-elements.js';
import { expectLinearGrowth, SIZE_FACTOR } from '../support/growth.js';

const LARGE = 100_000;
/** The depths timed. */
const TIMED_SMALL = 12_500;
const TIMED_LARGE = SIZE_FACTOR * TIMED_SMALL;

/**
 * Where two long texts first differ, with a little of each from there; null when equal (so that
 * a failure does not print a megabyte of markup).
 */
function difference(actual: string, expected: string): object | null {
  if (actual === expected) return null;
  let at = 0;
  while (actual[at] === expected[at]) at++;
  const from = Math.max(0, at - 40);
  return {
    at,
    lengths: [actual.length, expected.length],
    actual: actual.slice(from, at + 40),
    expected: expected.slice(from, at + 40),
  };
}

const nested = (tag: string, depth: number, inner: string): string =>
  `<${tag}>`.repeat(depth) + inner + `</${tag}>`.repeat(depth);

/**
 * The HTML of the tree the browser builds of `nested(tag, depth, inner)` at the top of a
 * render: MAX_ELEMENT_DEPTH elements nested, in the last of them every deeper one beside the
 * next, the last holding `inner` (Chromium's and WebKit's rule, as their parser tests show it).
 */
const flattened = (tag: string, depth: number, inner: string): string =>
  `<${tag}>`.repeat(MAX_ELEMENT_DEPTH) +
  `<${tag}></${tag}>`.repeat(depth - MAX_ELEMENT_DEPTH - 1) +
  `<${tag}>${inner}</${tag}>` +
  `</${tag}>`.repeat(MAX_ELEMENT_DEPTH);

/**
 * The HTML of an element tree of elements without props but children, and text (what the
 * tests here render), written with a loop. (`renderToString` recurses per level; past a few
 * thousand levels React catches its own stack overflow and goes on, and its HTML has lost a
 * dozen levels, so it cannot be the judge here.)
 */
function htmlOf(node: ReactNode): string {
  let html = '';
  const todo: Array<ReactNode | { close: string }> = [node];
  while (todo.length > 0) {
    const next = todo.pop()!;
    if (next === undefined || next === null) continue;
    if (Array.isArray(next)) {
      for (let i = next.length - 1; i >= 0; i--) todo.push(next[i] as ReactNode);
    } else if (typeof next === 'string') html += escapeText(next);
    else if (typeof next === 'object' && next !== null && 'close' in next) html += next.close;
    else if (typeof next === 'object' && next !== null && 'type' in next) {
      const el = next as ReactElement<{ children?: ReactNode }>;
      if (el.type === Fragment) {
        todo.push(el.props.children);
        continue;
      }
      const { children, ...rest } = el.props;
      expect(rest).toEqual({});
      html += `<${String(el.type)}>`;
      todo.push({ close: `</${String(el.type)}>` }, children);
    } else expect.fail(`unexpected node ${String(next)}`);
  }
  return html;
}

const escapeText = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** How many `tag` elements nest from `node` down its first children (a loop: no recursion). */
function depthOf(node: ReactNode, tag: string): number {
  let depth = 0;
  let at: ReactNode = node;
  for (;;) {
    while (Array.isArray(at)) at = (at as ReactNode[])[0];
    if (typeof at !== 'object' || at === null || !('type' in at)) return depth;
    const el = at as ReactElement<{ children?: ReactNode }>;
    if (el.type !== tag) {
      at = el.props.children;
      continue;
    }
    depth++;
    at = el.props.children;
  }
}

describe('a template nesting elements 100,000 deep', () => {
  const template = (depth: number): string => nested('div', depth, '{x}');

  it('is structured as the browser builds it, with one warning', () => {
    const compiled = compile(template(LARGE));
    const warnings = prepareReact(compiled).warnings;
    expect(warnings.map((w) => w.code)).toEqual(['REACT_TOO_DEEP']);
    const data = { x: 'in the middle' };
    const { element } = renderToReact(compiled, data);
    expect(depthOf(element, 'div')).toBe(MAX_ELEMENT_DEPTH + 1);
    expect(difference(htmlOf(element), flattened('div', LARGE, data.x))).toBeNull();
  });

  it('is structured in time linear in the depth (jsont check --react)', () => {
    expectLinearGrowth(
      'structuring nested divs',
      (source: string) => prepareReact(compile(source)),
      template(TIMED_SMALL),
      template(TIMED_LARGE),
    );
  }, 120_000);
});

describe('a value nesting elements 100,000 deep', () => {
  const template = compile('{v}');
  // div: the fast path for simple markup (simple-markup.ts); section: the tokenizer and tree
  // builder (react-renderer/html/tree-builder.ts).
  for (const tag of ['div', 'section']) {
    const value = (depth: number): string => nested(tag, depth, 'x &amp; y');

    it(`<${tag}>: renders as the browser builds it, with one warning`, () => {
      const data = { v: value(LARGE) };
      const { element, errors } = renderToReact(template, data);
      expect(errors.map((e) => e.code)).toEqual(['REACT_TOO_DEEP']);
      expect(depthOf(element, tag)).toBe(MAX_ELEMENT_DEPTH + 1);
      expect(difference(htmlOf(element), flattened(tag, LARGE, 'x &amp; y'))).toBeNull();
    });

    it(`<${tag}>: renders in time linear in the depth`, () => {
      // A new value each time: the React path keeps the nodes of values it parsed (and
      // concatenating the parts is linear too).
      const parts = (depth: number) => [`<${tag}>`.repeat(depth), `</${tag}>`.repeat(depth)];
      let run = 0;
      expectLinearGrowth(
        `a value of nested ${tag}s`,
        ([open, close]: string[]) => renderToReact(template, { v: `${open!}${run++}${close!}` }),
        parts(TIMED_SMALL),
        parts(TIMED_LARGE),
      );
    }, 120_000);
  }
});
