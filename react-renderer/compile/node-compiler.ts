/**
 * The React path's compiler: React code (structure/react-code.ts) compiled into closures, the way the
 * engine compiles code, one compiler per element position (its tag and the elements around it).
 *
 * The language itself is the engine's: holes and regions run the engine's own closures
 * (`textStep`/`textBlock`, which return their text), and block nodes run the engine's
 * control-flow instructions with a compiler that hands them React code (`controlFlow`). This
 * module only decides where the output goes: into `ctx.kids`, the children of the element
 * being built, or straight into the element being created.
 */
import { Char } from '../html/char-codes.js';
import type { ReactNode } from 'react';
import type { Instruction } from '../../engine/code.js';
import {
  controlFlow,
  textBlock,
  textStep,
  type Compiler,
  type Emit,
  type Exec,
} from '../../engine/fragments.js';
import { Op } from '../../engine/opcodes.js';
import type { Registry } from '../../engine/plugin.js';
import { type Props } from '../runtime/attribute-props.js';
import type { CodeSite, ElementGenerator } from '../codegen/element-source.js';
import {
  collectedElement,
  freshElement,
  pushValue,
  valueNode,
  type Make,
} from '../runtime/node-makers.js';
import {
  host,
  isPlainTag,
  plainHost,
  pushText,
  RawHtml,
  type Kid,
} from '../runtime/host-elements.js';
import { Ns } from '../html/tree-builder.js';
import type { ReactContext, TemplateSite } from '../runtime/react-context.js';
import { propsMaker, type PropsMaker } from './props-compiler.js';
import { compiledHole } from './hole-compiler.js';
import { keyedItems } from '../runtime/item-keys.js';
import { FallbackSite, withLocalFallback } from './local-fallback.js';
export type { PropsMaker } from './props-compiler.js';
import type { SimpleContext } from '../runtime/simple-markup.js';
import { newArray } from '../runtime/unpretenured-objects.js';
import {
  Kind,
  type ElementParts,
  SHELL_ORIGIN,
  type LocalSplits,
  type Part,
  type RAttr,
  type RHole,
  type RNode,
} from '../structure/react-code.js';
import { isStaticElement, nsOf, straightChildren, tailValue } from '../structure/code-queries.js';

const noop: Exec = () => {};
/** Kind.TEXT_BREAK: a null child, which React renders as nothing, between the two texts. */
const breakText: Exec = (ctx) => void (ctx as ReactContext).kids.push(null);

/** Compiles React code for one parent element (its tag decides how markup is parsed). */
class NodeCompiler implements Compiler, CodeSite, TemplateSite {
  private readonly cache = new WeakMap<object, Exec>();
  /** The compilers of this element's children, by namespace and tag. */
  private readonly children = new Map<string, NodeCompiler>();

  /** `outer` and `parent`, made once: every value parsed here is checked against it. */
  readonly enclosing: readonly string[];
  simple: SimpleContext | undefined = undefined;

  constructor(
    readonly registry: Registry,
    readonly parent: string,
    readonly ns: Ns,
    /** Elements open around `parent`, outermost first: what a value's markup could close. */
    readonly outer: readonly string[],
    /** Compiles plain elements to generated code (codegen/element-source.ts); null: closures. */
    readonly generator: ElementGenerator | null,
  ) {
    this.enclosing = [...outer, parent];
  }

