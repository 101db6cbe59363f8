/**
 * `image` and `product-quick-view` render built-in templates (formatters/templates/image.html,
 * product-quick-view.html) so that the React path builds their elements from the templates'
 * React code instead of parsing an HTML string at every render. Their output must stay what
 * the string-building implementations wrote, byte for byte, for any input; the React path must
 * give the same DOM, and must really build the widgets (no string made).
 */
import fc from 'fast-check';
import { createElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  render,
  renderToReact,
  type Formatter,
  type FormatterComponentProps,
  type FormatterTable,
  type RenderContext,
  type Variable,
} from '../../index.js';
import { altText, focalPoint } from '../../formatters/content-image.js';
import { escapeHtml } from '../../formatters/core-text.js';
import { asString, descendValue, getOwn, isObject } from '../../engine/values.js';
import { normalDom } from '../react/dom-equal.js';

// --- Oracle ---------------------------------------------------------------------------------
// The implementations these formatters had before they rendered built-in templates, kept only
// here, as the oracle of the output they must keep. (altText and focalPoint are unchanged.)

function oldMetaAttributes(image: unknown, alt: string): string {
  let out = '';
  if (isObject(descendValue(image, 'licensedAssetPreview'))) {
    out += 'data-licensed-asset-preview="true" ';
  }
  const componentKey = descendValue(image, 'componentKey');
  if (componentKey !== undefined) out += `data-component-key="${asString(componentKey)}" `;
  const url = asString(descendValue(image, 'assetUrl'));
  return (
    out +
    `data-src="${url}" data-image="${url}" ` +
    `data-image-dimensions="${asString(descendValue(image, 'originalSize'))}" ` +
    `data-image-focal-point="${focalPoint(image)}" alt="${alt}" `
  );
}

const OLD_IMAGE: Formatter = {
  apply(args: string[], vars: Variable[], ctx: RenderContext): void {
    const first = vars[0]!;
    const node = first.value;
    const className = args.length === 1 ? args[0]! : 'thumb-image';
    const alt = escapeHtml(altText(node, ctx), true);
    const meta = node === undefined ? '' : oldMetaAttributes(node, escapeHtml(alt, true));
    first.set(
      `<noscript><img src="${asString(descendValue(node, 'assetUrl'))}" alt="${alt}" /></noscript>` +
        `<img class="${className}" ${meta}data-load="false" ` +
        `data-image-id="${asString(descendValue(node, 'id'))}" data-type="image" />`,
    );
  },
};

function oldQuickViewGroup(item: unknown, group: string | undefined, ctx: RenderContext): string {
  if (group === undefined) return '';
  const own = isObject(item) ? getOwn(item, group) : undefined;
  if (own !== undefined) return asString(own);
  const resolved = ctx.resolve([group]);
  return resolved === undefined ? group : asString(resolved);
}

const OLD_QUICK_VIEW: Formatter = {
  apply(args: string[], vars: Variable[], ctx: RenderContext): void {
    const first = vars[0]!;
    const item = first.value;
    const text = ctx.resolve(['localizedStrings', 'productQuickViewText']);
    const label = text === undefined ? 'Quick View' : asString(text);
    const id = asString(descendValue(item, 'id'));
    const group = oldQuickViewGroup(item, args[0], ctx);
    first.set(
      `<span class="sqs-product-quick-view-button" role="button" tabindex="0" data-id="${id}" data-group="${group}">${label}</span>`,
    );
  },
};

const ORACLES: FormatterTable = { 'old-image': OLD_IMAGE, 'old-quick-view': OLD_QUICK_VIEW };

// --- Inputs ---------------------------------------------------------------------------------

/** Text for values printed escaped (alt sources, labels): markup and quotes included. */
const markupText = fc.string({
  unit: fc.constantFrom('a', 'B', ' ', '&', '<', '>', '"', "'", ';', 'amp', '#', '/', 'é'),
  maxLength: 14,
});

/**
 * Text for values printed raw inside quoted attributes (URLs, sizes, keys, ids). A raw `"`
 * there ends the attribute in the string path's HTML, while the React path builds the attribute
 * from the whole value, as for any template that prints a quote inside a quoted attribute; the
 * platform never supplies such values, so quotes are checked on the string path only.
 */
const attributeText = (quotes: boolean) =>
  fc.string({
    unit: fc.constantFrom(...'a/.?=&<> 1', 'amp;', ...(quotes ? ['"'] : [])),
    maxLength: 12,
  });

const scalar = fc.oneof(fc.integer({ min: -5, max: 5 }), fc.boolean(), fc.constant(null));

