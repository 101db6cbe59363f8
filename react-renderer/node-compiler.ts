/**
 * The React path's compiler: React code (react-code.ts) compiled into closures, the way the
 * engine compiles code, one compiler per element position (its tag and the elements around it).
 *
 * The language itself is the engine's: holes and regions run the engine's own closures
 * (`textStep`/`textBlock`, which return their text), and block nodes run the engine's
 * control-flow instructions with a compiler that hands them React code (`controlFlow`). This
 * module only decides where the output goes: into `ctx.kids`, the children of the element
 * being built, or straight into the element being created.
 */
import { createElement, Fragment, type ReactElement, type ReactNode } from 'react';
import { jsx as jsxTyped, jsxs as jsxsTyped } from 'react/jsx-runtime';
import type { Instruction, Path, VariableCode } from '../engine/code.js';
import {
  controlFlow,
  inlineKey,
  partialArgs,
  textBlock,
  textStep,
  type Compiler,
  type Emit,
  type Exec,
} from '../engine/fragments.js';
import { Op } from '../engine/opcodes.js';
import type { Registry } from '../engine/plugin.js';
import {
  attributeSetter,
  plainAttributeProp,
  reactName,
  type AttributeSetter,
  type Props,
} from './attributes.js';
import type { ComponentTable } from './components/index.js';
import {
  host,
  isHtmlBlank,
  isPlainTag,
  plainHost,
  parseAttributes,
  propsOf,
  pushAll,
  pushText,
  RawHtml,
} from './elements.js';
import { canGenerateCode, ElementCode, reactElementTag, type CodeHelpers } from './element-code.js';
import { decodeEntities } from './entities.js';
import { Ns } from './html-tree.js';
import { parseIn, type ReactContext } from './react-context.js';
import {
  HoleMode,
  Kind,
  SHELL_ORIGIN,
  type Part,
  type RAttr,
  type RElement,
  type RHole,
  type RNode,
} from './react-code.js';

const noop: Exec = () => {};

/** React's `jsx`/`jsxs`, typed for element types known only at run time (any tag name). */
type Jsx = (type: string, props: Props) => ReactElement;
const jsx = jsxTyped as unknown as Jsx;
const jsxs = jsxsTyped as unknown as Jsx;

/** An instruction's output in an attribute value, references decoded (most have none). */
function attributeText(text: string): string {
  return text.indexOf('&') === -1 ? text : decodeEntities(text, true);
}

/** Builds one node (an element, a text, a value's nodes) from the render state. */
type Make = (ctx: ReactContext) => ReactNode;

/** Props of a structured element; `fresh` when each call returns a new object. */
interface PropsMaker {
  props: (ctx: ReactContext) => Props;
  fresh: boolean;
}

/**
 * A plain element whose props object is new for each element: it becomes the element's props
 * as is (React's `jsx` keeps it, where `createElement` would copy it into another object).
 * Several children go in as one array of static children (`jsxs`, as for literal JSX).
 */
function freshElement(tag: string, props: (ctx: ReactContext) => Props, makers: Make[]): Make {
  const [a, b, c, d] = makers;
  switch (makers.length) {
    case 0:
      return (ctx) => jsx(tag, props(ctx));
    case 1:
      return (ctx) => {
        const own = props(ctx);
        own.children = a!(ctx);
        return jsx(tag, own);
      };
    case 2:
      return (ctx) => {
        const own = props(ctx);
        own.children = [a!(ctx), b!(ctx)];
        return jsxs(tag, own);
      };
    case 3:
      return (ctx) => {
        const own = props(ctx);
        own.children = [a!(ctx), b!(ctx), c!(ctx)];
        return jsxs(tag, own);
      };
    case 4:
      return (ctx) => {
        const own = props(ctx);
        own.children = [a!(ctx), b!(ctx), c!(ctx), d!(ctx)];
        return jsxs(tag, own);
      };
    default:
      return (ctx) => {
        const own = props(ctx);
        own.children = makers.map((make) => make(ctx));
        return jsxs(tag, own);
      };
  }
}

