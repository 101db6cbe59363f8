/**
 * The React path's executor: React code (react-code.ts) compiled into closures, the way the
 * engine compiles code, and run against data to build React elements.
 *
 * The language itself is the engine's: holes and regions run the engine's own closures
 * (`textStep`/`textBlock`, which return their text), and block nodes run the engine's
 * control-flow instructions with a compiler that hands them React code (`controlFlow`). This
 * module only decides where the output goes: into `ctx.kids`, the children of the element
 * being built.
 */
import { createElement, Fragment, type ReactElement } from 'react';
import type { Code, Instruction, Path } from '../engine/code.js';
import { ErrorCode, makeError, type SourceLocation } from '../engine/errors.js';
import {
  blockCompiler,
  controlFlow,
  ExecContext,
  textBlock,
  textStep,
  type Compiler,
  type Emit,
  type Exec,
} from '../engine/fragments.js';
import { Op } from '../engine/opcodes.js';
import type { Registry } from '../engine/plugin.js';
import type { ParseFunction, RenderOptions, Template } from '../engine/template.js';
import { attributeSetter, type Props } from './attributes.js';
import { DEFAULT_COMPONENTS, type ComponentTable } from './components/index.js';
import {
  host,
  isPlainTag,
  plainHost,
  parseAttributes,
  parseMarkup,
  propsOf,
  pushAll,
  pushText,
  RawHtml,
  type Kid,
} from './elements.js';
import { decodeEntities } from './entities.js';
import { Ns } from './html-tree.js';
import {
  HoleMode,
  Kind,
  SHELL_ORIGIN,
  type Part,
  type ReactTemplate,
  type RNode,
} from './react-code.js';

/**
 * Makes React code from a compiled template. Injected (structure.ts on the server) so that the
 * browser runtime, which only renders prepared templates, does not carry the structuring pass.
 */
export type Structurer = (template: Template) => { react: RNode[] };

/** Render options of the React path: the string path's, plus the component overrides. */
export interface ReactRenderOptions extends RenderOptions {
  /** Formatter name -> component rendering that formatter's widget (overrides the defaults). */
  components?: ComponentTable;
}

export interface ReactRenderResult {
  element: ReactElement;
  errors: import('../engine/errors.js').TemplateError[];
}

/** The render state: the engine's context plus the children being collected. */
class ReactContext extends ExecContext {
  kids: Kid[] = [];
  components: ComponentTable = DEFAULT_COMPONENTS;
  /**
   * Markup parsed in this render, per parsing compiler and HTML string: a repeated section
   * often emits the same markup-bearing value (a badge, an excerpt, a widget) many times, and
   * React elements are immutable, so identical markup can share one parse. Lives for one render
   * only (nothing is kept across renders).
   */
  parsed: Map<NodeCompiler, ParsedByLength> | null = null;
}

/**
 * Parses by length, then by string compared with `===`: most markup in a render is unique
 * (a partial's output per item), and a Map keyed on the string would hash all of it; a length
 * rarely matches by chance, and comparing unequal strings usually stops at the first characters.
 */
type ParsedByLength = Map<number, Array<[html: string, kids: Kid[]]>>;

/** Strings of one length compared before giving up on sharing (bounds the work per parse). */
const SAME_LENGTH_LIMIT = 8;

/** `parseMarkup` through the render's cache (markup only: plain text has its own fast path). */
function parseIn(ctx: ReactContext, compiler: NodeCompiler, html: string): Kid[] {
  if (html.indexOf('<') === -1) return parseMarkup(html, compiler.parent, compiler.ns);
  const all = (ctx.parsed ??= new Map());
  let mine = all.get(compiler);
  if (mine === undefined) all.set(compiler, (mine = new Map()));
  let seen = mine.get(html.length);
  if (seen === undefined) mine.set(html.length, (seen = []));
  for (const [other, kids] of seen) if (other === html) return kids;
  const kids = parseMarkup(html, compiler.parent, compiler.ns);
  if (seen.length < SAME_LENGTH_LIMIT) seen.push([html, kids]);
  return kids;
}

const noop: Exec = () => {};

/** Compiles React code for one parent element (its tag decides how markup is parsed). */
class NodeCompiler implements Compiler {
  private readonly cache = new WeakMap<object, Exec>();
  constructor(
    readonly registry: Registry,
    readonly parent: string,
    readonly ns: Ns,
    private readonly compilers: CompilerSet,
  ) {}

