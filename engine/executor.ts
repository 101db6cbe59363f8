/**
 * Compiles the JSON code tree into closures and runs them.
 *
 * Each block is compiled once per (registry, block array) — the cache is a WeakMap, so code
 * trees compiled elsewhere and partials parsed at render time are handled the same way — and
 * the closures are then run on every render with no further inspection of the tree.
 *
 * Every closure returns the text it produced (`Emit`), and a block is a single closure that
 * concatenates into a local string: literal output (text, meta characters, whitespace
 * instructions) is folded into the text between steps and costs no call, and variable tags
 * without formatters on a one-segment path — most of a real template — are looked up inline.
 * Comments vanish. Few closures per instruction also keep a large template's compiled form
 * small enough to stay in the CPU caches.
 *
 * Error isolation (docs/language.md, "Errors"): every instruction of a block runs under a
 * try/catch, so an exception from a plugin or from hostile data is recorded against that
 * instruction and execution continues with the next one. The try is set up once per block and
 * re-entered after the failing index, which costs nothing while nothing throws.
 */
import type { Block, Code, Instruction, VariableCode } from './code.js';
import type { BlockCompiler, Emit, EmitCompiler } from './context.js';
import { ErrorCode } from './errors.js';
import {
  compileIf,
  compileOrPredicate,
  compilePredicate,
  compileRepeated,
  compileSection,
} from './exec-blocks.js';
import { compileEval } from './exec-eval.js';
import { compileInclude, compileInject, compileMacro } from './exec-partials.js';
import { compileBindvar, compileCtxvar, compileVariable, plainKey } from './exec-vars.js';
import { Op } from './opcodes.js';
import type { Registry } from './plugin.js';
import { lookupKey } from './resolve.js';
import { renderValue } from './values.js';
import { invalidInstruction } from './error-texts.js';

const noop: Emit = () => '';

const LITERALS: Record<number, string> = {
  [Op.META_LEFT]: '{',
  [Op.META_RIGHT]: '}',
  [Op.NEWLINE]: '\n',
  [Op.SPACE]: ' ',
  [Op.TAB]: '\t',
};

const compilers = new WeakMap<Registry, EmitCompiler>();
// Almost every render uses the same registry as the one before: skip the WeakMap then.
let lastRegistry: Registry | null = null;
let lastCompiler: EmitCompiler | null = null;

/** The (cached) compiler for a registry. */
export function compilerFor(registry: Registry): EmitCompiler {
  if (registry === lastRegistry) return lastCompiler!;
  let compiler = compilers.get(registry);
  if (compiler === undefined) {
    compiler = createCompiler(registry);
    compilers.set(registry, compiler);
  }
  lastRegistry = registry;
  lastCompiler = compiler;
  return compiler;
}

/** Compiles a ROOT (or any single instruction) into a closure. */
export function compileCode(code: Code | Instruction, registry: Registry): Emit {
  const compiler = compilerFor(registry);
  if (Array.isArray(code) && code[0] === Op.ROOT) return compiler.block(code[2]);
  return compiler.block([code]);
}

/** The block compiler in the shape the context wants (`block` does not use `this`). */
export function blockCompiler(registry: Registry): BlockCompiler {
  return compilerFor(registry).block;
}

/** A block's only step, unguarded (see `EmitCompiler.step`). */
interface BareStep {
  run: Emit;
  inst: unknown;
}

function createCompiler(registry: Registry): EmitCompiler {
  const cache = new WeakMap<object, Emit>();
  const bareSteps = new WeakMap<object, BareStep>();
  // The root block of the template rendered last (a render usually repeats the previous one).
  let lastBlock: unknown = null;
  let lastRun: Emit = noop;
  const compiler: EmitCompiler = {
    registry,
    block(block) {
      if (block === lastBlock) return lastRun;
      if (!Array.isArray(block)) return noop;
      let run = cache.get(block);
      if (run === undefined) {
        run = compileBlock(block as Block, compiler, bareSteps);
        cache.set(block, run);
      }
      lastBlock = block;
      lastRun = run;
      return run;
    },
    step(block) {
      if (!Array.isArray(block)) return null;
      compiler.block(block);
      return bareSteps.get(block) ?? null;
    },
    alternate(alternate) {
      // END / EOF are bare numbers; an OR_PREDICATE chain is an array.
      if (!Array.isArray(alternate)) return noop;
      let run = cache.get(alternate);
      if (run === undefined) {
        run = guarded(compileInstruction(alternate as Instruction, compiler), alternate);
        cache.set(alternate, run);
      }
      return run;
    },
  };
  return compiler;
}

/**
 * A compiled instruction: literal text, a plain variable read (`key` set when the path is one
 * plain segment, so the block can look it up without a call), or any other step.
 */
type Step = string | { key: string | number | null; run: Emit; inst: unknown };

/**
 * A block is `texts[0] step0 texts[1] step1 … texts[n]`: literal output is merged into the text
 * between steps, so text costs no call at all, and the whole block is one closure that builds
 * its output in a local string.
 */
