/**
 * A static check over compiled code: can a value that comes from outside the site (the request:
 * the search query, query parameters; or an API response: a server's error text) reach the HTML
 * output without an escaping formatter? Such a value is text someone else chose, and printed as
 * it is it becomes markup (a reflected XSS).
 *
 * The check follows where each printed value may come from, as data paths from the root:
 * - `{a.b}` may be `a.b` looked up in any enclosing frame (a may-analysis: every frame is a
 *   candidate, as the runtime search goes outward until a frame has the name);
 * - `.section p` and `.repeated section p` look `p` up in the current frame only and make it the
 *   frame of their block (a repeated section's element is `p.*`); `@` is the current frame;
 * - `.var @x …` binds `@x` to what its value may be after its formatters (in document order, in
 *   the frame where it appears); `.ctx @x k=v …` binds `@x.k` to what `v` may be;
 * - a formatter chain is escaped by any escaping formatter (`policy.escapers`, e.g. `html`);
 *   formatters that insert their arguments as they are (`policy.inserters`, e.g. `message`)
 *   carry a source into their output when an argument is one.
 *
 * Limits (documented in docs/cli.md, "jsont check"): `.eval` assignments, macro and partial bodies
 * applied to a source value (`{q|apply p}`), and objects holding a source deeper inside printed
 * whole (`{search|json}`) are not followed; every other formatter is assumed to keep its input
 * text. A warning means "may reach the HTML unescaped", not a proof.
 */
import type { Alternate, Block, FormatterList, Instruction, Path, PathSegment } from './code.js';
import { ErrorCode, makeError, type TemplateError } from './errors.js';
import { Op } from './opcodes.js';
import type { Template } from './template.js';

/** Where the values of a policy's sources come from; it names the warning and its text. */
export type ValueOrigin = 'request' | 'API response';

export interface UnescapedValuePolicy {
  /** Data paths whose values, and everything inside them, come from `origin`. */
  sources: readonly Path[];
  /** 'request' warns UNESCAPED_REQUEST_VALUE, 'API response' UNESCAPED_API_VALUE. */
  origin: ValueOrigin;
  /** Formatters whose output is safe in HTML whatever their input (`html`, `htmlattr`, …). */
  escapers: ReadonlySet<string>;
  /** Formatters that insert their arguments' values into their output as they are (`message`). */
  inserters: ReadonlySet<string>;
}

/** Where a value may come from. */
interface Origin {
  /** Candidate data paths from the root (`*` for an element of a repeated section). */
  paths: PathSegment[][];
  /** The data path (dotted) of the source value it may be or be inside, or null. */
  source: string | null;
  /** What each member is, for an object made by `.ctx` (whose members are other values). */
  members?: Map<string, Origin>;
}

interface Scope {
  node: Origin;
  vars: Map<string, Origin>;
  parent: Scope | null;
}

const CLEAN: Origin = { paths: [], source: null };
/** More candidates than this stops adding paths (a deep nest of sections): sources are kept. */
const MAX_CANDIDATES = 64;
const NAMED_ARG = /^[^=:]+[=:](.+)$/;

class Analysis {
  readonly warnings: TemplateError[] = [];

  constructor(
    private readonly template: Template,
    private readonly policy: UnescapedValuePolicy,
  ) {}

  private sourceOf(path: readonly PathSegment[]): string | null {
    for (const source of this.policy.sources) {
      if (source.length <= path.length && source.every((s, i) => String(s) === String(path[i]))) {
        return path.join('.');
      }
    }
    return null;
  }

  private descend(origin: Origin, segments: readonly PathSegment[]): Origin {
    if (segments.length === 0) return origin;
    if (origin.members !== undefined) {
      const member = origin.members.get(String(segments[0]));
      return member === undefined ? CLEAN : this.descend(member, segments.slice(1));
    }
    const paths = origin.paths.map((p) => [...p, ...segments]);
    let source = origin.source === null ? null : [origin.source, ...segments].join('.');
    for (let i = 0; source === null && i < paths.length; i++) source = this.sourceOf(paths[i]!);
    return { paths, source };
  }

  /** What `path` may be in `scope`; `stack` searches every enclosing frame for its first name. */
  private resolve(scope: Scope, path: Path, stack: boolean): Origin {
    const [first, ...rest] = path;
    if (first === undefined) return scope.node;
    if (first === '@') return this.descend(scope.node, rest);
    if (typeof first === 'string' && first.startsWith('@')) {
      if (first === '@index' || first === '@index0') return CLEAN;
      for (let s: Scope | null = scope; s !== null; s = s.parent) {
        const bound = s.vars.get(first);
        if (bound !== undefined) return this.descend(bound, rest);
      }
      return CLEAN;
    }
    if (!stack) return this.descend(scope.node, path);
    let union: Origin = { paths: [], source: null };
    for (let s: Scope | null = scope; s !== null; s = s.parent) {
      const found = this.descend(s.node, path);
      union = {
        paths:
          union.paths.length >= MAX_CANDIDATES ? union.paths : [...union.paths, ...found.paths],
        source: union.source ?? found.source,
      };
    }
    return union;
  }