  block(nodes: unknown): Exec {
    if (!Array.isArray(nodes)) return noop;
    let run = this.cache.get(nodes);
    if (run === undefined) {
      run = this.sequence(nodes as RNode[]);
      this.cache.set(nodes, run);
    }
    return run;
  }

  alternate(alternate: unknown): Exec {
    return Array.isArray(alternate) ? guarded(controlFlow(alternate, this), alternate) : noop;
  }

  private sequence(nodes: RNode[]): Exec {
    const runs = nodes.map((node) => this.node(node));
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
    const ns =
      tag === 'svg'
        ? Ns.SVG
        : tag === 'math'
          ? Ns.MATH
          : tag === 'foreignObject'
            ? Ns.HTML
            : this.ns;
    const body = this.compilers.get(tag, ns).block(children);
    const props = this.props(tag, attrs as Array<[string, string | Part[]]>, dynamic);
    const create = isPlainTag(tag) ? plainHost : host;
    return (ctx) => {
      const rc = ctx as ReactContext;
      const saved = rc.kids;
      const kids: Kid[] = (rc.kids = []);
      let own: Props;
      try {
        own = typeof props === 'function' ? props(rc) : props;
        body(rc);
      } finally {
        rc.kids = saved;
      }
      saved.push(create(tag, own, kids));
    };
  }

  /** Static props, or a function building them when attribute values have holes. */
  private props(
    tag: string,
    attrs: Array<[string, string | Part[]]>,
    dynamic: Part[] | 0,
  ): Props | ((ctx: ReactContext) => Props) {
    if (dynamic !== 0) {
      const source = this.parts(dynamic, false);
      return (ctx) => propsOf(tag, parseAttributes(source(ctx)));
    }
    if (attrs.every(([, value]) => typeof value === 'string')) {
      return propsOf(
        tag,
        attrs.map(([name, value]) => ({ name, value: value as string, parts: null })),
      );
    }
    const values = attrs.map(([name, value]) => ({
      set: attributeSetter(tag, name),
      value,
      read: typeof value === 'string' ? null : this.parts(value, true),
    }));
    return (ctx) => {
      const props: Props = {};
      let exact = true;
      for (const { set, value, read } of values) {
        exact = set(props, read === null ? (value as string) : read(ctx)) && exact;
      }
      if (!exact) props.suppressHydrationWarning = true;
      return props;
    };
  }

