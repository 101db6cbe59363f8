/**
 * React nodes from parsed HTML, and the one function that creates host elements for both the
 * structured tree and parsed markup, so the two agree on every HTML-to-React rule: raw text
 * elements get their text verbatim (dangerouslySetInnerHTML), a textarea's text becomes its
 * defaultValue, a select's selected options become its defaultValue, a submit or reset input's
 * value stays its value (its label), whitespace-only text
 * directly inside table parts is left out (see TABLE_PARTS), and adjacent text is always one
 * string (the DOM of the string path has one text node there; two React strings would not
 * hydrate).
 */
import { Char } from '../html/char-codes.js';
import { createElement, Fragment, isValidElement, type ReactElement, type ReactNode } from 'react';
import { jsx as jsxTyped, jsxs as jsxsTyped } from 'react/jsx-runtime';
import { setAttributes, type Props } from './attribute-props.js';
import { reactElementTag } from './react-element-shape.js';
import { inlineElement } from './unpretenured-objects.js';
import { decodeEntities } from '../html/entities.js';
import { HtmlTokenizer } from '../html/tokenizer.js';
import { RAW_TEXT, type AttrToken } from '../html/tokens.js';
import { isScopeBoundary, TABLE_TEXT, TEXT_ONLY } from '../html/tag-rules.js';
import { Ns, TreeBuilder, VOID, type HElement } from '../html/tree-builder.js';

/** Markup to be inserted verbatim as an element's content (the `<head>` region). */
export class RawHtml {
  constructor(readonly html: string) {}
}

export type Kid = ReactNode | RawHtml;

/** Appends text, merging it into a preceding string. */
export function pushText(kids: Kid[], text: string): void {
  if (text === '') return;
  const last = kids.length - 1;
  if (last >= 0 && typeof kids[last] === 'string') kids[last] = (kids[last] as string) + text;
  else kids.push(text);
}

/**
 * Whether React can create an element of this tag name: HTML allows names React refuses
 * (`<b<c>`, `<a"x>`), and `createElement` of one throws when rendered.
 */
export const reactCanName = (tag: string): boolean => /^[a-zA-Z][a-zA-Z:_.\-\d]*$/.test(tag);

/** Appends nodes, merging text at the seam. */
export function pushAll(kids: Kid[], nodes: Kid[]): void {
  for (const node of nodes) {
    if (typeof node === 'string') pushText(kids, node);
    else kids.push(node);
  }
}

/**
 * Table parts, whose content model has no text. The HTML parser keeps whitespace between their
 * children as text nodes, which no browser renders (CSS 2.1 §17.2.1 drops them), but React
 * cannot create or hydrate text there without a DOM-nesting error. The React tree leaves such
 * text out, and `hydrateTemplate` removes it from the server DOM before hydrating.
 */
export const TABLE_PARTS: ReadonlySet<string> = TABLE_TEXT;

/** Whitespace as HTML defines it (no-break spaces and other Unicode spaces are text). */
export const isHtmlBlank = (text: string): boolean => /^[ \t\n\f\r]*$/.test(text);

const notBlankText = (kid: Kid): boolean => typeof kid !== 'string' || !isHtmlBlank(kid);

/** Tags whose elements `host` may need to change the props or children of. */
const ADJUSTED = new Set(['textarea', 'select', 'script', 'input', ...RAW_TEXT, ...TABLE_PARTS]);

/** Whether `plainHost` is enough for a tag's elements (decided once per structured element). */
export function isPlainTag(tag: string): boolean {
  // <head> and <template> hold a raw region (see structure/structure.ts).
  return !ADJUSTED.has(tag) && tag !== 'head' && tag !== 'template';
}

/** `host` for tags that need no adjustment and hold no raw markup. */
export function plainHost(tag: string, props: Props, kids: Kid[]): ReactElement {
  // Props copied for `ownedHost` (they may be shared).
  // Not `{ ...props }`: in Node 20 (V8 11.3), adding a property to an object made by a spread
  // took about 1 µs, and the objects made around it survived minor collections and were
  // promoted (a `<select>` with one dynamic attribute rendered in 2.5 µs instead of 0.3, and
  // each minor collection took 3 ms; checked by `npm run bench -- --only young`).
  return ownedHost(tag, Object.assign({}, props), kids);
}

/**
 * What `createElement(tag, own, ...kids)` makes, made as `ownElement` makes it in React's
 * production build (unpretenured-objects.ts), which takes `key` and `ref` as `createElement` does:
 * unless `__self` or `__source`, which only `createElement` drops, is among the props.
 */