  /** The compiler for the content of a `tag` element inside this one. */
  child(tag: string, ns: Ns): NodeCompiler {
    const key = `${ns}:${tag}`;
    let compiler = this.children.get(key);
    if (compiler === undefined) {
      const outer = this.parent === '#root' ? this.outer : this.enclosing;
      // Named as the parser names end tags (`foreignobject`; `STYLE`, an SVG <style>'s React
      // type: template-tree.ts), so that a value's end tag is seen to close it.
      const name = tag.toLowerCase();
      compiler = new NodeCompiler(this.registry, name, ns, outer, this.generator);
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
    const generated = this.generator?.sequence(this, nodes, body);
    if (generated) return generated;
    const tail = body ? tailValue(nodes) : -1;
    const runs =
      tail === -1
        ? nodes.map((node, i) => this.node(node, nodes[i + 1]))
        : [
            ...nodes.slice(0, tail).map((node, i) => this.node(node, nodes[i + 1])),
            this.tailHole((nodes[tail] as RHole)[1], (nodes[tail + 1] as string | undefined) ?? ''),
          ];
    const first = nodes[0];
    if (Array.isArray(first) && first[0] === Kind.DROPS_NEWLINE) {
      runs.push((ctx) => {
        const kids = (ctx as ReactContext).kids;
        const first = kids[0];
        if (typeof first === 'string' && first.charCodeAt(0) === Char.LINE_FEED) {
          if (first.length > 1) kids[0] = first.slice(1);
          else kids.shift();
        }
      });
    }
    const n = runs.length;
    if (n === 0) return noop;
    if (n === 1) return runs[0]!;
    return (ctx) => {
      for (let i = 0; i < n; i++) runs[i]!(ctx);
    };
  }

  /**
   * One node as the closures run it (generated code calls it for blocks, holes, regions);
   * `next` as for `node`.
   */
  nodeRun(node: RNode, next?: RNode): Exec {
    return this.node(node, next);
  }

  /** `next`: the node after it, which a hole's output may run into (hole-compiler.ts). */
  private node(node: RNode, next?: RNode): Exec {
    if (typeof node === 'string') return (ctx) => pushText((ctx as ReactContext).kids, node);
    switch (node[0]) {
      case Kind.ELEMENT:
        return this.element(node[1], node[2], node[3], node[4], node[5], node[6]);
      case Kind.HOLE:
        return compiledHole(this, node[1], node[2], next);
      case Kind.BLOCK: {
        const shell = node[1];
        const blocks = shell[0] === Op.REPEATED ? keyedItems(this, shell[2]) : this;
        return guarded(controlFlow(shell, blocks), shell);
      }
      case Kind.REGION:
        return this.region(node[1], node[2] === 1);
      case Kind.TEXT_BREAK:
        return breakText;
      default:
        return noop;
    }
  }

  private element(
    tag: string,
    attrs: RNode[] | unknown[],
    children: RNode[],
    dynamic: Part[] | 0,
    local: Instruction[] | undefined,
    splits: LocalSplits | undefined,
  ): Exec {
    const make = this.elementMaker(tag, attrs as RAttr[], children, dynamic, local, splits);
    return (ctx) => void (ctx as ReactContext).kids.push(make(ctx as ReactContext));
  }

  /**
   * A function building one structured element; with its content as code (`local`), one that
   * re-parses that content where a value inside leaves its element (local-fallback.ts); on the
   * server, from the child holding the value on, where the content is cut at its children
   * (`splits`, piece-fallback.ts).
   */
  elementMaker(...[tag, attrs, children, dynamic, local, splits]: ElementParts): Make {
    if (local === undefined) return this.elementMakerOf(tag, attrs, children, dynamic);
    const inner = this.child(tag, nsOf(tag, this, attrs));
    const compile = (registry: Registry, nodes: RNode[]): Exec =>
      new NodeCompiler(registry, inner.parent, inner.ns, inner.outer, null).block(nodes);
    const { props } = this.props(tag, attrs, dynamic);
    const make = this.elementMakerOf(tag, attrs, children, dynamic);
    const create = isPlainTag(tag) ? plainHost : host;
    return withLocalFallback(
      new FallbackSite(tag, local, inner, compile, make, props, create, children, splits),
    );
  }

  private elementMakerOf(
    tag: string,
    attrs: RAttr[],
    children: RNode[],
    dynamic: Part[] | 0,
  ): Make {
    if (!isStaticElement([Kind.ELEMENT, tag, attrs, children, dynamic])) {
      return (
        this.generator?.(this, tag, attrs, children, dynamic) ??
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
    const inner = this.child(tag, nsOf(tag, this, attrs));
    const { props, fresh } = this.props(tag, attrs, dynamic);
    return isPlainTag(tag)
      ? inner.plainElement(tag, props, fresh, children)
      : collectedElement(tag, props, inner.body(children), host);
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
    // Shared props: `plainHost` copies them.
    const [a, b, c, d] = makers;
    switch (makers.length) {
      case 0:
        return (ctx) => plainHost(tag, props(ctx), newArray());
      case 1:
        return (ctx) => plainHost(tag, props(ctx), newArray(a!(ctx)));
      case 2:
        return (ctx) => plainHost(tag, props(ctx), newArray(a!(ctx), b!(ctx)));
      case 3:
        return (ctx) => plainHost(tag, props(ctx), newArray(a!(ctx), b!(ctx), c!(ctx)));
      case 4:
        return (ctx) => plainHost(tag, props(ctx), newArray(a!(ctx), b!(ctx), c!(ctx), d!(ctx)));
      default:
        return (ctx) => {
          const own = props(ctx);
          return plainHost(
            tag,
            own,
            makers.map((make) => make(ctx) as Kid),
          );
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
      return this.elementMaker(child[1], child[2], child[3], child[4], child[5], child[6]);
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

  /** The props of a `tag` element with these attributes (see props-compiler.ts). */
  props(tag: string, attrs: RAttr[], dynamic: Part[] | 0): PropsMaker {
    return propsMaker(this.registry, tag, attrs, dynamic);
  }

  /**
   * Runs a partial's or built-in template's code block in this element: structured for it once
   * (React code), or, where it cannot be structured here, rendered to a string and parsed.
   */
  runBlock(ctx: ReactContext, block: Instruction[], origin: unknown): void {
    const run = this.partialRun(ctx, block);
    if (run !== null) run(ctx);
    else pushValue(ctx, this, textBlock(block, this.registry)(ctx), origin);
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
    // Its warnings are located at its first instruction that is not text (text the structuring
    // pass cut has no location of its own).
    const origin = block.find((inst) => Array.isArray(inst) && inst[0] !== Op.TEXT) ?? block[0];
    return (ctx) => pushValue(ctx as ReactContext, this, run(ctx), origin);
  }
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

/** Root compilers per registry, for closures (null) and for each element generator. */
const rootCompilers = new WeakMap<Registry, Map<ElementGenerator | null, NodeCompiler>>();

/**
 * The compiler of a registry's top level; element compilers hang below it by position.
 * `generator`: plain elements become generated code (codegen/element-source.ts, on the server);
 * null keeps every element a closure (the browser; the tests run both).
 */
export function rootCompiler(registry: Registry, generator: ElementGenerator | null): NodeCompiler {
  let byGenerator = rootCompilers.get(registry);
  if (byGenerator === undefined) rootCompilers.set(registry, (byGenerator = new Map()));
  let root = byGenerator.get(generator);
  if (root === undefined) {
    root = new NodeCompiler(registry, '#root', Ns.HTML, [], generator);
    byGenerator.set(generator, root);
  }
  return root;
}