  /** Static text and instructions joined into one string; instruction output decoded if asked. */
  private parts(parts: Part[], decode: boolean): (ctx: ReactContext) => string {
    const runs = parts.map((part) =>
      typeof part === 'string' ? part : textStep(part, this.registry),
    );
    return (ctx) => {
      let out = '';
      for (const run of runs) {
        if (typeof run === 'string') out += run;
        else out += decode ? decodeEntities(run(ctx), true) : run(ctx);
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
    const component = componentName(inst);
    if (component === null) {
      return (ctx) => {
        const rc = ctx as ReactContext;
        pushAll(rc.kids, parseIn(rc, this, run(ctx)));
      };
    }
    const path = (inst as [number, Path[], unknown])[1][0]!;
    const args = formatterArgs(inst);
    return (ctx) => {
      const rc = ctx as ReactContext;
      const Component = rc.components[component];
      const node = Component === undefined ? undefined : ctx.resolve(path);
      const html = run(ctx);
      if (Component === undefined) pushAll(rc.kids, parseIn(rc, this, html));
      else pushComponent(rc, this, Component, component, html, node, args);
    };
  }

  private region(block: Instruction[], raw: boolean): Exec {
    const run: Emit = textBlock(block, this.registry);
    if (raw) {
      return (ctx) => {
        const html = run(ctx);
        if (html !== '') (ctx as ReactContext).kids.push(new RawHtml(html));
      };
    }
    return (ctx) =>
      pushAll((ctx as ReactContext).kids, parseIn(ctx as ReactContext, this, run(ctx)));
  }
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
): void {
  const kids = ctx.kids;
  const first = html.indexOf('<');
  const last = html.lastIndexOf('>');
  if (first === -1 || last < first) {
    pushAll(kids, parseIn(ctx, compiler, html));
    return;
  }
  pushText(kids, decodeEntities(html.slice(0, first)));
  const inner = first === 0 && last === html.length - 1 ? html : html.slice(first, last + 1);
  const markup = parseIn(ctx, compiler, inner);
  kids.push(createElement(Component, { name, html: inner, markup, node, args }));
  pushText(kids, decodeEntities(html.slice(last + 1)));
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

/** An exception escaping a node is recorded against its instruction; the rest still renders. */
function guarded(run: Exec, inst: unknown): Exec {
  return (ctx) => {
    try {
      run(ctx);
    } catch (thrown) {
      ctx.unexpected(thrown, SHELL_ORIGIN.get(inst as object) ?? inst);
    }
  };
}

/** The node compilers of one registry, one per parent element kind. */
class CompilerSet {
  private readonly byParent = new Map<string, NodeCompiler>();
  constructor(private readonly registry: Registry) {}
  get(parent: string, ns: Ns): NodeCompiler {
    const key = `${ns}:${parent}`;
    let compiler = this.byParent.get(key);
    if (compiler === undefined) {
      compiler = new NodeCompiler(this.registry, parent, ns, this);
      this.byParent.set(key, compiler);
    }
    return compiler;
  }
}

const compilerSets = new WeakMap<Registry, CompilerSet>();

function rootCompiler(registry: Registry): NodeCompiler {
  let set = compilerSets.get(registry);
  if (set === undefined) {
    set = new CompilerSet(registry);
    compilerSets.set(registry, set);
  }
  return set.get('#root', Ns.HTML);
}

/** Structured React code per code tree: a template is structured once, however often rendered. */
const structured = new WeakMap<object, RNode[]>();

/** A Template whose location lookups also find the instructions that shells were made from. */
class ShellLocations extends WeakMap<object, SourceLocation> {
  constructor(private readonly base: WeakMap<object, SourceLocation> | undefined) {
    super();
  }
  override get(key: object): SourceLocation | undefined {
    const origin = SHELL_ORIGIN.get(key);
    return this.base?.get((origin as object | undefined) ?? key);
  }
}

function isReactTemplate(value: unknown): value is ReactTemplate {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as ReactTemplate).code) &&
    Array.isArray((value as ReactTemplate).react)
  );
}

/** The React code of a template: shipped with it, or structured here (once per code tree). */
function reactCodeOf(
  template: Template | ReactTemplate,
  structure: Structurer | undefined,
): RNode[] {
  if (isReactTemplate(template)) return template.react;
  let react = structured.get(template.code);
  if (react === undefined) {
    // Without a structurer (the browser runtime) an unprepared template renders as one region.
    react = structure ? structure(template).react : [[Kind.REGION, template.code[2] ?? [], 0]];
    structured.set(template.code, react);
  }
  return react;
}

/**
 * Renders a template to a React element with the semantics of `render`: the same output DOM,
 * the same errors. Never throws on data input.
 */
export function renderReactTemplate(
  template: Template | ReactTemplate | Code,
  data: unknown,
  options: ReactRenderOptions | undefined,
  registry: Registry,
  parse?: ParseFunction,
  structure?: Structurer,
): ReactRenderResult {
  let tpl: Template | ReactTemplate;
  if (Array.isArray(template)) tpl = { code: template, errors: [] };
  else if (typeof template === 'object' && template !== null && Array.isArray(template.code)) {
    tpl = template;
  } else {
    return {
      element: createElement(Fragment),
      errors: [
        makeError(ErrorCode.INVALID_CODE, 'RuntimeError: Not a template or code tree', undefined),
      ],
    };
  }
  const react = reactCodeOf(tpl, structure);
  const base: Template = {
    code: tpl.code,
    errors: [],
    locations: new ShellLocations((tpl as Template).locations),
  };
  if ((tpl as Template).source !== undefined) base.source = (tpl as Template).source!;
  const opts = options ?? {};
  const ctx = new ReactContext(data, registry, blockCompiler(registry), opts, base, parse);
  if (opts.components !== undefined) ctx.components = { ...DEFAULT_COMPONENTS, ...opts.components };
  try {
    rootCompiler(registry).block(react)(ctx);
  } catch (thrown) {
    ctx.unexpected(thrown, tpl.code);
  }
  const compileErrors = 'errors' in tpl && Array.isArray(tpl.errors) ? tpl.errors : [];
  return {
    element: createElement(Fragment, null, ...(ctx.kids as React.ReactNode[])),
    errors: compileErrors.length > 0 ? [...compileErrors, ...ctx.errors] : ctx.errors,
  };
}