function ownedHost(tag: string, own: Props, kids: Kid[]): ReactElement {
  if (reactElementTag() !== null && own.__self === undefined && own.__source === undefined) {
    return ownElement(tag, own, kids);
  }
  // Children as arguments: React treats them as static (no keys needed). (jsx/jsxs with a
  // props spread measured slower: every element's props object gets a new shape.)
  return createElement(tag, own, ...(kids as ReactNode[]));
}

function noop(): void {}

/**
 * Creates a host element. `props` may be shared between renders (a static attribute set): it
 * is copied before any change.
 */
export function host(tag: string, props: Props, kids: Kid[]): ReactElement {
  if (!ADJUSTED.has(tag) && !(kids[0] instanceof RawHtml)) return plainHost(tag, props, kids);
  const own: Props = Object.assign({}, props); // not a spread (see plainHost)
  // A `<plaintext>` may hold the formatting elements its text reopened: nodes, as they are.
  if (tag === 'plaintext' && kids.some((kid) => typeof kid !== 'string')) {
    return ownedHost(tag, own, kids);
  }
  if (RAW_TEXT.has(tag) || kids[0] instanceof RawHtml) {
    let html = '';
    for (const kid of kids) html += kid instanceof RawHtml ? kid.html : String(kid);
    if (html !== '') own.dangerouslySetInnerHTML = { __html: html };
    // React moves `<script async src>` into <head>; a load handler keeps it where it is.
    if (tag === 'script' && own.async === true && typeof own.src === 'string') own.onLoad = noop;
    return ownedHost(tag, own, []);
  }
  if (TABLE_PARTS.has(tag)) return plainHost(tag, props, kids.filter(notBlankText));
  if (tag === 'textarea') {
    if (kids.length > 0) own.defaultValue = kids.join('');
    return ownedHost(tag, own, []);
  }
  if (tag === 'input') buttonValue(own);
  else if (tag === 'select') kids = selectDefaults(own, kids);
  else if (tag === 'script' && own.async === true && typeof own.src === 'string') own.onLoad = noop;
  return ownedHost(tag, own, kids);
}

/** Input types whose value attribute is their label: React writes it only from `value`. */
const BUTTON_INPUTS = new Set(['submit', 'reset']);

/**
 * A submit or reset input's value is its label, which React renders from `value` only (from
 * `defaultValue` it leaves the attribute out, and the browser shows its own "Submit"): a client
 * render would lose the label that the server's HTML and hydration keep.
 */
function buttonValue(props: Props): void {
  const type = typeof props.type === 'string' ? props.type.toLowerCase() : '';
  if (BUTTON_INPUTS.has(type) && props.defaultValue !== undefined && props.value === undefined) {
    props.value = props.defaultValue;
    props.defaultValue = undefined;
  }
}

function textOf(children: unknown): string {
  if (typeof children === 'string') return children;
  if (Array.isArray(children)) return children.map(textOf).join('');
  return '';
}

/**
 * React selects options through the select's defaultValue and warns about `selected` on an
 * option; the DOM is the same either way.
 */
function selectDefaults(props: Props, kids: Kid[]): Kid[] {
  const selected: string[] = [];
  const visit = (nodes: Kid[]): Kid[] =>
    nodes.map((node) => {
      if (!isValidElement(node)) return node;
      const p = node.props as Props & { children?: unknown };
      if (node.type === 'optgroup') {
        const { children, ...rest } = p;
        const list = (Array.isArray(children) ? children : [children]) as Kid[];
        return ownedHost('optgroup', rest, visit(list));
      }
      if (node.type !== 'option' || p.selected !== true) return node;
      selected.push(typeof p.value === 'string' ? p.value : textOf(p.children));
      const { children, ...rest } = p;
      rest.selected = undefined;
      const list = (Array.isArray(children) ? children : [children]) as ReactNode[];
      return ownedHost('option', rest, list as Kid[]);
    });
  const out = visit(kids);
  if (selected.length > 0) {
    props.defaultValue = props.multiple === true ? selected : selected[selected.length - 1];
  }
  return out;
}

/** Props from tokenized attributes (static values only). */
export function propsOf(tag: string, attrs: ReadonlyArray<AttrToken<unknown>>): Props {
  const props: Props = {};
  if (!setAttributes(props, tag, attrs)) props.suppressHydrationWarning = true;
  return props;
}

/**
 * Tree construction straight to React nodes: an element's node is created when it closes,
 * from the children gathered while it was open (the builder already keeps adjacent text as
 * one string), and only then added to its parent; no intermediate tree is walked afterwards.
 */
class MarkupBuilder extends TreeBuilder<never, ReactElement> {
  /** Set for a value's markup (`parseValue`): `outer` is then every element open around it. */
  strict = false;

  protected override attach(): void {}

  protected override reachesOutside(
    matches: (tag: string) => boolean,
    stops: (tag: string) => boolean,
  ): boolean {
    return this.strict && this.searchOuter(matches, stops);
  }

