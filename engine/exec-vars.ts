/**
 * Instructions that read variables: VARIABLE (`{a, b|f1|f2}`), BINDVAR (`{.var @x a|f}`) and
 * CTXVAR (`{.ctx @x k=a}`), plus the formatter chain they share (docs/language.md, "What each
 * instruction does" and "Where formatters look up names").
 */
import type { BindvarCode, CtxvarCode, FormatterList, Path, VariableCode } from './code.js';
import type { Emit, EmitCompiler, ExecContext } from './context.js';
import { StackFrame } from './frame.js';
import { Variable, type Formatter, type Predicate, type Registry } from './plugin.js';
import {
  asPath,
  compileVariablePath,
  isPlainKey,
  lookupKey,
  resolvePath,
  type Resolver,
} from './resolve.js';
import type { MappedChains } from './mapped-chains.js';
import { getOwn, renderValue } from './values.js';

export interface FormatterStep {
  formatter: Formatter;
  args: string[];
  /** `formatter.prepare(args)`, made once when the instruction is compiled. */
  prepared: unknown;
}

/**
 * A formatter's or predicate's compile-time work for `args` (`Formatter.prepare`,
 * `Predicate.prepare`), if it has any.
 */
export function prepareCall(plugin: Formatter | Predicate, args: string[]): unknown {
  if (typeof plugin.prepare !== 'function') return undefined;
  try {
    return plugin.prepare(args);
  } catch {
    // A plugin that breaks its contract still renders: `apply` works without it.
    return undefined;
  }
}

/**
 * Binds formatter names to implementations once. A name missing from the registry (possible in
 * code compiled elsewhere) is skipped, as in the reference.
 */
function compileFormatters(list: FormatterList, registry: Registry): FormatterStep[] {
  if (!Array.isArray(list)) return [];
  const steps: FormatterStep[] = [];
  for (const call of list) {
    const formatter = boundFormatter(call, registry);
    if (formatter === undefined) continue;
    const args = Array.isArray(call[1]) && Array.isArray(call[1][0]) ? call[1][0] : [];
    steps.push({ formatter, args, prepared: prepareCall(formatter, args) });
  }
  return steps;
}

/** The implementation a formatter call of the code tree names, if the registry has one. */
function boundFormatter(call: unknown, registry: Registry): Formatter | undefined {
  if (!Array.isArray(call) || typeof call[0] !== 'string') return undefined;
  const formatter = getOwn(registry.formatters, call[0]) as Formatter | undefined;
  return formatter === undefined || typeof formatter.apply !== 'function' ? undefined : formatter;
}

function compileResolvers(paths: unknown): Resolver[] {
  if (!Array.isArray(paths) || paths.length === 0) throw new TypeError('variables expected');
  return paths.map((path) => compileVariablePath(asPath(path)));
}

function resolveAll(resolvers: Resolver[], frame: StackFrame): Variable[] {
  const vars: Variable[] = new Array(resolvers.length);
  for (let i = 0; i < resolvers.length; i++) vars[i] = new Variable(resolvers[i]!(frame));
  return vars;
}

function applyFormatters(
  steps: FormatterStep[],
  vars: Variable[],
  ctx: ExecContext,
  inst: unknown,
): void {
  for (const step of steps) {
    // Set before every call: a formatter such as `apply` runs other instructions in between.
    ctx.inst = inst;
    step.formatter.apply(step.args, vars, ctx, step.prepared);
  }
}

/**
 * Formatter chains made only of pure mappings, run as the mappings (mapped-chains.ts): a
 * server-only fast path, installed by the server entry with `useMappedChains`. The browser
 * runtime calls each formatter's `apply`, which is its `map` by contract (`Formatter.map`).
 */
let mapped: MappedChains | null = null;

/** Installs (or, with null, removes) the pure-mapping paths for instructions compiled from now on. */
export function useMappedChains(chains: MappedChains | null): void {
  mapped = chains;
}

/**
 * The key of a `{name}` tag (one plain path segment, no formatters that exist), which the
 * executor looks up inline; null for any other tag.
 */