/**
 * An element whose children `body` collects in `ctx.kids` first, then made by `create`:
 * `host` for elements that need its adjustments (tables, selects, raw text…), `plainHost`
 * for the others.
 */
function collectedElement(
  tag: string,
  props: (ctx: ReactContext) => Props,
  body: Exec,
  create: typeof host,
): Make {
  return (ctx) => {
    const saved = ctx.kids;
    const own = props(ctx);
    // No try/finally: an exception is caught by `guarded`, which restores `kids` itself.
    ctx.kids = [];
    body(ctx);
    const kids = ctx.kids;
    ctx.kids = saved;
    return create(tag, own, kids);
  };
}

/** Compiles React code for one parent element (its tag decides how markup is parsed). */
class NodeCompiler implements Compiler {
  private readonly cache = new WeakMap<object, Exec>();
  /** The compilers of this element's children, by namespace and tag. */
  private readonly children = new Map<string, NodeCompiler>();

  /** `outer` and `parent`, made once: every value parsed here is checked against it. */
  readonly enclosing: readonly string[];

  constructor(
    readonly registry: Registry,
    readonly parent: string,
    readonly ns: Ns,
    /** Elements open around `parent`, outermost first: what a value's markup could close. */
    readonly outer: readonly string[],
    /** Whether plain elements are compiled to generated code (element-code.ts). */
    readonly generate: boolean,
  ) {
    this.enclosing = [...outer, parent];
  }

  /** The compiler for the content of a `tag` element inside this one. */
  child(tag: string, ns: Ns): NodeCompiler {
    const key = `${ns}:${tag}`;
    let compiler = this.children.get(key);
    if (compiler === undefined) {
      const outer = this.parent === '#root' ? this.outer : this.enclosing;
      compiler = new NodeCompiler(this.registry, tag, ns, outer, this.generate);
      this.children.set(key, compiler);
    }
    return compiler;
  }

  block(nodes: unknown): Exec {
    return this.compiled(nodes, false);
  }

  /** An element's children (`block` is for a block instruction's). */
  body(nodes: RNode[]): Exec {
    return this.compiled(nodes, true);
  }

  private compiled(nodes: unknown, body: boolean): Exec {
    if (!Array.isArray(nodes)) return noop;
    let run = this.cache.get(nodes);
    if (run === undefined) {
      run = this.sequence(nodes as RNode[], body);
      this.cache.set(nodes, run);
    }
    return run;
  }

  alternate(alternate: unknown): Exec {
    return Array.isArray(alternate) ? guarded(controlFlow(alternate, this), alternate) : noop;
  }

  private sequence(nodes: RNode[], body: boolean): Exec {
    const tail = body ? tailValue(nodes) : -1;
    const runs =
      tail === -1
        ? nodes.map((node) => this.node(node))
        : [
            ...nodes.slice(0, tail).map((node) => this.node(node)),
            this.tailHole((nodes[tail] as RHole)[1], (nodes[tail + 1] as string | undefined) ?? ''),
          ];
    const n = runs.length;
    if (n === 0) return noop;
    if (n === 1) return runs[0]!;
    return (ctx) => {
      for (let i = 0; i < n; i++) runs[i]!(ctx);
    };
  }

  private node(node: RNode): Exec {
    if (typeof node === 'string') return (ctx) => pushText((ctx as ReactContext).kids, node);
    switch (node[0]) {
      case Kind.ELEMENT:
        return this.element(node[1], node[2], node[3], node[4]);
      case Kind.HOLE:
        return this.hole(node[1], node[2]);
      case Kind.BLOCK:
        return guarded(controlFlow(node[1], this), node[1]);
      case Kind.REGION:
        return this.region(node[1], node[2] === 1);
      default:
        return noop;
    }
  }

  private element(
    tag: string,
    attrs: RNode[] | unknown[],
    children: RNode[],
    dynamic: Part[] | 0,
  ): Exec {
    const make = this.elementMaker(tag, attrs as RAttr[], children, dynamic);
    return (ctx) => void (ctx as ReactContext).kids.push(make(ctx as ReactContext));
  }

