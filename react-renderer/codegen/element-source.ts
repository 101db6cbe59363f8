/**
 * Generated element code (generated-function.ts) for the React path's structured elements: which
 * elements qualify, and the source of the function that builds one. A plain element whose
 * attributes are static or stored as they are qualifies; its children are built inline when
 * they can go straight to React (elements, texts, values), or collected by the closures.
 */
import type { Instruction } from '../../engine/code.js';
import { blockSlots, inlineKey, textStep, type Exec } from '../../engine/fragments.js';
import type { Registry } from '../../engine/plugin.js';
import { droppedWhenEmpty, plainAttributeProp, reactName } from '../runtime/attribute-props.js';
import { blockSetter } from '../compile/block-props.js';
import { canGenerateCode, ElementCode, type CodeHelpers } from './generated-function.js';
import { reactElementTag } from '../runtime/react-element-shape.js';
import { InlineElement } from '../runtime/inline-elements.js';
import { newArray } from '../runtime/unpretenured-objects.js';
import { escapeKeeps, unescapedStep } from '../compile/unescaped.js';
import {
  attributeText,
  collectedChildren,
  collectedNode,
  jsx,
  jsxs,
  quotedValue,
  valueNode,
  type Make,
} from '../runtime/node-makers.js';
import { fostersText, isPlainTag, propsOf, pushText } from '../runtime/host-elements.js';
import { Quote } from '../html/tokens.js';
import type { Ns } from '../html/tree-builder.js';
import type { PropsMaker } from '../compile/node-compiler.js';
import type { ParseSite } from '../runtime/react-context.js';
import {
  Kind,
  type ElementParts,
  type Part,
  type RAttr,
  type RElement,
  type RNode,
} from '../structure/react-code.js';
import {
  dropsAttributes,
  firstAttributes,
  hasAttributeBlocks,
  isStaticElement,
  nsOf,
  straightChildren,
  tailValue,
} from '../structure/code-queries.js';

/** One element position of the React compiler, as generated code needs it. */
/**
 * Compiles one structured element to generated code (see `generatedElement`), and sequences of
 * nodes (`generatedSequence`).
 */
export type ElementGenerator = typeof generatedElement & { sequence: typeof generatedSequence };

/**
 * The generator where generated code may be used here (generated-function.ts `canGenerateCode`), else
 * null. Passed to the renderer by the server entry, so the browser runtime never carries it.
 */
export function elementGenerator(): ElementGenerator | null {
  return canGenerateCode() ? generator : null;
}

export interface CodeSite extends ParseSite {
  readonly registry: Registry;
  readonly ns: Ns;
  /** The position of a `tag` element's content inside this one. */
  child(tag: string, ns: Ns): CodeSite;
  /** An element's children collected in `ctx.kids` by the closures. */
  body(nodes: RNode[]): Exec;
  /**
   * One child node that is not an element or a text, as the closures run it (`next`: the node
   * after it, which a hole's output may run into).
   */
  nodeRun(node: RNode, next?: RNode): Exec;
  /** The props of a `tag` element with these attributes, made by the closures. */
  props(tag: string, attrs: RAttr[], dynamic: 0): PropsMaker;
  /** A child element's maker as the compiler makes it (static, generated or a closure). */
  elementMaker(...element: ElementParts): Make;
}

const generator: ElementGenerator = Object.assign(
  (...args: Parameters<typeof generatedElement>) => generatedElement(...args),
  { sequence: (...args: Parameters<typeof generatedSequence>) => generatedSequence(...args) },
);

/** The element as generated code (see generated-function.ts), or null where it does not apply. */
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
    jsx,
    jsxs,
    pushText,
    newArray,
    attributeText,
    valueNode,
    quotedValue,
    collectedNode,
    collectedChildren,
    elementTag: reactElementTag(),
    InlineElement,
  };
}

