/**
 * Questions the React path's compilers ask of React code nodes (react-code.ts): which children
 * can go straight to React, which attributes count, which holes are partials or widgets, which
 * elements never change. Pure functions of the code, asked at compile time.
 */
import type { Instruction, VariableCode } from '../../engine/code.js';
import { Op } from '../../engine/opcodes.js';
import type { Registry } from '../../engine/plugin.js';
import { reactName } from '../runtime/attribute-props.js';
import { isHtmlBlank } from '../runtime/host-elements.js';
import type { Ns } from '../html/tree-builder.js';
import { contentNs } from '../html/tag-rules.js';
import { Quote, type AttrToken } from '../html/tokens.js';
import {
  HoleMode,
  Kind,
  type Part,
  type RAttr,
  type RElement,
  type RHole,
  type RNode,
} from './react-code.js';

/**
 * An element's children when they can be passed straight to React: elements, texts and plain
 * `{value}`s, no two texts adjacent (their text would have to merge into one string). Null
 * otherwise (blocks, regions, widgets, a leading newline to drop): the children are collected
 * in `ctx.kids`.
 */
export function straightChildren(children: RNode[]): Array<string | RElement | RHole> | null {
  let texty = false;
  for (const child of children) {
    const isText = typeof child === 'string' || child[0] === Kind.HOLE;
    if (isText && texty) return null;
    texty = isText;
    if (typeof child === 'string' || child[0] === Kind.ELEMENT) continue;
    if (
      child[0] !== Kind.HOLE ||
      child[2] !== HoleMode.MARKUP ||
      componentName(child[1]) !== null
    ) {
      return null;
    }
  }
  return children as Array<string | RElement | RHole>;
}

/** Whether an attribute of the list is one React cannot render (see `setAttribute`). */
export function dropsAttributes(attrs: RAttr[]): boolean {
  return attrs.some(([name]) => name !== '' && reactName(name) === null);
}

/**
 * Of two attributes with one React name the first wins, as in HTML; that is settled at compile
 * time, since names are known in advance. Attributes React cannot render are dropped.
 */
export function firstAttributes(attrs: RAttr[]): RAttr[] {
  const seen = new Set<string>();
  return attrs.filter(([name]) => {
    const prop = reactName(name);
    if (prop === null || seen.has(prop)) return false;
    seen.add(prop);
    return true;
  });
}

/** Whether an element's attribute list holds blocks of attributes (react-code.ts `RAttrBlock`). */
export function hasAttributeBlocks(attrs: RAttr[]): boolean {
  return attrs.some(([name]) => name === '');
}

/** Literal instructions and the text they print. */
const LITERAL: Record<number, string> = {
  [Op.META_LEFT]: '{',
  [Op.META_RIGHT]: '}',
  [Op.NEWLINE]: '\n',
  [Op.SPACE]: ' ',
  [Op.TAB]: '\t',
};

/** The text a literal instruction prints, or null for any other instruction. */
export function literalText(inst: Instruction): string | null {
  if (typeof inst === 'number') return LITERAL[inst] ?? null;
  if (Array.isArray(inst) && inst[0] === Op.TEXT && typeof inst[1] === 'string') return inst[1];
  return null;
}

/**
 * The namespace of a `tag` element's content (html/tag-rules.ts `contentNs`) inside the element
 * `around` (its tag, and the namespace of its content). Only an `annotation-xml` needs its
 * attributes: a static `encoding` may make its content HTML.
 */
export function nsOf(tag: string, around: { parent: string; ns: Ns }, attrs: RAttr[]): Ns {
  const tokens =
    tag === 'annotation-xml'
      ? attrs.map(([name, value]) =>
          typeof value === 'string' ? { name, value, parts: null } : { name, value: '', parts: [] },
        )
      : [];
  return contentNs(tag, around.ns, tokens, around.parent);
}

/**
 * Where an element's children end with a plain `{value}` (then only whitespace): its index, or
 * -1. See `tailHole`.
 */