  /** A function building one structured element. */
  private elementMaker(tag: string, attrs: RAttr[], children: RNode[], dynamic: Part[] | 0): Make {
    if (!isStaticElement([Kind.ELEMENT, tag, attrs, children, dynamic])) {
      return (
        this.generatedElement(tag, attrs, children, dynamic) ??
        this.elementClosure(tag, attrs, children, dynamic)
      );
    }
    // Nothing in it depends on data: one element serves every render (React elements are
    // immutable, and React renders a shared element like any other). Made once, so made by
    // the closures (generating code for it would not pay).
    const make = this.elementClosure(tag, attrs, children, dynamic);
    let made: ReactNode | undefined;
    return (ctx) => (made ??= make(ctx));
  }

  private elementClosure(
    tag: string,
    attrs: RAttr[],
    children: RNode[],
    dynamic: Part[] | 0,
  ): Make {
    const inner = this.child(tag, nsOf(tag, this.ns));
    const { props, fresh } = this.props(tag, attrs, dynamic);
    return isPlainTag(tag)
      ? inner.plainElement(tag, props, fresh, children)
      : collectedElement(tag, props, inner.body(children), host);
  }

  /** The element as generated code (see element-code.ts), or null where it does not apply. */
  private generatedElement(
    tag: string,
    attrs: RAttr[],
    children: RNode[],
    dynamic: Part[] | 0,
  ): Make | null {
    if (!this.generate) return null;
    const code = new ElementCode();
    const expr = this.elementExpr(code, tag, attrs, children, dynamic);
    return expr === null ? null : code.compile<Make>(expr, this.helpers);
  }

  private get helpers(): CodeHelpers {
    return {
      J: jsx,
      X: jsxs,
      A: attributeText,
      V: valueNode,
      C: collectedNode,
      E: reactElementTag(),
    };
  }

  /**
   * An expression building the element: a plain element whose attributes are static or set
   * as they are (`plainAttributeProp`) and whose children `childMakers` could pass straight
   * to React; null otherwise.
   */
  private elementExpr(
    code: ElementCode,
    tag: string,
    attrs: RAttr[],
    children: RNode[],
    dynamic: Part[] | 0,
  ): string | null {
    if (dynamic !== 0 || !isPlainTag(tag)) return null;
    const entries = this.propEntries(code, tag, attrs);
    if (entries === null) return null;
    const inner = this.child(tag, nsOf(tag, this.ns));
    const kids = inner.childExprs(code, children);
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
    if (literal)
      return `{$$typeof: E, type: ${JSON.stringify(tag)}, key: null, ref: null, props: ${props}}`;
    return `${kids.length > 1 ? 'X' : 'J'}(${JSON.stringify(tag)}, ${props})`;
  }

