/**
 * The React path's render state (the engine's context plus the children being collected) and
 * the parsing of markup-bearing values, which decides whether a value's markup fits where the
 * structured tree puts it.
 */
import type { Code, Instruction } from '../../engine/code.js';
import { ErrorCode, makeError, type TemplateError } from '../../engine/errors.js';
import { ExecContext } from '../../engine/fragments.js';
import { DEFAULT_COMPONENTS, type ComponentTable } from '../components/index.js';
import { parseMarkup, parseValue, type Kid } from './host-elements.js';
import type { SimpleContext, SimpleMarkupParser } from './simple-markup.js';
import type { Ns } from '../html/tree-builder.js';
import { SHELL_ORIGIN } from '../structure/react-code.js';
import { newArray } from './unpretenured-objects.js';
import { UNBALANCED_WHOLE } from '../warning-texts.js';
import type { BlockStructure } from '../structure/structure.js';

/** Where a value is parsed: inside a `parent` element, itself inside the `outer` elements. */
export interface ParseSite {
  readonly parent: string;
  readonly ns: Ns;
  /** Elements open around `parent`, outermost first. */
  readonly outer: readonly string[];
  /** `outer` and `parent`: every element a value's markup could close. */
  readonly enclosing: readonly string[];
  /**
   * What markup is built here as written (simple-markup.ts), once the server's simple-markup
   * parser has worked it out (the browser runtime does not carry that parser).
   */
  simple: SimpleContext | undefined;
}

/**
 * A site that can run a built-in template's code block as React code (compile/node-compiler.ts): the
 * block structured for its element, or rendered as a string and parsed where it cannot be.
 */
export interface TemplateSite extends ParseSite {
  runBlock(ctx: ReactContext, block: Instruction[], origin: unknown): void;
}

/**
 * What `executeTemplate` returns to a widget's formatter while its template's nodes are built
 * instead (`renderWidget`). Private-use characters: no template or data makes it by chance.
 */
const WIDGET_NODES = '\uE000jsont:widget-nodes\uE000';

/** The render state: the engine's context plus the children being collected. */
export class ReactContext extends ExecContext {
  kids: Kid[] = newArray();
  components: ComponentTable = DEFAULT_COMPONENTS;
  /** Structures partials applied as values (absent: they render as strings, then parse). */
  structureBlock: BlockStructure | undefined = undefined;
  /** The fast way for simple markup (simple-markup.ts), where the entry brings it. */
  simpleMarkup: SimpleMarkupParser | null = null;

  /** A warning at the first value whose markup did not stay inside its element (`parseIn`). */
  unbalancedAt: TemplateError | undefined = undefined;
  /**
   * Warns of a value whose markup nests elements past the depth limit (the server entry's:
   * runtime/too-deep.ts).
   */
  tooDeep: ((ctx: ReactContext, origin: unknown) => void) | undefined = undefined;

  /** While a widget's formatter runs (`renderWidget`): the site its template is built for. */
  private widgetSite: TemplateSite | null = null;
  private widgetOrigin: unknown = null;
  /** The nodes of the template the widget's formatter executed, once built. */
  private widgetNodes: Kid[] | null = null;
  /** While a widget's template is built: the outermost widget's hole (see `unbalanced`). */
  private widgetHole: unknown = undefined;

  /**
   * Runs a widget's formatter (`run`, the hole's one formatter) so that the built-in template
   * it executes is built as React code for `site`, not rendered to a string and parsed again:
   * its nodes, or the formatter's HTML when it executed no template. A formatter that puts the
   * template's output inside a string of its own is run again, the string way (its first run's
   * errors and warnings are taken back).
   */
  renderWidget(
    site: TemplateSite,
    origin: unknown,
    run: (ctx: ReactContext) => string,
  ): Kid[] | string {
    const errors = this.errors.length;
    const unbalancedAt = this.unbalancedAt;
    this.widgetSite = site;
    this.widgetOrigin = origin;
    this.widgetNodes = null;
    let html: string;
    try {
      html = run(this);
    } finally {
      this.widgetSite = null;
    }
    const nodes = this.widgetNodes;
    this.widgetNodes = null;
    if (nodes === null) return html;
    if (html === WIDGET_NODES) return nodes;
    this.errors.length = errors;
    this.unbalancedAt = unbalancedAt;
    return run(this);
  }

  /**
   * The engine's, except for the template of a widget's formatter (`renderWidget`): built as
   * React code. Templates executed inside that template are their own holes' business.
   */
  override executeTemplate(code: Code, node: unknown, isPrivate: boolean): string {
    const site = this.widgetSite;
    if (site === null || !Array.isArray(code)) return super.executeTemplate(code, node, isPrivate);
    this.widgetSite = null;
    const origin = this.widgetOrigin;
    const kids = this.kids;
    const hole = this.widgetHole;
    this.kids = newArray();
    this.widgetHole ??= origin;
    try {
      this.executeTemplateBlock(code, node, isPrivate, (block) =>
        site.runBlock(this, block as Instruction[], origin),
      );
      this.widgetNodes = this.kids;
    } finally {
      this.kids = kids;
      this.widgetHole = hole;
    }
    return WIDGET_NODES;
  }

  /**
   * Records that a value's output does not stay where the structured tree puts it (the render is
   * then redone whole), located at `origin` — or, inside a widget's built-in template, at the
   * widget's own hole: the page's author can do nothing at a location in our template.
   */
  unbalanced(origin: unknown): void {
    if (this.unbalancedAt !== undefined) return;
    const at = this.widgetHole ?? origin;
    const { loc, source } = this.locate(SHELL_ORIGIN.get(at as object) ?? at);
    this.unbalancedAt = makeError(
      ErrorCode.REACT_UNBALANCED_VALUE,
      UNBALANCED_WHOLE,
      loc,
      'warning',
      source,
    );
  }

