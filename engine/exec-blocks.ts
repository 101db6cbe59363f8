/**
 * Block instructions (LANGUAGE.md 4.5): SECTION, REPEATED (with its alternates-with block),
 * PREDICATE, OR_PREDICATE chains and IF. Frames are always restored in a `finally`, so an
 * exception inside never leaves an extra frame on the stack.
 */
import type {
  IfCode,
  MaybeArgs,
  OrPredicateCode,
  Path,
  PredicateCode,
  RepeatedCode,
  SectionCode,
} from './code.js';
import type { Compiler, Exec } from './context.js';
import { StackFrame } from './frame.js';
import type { Predicate } from './plugin.js';
import { asPath, compileSectionPath, compileVariablePath } from './resolve.js';
import { getOwn, isTruthy } from './values.js';

/** `{.section a.b}`: push the value; block if truthy, else the alternate inside the pushed frame. */
export function compileSection(inst: SectionCode, compiler: Compiler): Exec {
  const resolve = compileSectionPath(asPath(inst[1]));
  const body = compiler.block(inst[2]);
  const alternate = compiler.alternate(inst[3]);
  return (ctx) => {
    const saved = ctx.cur;
    const node = resolve(saved);
    ctx.cur = new StackFrame(node, saved);
    try {
      if (isTruthy(node)) body(ctx);
      else alternate(ctx);
    } finally {
      ctx.cur = saved;
    }
  };
}

/**
 * `{.repeated section a}`: one element frame per item on top of a frame for the array (which
 * carries the index for `@index`); the alternates-with block runs in the element frame between
 * items. A value that is not a non-empty array runs the alternate in the outer frame.
 */
export function compileRepeated(inst: RepeatedCode, compiler: Compiler): Exec {
  const resolve = compileSectionPath(asPath(inst[1]));
  const body = compiler.block(inst[2]);
  const alternate = compiler.alternate(inst[3]);
  const between = Array.isArray(inst[4]) && inst[4].length > 0 ? compiler.block(inst[4]) : null;
  return (ctx) => {
    const saved = ctx.cur;
    const node = resolve(saved);
    if (!Array.isArray(node) || node.length === 0) {
      alternate(ctx);
      return;
    }
    const arrayFrame = new StackFrame(node, saved);
    // One element frame serves every item; it is reset so nothing bound in one item leaks into
    // the next (the reference pushes a fresh frame per item, with the same effect).
    const elementFrame = new StackFrame(null, arrayFrame);
    const last = node.length - 1;
    try {
      for (let i = 0; i <= last; i++) {
        arrayFrame.index = i;
        const element: unknown = node[i];
        elementFrame.node = element === undefined ? null : element;
        elementFrame.vars = null;
        elementFrame.macros = null;
        ctx.cur = elementFrame;
        body(ctx);
        if (between !== null && i < last) between(ctx);
      }
    } finally {
      ctx.cur = saved;
    }
  };
}

function argValues(args: MaybeArgs): string[] {
  return Array.isArray(args) && Array.isArray(args[0]) ? args[0] : [];
}

function lookupPredicate(compiler: Compiler, name: unknown): Predicate | null {
  if (typeof name !== 'string') return null;
  const impl = getOwn(compiler.registry.predicates, name) as Predicate | undefined;
  return impl !== undefined && typeof impl.apply === 'function' ? impl : null;
}

function conditional(inst: PredicateCode | OrPredicateCode, compiler: Compiler): Exec {
  const predicate = lookupPredicate(compiler, inst[1]);
  const args = argValues(inst[2]);
  const body = compiler.block(inst[3]);
  const alternate = compiler.alternate(inst[4]);
  // An unknown predicate is simply false (it was reported at compile time).
  if (predicate === null) return alternate;
  return (ctx) => {
    ctx.inst = inst;
    if (predicate.apply(args, ctx)) body(ctx);
    else alternate(ctx);
  };
}

/** `{.equal? a b}`: no frame is pushed; the predicate sees the current frame. */
export function compilePredicate(inst: PredicateCode, compiler: Compiler): Exec {
  return conditional(inst, compiler);
}

/** `{.or}` runs its block unconditionally; `{.or pred? …}` chains like a predicate. */
export function compileOrPredicate(inst: OrPredicateCode, compiler: Compiler): Exec {
  if (inst[1] === 0) return compiler.block(inst[3]);
  return conditional(inst, compiler);
}

const AND = 1;

/**
 * `{.if a && b || c}`: truthiness combined strictly left to right with no precedence, stopping
 * as soon as an OR yields true or an AND yields false (LANGUAGE.md 4.5, a reference quirk that
 * published templates depend on).
 */
export function compileIf(inst: IfCode, compiler: Compiler): Exec {
  const operators = Array.isArray(inst[1]) ? inst[1] : [];
  const resolvers = (inst[2] as Path[]).map((path) => compileVariablePath(asPath(path)));
  const body = compiler.block(inst[3]);
  const alternate = compiler.alternate(inst[4]);
  const first = resolvers[0];
  if (first === undefined) throw new TypeError('IF without variables');
  const count = Math.min(operators.length, resolvers.length - 1);
  return (ctx) => {
    const frame = ctx.cur;
    let result = isTruthy(first(frame));
    for (let i = 0; i < count; i++) {
      if (operators[i] === AND) {
        result = result && isTruthy(resolvers[i + 1]!(frame));
        if (!result) break;
      } else {
        result = result || isTruthy(resolvers[i + 1]!(frame));
        if (result) break;
      }
    }
    if (result) body(ctx);
    else alternate(ctx);
  };
}
