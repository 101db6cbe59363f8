/**
 * Block instructions (docs/language.md, "What each instruction does"): SECTION, REPEATED (with its
 * alternates-with block), PREDICATE, OR_PREDICATE chains and IF. Frames are always restored in a
 * `finally`, so an exception inside never leaves an extra frame on the stack.
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
import type { Emit, EmitCompiler, ExecContext } from './context.js';
import { prepareCall } from './exec-vars.js';
import { StackFrame } from './frame.js';
import type { Predicate } from './plugin.js';
import {
  asPath,
  compileSectionPath,
  compileVariablePath,
  isPlainKey,
  ownMember,
} from './resolve.js';
import { getOwn, isTruthy } from './values.js';

/**
 * A section or repeated section name that is one plain key, read straight off the current
 * node (no resolver closure: one indirection less per execution, which counts when a large
 * template's closures no longer fit in the CPU caches). Null for any other path.
 */
function sectionKey(path: Path): string | number | null {
  const first: unknown = path[0];
  if (path.length !== 1 || (typeof first !== 'string' && typeof first !== 'number')) return null;
  return isPlainKey(first) ? first : null;
}

/** `{.section a.b}`: push the value; block if truthy, else the alternate inside the pushed frame. */
export function compileSection(inst: SectionCode, compiler: EmitCompiler): Emit {
  const path = asPath(inst[1]);
  const body = compiler.block(inst[2]);
  const alternate = compiler.alternate(inst[3]);
  const key = sectionKey(path);
  if (key !== null) {
    return (ctx) => {
      const saved = ctx.cur;
      return enterSection(ctx, saved, ownMember(saved.node, key), body, alternate);
    };
  }
  const resolve = compileSectionPath(path);
  return (ctx) => {
    const saved = ctx.cur;
    return enterSection(ctx, saved, resolve(saved), body, alternate);
  };
}

function enterSection(
  ctx: ExecContext,
  saved: StackFrame,
  node: unknown,
  body: Emit,
  alternate: Emit,
): string {
  ctx.cur = new StackFrame(node, saved);
  try {
    return isTruthy(node) ? body(ctx) : alternate(ctx);
  } finally {
    ctx.cur = saved;
  }
}

/**
 * `{.repeated section a}`: one element frame per item on top of a frame for the array (which
 * carries the index for `@index`); the alternates-with block runs in the element frame between
 * items. A value that is not a non-empty array runs the alternate in the outer frame.
 * Something throwing in the loop itself (a hostile array) is recorded against the instruction
 * and the items rendered so far are kept.
 */
export function compileRepeated(inst: RepeatedCode, compiler: EmitCompiler): Emit {
  const path = asPath(inst[1]);
  const block = compiler.block(inst[2]);
  // A body that is one bare step is called directly and guarded here, saving a call per item.
  const bare = compiler.step(inst[2]);
  const loop: Loop = {
    body: bare !== null ? bare.run : block,
    bodyInst: bare !== null ? bare.inst : null,
    between: Array.isArray(inst[4]) && inst[4].length > 0 ? compiler.block(inst[4]) : null,
    inst,
  };
  const alternate = compiler.alternate(inst[3]);
  const key = sectionKey(path);
  if (key !== null) {
    return (ctx) => {
      const saved = ctx.cur;
      const node = ownMember(saved.node, key);
      if (!Array.isArray(node) || node.length === 0) return alternate(ctx);
      return repeat(ctx, saved, node, loop);
    };
  }
  const resolve = compileSectionPath(path);
  return (ctx) => {
    const saved = ctx.cur;
    const node = resolve(saved);
    if (!Array.isArray(node) || node.length === 0) return alternate(ctx);
    return repeat(ctx, saved, node, loop);
  };
}

interface Loop {
  body: Emit;
  /** The instruction of a bare body step (its errors are recorded here), else null. */
  bodyInst: unknown;
  between: Emit | null;
  inst: RepeatedCode;
}

function repeat(ctx: ExecContext, saved: StackFrame, node: unknown[], loop: Loop): string {
  const arrayFrame = new StackFrame(node, saved);
  // One element frame serves every item; it is reset so nothing bound in one item leaks into
  // the next (the reference pushes a fresh frame per item, with the same effect).
  const elementFrame = new StackFrame(null, arrayFrame);
  const { body, bodyInst, between } = loop;
  const last = node.length - 1;
  let out = '';
  try {
    for (let i = 0; i <= last; i++) {
      arrayFrame.index = i;
      const element: unknown = node[i];
      elementFrame.node = element === undefined ? null : element;
      elementFrame.vars = null;
      elementFrame.macros = null;
      ctx.cur = elementFrame;
      try {
        out += body(ctx);
      } catch (thrown) {
        // Only a bare step throws here: a compiled block guards its own steps.
        ctx.unexpected(thrown, bodyInst);
      }
      if (between !== null && i < last) out += between(ctx);
    }
  } catch (thrown) {
    ctx.unexpected(thrown, loop.inst);
  } finally {
    ctx.cur = saved;
  }
  return out;
}

function argValues(args: MaybeArgs): string[] {
  return Array.isArray(args) && Array.isArray(args[0]) ? args[0] : [];
}

function lookupPredicate(compiler: EmitCompiler, name: unknown): Predicate | null {
  if (typeof name !== 'string') return null;
  const impl = getOwn(compiler.registry.predicates, name) as Predicate | undefined;
  return impl !== undefined && typeof impl.apply === 'function' ? impl : null;
}

function conditional(inst: PredicateCode | OrPredicateCode, compiler: EmitCompiler): Emit {
  const predicate = lookupPredicate(compiler, inst[1]);
  const args = argValues(inst[2]);
  const body = compiler.block(inst[3]);
  const alternate = compiler.alternate(inst[4]);
  // An unknown predicate is simply false (it was reported at compile time).
  if (predicate === null) return alternate;
  const prepared = prepareCall(predicate, args);
  return (ctx) => {
    ctx.inst = inst;
    return predicate.apply(args, ctx, prepared) ? body(ctx) : alternate(ctx);
  };
}

/** `{.equal? a b}`: no frame is pushed; the predicate sees the current frame. */
export function compilePredicate(inst: PredicateCode, compiler: EmitCompiler): Emit {
  return conditional(inst, compiler);
}

/** `{.or}` runs its block unconditionally; `{.or pred? …}` chains like a predicate. */
export function compileOrPredicate(inst: OrPredicateCode, compiler: EmitCompiler): Emit {
  if (inst[1] === 0) return compiler.block(inst[3]);
  return conditional(inst, compiler);
}

const AND = 1;

/**
 * `{.if a && b || c}`: truthiness combined strictly left to right with no precedence, stopping
 * as soon as an OR yields true or an AND yields false (docs/language.md, "What each instruction
 * does", a reference quirk that published templates depend on).
 */
export function compileIf(inst: IfCode, compiler: EmitCompiler): Emit {
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
    return result ? body(ctx) : alternate(ctx);
  };
}