export function tailValue(nodes: RNode[]): number {
  let i = nodes.length - 1;
  const end = nodes[i];
  if (typeof end === 'string' && isHtmlBlank(end)) i--;
  const node = nodes[i];
  if (i < 0 || !Array.isArray(node) || node[0] !== Kind.HOLE || node[2] !== HoleMode.MARKUP)
    return -1;
  return appliedPartial(node[1]) === null && componentName(node[1]) === null ? i : -1;
}

/**
 * The arguments of `{x|apply NAME …}` when that is the whole instruction (one variable, one
 * formatter, a partial name): the hole is the partial's output.
 */
export function appliedPartial(inst: Instruction): string[] | null {
  if (!Array.isArray(inst) || inst[0] !== Op.VARIABLE) return null;
  const [, paths, formatters] = inst as VariableCode;
  if (!Array.isArray(paths) || paths.length !== 1 || !Array.isArray(formatters)) return null;
  if (formatters.length !== 1) return null;
  const [name, args] = formatters[0]!;
  if (name !== 'apply' || !Array.isArray(args) || !Array.isArray(args[0])) return null;
  const list = args[0];
  return list.length > 0 && typeof list[0] === 'string' ? list : null;
}

/** The last formatter of a VARIABLE tag, if it names a component-capable formatter. */
export function componentName(inst: Instruction): string | null {
  if (!Array.isArray(inst) || inst[0] !== Op.VARIABLE || !Array.isArray(inst[2])) return null;
  const last = inst[2][inst[2].length - 1];
  return Array.isArray(last) && typeof last[0] === 'string' ? last[0] : null;
}

/**
 * Whether a hole's output is one formatter's, which may execute a built-in template whose nodes
 * can be built directly (ReactContext `renderWidget`): one variable, one formatter, and not a
 * pure `map` (which is given no context, so executes no template).
 */
export function mayExecuteTemplate(inst: Instruction, registry: Registry): boolean {
  if (!Array.isArray(inst) || inst[0] !== Op.VARIABLE) return false;
  const [, paths, formatters] = inst as VariableCode;
  if (!Array.isArray(paths) || paths.length !== 1) return false;
  if (!Array.isArray(formatters) || formatters.length !== 1) return false;
  const formatter = registry.formatters[formatters[0]![0]];
  return formatter !== undefined && formatter.map === undefined;
}

export function formatterArgs(inst: Instruction): string[] {
  const list = (inst as unknown[])[2] as unknown[];
  const last = list[list.length - 1] as unknown[];
  const args = last[1] as [string[], string] | undefined;
  return Array.isArray(args) && Array.isArray(args[0]) ? args[0] : [];
}

/** `isStaticElement` of the elements asked about and of every element inside them. */
const staticElements = new WeakMap<RElement, boolean>();

/**
 * Whether a structured node renders the same whatever the data (no instruction inside). The
 * compilers ask it of each element going down the tree: each answer is kept, so the questions
 * take time linear in the tree. Recursion goes as deep as elements nest, which the tree builder
 * bounds (html/open-elements.ts `MAX_ELEMENT_DEPTH`), whatever the data.
 */
export function isStaticElement(node: RNode): boolean {
  if (typeof node === 'string' || node[0] === Kind.TEXT_BREAK) return true;
  if (node[0] !== Kind.ELEMENT) return false;
  let known = staticElements.get(node);
  if (known === undefined) {
    known =
      node[4] === 0 &&
      node[2].every(([, value]) => typeof value === 'string') &&
      node[3].every(isStaticElement);
    staticElements.set(node, known);
  }
  return known;
}

/** A tag token's attribute as React code (with its quotes when they matter: see `RAttr`). */
export function attributeCode<H>(attr: AttrToken<H>): RAttr {
  const { name, parts, quote } = attr;
  if (parts === null) return [name, attr.value];
  return quote === undefined || quote === Quote.DOUBLE
    ? [name, parts as Part[]]
    : [name, parts as Part[], quote];
}