  /**
   * The places of elements opened past the depth limit among their parent's children (see
   * open-elements.ts `attachDeep`): taken as they open, filled as they close.
   */
  private slots: Map<Open, number> | null = null;

  protected override attachDeep(parent: Open, el: Open): void {
    super.attachDeep(parent, el);
    (this.slots ??= new Map()).set(el, parent.children.push(null as never) - 1);
  }

  protected override closed(el: Open, parent: Open): void {
    const tag = el.tag;
    const attrs = el.attrs;
    // An SVG or MathML element named as an HTML one (`<svg><style>`) gets no HTML adjustment:
    // its children are nodes, not raw text (void names aside: React refuses their children).
    const html = el.ns === Ns.HTML;
    const kind = html ? HOST_KINDS.get(tag) : VOID.has(tag) ? HostKind.VOID : undefined;
    const type = html ? tag : foreignType(tag);
    // A void tag name can still hold children in SVG (`<svg><input>x`); the string path's
    // HTML cannot show them, so neither does React.
    const kids = kind === HostKind.VOID ? [] : (el.children as Kid[]);
    const slot = this.slots?.get(el);
    const into = parent.children as Kid[];
    if (!reactCanName(tag)) {
      // `a <b<c>`: an element React cannot create (it throws); its content stands in for it.
      if (slot === undefined) pushAll(into, kids);
      else into[slot] = createElement(Fragment, null, ...(kids as ReactNode[]));
      return;
    }
    const props = propsOf(tag, attrs);
    const reserved = hasReservedName(attrs);
    const node =
      kind === HostKind.ADJUSTED || (html && reserved)
        ? host(tag, props, kids)
        : reserved
          ? plainHost(type, props, kids)
          : ownElement(type, props, kids);
    if (slot === undefined) into.push(node);
    else into[slot] = node;
  }
}

type Open = HElement<never, ReactElement>;

/**
 * HTML names React handles apart in any namespace (form controls, what it moves into the
 * head…), besides those `host` adjusts: an SVG or MathML element so named gets its name in
 * capitals, which React hydrates as the same element (it compares names without case) and
 * handles as any other, and which `host` leaves as it is.
 */
const REACT_OWN = new Set('input option optgroup title meta link base html'.split(' '));

/** The React type of an SVG or MathML element named `tag` (see `REACT_OWN`). */
export function foreignType(tag: string): string {
  return REACT_OWN.has(tag) || !isPlainTag(tag) ? tag.toUpperCase() : tag;
}

/** Tags whose parsed elements `closed` treats apart (one lookup for both kinds). */
const enum HostKind {
  VOID,
  ADJUSTED,
}
const HOST_KINDS = new Map<string, HostKind>([
  ...[...VOID].map((tag): [string, HostKind] => [tag, HostKind.VOID]),
  ...[...ADJUSTED].map((tag): [string, HostKind] => [tag, HostKind.ADJUSTED]),
]);

/** React's `jsx`/`jsxs`, typed for element types known only at run time (any tag name). */
type Jsx = (type: string, props: Props) => ReactElement;
export const jsx = jsxTyped as unknown as Jsx;
export const jsxs = jsxsTyped as unknown as Jsx;

/**
 * The element `plainHost` makes, for props made for this one element: they become its props
 * object as they are (React's `jsx` keeps the object; `createElement` would copy it).
 */
export function ownElement(tag: string, props: Props, kids: Kid[]): ReactElement {
  if (kids.length === 1) props.children = kids[0];
  else if (kids.length > 1) props.children = kids;
  return propsElement(tag, props, kids.length > 1);
}

/**
 * `jsx(tag, props)` (`jsxs` for several children: the array is the element's, and needs no
 * keys), made by unpretenured-objects.ts `inlineElement` where it may be, unless React takes the
 * props' `key` or `ref`.
 */
export function propsElement(tag: string, props: Props, several: boolean): ReactElement {
  const made =
    props.key === undefined && props.ref === undefined ? inlineElement(tag, props) : null;
  if (made !== null) return made;
  return several ? jsxs(tag, props) : jsx(tag, props);
}

/**
 * Whether an attribute name is one `createElement` takes out of the props (`key`, `__self`,
 * `__source`) and `jsx` does not: such markup goes through `host`, so that it gives the
 * element it always gave.
 */
function hasReservedName(attrs: ReadonlyArray<AttrToken<never>>): boolean {
  for (let i = 0; i < attrs.length; i++) {
    const name = attrs[i]!.name;
    if (
      name === 'key' ||
      (name.charCodeAt(0) === Char.UNDERSCORE && (name === '__self' || name === '__source'))
    )
      return true;
  }
  return false;
}