  /** `key: value` source for each prop, in attribute order; null when a setter is needed. */
  private propEntries(code: ElementCode, tag: string, attrs: RAttr[]): string[] | null {
    const entries: string[] = [];
    for (const [name, value] of firstAttributes(attrs)) {
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
        const pieces = value.map((part) =>
          typeof part === 'string' ? JSON.stringify(part) : `A(${this.textExpr(code, part)})`,
        );
        entries.push(`${JSON.stringify(prop)}: ${pieces.length === 0 ? '""' : pieces.join(' + ')}`);
      }
    }
    return entries;
  }

  /** An instruction's text: a `{name}` read inline, any other instruction's closure called. */
  private textExpr(code: ElementCode, inst: Instruction): string {
    const key = inlineKey(inst, this.registry);
    return key !== null
      ? code.plainVariable(key)
      : `${code.ref(textStep(inst, this.registry))}(ctx)`;
  }

  /** `childMakers` as expressions (null where it returns null). */
  private childExprs(code: ElementCode, children: RNode[]): string[] | null {
    const straight = straightChildren(children);
    if (straight === null) return null;
    return straight.map((child) => {
      if (typeof child === 'string') return JSON.stringify(child);
      if (child[0] === Kind.HOLE) {
        const last = child === children[children.length - 1];
        const text = this.textExpr(code, child[1]);
        return `V(ctx, ${code.ref(this)}, ${text}, ${code.ref(child[1])}, ${String(last)})`;
      }
      const [, tag, attrs, grandchildren, dynamic] = child;
      const inline = isStaticElement(child)
        ? null
        : this.elementExpr(code, tag, attrs, grandchildren, dynamic);
      return inline ?? `${code.ref(this.elementMaker(tag, attrs, grandchildren, dynamic))}(ctx)`;
    });
  }

  /**
   * A plain element (its compiler is this one). When every child is an element, a text or a
   * `{value}`, and no two texts meet (their text would have to merge into one string), the
   * children are passed straight to createElement; otherwise they are collected in `kids`.
   */
  plainElement(
    tag: string,
    props: (ctx: ReactContext) => Props,
    fresh: boolean,
    children: RNode[],
  ): Make {
    const makers = this.childMakers(children);
    if (makers !== null && fresh) return freshElement(tag, props, makers);
    if (makers === null) return collectedElement(tag, props, this.body(children), plainHost);
    const [a, b, c, d] = makers;
    switch (makers.length) {
      case 0:
        return (ctx) => createElement(tag, props(ctx));
      case 1:
        return (ctx) => createElement(tag, props(ctx), a!(ctx));
      case 2:
        return (ctx) => createElement(tag, props(ctx), a!(ctx), b!(ctx));
      case 3:
        return (ctx) => createElement(tag, props(ctx), a!(ctx), b!(ctx), c!(ctx));
      case 4:
        return (ctx) => createElement(tag, props(ctx), a!(ctx), b!(ctx), c!(ctx), d!(ctx));
      default:
        return (ctx) => {
          const own = props(ctx);
          return createElement(tag, own, ...makers.map((make) => make(ctx) as ReactNode));
        };
    }
  }

  /** One maker per child, or null when the children must be collected (see plainElement). */
  private childMakers(children: RNode[]): Make[] | null {
    const straight = straightChildren(children);
    if (straight === null) return null;
    return straight.map((child): Make => {
      if (typeof child === 'string') return () => child;
      if (child[0] === Kind.HOLE) {
        return this.valueMaker(child[1], child === children[children.length - 1]);
      }
      return this.elementMaker(child[1], child[2], child[3], child[4]);
    });
  }

  /**
   * The `{value}` that ends its element, with the whitespace after it: parsed together, since
   * an element the value leaves open (`<p>` without `</p>`) takes that whitespace in the
   * browser and is closed by its parent's end; such a value stays in the structured tree.
   */
  private tailHole(inst: Instruction, trailing: string): Exec {
    const run: Emit = textStep(inst, this.registry);
    return (ctx) => pushValue(ctx as ReactContext, this, run(ctx) + trailing, inst, true);
  }

  /** A `{value}` among elements: text, or its markup's nodes (a fragment when several). */
  private valueMaker(inst: Instruction, last: boolean): Make {
    const run: Emit = textStep(inst, this.registry);
    return (ctx) => valueNode(ctx, this, run(ctx), inst, last);
  }

  /**
   * A function returning each element's props: the static attributes are converted once (and
   * shared: `createElement` copies props), those with holes are set from their values on a new
   * object. Of two attributes with one name the first wins, as in HTML; that is settled here,
   * since names are known in advance.
   */
  private props(tag: string, attrs: RAttr[], dynamic: Part[] | 0): PropsMaker {
    if (dynamic !== 0) {
      const source = this.parts(dynamic, false);
      return { props: (ctx) => propsOf(tag, parseAttributes(source(ctx))), fresh: true };
    }
    const first = firstAttributes(attrs);
    if (first.every(([, value]) => typeof value === 'string')) {
      const fixed = propsOf(
        tag,
        first.map(([name, value]) => ({ name, value: value as string, parts: null })),
      );
      return { props: () => fixed, fresh: false };
    }
    // In attribute order (React prints props in order; the string path's HTML has that order):
    // a static attribute is a key and a converted value, one with holes a setter and a reader.
    const keys: string[] = [];
    const values: unknown[] = [];
    const sets: Array<AttributeSetter | null> = [];
    const reads: Array<((ctx: ReactContext) => string) | null> = [];
    let exactStatics = true;
    for (const [name, value] of first) {
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
        sets.push(attributeSetter(tag, name));
        reads.push(this.parts(value, true));
      }
    }
    const n = keys.length;
    const props = (ctx: ReactContext): Props => {
      const props: Props = {};
      let exact = exactStatics;
      for (let i = 0; i < n; i++) {
        const set = sets[i];
        if (set === null) props[keys[i]!] = values[i];
        else exact = set!(props, reads[i]!(ctx)) && exact;
      }
      if (!exact) props.suppressHydrationWarning = true;
      return props;
    };
    return { props, fresh: true };
  }

  /** Static text and instructions joined into one string; instruction output decoded if asked. */
  private parts(parts: Part[], decode: boolean): (ctx: ReactContext) => string {
    const runs = parts.map((part) =>
      typeof part === 'string' ? part : textStep(part, this.registry),
    );
    const one = runs.length === 1 ? runs[0]! : null;
    if (typeof one === 'function') {
      // A whole value from one instruction (`href="{url}"`): the commonest case.
      return decode ? (ctx) => attributeText(one(ctx)) : one;
    }
    const [lead, second] = runs;
    if (runs.length === 2 && typeof lead === 'string' && typeof second === 'function') {
      // Static text, then one instruction (`href="/shop/p/{urlId}"`).
      return decode ? (ctx) => lead + attributeText(second(ctx)) : (ctx) => lead + second(ctx);
    }
    return (ctx) => {
      let out = '';
      for (let i = 0; i < runs.length; i++) {
        const run = runs[i]!;
        if (typeof run === 'string') out += run;
        else out += decode ? attributeText(run(ctx)) : run(ctx);
      }
      return out;
    };
  }

  private hole(inst: Instruction, mode: HoleMode): Exec {
    const run: Emit = textStep(inst, this.registry);
    switch (mode) {
      case HoleMode.RAW:
        return (ctx) => pushText((ctx as ReactContext).kids, run(ctx));
      case HoleMode.RCDATA:
        return (ctx) => pushText((ctx as ReactContext).kids, decodeEntities(run(ctx)));
      case HoleMode.SILENT:
        return (ctx) => void run(ctx);
    }
    const partial = appliedPartial(inst);
    if (partial !== null) return this.applyHole(inst as VariableCode, partial, run);
    const component = componentName(inst);
    if (component === null) return (ctx) => pushValue(ctx as ReactContext, this, run(ctx), inst);
    const path = (inst as [number, Path[], unknown])[1][0]!;
    const args = formatterArgs(inst);
    return (ctx) => {
      const rc = ctx as ReactContext;
      const Component = rc.components[component];
      const node = Component === undefined ? undefined : ctx.resolve(path);
      const html = run(ctx);
      if (Component === undefined) pushValue(rc, this, html, inst);
      else pushComponent(rc, this, Component, component, html, node, args, inst);
    };
  }

  /**
   * `{x|apply NAME …}`: the partial's code is structured for this parent element once and run
   * as React code, like the template's own, instead of rendering it to a string and parsing
   * that. The frame, `@args`, recursion limit and errors are the engine's (`applyPartialBlock`).
   * A partial that cannot be structured here goes the string way (`text`, the hole as compiled).
   */
  private applyHole(inst: VariableCode, args: string[], text: Emit): Exec {
    const path = inst[1][0]!;
    const name = args[0]!;
    const { isPrivate, bound } = partialArgs(args);
    const asString = (ctx: ReactContext): void => pushValue(ctx, this, text(ctx), inst);
    // Inside the partial's frame: its code as React code, or as a string when unstructurable.
    const runPartial = (ctx: ReactContext, block: Instruction[]): void => {
      const run = this.partialRun(ctx, block);
      if (run !== null) run(ctx);
      else pushValue(ctx, this, textBlock(block, this.registry)(ctx), inst);
    };
    return (ctx) => {
      const rc = ctx as ReactContext;
      if (rc.structureBlock === undefined) {
        asString(rc);
        return;
      }
      const kids = rc.kids;
      try {
        ctx.inst = inst;
        const node = ctx.resolve(path);
        rc.applyPartialBlock(name, node, isPrivate, bound, (block) =>
          runPartial(rc, block as Instruction[]),
        );
      } catch (thrown) {
        rc.kids = kids;
        ctx.unexpected(thrown, inst);
      }
    };
  }

  /** Structured partials by code block (null: not structurable in this parent element). */
  private readonly partials = new WeakMap<object, Exec | null>();

  private partialRun(ctx: ReactContext, block: Instruction[]): Exec | null {
    let run = this.partials.get(block);
    if (run === undefined) {
      const nodes = ctx.structureBlock!(block, this.parent, this.ns, this.outer);
      run = nodes === null ? null : this.block(nodes);
      this.partials.set(block, run);
    }
    return run;
  }

  private region(block: Instruction[], raw: boolean): Exec {
    const run: Emit = textBlock(block, this.registry);
    if (raw) {
      return (ctx) => {
        const html = run(ctx);
        if (html !== '') (ctx as ReactContext).kids.push(new RawHtml(html));
      };
    }
    return (ctx) => pushValue(ctx as ReactContext, this, run(ctx), block[0]);
  }
}