/**
 * An expression building the element: a plain element whose attributes are static, set as
 * they are (`plainAttributeProp`) or blocks of attributes, and whose children `childMakers`
 * could pass straight to React or the closures collect; null otherwise.
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
  // A list with blocks of attributes is built in steps, on a local variable.
  const propsLocal = hasAttributeBlocks(attrs) ? code.temp() : '';
  const props = propsSource(site, code, tag, attrs, propsLocal);
  if (props === null) return null;
  const { entries, after } = props;
  const inner = site.child(tag, nsOf(tag, site, attrs));
  const kids = childExprs(inner, code, children);
  // React's own handling of `key` and `ref` props is left to `jsx`.
  const literal =
    reactElementTag() !== null && !entries.some((entry) => /^"(key|ref)":/.test(entry));
  const type = JSON.stringify(tag);
  // Children collected by the closures (blocks, widgets, texts that merge) come after the props.
  const collected = kids === null && literal ? collectedExpr(inner, code, children) : null;
  const body = kids === null && collected === null ? code.ref(inner.body(children)) : '';
  let childrenExpr: string | null = null;
  if (collected !== null) childrenExpr = collected;
  else if (kids === null) childrenExpr = literal ? `collectedChildren(ctx, ${body})` : null;
  else if (kids.length === 1) childrenExpr = kids[0]!;
  else if (kids.length > 1) childrenExpr = `[${kids.join(', ')}]`;
  const make = (propsExpr: string): string => {
    if (literal) return `new InlineElement(elementTag, ${type}, ${propsExpr})`;
    if (kids === null) return `collectedNode(ctx, ${type}, ${propsExpr}, ${body})`;
    return `${kids.length > 1 ? 'jsxs' : 'jsx'}(${type}, ${propsExpr})`;
  };
  if (after.length === 0) {
    if (childrenExpr !== null) entries.push(`children: ${childrenExpr}`);
    return make(`{${entries.join(', ')}}`);
  }
  // A block of attributes sets props of the object the literal made (every name it may set is
  // in the literal already, so the object keeps its shape); what follows it in the tag, then
  // the children, are evaluated after it, in the closures' order.
  if (childrenExpr !== null) {
    entries.push('children: undefined');
    after.push(`${propsLocal}.children = ${childrenExpr}`);
  }
  return `(${propsLocal} = {${entries.join(', ')}}, ${after.join(', ')}, ${make(propsLocal)})`;
}

/**
 * The props of an element as source: the entries of its object literal, in attribute order,
 * and the steps that must run on that object (the local `propsLocal`) once it is made: blocks of
 * attributes, and the values of the attributes after the first one. Null when a setter is
 * needed.
 */
