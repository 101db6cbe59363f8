/**
 * Hooks for output representations other than one string (the React path, docs/architecture.md,
 * "The three render paths": "the intended override points for a different output representation").
 * They reuse the executor for every instruction's semantics:
 *
 * - `stringStep` / `stringBlock`: an instruction or block compiled by the executor, as a
 *   closure that appends its text to `ctx.out`; `capture` runs one and returns what it wrote.
 *   `textStep` / `textBlock` give the executor's own closures, which return their text.
 * - `controlFlow`: a SECTION/REPEATED/PREDICATE/OR_PREDICATE/IF whose blocks are compiled by
 *   the caller's `Compiler` (so its blocks can be something else than code, e.g. React code),
 *   with the frame and truthiness semantics of the executor.
 *
 * Nothing here knows about React; engine/ imports no other folder.
 */
import type { Block, Instruction, VariableCode } from './code.js';
import type { Compiler, Emit, EmitCompiler, Exec, ExecContext } from './context.js';
import {
  compileIf,
  compileOrPredicate,
  compilePredicate,
  compileRepeated,
  compileSection,
} from './exec-blocks.js';
import { plainKey } from './exec-vars.js';
import { compileCode, compilerFor } from './executor.js';
import { Op } from './opcodes.js';
import type { Registry } from './plugin.js';

export { ExecContext } from './context.js';
export type { Compiler, Emit, Exec } from './context.js';
export { blockCompiler } from './executor.js';
export { partialArgs } from './values.js';

/** One instruction as a string-producing closure (errors isolated like any block step). */
export function stringStep(inst: Instruction, registry: Registry): Exec {
  return appending(compileCode(inst, registry));
}

/** A block as a string-producing closure (cached by the executor per block array). */
export function stringBlock(block: Block, registry: Registry): Exec {
  return appending(compilerFor(registry).block(block));
}

/** One instruction as the executor's own closure, which returns its text. */
export function textStep(inst: Instruction, registry: Registry): Emit {
  return compileCode(inst, registry);
}

/**
 * The key of a `{name}` tag (one plain segment, no formatters), or null: such a tag's text is
 * `renderValue(lookupKey(ctx.cur, key))`, which another compiler may inline.
 */
export function inlineKey(inst: Instruction, registry: Registry): string | number | null {
  if (!Array.isArray(inst) || inst[0] !== Op.VARIABLE) return null;
  return plainKey(inst as VariableCode, registry);
}

/** A block as the executor's own closure, which returns its text. */
export function textBlock(block: Block, registry: Registry): Emit {
  return compilerFor(registry).block(block);
}

function appending(emit: Emit): Exec {
  return (ctx) => {
    ctx.out += emit(ctx);
  };
}

/** An `Exec` as an `Emit` that returns no text (its output went wherever `run` puts it). */
function silent(run: Exec): Emit {
  return (ctx) => {
    run(ctx);
    return '';
  };
}

/** Runs `run` and returns its output instead of appending it. */
export function capture(ctx: ExecContext, run: Exec): string {
  const saved = ctx.out;
  ctx.out = '';
  try {
    run(ctx);
    return ctx.out;
  } finally {
    ctx.out = saved;
  }
}

/** Whether `inst` is a block instruction that `controlFlow` handles. */
export function isControlFlow(inst: unknown): inst is unknown[] {
  if (!Array.isArray(inst)) return false;
  const op: unknown = inst[0];
  return (
    op === Op.SECTION ||
    op === Op.REPEATED ||
    op === Op.PREDICATE ||
    op === Op.OR_PREDICATE ||
    op === Op.IF
  );
}

/** Positions of the nested blocks and of the alternate in a control-flow instruction. */
export function blockSlots(op: number): { blocks: number[]; alternate: number } {
  switch (op) {
    case Op.SECTION:
      return { blocks: [2], alternate: 3 };
    case Op.REPEATED:
      return { blocks: [2, 4], alternate: 3 };
    default:
      // PREDICATE, OR_PREDICATE, IF
      return { blocks: [3], alternate: 4 };
  }
}

/**
 * A control-flow instruction whose nested blocks (and OR alternates) `compiler` compiles; the
 * instruction may be a shell whose block slots hold anything `compiler` understands.
 */
export function controlFlow(shell: unknown[], compiler: Compiler): Exec {
  // The executor's instruction compilers want blocks that return text; these return none.
  const adapted: EmitCompiler = {
    registry: compiler.registry,
    block: (block) => silent(compiler.block(block)),
    alternate: (alternate) => silent(compiler.alternate(alternate)),
    step: () => null,
  };
  const emit = controlFlowEmit(shell, adapted);
  return (ctx) => {
    ctx.out += emit(ctx);
  };
}

function controlFlowEmit(shell: unknown[], compiler: EmitCompiler): Emit {
  switch (shell[0]) {
    case Op.SECTION:
      return compileSection(shell as never, compiler);
    case Op.REPEATED:
      return compileRepeated(shell as never, compiler);
    case Op.PREDICATE:
      return compilePredicate(shell as never, compiler);
    case Op.OR_PREDICATE:
      return compileOrPredicate(shell as never, compiler);
    case Op.IF:
      return compileIf(shell as never, compiler);
    default:
      throw new TypeError('not a control-flow instruction');
  }
}