/** An optional key: absent, or a value from `value`. */
function optional<T>(value: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> {
  return fc.option(value, { nil: undefined, freq: 3 });
}

function imageArb(forDom: boolean): fc.Arbitrary<unknown> {
  const raw = fc.oneof(attributeText(!forDom), scalar);
  const record = fc
    .record({
      assetUrl: optional(raw),
      title: optional(fc.oneof(markupText, scalar)),
      body: optional(
        fc.oneof(
          markupText.map((t) => `<p>${t}</p>`),
          markupText,
          scalar,
        ),
      ),
      filename: optional(fc.oneof(markupText, scalar)),
      altText: optional(
        fc.oneof(
          markupText.map((t) => ` ${t} `),
          scalar,
        ),
      ),
      id: optional(raw),
      originalSize: optional(raw),
      componentKey: optional(raw),
      licensedAssetPreview: optional(
        fc.oneof(fc.constant({}), fc.constant({ url: 'x' }), fc.constant('yes'), scalar),
      ),
      mediaFocalPoint: optional(
        fc.oneof(
          fc.constant(null),
          fc.record({ x: fc.double({ min: 0, max: 1, noNaN: true }), y: fc.constant(0.25) }),
          fc.constant({}),
          fc.constant({ x: '0.3' }),
        ),
      ),
    })
    .map((image) =>
      Object.fromEntries(Object.entries(image).filter(([, value]) => value !== undefined)),
    );
  // Not an object at all: MISSING (no meta attributes), null, text, a list.
  return fc.oneof(
    { arbitrary: record, weight: 6 },
    fc.constant(undefined),
    fc.constant(null),
    fc.constant('image.jpg'),
    fc.constant([1, 2]),
  );
}

const imageArgs = fc.constantFrom('', ' product-card-img', ' thumb', ' a b', ' one two');

/** Page data around an image: maybe inside an image block (its own alt rules). */
function imageCase(forDom: boolean) {
  return fc.record({
    image: imageArb(forDom),
    args: imageArgs,
    blockType: fc.constantFrom(undefined, 5, 2),
  });
}

function imageData({ image, blockType }: { image: unknown; blockType: number | undefined }) {
  const data: Record<string, unknown> = {};
  if (image !== undefined) data['img'] = image;
  if (blockType !== undefined) data['blockType'] = blockType;
  return data;
}

/**
 * Labels for the DOM check. A label ending inside a tag's name (`<a`, `x <b`, `</`) is left out:
 * the browser runs such a value into the template text after it, while the React path's value
 * parsing drops the unfinished tag — a limitation of markup-bearing values in any template
 * (`<span>{label}</span>` shows it too), not of this widget.
 */
const domLabel = fc.oneof(
  fc.string({ unit: fc.constantFrom('a', ' ', '&', 'amp;', '>', '"', "'", 'é'), maxLength: 10 }),
  fc.constantFrom('<b>Quick</b> view', 'A &amp; B', '<em>open', 'Q &lt; R', '<br>'),
);

function quickViewCase(forDom: boolean) {
  const raw = fc.oneof(attributeText(!forDom), scalar);
  return fc.record({
    item: fc.oneof(
      fc
        .record({ id: optional(raw), collectionId: optional(raw), group: optional(raw) })
        .map((item) =>
          Object.fromEntries(Object.entries(item).filter(([, value]) => value !== undefined)),
        ),
      fc.constant(undefined),
      fc.constant('x'),
    ),
    // The label: absent, "", text with markup, or not text.
    label: fc.oneof(
      fc.constant(undefined),
      fc.constant(''),
      forDom ? domLabel : markupText,
      scalar,
    ),
    hasStrings: fc.boolean(),
    // The group argument: none, a field of the item, a page variable, a literal, @index.
    args: fc.constantFrom('', ' collectionId', ' group', ' pageGroup', ' literal-group', ' @index'),
    pageGroup: optional(raw),
  });
}

function quickViewData(c: {
  item: unknown;
  label: unknown;
  hasStrings: boolean;
  pageGroup: unknown;
}) {
  const data: Record<string, unknown> = { items: [c.item, c.item] };
  if (c.hasStrings) {
    data['localizedStrings'] = c.label === undefined ? {} : { productQuickViewText: c.label };
  }
  if (c.pageGroup !== undefined) data['pageGroup'] = c.pageGroup;
  return data;
}

// --- Checks ---------------------------------------------------------------------------------

const imageSources = (args: string) => ({
  now: `<div class="card">{img|image${args}}</div>`,
  old: `<div class="card">{img|old-image${args}}</div>`,
});

// In a repeated section, so that @index and the item's own fields are in reach.
const quickViewSources = (args: string) => ({
  now: `<ul>{.repeated section items}<li>{@|product-quick-view${args}}</li>{.end}</ul>`,
  old: `<ul>{.repeated section items}<li>{@|old-quick-view${args}}</li>{.end}</ul>`,
});

function expectSameString(sources: { now: string; old: string }, data: unknown): void {
  const now = render(sources.now, data);
  const old = render(sources.old, data, { formatters: ORACLES });
  expect(now.html).toBe(old.html);
  expect(now.errors).toEqual([]);
  expect(old.errors).toEqual([]);
}

/**
 * The React path's DOM is the string path's, and its warnings are those it gave when it parsed
 * the old string (a label that leaves an element open is rendered whole, as before), at the
 * same place: the page's `{…|product-quick-view}`, not the label's hole inside the built-in
 * template.
 */
function expectSameDom(sources: { now: string; old: string }, data: unknown): void {
  const react = renderToReact(sources.now, data);
  const before = renderToReact(sources.old, data, { formatters: ORACLES });
  const located = (errors: ReadonlyArray<{ code: string; line: number; column: number }>) =>
    errors.map((e) => `${e.code} ${e.line}:${e.column}`);
  expect(located(react.errors)).toEqual(located(before.errors));
  const old = render(sources.old, data, { formatters: ORACLES }).html;
  expect(normalDom(renderToString(react.element))).toBe(normalDom(old));
}

describe('image renders its built-in template', () => {
  it('writes what the string-building implementation wrote, for any image', () => {
    fc.assert(
      fc.property(imageCase(false), (c) => expectSameString(imageSources(c.args), imageData(c))),
      { numRuns: 400 },
    );
  });

  it('gives the React path the same DOM', () => {
    fc.assert(
      fc.property(imageCase(true), (c) => expectSameDom(imageSources(c.args), imageData(c))),
      { numRuns: 150 },
    );
  });

  it('keeps the noscript copy escaped once and the lazy image twice', () => {
    const data = { img: { assetUrl: '/a.jpg', title: 'A & "B"', id: 7 } };
    const out = render('{img|image card}', data).html;
    expect(out).toBe(
      '<noscript><img src="/a.jpg" alt="A &amp; &quot;B&quot;" /></noscript>' +
        '<img class="card" data-src="/a.jpg" data-image="/a.jpg" data-image-dimensions="" ' +
        'data-image-focal-point="0.5,0.5" alt="A &amp;amp; &amp;quot;B&amp;quot;" ' +
        'data-load="false" data-image-id="7" data-type="image" />',
    );
  });

  it('is not shadowed by page data (the template runs private)', () => {
    const page = {
      img: { assetUrl: '/a.jpg' },
      url: 'PAGE',
      alt: 'PAGE',
      id: 'PAGE',
      className: 'PAGE',
      usual: false,
      lazyAlt: 'PAGE',
      meta: 'PAGE ',
    };
    const out = render('{img|image}', page).html;
    expect(out).not.toContain('PAGE');
    expect(out).toBe(render('{img|old-image}', page, { formatters: ORACLES }).html);
  });
});

describe('product-quick-view renders its built-in template', () => {
  it('writes what the string-building implementation wrote, for any item and label', () => {
    fc.assert(
      fc.property(quickViewCase(false), (c) =>
        expectSameString(quickViewSources(c.args), quickViewData(c)),
      ),
      { numRuns: 300 },
    );
  });

  it('gives the React path the same DOM', () => {
    fc.assert(
      fc.property(quickViewCase(true), (c) =>
        expectSameDom(quickViewSources(c.args), quickViewData(c)),
      ),
      { numRuns: 100 },
    );
  });

  it('resolves the group from the item, then a variable, then takes it literally', () => {
    const data = {
      items: [{ id: 'i', collectionId: 'c' }],
      pageGroup: 'p',
      localizedStrings: { productQuickViewText: '' },
    };
    const groups = ['collectionId', 'pageGroup', 'other', '@index'].map((group) => {
      const out = render(
        `{.repeated section items}{@|product-quick-view ${group}}{.end}`,
        data,
      ).html;
      return /data-group="([^"]*)"/.exec(out)![1];
    });
    expect(groups).toEqual(['c', 'p', 'other', '1']);
  });
});

describe('on the React path', () => {
  it('builds both widgets from their templates: a markup-only component gets no HTML string', () => {
    const seen: Array<{ name: string; html: string }> = [];
    const Spy = Object.assign(
      (props: FormatterComponentProps): ReactNode => {
        seen.push({ name: props.name, html: props.html });
        return createElement('span', null, ...props.markup);
      },
      { markupOnly: true },
    );
    const data = { item: { id: 'i', assetUrl: '/a.jpg', title: 'T', collectionId: 'c' } };
    const react = renderToReact(
      '<div>{item|image x}{item|product-quick-view collectionId}</div>',
      data,
      {
        components: { image: Spy, 'product-quick-view': Spy },
      },
    );
    renderToString(react.element);
    expect(seen).toEqual([
      { name: 'image', html: '' },
      { name: 'product-quick-view', html: '' },
    ]);
  });
});