function propsSource(
  site: CodeSite,
  code: ElementCode,
  tag: string,
  attrs: RAttr[],
  propsLocal: string,
): { entries: string[]; after: string[] } | null {
  // Rare: the closures mark such an element for hydration (see `setAttribute`).
  if (dropsAttributes(attrs)) return null;
  // With blocks of attributes no React name is set twice (structure/conditional-attributes.ts).
  const blocks = hasAttributeBlocks(attrs);
  const list = blocks
    ? attrs.filter(([name]) => name === '' || reactName(name) !== null)
    : firstAttributes(attrs);
  const entries: string[] = [];
  const after: string[] = [];
  const keys = new Set<string>();
  const entry = (key: string, value: string): boolean => {
    if (key === '__proto__' || keys.has(key)) return false;
    keys.add(key);
    entries.push(`${JSON.stringify(key)}: ${value}`);
    return true;
  };
  for (const [name, value, quote] of list) {
    if (name === '') {
      const shell = value as unknown[];
      const names = blockKeys(tag, shell);
      if (names === null || !names.every((key) => entry(key, 'undefined'))) return null;
      // The block's branches make their props as the closures do (compile/block-props.ts).
      const setter = blockSetter(shell, site.registry, (list) => site.props(tag, list, 0).props);
      after.push(`${code.ref(setter)}(${propsLocal}, "", ctx)`);
      continue;
    }
    // Values not in double quotes are rare: the closures check those.
    if (quote !== undefined && quote !== Quote.DOUBLE) return null;
    if (typeof value === 'string') {
      const one = propsOf(tag, [{ name, value, parts: null }]);
      if (one.suppressHydrationWarning === true) return null;
      for (const key of Object.keys(one)) if (!entry(key, code.value(one[key]))) return null;
      continue;
    }
    const urlProp = reactName(name);
    const url = urlProp !== null && droppedWhenEmpty(tag, urlProp) && after.length === 0;
    const prop = url ? urlProp : plainAttributeProp(tag, name);
    if (prop === null) return null;
    const pieces = value.map((part) => {
      if (typeof part === 'string') return JSON.stringify(part);
      const origin = code.ref(part);
      const plain = unescapedStep(part, site.registry);
      // Most values hold no quote and no reference: they are used as they are, without the
      // calls that check and decode them.
      const local = code.temp();
      if (plain === null) {
        return (
          `((${local} = ${textExpr(site, code, part)}).indexOf('"') === -1 && ` +
          `${local}.indexOf("&") === -1 ? ${local} : ` +
          `attributeText(quotedValue(ctx, ${local}, ${origin})))`
        );
      }
      const text = `${code.ref(plain)}(ctx)`;
      return escapeKeeps(part, site.registry, Quote.DOUBLE)
        ? `((${local} = ${text}).indexOf('"') === -1 ? ${local} : quotedValue(ctx, ${local}, ${origin}))`
        : text;
    });
    const text = pieces.length === 0 ? '""' : pieces.join(' + ');
    if (url) {
      // Left out when empty, as `setAttribute` does: the server's attribute stays, unreported.
      const textLocal = code.temp();
      if (!entry(prop, `(${textLocal} = ${text}) === "" ? undefined : ${textLocal}`)) return null;
      if (!entry('suppressHydrationWarning', `${textLocal} === "" || undefined`)) return null;
      continue;
    }
    // After a block, the value is read after the block has run.
    if (!entry(prop, after.length === 0 ? text : 'undefined')) return null;
    if (after.length > 0) after.push(`${propsLocal}[${JSON.stringify(prop)}] = ${text}`);
  }
  return { entries, after };
}

/**
 * The props a block of attributes may set, in the order its branches set them; null when two
 * branches set two of them in different orders (React prints props in object order, and the
 * string path's HTML has each branch's order).
 */
function blockKeys(tag: string, shell: unknown[]): string[] | null {
  const branches: string[][] = [];
  const blockOrder = (block: unknown[]): string[] => {
    const merged: string[] = [];
    const add = (keys: string[]): void => {
      branches.push(keys);
      for (const key of keys) if (!merged.includes(key)) merged.push(key);
    };
    const { blocks, alternate } = blockSlots(block[0] as number);
    for (const slot of blocks) add(listKeys(block[slot] as RAttr[]));
    const alt = block[alternate];
    if (Array.isArray(alt)) add(blockOrder(alt));
    return merged;
  };
  const listKeys = (list: RAttr[]): string[] => {
    const keys: string[] = [];
    for (const [name, value] of list) {
      if (name === '') {
        keys.push(...blockOrder(value as unknown[]));
        continue;
      }
      // The keys depend on the name (a value decides only whether React prints it differently).
      const text = typeof value === 'string' ? value : '';
      for (const key of Object.keys(propsOf(tag, [{ name, value: text, parts: null }]))) {
        if (key !== 'suppressHydrationWarning') keys.push(key);
      }
    }
    return keys;
  };
  const all = blockOrder(shell);
  const inOrder = (branch: string[]): boolean =>
    branch.every((key, i) => i === 0 || all.indexOf(branch[i - 1]!) < all.indexOf(key));
  return branches.every(inOrder) ? all : null;
}