/**
 * A plain element of generated code whose children `body` collects in `ctx.kids` (what
 * `collectedElement` does for the closures): `props` is the element's own, so the children go
 * into it, and the element is written as a literal where `literal` (see element-code.ts).
 */
function collectedNode(
  ctx: ReactContext,
  tag: string,
  props: Props,
  body: Exec,
  literal: boolean,
): ReactElement {
  const saved = ctx.kids;
  // No try/finally: an exception is caught by `guarded`, which restores `kids` itself.
  ctx.kids = [];
  body(ctx);
  const kids = ctx.kids;
  ctx.kids = saved;
  if (kids.length === 1) props.children = kids[0];
  else if (kids.length > 1) props.children = kids;
  if (literal) {
    return { $$typeof: reactElementTag(), type: tag, key: null, ref: null, props } as ReactElement;
  }
  return kids.length > 1 ? jsxs(tag, props) : jsx(tag, props);
}

/** The nodes of a `{value}` among elements: text, its markup's nodes (a fragment), or null. */
function valueNode(
  ctx: ReactContext,
  site: NodeCompiler,
  text: string,
  inst: Instruction,
  last: boolean,
): ReactNode {
  if (text.indexOf('<') === -1) {
    if (text === '') return null;
    return text.indexOf('&') === -1 ? text : decodeEntities(text);
  }
  const kids = parseIn(ctx, site, text, inst, last);
  // Parsed markup holds no raw regions (only `<head>` has one).
  if (kids.length === 1) return kids[0] as ReactNode;
  return kids.length === 0 ? null : createElement(Fragment, null, ...(kids as ReactNode[]));
}