export function plainKey(inst: VariableCode, registry: Registry): string | number | null {
  const paths = inst[1];
  if (!Array.isArray(paths) || paths.length === 0) return null;
  const path: unknown = paths[0];
  if (!Array.isArray(path) || path.length !== 1) return null;
  const key: unknown = path[0];
  if (typeof key !== 'string' && typeof key !== 'number') return null;
  if (!isPlainKey(key)) return null;
  // Checked without compiling the chain (which would run the formatters' `prepare`).
  const list = inst[2];
  return Array.isArray(list) && list.some((call) => boundFormatter(call, registry) !== undefined)
    ? null
    : key;
}

/**
 * `{a, b|f1|f2}`: while the formatters run, the first variable's value is pushed as a frame, so
 * `ctx.node()` is that value and `ctx.frame().parent` is where the tag appeared. The frame is
 * popped in a `finally` (the reference leaks it when a formatter throws).
 */
export function compileVariable(inst: VariableCode, compiler: EmitCompiler): Emit {
  const resolvers = compileResolvers(inst[1]);
  const steps = compileFormatters(inst[2], compiler.registry);
  const first = resolvers[0]!;
  if (steps.length === 0) {
    const path = (inst[1] as Path[])[0]!;
    const key = path[0];
    // The most common tag, `{name}`: a direct call the optimiser can inline.
    if (path.length === 1 && key !== undefined && isPlainKey(key))
      return (ctx) => renderValue(lookupKey(ctx.cur, key));
    // `{@}`, the usual body of a repeated section over scalars.
    if (path.length === 1 && key === '@') return (ctx) => renderValue(ctx.cur.node);
    return (ctx) => renderValue(first(ctx.cur));
  }
  const pure = resolvers.length === 1 ? mapped?.variable(first, steps, inst) : undefined;
  if (pure) return pure;
  if (resolvers.length === 1 && steps.length === 1) {
    // `{a|f}`, the usual shape: no loops, the formatter held directly.
    const { formatter, args, prepared } = steps[0]!;
    return (ctx) => {
      const saved = ctx.cur;
      const vars = [new Variable(first(saved))];
      ctx.cur = new StackFrame(vars[0]!.value, saved);
      try {
        ctx.inst = inst;
        formatter.apply(args, vars, ctx, prepared);
      } finally {
        ctx.cur = saved;
      }
      return renderValue(vars[0]!.value);
    };
  }
  return (ctx) => {
    const saved = ctx.cur;
    const vars = resolveAll(resolvers, saved);
    ctx.cur = new StackFrame(vars[0]!.value, saved);
    try {
      applyFormatters(steps, vars, ctx, inst);
    } finally {
      ctx.cur = saved;
    }
    return renderValue(vars[0]!.value);
  };
}

/** `{.var @x a|f}`: formatters run without a frame push; the result is bound in the current frame. */
export function compileBindvar(inst: BindvarCode, compiler: EmitCompiler): Emit {
  const name = inst[1];
  if (typeof name !== 'string') throw new TypeError('variable name expected');
  const resolvers = compileResolvers(inst[2]);
  const steps = compileFormatters(inst[3], compiler.registry);
  if (steps.length === 0) {
    const first = resolvers[0]!;
    return (ctx) => {
      const frame = ctx.cur;
      frame.setVar(name, first(frame));
      return '';
    };
  }
  const pure =
    resolvers.length === 1 ? mapped?.bindvar(name, resolvers[0]!, steps, inst) : undefined;
  if (pure) return pure;
  return (ctx) => {
    const frame = ctx.cur;
    const vars = resolveAll(resolvers, frame);
    applyFormatters(steps, vars, ctx, inst);
    // Bind on the frame current at the tag, even if a formatter misbehaved with the stack.
    frame.setVar(name, vars[0]!.value);
    return '';
  };
}

/** Sets a key without ever invoking the `__proto__` setter of a plain object. */
function defineKey(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  } else {
    target[key] = value;
  }
}

/** `{.ctx @x k1=a k2=b}`: binds a new object `{k1: a, k2: b}` (missing values become null). */
export function compileCtxvar(inst: CtxvarCode): Emit {
  const name = inst[1];
  if (typeof name !== 'string' || !Array.isArray(inst[2])) throw new TypeError('bindings expected');
  const bindings = inst[2].map(([key, path]) => ({ key: String(key), path: asPath(path) }));
  return (ctx) => {
    const frame = ctx.cur;
    const value: Record<string, unknown> = {};
    for (const binding of bindings)
      defineKey(value, binding.key, resolvePath(frame, binding.path) ?? null);
    frame.setVar(name, value);
    return '';
  };
}