/** An instruction's text: a `{name}` read inline, any other instruction's closure called. */
function textExpr(site: CodeSite, code: ElementCode, inst: Instruction): string {
  const key = inlineKey(inst, site.registry);
  return key !== null ? code.plainVariable(key) : `${code.ref(textStep(inst, site.registry))}(ctx)`;
}

/**
 * Children collected in `ctx.kids` (blocks, widgets, texts that merge), as inline code doing
 * what `collectedChildren` does with the closures' body (see `stepsExpr`). Null where the body
 * does more than run its nodes in order.
 */
function collectedExpr(site: CodeSite, code: ElementCode, children: RNode[]): string | null {
  const steps = stepsExpr(site, code, children, true);
  if (steps === null) return null;
  if (steps.length === 0) return 'undefined';
  // As in `collectKids`, no try/finally: `guarded` restores `kids` after an exception.
  const saved = code.temp();
  const kids = code.temp();
  return (
    `(${saved} = ctx.kids, ctx.kids = newArray(), ${steps.join(', ')}, ` +
    `${kids} = ctx.kids, ctx.kids = ${saved}, ${kids}.length > 1 ? ${kids} : ${kids}[0])`
  );
}

/**
 * A sequence of nodes run into `ctx.kids` (a block's content, a partial, an element's
 * collected children: `NodeCompiler.sequence`) as one generated function, or null (see
 * `stepsExpr`; a single node is run as it is).
 */
export function generatedSequence(site: CodeSite, nodes: RNode[], body: boolean): Exec | null {
  if (nodes.length < 2) return null;
  const code = new ElementCode();
  const steps = stepsExpr(site, code, nodes, body);
  return steps === null ? null : code.compile<Exec>(`(${steps.join(', ')}, undefined)`, helpers());
}

/**
 * The nodes of a sequence as expressions run in order, each text pushed by a call of its own,
 * each element built inline, each other node run from a call site of its own. The closures
 * run every node through one shared call in a loop, which sees every kind of node and cannot be
 * inlined. Null where the sequence does more than run its nodes in order: an element's
 * content (`body`) ending in a value, or dropping a leading newline.
 */
function stepsExpr(
  site: CodeSite,
  code: ElementCode,
  nodes: RNode[],
  body: boolean,
): string[] | null {
  const first = nodes[0];
  if (body && tailValue(nodes) !== -1) return null;
  if (Array.isArray(first) && first[0] === Kind.DROPS_NEWLINE) return null;
  return nodes.map((node, i) => {
    if (typeof node === 'string') return `pushText(ctx.kids, ${JSON.stringify(node)})`;
    if (node[0] !== Kind.ELEMENT) return `${code.ref(site.nodeRun(node, nodes[i + 1]))}(ctx)`;
    return `ctx.kids.push(${childElementExpr(site, code, node)})`;
  });
}

/** A child element: inline code, or its maker called (static, with a local fallback, other). */
function childElementExpr(site: CodeSite, code: ElementCode, child: RElement): string {
  const [, tag, attrs, grandchildren, dynamic, local, splits] = child;
  // With a local fallback, the maker wraps the element (compile/local-fallback.ts).
  const inline =
    isStaticElement(child) || local !== undefined
      ? null
      : elementExpr(site, code, tag, attrs, grandchildren, dynamic);
  return (
    inline ??
    `${code.ref(site.elementMaker(tag, attrs, grandchildren, dynamic, local, splits))}(ctx)`
  );
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
      const node = (value: string): string =>
        `valueNode(ctx, ${code.ref(site)}, ${value}, ${code.ref(child[1])}, ${String(last)})`;
      // Where no text is fostered out of the element, a text without markup or references is
      // the node itself (as `valueNode` makes it), without the call.
      if (fostersText(site.parent, site.ns, 'text')) return node(text);
      const local = code.temp();
      return (
        `((${local} = ${text}).indexOf("<") === -1 && ${local}.indexOf("&") === -1 ? ` +
        `(${local} === "" ? null : ${local}) : ${node(local)})`
      );
    }
    return childElementExpr(site, code, child);
  });
}