/**
 * An element's children when they can be passed straight to React: elements, texts and plain
 * `{value}`s, no two texts adjacent (their text would have to merge into one string). Null
 * otherwise (blocks, regions, widgets): the children are collected in `ctx.kids`.
 */
function straightChildren(children: RNode[]): Array<string | RElement | RHole> | null {
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

/**
 * Of two attributes with one React name the first wins, as in HTML; that is settled at compile
 * time, since names are known in advance. Attributes React cannot render are dropped.
 */
function firstAttributes(attrs: RAttr[]): RAttr[] {
  const seen = new Set<string>();
  return attrs.filter(([name]) => {
    const prop = reactName(name);
    if (prop === null || seen.has(prop)) return false;
    seen.add(prop);
    return true;
  });
}

/** The namespace of a `tag` element's content inside an element whose content is in `ns`. */
function nsOf(tag: string, ns: Ns): Ns {
  if (tag === 'svg') return Ns.SVG;
  if (tag === 'math') return Ns.MATH;
  return tag === 'foreignObject' ? Ns.HTML : ns;
}

/**
 * A value's output into `ctx.kids`: most values are plain text, added as it is (no parse, no
 * array); markup is parsed as content of `site`'s element (see `parseIn`, and `tailHole` for
 * `last`).
 */
function pushValue(
  ctx: ReactContext,
  site: NodeCompiler,
  text: string,
  origin: unknown,
  last = false,
): void {
  if (text.indexOf('<') !== -1) pushAll(ctx.kids, parseIn(ctx, site, text, origin, last));
  else if (text !== '') pushText(ctx.kids, text.indexOf('&') === -1 ? text : decodeEntities(text));
}

/**
 * Where an element's children end with a plain `{value}` (then only whitespace): its index, or
 * -1. See `tailHole`.
 */
function tailValue(nodes: RNode[]): number {
  let i = nodes.length - 1;
  const end = nodes[i];
  if (typeof end === 'string' && isHtmlBlank(end)) i--;
  const node = nodes[i];
  if (i < 0 || !Array.isArray(node) || node[0] !== Kind.HOLE || node[2] !== HoleMode.MARKUP)
    return -1;
  return appliedPartial(node[1]) === null && componentName(node[1]) === null ? i : -1;
}

/**
 * A formatter widget: the markup's leading and trailing text stay outside the component (they
 * merge with the template text around it, as in the DOM), the elements go inside.
 */
function pushComponent(
  ctx: ReactContext,
  compiler: NodeCompiler,
  Component: ComponentTable[string],
  name: string,
  html: string,
  node: unknown,
  args: string[],
  inst: unknown,
): void {
  const kids = ctx.kids;
  const first = html.indexOf('<');
  const last = html.lastIndexOf('>');
  if (first === -1 || last < first) {
    pushValue(ctx, compiler, html, inst);
    return;
  }
  pushText(kids, decodeEntities(html.slice(0, first)));
  const inner = first === 0 && last === html.length - 1 ? html : html.slice(first, last + 1);
  const markup = parseIn(ctx, compiler, inner, inst);
  kids.push(createElement(Component, { name, html: inner, markup, node, args }));
  pushText(kids, decodeEntities(html.slice(last + 1)));
}

/**
 * The arguments of `{x|apply NAME …}` when that is the whole instruction (one variable, one
 * formatter, a partial name): the hole is the partial's output.
 */
function appliedPartial(inst: Instruction): string[] | null {
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
function componentName(inst: Instruction): string | null {
  if (!Array.isArray(inst) || inst[0] !== Op.VARIABLE || !Array.isArray(inst[2])) return null;
  const last = inst[2][inst[2].length - 1];
  return Array.isArray(last) && typeof last[0] === 'string' ? last[0] : null;
}

function formatterArgs(inst: Instruction): string[] {
  const list = (inst as unknown[])[2] as unknown[];
  const last = list[list.length - 1] as unknown[];
  const args = last[1] as [string[], string] | undefined;
  return Array.isArray(args) && Array.isArray(args[0]) ? args[0] : [];
}

/** Whether a structured node renders the same whatever the data (no instruction inside). */
function isStaticElement(node: RNode): boolean {
  if (typeof node === 'string') return true;
  if (node[0] !== Kind.ELEMENT || node[4] !== 0) return false;
  return node[2].every(([, value]) => typeof value === 'string') && node[3].every(isStaticElement);
}

/** An exception escaping a node is recorded against its instruction; the rest still renders. */
function guarded(run: Exec, inst: unknown): Exec {
  return (ctx) => {
    const kids = (ctx as ReactContext).kids;
    try {
      run(ctx);
    } catch (thrown) {
      (ctx as ReactContext).kids = kids;
      ctx.unexpected(thrown, SHELL_ORIGIN.get(inst as object) ?? inst);
    }
  };
}

const rootCompilers = [
  new WeakMap<Registry, NodeCompiler>(),
  new WeakMap<Registry, NodeCompiler>(),
];

/**
 * The compiler of a registry's top level; element compilers hang below it by position.
 * `generate`: plain elements become generated code where eval is allowed (element-code.ts);
 * false keeps every element a closure (the tests run both).
 */
export function rootCompiler(registry: Registry, generate = canGenerateCode()): NodeCompiler {
  const cache = rootCompilers[generate ? 1 : 0]!;
  let root = cache.get(registry);
  if (root === undefined) {
    root = new NodeCompiler(registry, '#root', Ns.HTML, [], generate);
    cache.set(registry, root);
  }
  return root;
}