function compileBlock(
  block: Block,
  compiler: EmitCompiler,
  bareSteps: WeakMap<object, BareStep>,
): Emit {
  const texts: string[] = [''];
  const keys: (string | number | null)[] = [];
  const runs: Emit[] = [];
  const insts: unknown[] = [];
  for (const inst of block) {
    const step = compileStep(inst, compiler);
    if (step === null) continue;
    if (typeof step === 'string') {
      texts[texts.length - 1] += step;
    } else {
      keys.push(step.key);
      runs.push(step.run);
      insts.push(step.inst);
      texts.push('');
    }
  }
  if (runs.length === 1 && keys[0] === null && texts[0] === '' && texts[1] === '')
    bareSteps.set(block, { run: runs[0]!, inst: insts[0] });
  return sequence(texts, keys, runs, insts);
}

/**
 * Runs the steps of a block in order. An exception is recorded against its instruction, that
 * step prints nothing, and the rest still run: the try is re-entered after the failing index,
 * which costs nothing while nothing throws.
 */
function sequence(
  texts: string[],
  keys: (string | number | null)[],
  runs: Emit[],
  insts: unknown[],
): Emit {
  const n = runs.length;
  const lead = texts[0]!;
  if (n === 0) return () => lead;
  if (n === 1) return single(lead, keys[0]!, runs[0]!, texts[1]!, insts[0]);
  return (ctx) => {
    let out = lead;
    let i = 0;
    for (;;) {
      try {
        for (; i < n; i++) {
          const key = keys[i]!;
          out +=
            (key !== null ? renderValue(lookupKey(ctx.cur, key)) : runs[i]!(ctx)) + texts[i + 1]!;
        }
        return out;
      } catch (thrown) {
        ctx.unexpected(thrown, insts[i]);
        out += texts[i + 1]!;
        i++;
      }
    }
  };
}

/** A block with one step (a section body such as `{x}`, most alternates): no loop. */
function single(
  lead: string,
  key: string | number | null,
  run: Emit,
  trail: string,
  inst: unknown,
): Emit {
  if (key !== null && lead === '' && trail === '') {
    return (ctx) => {
      try {
        return renderValue(lookupKey(ctx.cur, key));
      } catch (thrown) {
        ctx.unexpected(thrown, inst);
        return '';
      }
    };
  }
  if (key !== null) {
    return (ctx) => {
      try {
        return lead + renderValue(lookupKey(ctx.cur, key)) + trail;
      } catch (thrown) {
        ctx.unexpected(thrown, inst);
        return lead + trail;
      }
    };
  }
  if (lead === '' && trail === '') return guarded(run, inst);
  return (ctx) => {
    try {
      return lead + run(ctx) + trail;
    } catch (thrown) {
      ctx.unexpected(thrown, inst);
      return lead + trail;
    }
  };
}

function guarded(run: Emit, inst: unknown): Emit {
  return (ctx) => {
    try {
      return run(ctx);
    } catch (thrown) {
      ctx.unexpected(thrown, inst);
      return '';
    }
  };
}

/** Literal text, a runnable step, or null for instructions that do nothing. */
function compileStep(inst: unknown, compiler: EmitCompiler): Step | null {
  if (typeof inst === 'number') return LITERALS[inst] ?? null;
  if (!Array.isArray(inst)) return invalid(inst);
  if (inst[0] === Op.TEXT) return typeof inst[1] === 'string' ? inst[1] : invalid(inst);
  if (inst[0] === Op.COMMENT || inst[0] === Op.ATOM) return null;
  try {
    if (inst[0] === Op.VARIABLE) {
      const key = plainKey(inst as VariableCode, compiler.registry);
      if (key !== null) return { key, run: noop, inst };
    }
    return { key: null, run: compileInstruction(inst as Instruction, compiler), inst };
  } catch {
    // A malformed instruction (hand-built or foreign code) must not stop the whole template.
    return invalid(inst);
  }
}

function invalid(inst: unknown): Step {
  const text = invalidInstruction(safeJson(inst));
  const run: Emit = (ctx) => {
    ctx.record(ErrorCode.INVALID_CODE, text, inst);
    return '';
  };
  return { key: null, run, inst };
}

function safeJson(value: unknown): string {
  try {
    return String(JSON.stringify(value)).slice(0, 100);
  } catch {
    return String(value);
  }
}

/** Dispatches one composite instruction to its compiler. */
function compileInstruction(inst: Instruction, compiler: EmitCompiler): Emit {
  if (!Array.isArray(inst)) {
    const text = LITERALS[inst];
    return text === undefined ? noop : () => text;
  }
  switch (inst[0]) {
    case Op.TEXT: {
      const text = inst[1];
      return () => text;
    }
    case Op.VARIABLE:
      return compileVariable(inst, compiler);
    case Op.SECTION:
      return compileSection(inst, compiler);
    case Op.REPEATED:
      return compileRepeated(inst, compiler);
    case Op.PREDICATE:
      return compilePredicate(inst, compiler);
    case Op.OR_PREDICATE:
      return compileOrPredicate(inst, compiler);
    case Op.BINDVAR:
      return compileBindvar(inst, compiler);
    case Op.IF:
      return compileIf(inst, compiler);
    case Op.INJECT:
      return compileInject(inst);
    case Op.MACRO:
      return compileMacro(inst);
    case Op.CTXVAR:
      return compileCtxvar(inst);
    case Op.EVAL:
      return compileEval(inst);
    case Op.INCLUDE:
      return compileInclude(inst);
    case Op.ROOT:
    case Op.STRUCT:
      return compiler.block(inst[2]);
    case Op.COMMENT:
    case Op.ATOM:
      return noop;
    default:
      throw new TypeError('unknown opcode');
  }
}