/**
 * A value's markup as nodes of its `parent` element (`enclosing`: the elements open around the
 * value, outermost first, `parent` last), and how it sits there: `escaped` when it closes an
 * element it did not open (its parent, or one further out, as `</div>` or `<li>` may),
 * `leftOpen` names those it leaves open (template text after it would go inside in the
 * browser). Either way, a tree with the value inside `parent` may not be the browser's (see
 * react-context.ts `parseIn`, which takes simple markup a faster way first: simple-markup.ts).
 */
export function parseValue(
  html: string,
  parent: string,
  ns: Ns,
  enclosing: readonly string[],
): { kids: Kid[]; escaped: boolean; leftOpen: string[] | null; flattened: boolean } {
  if (html.indexOf('<') === -1) {
    return {
      kids: parseMarkup(html, parent, ns),
      escaped: false,
      leftOpen: null,
      flattened: false,
    };
  }
  const builder = new MarkupBuilder(parent, ns, enclosing);
  builder.strict = true;
  // Markup ending inside a tag or comment (`x <b`, `<!-- x`) takes in the template text after
  // it, in the browser: it does not stay inside its element either.
  const unfinished = tokenize(builder, html);
  // A formatting element closed without its end tag counts as open: the browser would reopen
  // it in the text after the value.
  const leftOpen = builder.leftOpen();
  builder.finish();
  return {
    kids: builder.root.children as Kid[],
    escaped: builder.escaped || unfinished,
    leftOpen,
    flattened: builder.flattened,
  };
}

/**
 * Why the browser would not keep `html` inside its container (a `container` element, inside the
 * `outer` elements, outermost first, whose end tag follows `html` in the page), or null when it
 * would. Hydration covers the container's content only, so markup that closes the container or
 * an element around it (a stray `</div>`), ends inside a tag or comment, or leaves open at its
 * end what keeps the container's end tag from closing the container (another element of its
 * name, a scope boundary such as a table, raw text, a select) cannot be hydrated: the browser's
 * DOM there is not any tree React could render inside the container.
 */
export function leavesContainer(
  html: string,
  container: string,
  outer: readonly string[],
): string | null {
  const builder = new MarkupBuilder(container, Ns.HTML, [...outer, container]);
  builder.strict = true;
  if (tokenize(builder, html)) return 'it ends inside a tag or comment';
  if (builder.escaped) return `it closes <${builder.escapedBy}>, which it did not open`;
  const stack = builder.stack;
  for (let i = 1; i < stack.length; i++) {
    const el = stack[i]!;
    const blocks =
      isScopeBoundary(el) ||
      (el.ns === Ns.HTML && (el.tag === container || el.tag === 'select' || TEXT_ONLY.has(el.tag)));
    if (blocks) return `it leaves <${el.tag}> open`;
  }
  return null;
}

/**
 * Markup as React nodes, parsed as the content of `parent`. Text without `<` or `&` is
 * returned as is: most values are plain text and are not parsed.
 */
export function parseMarkup(html: string, parent: string, ns: Ns): Kid[] {
  if (html.indexOf('<') === -1) {
    if (html.indexOf('&') === -1) return html === '' ? [] : [html];
    return [decodeEntities(html)];
  }
  const builder = new MarkupBuilder(parent, ns, []);
  tokenize(builder, html);
  builder.finish();
  return builder.root.children as Kid[];
}

/** Runs markup through a builder; true when it ended inside a tag or comment. */
function tokenize(builder: MarkupBuilder, html: string): boolean {
  const tokenizer = new HtmlTokenizer<never>(builder);
  tokenizer.write(html);
  const unfinished = !tokenizer.endsInText();
  tokenizer.end();
  return unfinished;
}

/**
 * Whether a value's plain text (no markup) does not fit in `parent` either: text other than
 * whitespace directly in a table, its body, a row or a column group, which the browser moves
 * before the table (foster parenting; with markup, `parseValue` finds it).
 */
export function fostersText(parent: string, ns: Ns, text: string): boolean {
  return ns === Ns.HTML && TABLE_TEXT.has(parent) && !isHtmlBlank(text);
}

/**
 * Attributes from a tag's attribute source (`class="a" {@|image-meta}` after rendering); null
 * when the source does not stay one attribute list: it ends the tag early (a `>` outside
 * quotes, as in an unquoted value) or leaves a value open, so that the browser reads the
 * template around it differently.
 */
export function parseAttributes(source: string): AttrToken<never>[] | null {
  let attrs: AttrToken<never>[] | null = null;
  let extra = false;
  const tokenizer = new HtmlTokenizer<never>({
    text() {
      extra = true;
    },
    tag(tag) {
      if (attrs === null) attrs = tag.attrs;
      else extra = true;
    },
  });
  tokenizer.write(`<x ${source}>`);
  return attrs !== null && !extra && tokenizer.endsInText() ? attrs : null;
}
