/**
 * The props of structured elements, compiled (node-compiler.ts): static attributes converted
 * once, attributes with holes set from their values in attribute order, blocks of attributes
 * set by their own setters (block-props.ts), and attribute lists with holes among them
 * tokenized at render time.
 */
import { textStep, type Emit } from '../../engine/fragments.js';
import type { Registry } from '../../engine/plugin.js';
import { Quote } from '../html/tokens.js';
import { attributeSetter, type Props } from '../runtime/attribute-props.js';
import { parseAttributes, propsOf } from '../runtime/host-elements.js';
import { attributeText, checkedValue, delimiterTest } from '../runtime/node-makers.js';
import type { ReactContext } from '../runtime/react-context.js';
import { dropsAttributes, firstAttributes, hasAttributeBlocks } from '../structure/code-queries.js';
import type { Part, RAttr } from '../structure/react-code.js';
import { blockSetter, type PropSetter } from './block-props.js';
import { escapeKeeps, unescapedStep } from './escape-bypass.js';

/** Props of a structured element; `fresh` when each call returns a new object. */
export interface PropsMaker {
  props: (ctx: ReactContext) => Props;
  fresh: boolean;
}

/**
 * A function returning each element's props: the static attributes are converted once (and
 * shared: `createElement` copies props), those with holes are set from their values on a new
 * object. Of two attributes with one name the first wins, as in HTML; that is settled here,
 * since names are known in advance.
 */
export function propsMaker(
  registry: Registry,
  tag: string,
  attrs: RAttr[],
  dynamic: Part[] | 0,
): PropsMaker {
  if (dynamic !== 0) {
    const source = joinedParts(registry, dynamic);
    const origin = dynamic.find((part) => typeof part !== 'string');
    const props = (ctx: ReactContext): Props => {
      const attrs = parseAttributes(source(ctx));
      if (attrs !== null) return propsOf(tag, attrs);
      // The rendered source ends the tag early or leaves a value open: render it whole.
      ctx.unbalanced(origin);
      return {};
    };
    return { props, fresh: true };
  }
  // With blocks of attributes, no React name is set twice (structure/conditional-attributes.ts).
  const first = hasAttributeBlocks(attrs) ? attrs : firstAttributes(attrs);
  // An attribute React cannot render is missing from the element (see `setAttribute`).
  const dropped = dropsAttributes(attrs);
  if (first.every(([, value]) => typeof value === 'string')) {
    const fixed = propsOf(
      tag,
      first.map(([name, value]) => ({ name, value: value as string, parts: null })),
    );
    if (dropped) fixed.suppressHydrationWarning = true;
    return { props: () => fixed, fresh: false };
  }
  // In attribute order (React prints props in order; the string path's HTML has that order):
  // a static attribute is a key and a converted value, one with holes a setter and a reader,
  // a block of attributes a setter of its own (block-props.ts).
  const keys: string[] = [];
  const values: unknown[] = [];
  const sets: Array<PropSetter | null> = [];
  const reads: Array<((ctx: ReactContext) => string) | null> = [];
  let exactStatics = !dropped;
  for (const [name, value, quote] of first) {
    if (typeof value === 'string') {
      const one = propsOf(tag, [{ name, value, parts: null }]);
      if (one.suppressHydrationWarning === true) exactStatics = false;
      for (const key of Object.keys(one)) {
        if (key === 'suppressHydrationWarning') continue;
        keys.push(key);
        values.push(one[key]);
        sets.push(null);
        reads.push(null);
      }
    } else {
      keys.push('');
      values.push(undefined);
      sets.push(
        name === ''
          ? blockSetter(value, registry, (list) => propsMaker(registry, tag, list, 0).props)
          : attributeSetter(tag, name),
      );
      reads.push(name === '' ? () => '' : decodedParts(registry, value, quote ?? Quote.DOUBLE));
    }
  }
  const n = keys.length;
  const props = (ctx: ReactContext): Props => {
    const props: Props = {};
    let exact = exactStatics;
    for (let i = 0; i < n; i++) {
      const set = sets[i];
      if (set === null) props[keys[i]!] = values[i];
      else exact = set!(props, reads[i]!(ctx), ctx) && exact;
    }
    if (!exact) props.suppressHydrationWarning = true;
    return props;
  };
  return { props, fresh: true };
}

/** A dynamic attribute list's static text and instruction output, joined (tokenized later). */
function joinedParts(registry: Registry, parts: Part[]): (ctx: ReactContext) => string {
  return concatenation(
    parts.map((part) => (typeof part === 'string' ? part : textStep(part, registry))),
  );
}

/** Static texts and instructions' output, in order, as one string. */
function concatenation(runs: Array<string | Emit>): (ctx: ReactContext) => string {
  return (ctx) => {
    let out = '';
    for (let i = 0; i < runs.length; i++) {
      const run = runs[i]!;
      out += typeof run === 'string' ? run : run(ctx);
    }
    return out;
  };
}

/**
 * An attribute value's static text and instructions, the instructions' output decoded; an
 * instruction ending in an escape runs without it instead (unescaped.ts). Output containing
 * the value's delimiter (`quote`) would end the value early in the browser: the page is then
 * rendered whole (`ReactContext.unbalanced`).
 */
function decodedParts(
  registry: Registry,
  parts: Part[],
  quote: Quote,
): (ctx: ReactContext) => string {
  const breaks = delimiterTest(quote);
  const runs = parts.map((part): string | Emit => {
    if (typeof part === 'string') return part;
    const plain = unescapedStep(part, registry);
    if (plain !== null) {
      if (!escapeKeeps(part, registry, quote)) return plain;
      return (ctx) => checkedValue(ctx as ReactContext, plain(ctx), breaks, part);
    }
    const run = textStep(part, registry);
    return (ctx) => attributeText(checkedValue(ctx as ReactContext, run(ctx), breaks, part));
  });
  const [lead, second] = runs;
  // A whole value from one instruction (`href="{url}"`): the commonest case.
  if (runs.length === 1 && typeof lead === 'function') return lead;
  if (runs.length === 2 && typeof lead === 'string' && typeof second === 'function') {
    // Static text, then one instruction (`href="/shop/p/{urlId}"`).
    return (ctx) => lead + second(ctx);
  }
  return concatenation(runs);
}