  /** Errors of instructions inside shells are located at the instructions themselves. */
  override record(code: ErrorCode, message: string, inst: unknown): void {
    const origin = typeof inst === 'object' && inst !== null ? SHELL_ORIGIN.get(inst) : undefined;
    super.record(code, message, origin ?? inst);
  }
}

/**
 * Parses by length, then by string compared with `===`: most markup in a render is unique
 * (a partial's output per item), and a Map keyed on the string would hash all of it; a length
 * rarely matches by chance, and comparing unequal strings usually stops at the first characters.
 */
type ParsedByLength = Map<number, Array<[html: string, kids: Kid[], fit: Fit]>>;

/**
 * Markup parsed per parsing compiler, kept across renders: a repeated section often emits the
 * same markup-bearing value (a badge, a price, an excerpt) many times, a page rendered again
 * emits it again, and React elements are immutable, so identical markup shares one parse (the
 * nodes depend on the compiler's element and the string only). Everything is dropped once a
 * million characters of markup are kept.
 */
let parsedBySite = new WeakMap<ParseSite, ParsedByLength>();
let parsedChars = 0;

/**
 * How a value's markup sits in its element. Left open is harmless when the value ends its
 * element (`last`) and the element's end closes what the value left open in the browser too
 * (`closesAll`).
 */
const enum Fit {
  INSIDE,
  LEAVES_OPEN,
  ESCAPES,
}

/** Elements whose end tag pops every element open inside them (HTML's end-tag rules). */
const POPS_THROUGH = new Set(
  (
    'address article aside blockquote center details dialog dir div dl fieldset figcaption ' +
    'figure footer header hgroup listing main menu nav ol pre section summary ul p li dd dt ' +
    'h1 h2 h3 h4 h5 h6'
  ).split(' '),
);

/**
 * Elements that must not be left open even so: formatting elements (the parser reopens them in
 * the text after, even past the parent's end tag; `parseValue` lists those a block closed in
 * the value too, as in `<p><b>x</p>`), scope boundaries (the end tag would not reach past
 * them), and elements that change how what follows is parsed.
 */
const KEEPS_OPEN = new Set(
  (
    'a b big code em font i nobr s small strike strong tt u applet caption html table td th ' +
    'marquee object template button select option optgroup tbody thead tfoot tr colgroup svg ' +
    'math script style textarea title xmp iframe noembed noframes noscript plaintext form'
  ).split(' '),
);

const HEADING = /^h[1-6]$/;

/**
 * Whether the end tag of `parent` closes the elements a value left open, as the browser does:
 * not when one of them is the element that end tag stops at (a `<div>` left open in a
 * `<div>`, any heading in a heading), which it closes instead of `parent`.
 */
function closesAll(parent: string, leftOpen: readonly string[]): boolean {
  const heading = HEADING.test(parent);
  return (
    POPS_THROUGH.has(parent) &&
    !leftOpen.some((tag) => KEEPS_OPEN.has(tag) || tag === parent || (heading && HEADING.test(tag)))
  );
}

const TEMPLATE_TAG = /<template[\s/>]/i;

/** Strings of one length compared before giving up on sharing (bounds the work per parse). */
const SAME_LENGTH_LIMIT = 8;

/**
 * A value's markup as nodes of `compiler`'s element, through the render's cache. `origin` is
 * the instruction whose output it is: when the markup does not stay inside that element (it
 * closes it, or leaves an element open that template text after it would have to enter), the
 * tree built here cannot be the browser's, and the render is redone as a whole (see
 * `renderReactTemplate`).
 */
export function parseIn(
  ctx: ReactContext,
  compiler: ParseSite,
  html: string,
  origin: unknown,
  last = false,
): Kid[] {
  if (html.indexOf('<') === -1) return parseMarkup(html, compiler.parent, compiler.ns);
  if (parsedChars > 1e6) {
    parsedBySite = new WeakMap();
    parsedChars = 0;
  }
  let mine = parsedBySite.get(compiler);
  if (mine === undefined) parsedBySite.set(compiler, (mine = new Map()));
  let seen = mine.get(html.length);
  if (seen === undefined) mine.set(html.length, (seen = []));
  for (const [other, kids, fit] of seen) {
    if (other !== html) continue;
    if (fit === Fit.ESCAPES || (fit === Fit.LEAVES_OPEN && !last)) ctx.unbalanced(origin);
    return kids;
  }
  // Simple markup (simple-markup.ts) is built as written: it stays inside its element.
  let kids = ctx.simpleMarkup === null ? null : ctx.simpleMarkup(html, compiler);
  let fit = Fit.INSIDE;
  if (kids === null) {
    const parsed = parseValue(html, compiler.parent, compiler.ns, compiler.enclosing);
    kids = parsed.kids;
    // A template's content is a fragment of its own in the browser, not children hydration
    // would find: the page is rendered whole, where it is kept verbatim (structure/structure.ts).
    if (parsed.escaped || TEMPLATE_TAG.test(html)) fit = Fit.ESCAPES;
    else if (parsed.leftOpen !== null) {
      fit = closesAll(compiler.parent, parsed.leftOpen) ? Fit.LEAVES_OPEN : Fit.ESCAPES;
    }
    // Elements nested past the depth limit (said on the server; not kept, so said each time).
    if (parsed.flattened) {
      ctx.tooDeep?.(ctx, origin);
      seen = [];
    }
  }
  if (fit === Fit.ESCAPES || (fit === Fit.LEAVES_OPEN && !last)) ctx.unbalanced(origin);
  if (seen.length < SAME_LENGTH_LIMIT) {
    seen.push([html, kids, fit]);
    parsedChars += html.length;
  }
  return kids;
}