  /** A reference as written in a formatter argument (`name=a.b`, `a.b`, `@x`). */
  private resolveArgument(scope: Scope, arg: string): Origin {
    const ref = NAMED_ARG.exec(arg)?.[1] ?? arg;
    const path: Path = ref === '@' ? ['@'] : ref.split('.').map((s) => (/^\d+$/.test(s) ? +s : s));
    return this.resolve(scope, path, true);
  }

  /**
   * The source a formatter chain's output may carry, and the argument of an inserting formatter
   * that brought it (null when the value itself did).
   */
  private chain(
    scope: Scope,
    value: Origin,
    formatters: FormatterList,
  ): { source: string | null; argument: string | null } {
    let source = value.source;
    let argument: string | null = null;
    for (const [name, args] of formatters === 0 ? [] : formatters) {
      if (this.policy.escapers.has(name)) {
        source = null;
        argument = null;
      } else if (this.policy.inserters.has(name) && args !== undefined) {
        for (const arg of args[0]) {
          const found = this.resolveArgument(scope, arg).source;
          if (found !== null && source === null) {
            source = found;
            argument = arg;
          }
        }
      }
    }
    return { source, argument };
  }

  private warn(inst: Instruction, source: string, argument: string | null): void {
    const { origin } = this.policy;
    const message =
      argument === null
        ? `the ${origin} value ${source} is printed unescaped: add an escaping formatter ` +
          `(|html in text, |htmlattr in an attribute)`
        : `the ${argument} argument is the ${origin} value ${source}, inserted unescaped: ` +
          `escape it first ({.var @v ${argument}|html}) and pass @v`;
    const code =
      origin === 'request' ? ErrorCode.UNESCAPED_REQUEST_VALUE : ErrorCode.UNESCAPED_API_VALUE;
    const where = this.template.locations?.get(inst as object);
    this.warnings.push(makeError(code, message, where, 'warning', this.template.source));
  }

  walk(block: Block, scope: Scope): void {
    for (const inst of block) {
      if (typeof inst === 'number') continue;
      switch (inst[0]) {
        case Op.VARIABLE: {
          const [, paths, formatters] = inst;
          const value = paths[0] === undefined ? CLEAN : this.resolve(scope, paths[0], true);
          const out = this.chain(scope, value, formatters);
          if (out.source !== null) this.warn(inst, out.source, out.argument);
          break;
        }
        case Op.BINDVAR: {
          const [, name, paths, formatters] = inst;
          const value = paths[0] === undefined ? CLEAN : this.resolve(scope, paths[0], true);
          const out = this.chain(scope, value, formatters);
          // Formatted text has no members: only an unformatted value keeps its data paths.
          const paths2 = formatters === 0 ? value.paths : [];
          scope.vars.set(name, { paths: paths2, source: out.source });
          break;
        }
        case Op.CTXVAR: {
          const [, name, pairs] = inst;
          const members = new Map<string, Origin>();
          for (const [key, ref] of pairs) members.set(key, this.resolve(scope, ref, true));
          scope.vars.set(name, { paths: [], source: null, members });
          break;
        }
        case Op.SECTION: {
          const [, path, body, alternate] = inst;
          this.walk(body, this.child(this.resolve(scope, path, false), scope));
          this.alternate(alternate, scope);
          break;
        }
        case Op.REPEATED: {
          const [, path, body, alternate, between] = inst;
          const element = this.descend(this.resolve(scope, path, false), ['*']);
          const inner = this.child(element, scope);
          this.walk(body, inner);
          this.walk(between, inner);
          this.alternate(alternate, scope);
          break;
        }
        case Op.PREDICATE:
        case Op.OR_PREDICATE:
        case Op.IF:
          this.walk(inst[3], scope);
          this.alternate(inst[4], scope);
          break;
        case Op.MACRO:
          // Its node is whatever it is applied to: only what it reads from outer frames counts.
          this.walk(inst[2], this.child({ paths: [], source: null }, scope));
          break;
        case Op.ROOT:
          this.walk(inst[2], scope);
          break;
        default:
          break;
      }
    }
  }

  private alternate(alternate: Alternate, scope: Scope): void {
    if (typeof alternate !== 'number') this.walk([alternate], scope);
  }

  private child(node: Origin, parent: Scope): Scope {
    return { node, vars: new Map(), parent };
  }
}

/**
 * Warnings (UNESCAPED_REQUEST_VALUE or UNESCAPED_API_VALUE, with the instruction's line and
 * column) for every tag that may print a value from `policy.sources` into the HTML without an
 * escaping formatter.
 */
export function findUnescapedValues(
  template: Template,
  policy: UnescapedValuePolicy,
): TemplateError[] {
  const analysis = new Analysis(template, policy);
  const root: Scope = { node: { paths: [[]], source: null }, vars: new Map(), parent: null };
  analysis.walk(template.code[2], root);
  return analysis.warnings;
}
