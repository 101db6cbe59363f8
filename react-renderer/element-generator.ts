/**
 * Generated element code (element-code.ts) for the React path's structured elements: which
 * elements qualify, and the source of the function that builds one. A plain element whose
 * attributes are static or stored as they are qualifies; its children are built inline when
 * they can go straight to React (elements, texts, values), or collected by the closures.
 */
import type { Instruction } from '../engine/code.js';
import { inlineKey, textStep, type Exec } from '../engine/fragments.js';
import type { Registry } from '../engine/plugin.js';
import { plainAttributeProp } from './attributes.js';
import { canGenerateCode, ElementCode, type CodeHelpers } from './element-code.js';
import { reactElementTag } from './element-shape.js';
import { InlineElement } from './young-objects.js';
import { escapeKeeps, unescapedStep } from './unescaped.js';
import {
  attributeText,
  collectedNode,
  jsx,
  jsxs,
  quotedValue,
  valueNode,
  type Make,
} from './element-makers.js';
import { isPlainTag, propsOf } from './elements.js';
import { Quote } from './html-tokenizer.js';
import type { Ns } from './html-tree.js';
import type { ParseSite } from './react-context.js';
import { Kind, type Part, type RAttr, type RNode } from './react-code.js';
import {
  firstAttributes,
  hasAttributeBlocks,
  isStaticElement,
  nsOf,
  straightChildren,
} from './react-nodes.js';

/** One element position of the React compiler, as generated code needs it. */
/** Compiles one structured element to generated code (see `generatedElement`). */
export type ElementGenerator = typeof generatedElement;

/**
 * The generator where generated code may be used here (element-code.ts `canGenerateCode`), else
 * null. Passed to the renderer by the server entry, so the browser runtime never carries it.
 */
export function elementGenerator(): ElementGenerator | null {
  return canGenerateCode() ? generatedElement : null;
}

export interface CodeSite extends ParseSite {
  readonly registry: Registry;
  readonly ns: Ns;
  /** The position of a `tag` element's content inside this one. */
  child(tag: string, ns: Ns): CodeSite;
  /** An element's children collected in `ctx.kids` by the closures. */
  body(nodes: RNode[]): Exec;
  /** A child element's maker as the compiler makes it (static, generated or a closure). */
  elementMaker(tag: string, attrs: RAttr[], children: RNode[], dynamic: Part[] | 0): Make;
}

/** The element as generated code (see element-code.ts), or null where it does not apply. */
export function generatedElement(
  site: CodeSite,
  tag: string,
  attrs: RAttr[],
  children: RNode[],
  dynamic: Part[] | 0,
): Make | null {
  const code = new ElementCode();
  const expr = elementExpr(site, code, tag, attrs, children, dynamic);
  return expr === null ? null : code.compile<Make>(expr, helpers());
}

function helpers(): CodeHelpers {
  return {
    J: jsx,
    X: jsxs,
    A: attributeText,
    V: valueNode,
    Q: quotedValue,
    C: collectedNode,
    E: reactElementTag(),
    N: InlineElement,
  };
}

/**
 * An expression building the element: a plain element whose attributes are static or set
 * as they are (`plainAttributeProp`) and whose children `childMakers` could pass straight
 * to React; null otherwise.
 */
function elementExpr(
  site: CodeSite,
  code: ElementCode,
  tag: string,
  attrs: RAttr[],
  children: RNode[],
  dynamic: Part[] | 0,
): string | null {
  if (dynamic !== 0 || !isPlainTag(tag)) return null;
  const entries = propEntries(site, code, tag, attrs);
  if (entries === null) return null;
  const inner = site.child(tag, nsOf(tag, site.ns));
  const kids = childExprs(inner, code, children);
  // React's own handling of `key` and `ref` props is left to `jsx`.
  const literal =
    reactElementTag() !== null && !entries.some((entry) => /^"(key|ref)":/.test(entry));
  if (kids === null) {
    // Children collected by the closures (blocks, widgets, texts that merge), then added.
    const body = code.ref(inner.body(children));
    return `C(ctx, ${JSON.stringify(tag)}, {${entries.join(', ')}}, ${body}, ${String(literal)})`;
  }
  if (kids.length === 1) entries.push(`children: ${kids[0]}`);
  else if (kids.length > 1) entries.push(`children: [${kids.join(', ')}]`);
  const props = `{${entries.join(', ')}}`;
  if (literal) return `new N(E, ${JSON.stringify(tag)}, ${props})`;
  return `${kids.length > 1 ? 'X' : 'J'}(${JSON.stringify(tag)}, ${props})`;
}

/** `key: value` source for each prop, in attribute order; null when a setter is needed. */
function propEntries(
  site: CodeSite,
  code: ElementCode,
  tag: string,
  attrs: RAttr[],
): string[] | null {
  // Blocks of attributes set their props from the closures (block-props.ts).
  if (hasAttributeBlocks(attrs)) return null;
  const entries: string[] = [];
  for (const [name, value, quote] of firstAttributes(attrs)) {
    // Values not in double quotes are rare: the closures check those.
    if (quote !== undefined && quote !== Quote.DOUBLE) return null;
    if (typeof value === 'string') {
      const one = propsOf(tag, [{ name, value, parts: null }]);
      if (one.suppressHydrationWarning === true) return null;
      for (const key of Object.keys(one)) {
        if (key === '__proto__') return null;
        entries.push(`${JSON.stringify(key)}: ${code.value(one[key])}`);
      }
    } else {
      const prop = plainAttributeProp(tag, name);
      if (prop === null || prop === '__proto__') return null;
      const pieces = value.map((part) => {
        if (typeof part === 'string') return JSON.stringify(part);
        const origin = code.ref(part);
        const plain = unescapedStep(part, site.registry);
        if (plain === null) return `A(Q(ctx, ${textExpr(site, code, part)}, ${origin}))`;
        const text = `${code.ref(plain)}(ctx)`;
        return escapeKeeps(part, site.registry, Quote.DOUBLE) ? `Q(ctx, ${text}, ${origin})` : text;
      });
      entries.push(`${JSON.stringify(prop)}: ${pieces.length === 0 ? '""' : pieces.join(' + ')}`);
    }
  }
  return entries;
}

/** An instruction's text: a `{name}` read inline, any other instruction's closure called. */
function textExpr(site: CodeSite, code: ElementCode, inst: Instruction): string {
  const key = inlineKey(inst, site.registry);
  return key !== null ? code.plainVariable(key) : `${code.ref(textStep(inst, site.registry))}(ctx)`;
}

/** `childMakers` as expressions (null where it returns null). */
function childExprs(site: CodeSite, code: ElementCode, children: RNode[]): string[] | null {
  const straight = straightChildren(children);
  if (straight === null) return null;
  return straight.map((child) => {
    if (typeof child === 'string') return JSON.stringify(child);
    if (child[0] === Kind.HOLE) {
      const last = child === children[children.length - 1];
      const text = textExpr(site, code, child[1]);
      return `V(ctx, ${code.ref(site)}, ${text}, ${code.ref(child[1])}, ${String(last)})`;
    }
    const [, tag, attrs, grandchildren, dynamic] = child;
    const inline = isStaticElement(child)
      ? null
      : elementExpr(site, code, tag, attrs, grandchildren, dynamic);
    return inline ?? `${code.ref(site.elementMaker(tag, attrs, grandchildren, dynamic))}(ctx)`;
  });
}
