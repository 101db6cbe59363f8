/**
 * Compiles the JSON code tree into closures and runs them.
 *
 * Each block is compiled once per (registry, block array) — the cache is a WeakMap, so code
 * trees compiled elsewhere and partials parsed at render time are handled the same way — and
 * the closures are then run on every render with no further inspection of the tree.
 *
 * Fusion: literal output (text, meta characters, whitespace instructions) and variable tags
 * without formatters that sit side by side — most of a real template — become one closure per
 * run of them, which reads the frame once and appends into a local string, instead of one call
 * and one `ctx.out` update per instruction. Comments vanish.
 *
 * Error isolation (LANGUAGE.md 3.2): every instruction of a block runs under a try/catch, so an
 * exception from a plugin or from hostile data is recorded against that instruction and
 * execution continues with the next one. The try is set up once per block (or fused run) and
 * re-entered after the failing index, which costs nothing while nothing throws.
 */
import type { Block, Code, Instruction, VariableCode } from './code.js';
import type { BlockCompiler, Compiler, Exec, ExecContext } from './context.js';
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
import { compileBindvar, compileCtxvar, compileVariable, plainVariable } from './exec-vars.js';
import { Op } from './opcodes.js';
import type { Registry } from './plugin.js';
import { lookupKey, type Resolver } from './resolve.js';
import { renderValue } from './values.js';

const noop: Exec = () => {};

const LITERALS: Record<number, string> = {
  [Op.META_LEFT]: '{',
  [Op.META_RIGHT]: '}',
  [Op.NEWLINE]: '\n',
  [Op.SPACE]: ' ',
  [Op.TAB]: '\t',
};

const compilers = new WeakMap<Registry, Compiler>();
// Almost every render uses the same registry as the one before: skip the WeakMap then.
let lastRegistry: Registry | null = null;
let lastCompiler: Compiler | null = null;

/** The (cached) compiler for a registry. */
export function compilerFor(registry: Registry): Compiler {
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
export function compileCode(code: Code | Instruction, registry: Registry): Exec {
  const compiler = compilerFor(registry);
  if (Array.isArray(code) && code[0] === Op.ROOT) return compiler.block(code[2]);
  return compiler.block([code]);
}

/** The block compiler in the shape the context wants (`block` does not use `this`). */
export function blockCompiler(registry: Registry): BlockCompiler {
  return compilerFor(registry).block;
}

function createCompiler(registry: Registry): Compiler {
  const cache = new WeakMap<object, Exec>();
  // The root block of the template rendered last (a render usually repeats the previous one).
  let lastBlock: unknown = null;
  let lastRun: Exec = noop;
  const compiler: Compiler = {
    registry,
    block(block) {
      if (block === lastBlock) return lastRun;
      if (!Array.isArray(block)) return noop;
      let run = cache.get(block);
      if (run === undefined) {
        run = compileBlock(block as Block, compiler);
        cache.set(block, run);
      }
      lastBlock = block;
      lastRun = run;
      return run;
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
 * Literal text, a variable tag without formatters (fusable), or any other executable step with
 * its instruction.
 */
type Step = string | { read: Resolver; key: string | number | null; inst: unknown } | StepRun;
interface StepRun {
  run: Exec;
  inst: unknown;
}

/** A run of literals and plain variables being collected into one closure. */
interface Fusion {
  texts: string[];
  keys: (string | number | null)[];
  reads: Resolver[];
  insts: unknown[];
}

function compileBlock(block: Block, compiler: Compiler): Exec {
  const runs: Exec[] = [];
  const insts: unknown[] = [];
  let fusion: Fusion | null = null;
  const flush = (): void => {
    if (fusion === null) return;
    runs.push(fused(fusion));
    insts.push(null); // a fused run records its own errors
    fusion = null;
  };
  for (const inst of block) {
    const step = compileStep(inst, compiler);
    if (step === null) continue;
    if (typeof step === 'string') {
      fusion ??= { texts: [''], keys: [], reads: [], insts: [] };
      fusion.texts[fusion.texts.length - 1] += step;
    } else if ('read' in step) {
      fusion ??= { texts: [''], keys: [], reads: [], insts: [] };
      fusion.keys.push(step.key);
      fusion.reads.push(step.read);
      fusion.insts.push(step.inst);
      fusion.texts.push('');
    } else {
      flush();
      runs.push(step.run);
      insts.push(step.inst);
    }
  }
  flush();
  return sequence(runs, insts);
}

/**
 * One closure for a run of literals and plain variables: `texts[0] var0 texts[1] var1 …`.
 * A one-segment key is looked up directly (`keys[i]`), anything else through its resolver.
 */
function fused({ texts, keys, reads, insts }: Fusion): Exec {
  const n = keys.length;
  const lead = texts[0]!;
  if (n === 0) return (ctx) => void (ctx.out += lead);
  return (ctx) => {
    const frame = ctx.cur;
    let out = ctx.out + lead;
    let i = 0;
    for (;;) {
      try {
        for (; i < n; i++) {
          const key = keys[i]!;
          const value = key !== null ? lookupKey(frame, key) : reads[i]!(frame);
          out += renderValue(value) + texts[i + 1]!;
        }
        break;
      } catch (thrown) {
        // Hostile data (a throwing getter or toString): this tag prints nothing, the rest goes on.
        ctx.unexpected(thrown, insts[i]);
        out += texts[i + 1]!;
        i++;
      }
    }
    ctx.out = out;
  };
}

/** Runs steps in order; an exception is recorded against its instruction and the rest still run. */
function sequence(runs: Exec[], insts: unknown[]): Exec {
  const n = runs.length;
  if (n === 0) return noop;
  if (n === 1) return guarded(runs[0]!, insts[0]);
  return (ctx) => {
    let i = 0;
    while (i < n) {
      try {
        for (; i < n; i++) runs[i]!(ctx);
      } catch (thrown) {
        ctx.unexpected(thrown, insts[i]);
        i++;
      }
    }
  };
}

function guarded(run: Exec, inst: unknown): Exec {
  if (inst === null) return run;
  return (ctx) => {
    try {
      run(ctx);
    } catch (thrown) {
      ctx.unexpected(thrown, inst);
    }
  };
}

/** Literal text, a runnable step, or null for instructions that do nothing. */
function compileStep(inst: unknown, compiler: Compiler): Step | null {
  if (typeof inst === 'number') return LITERALS[inst] ?? null;
  if (!Array.isArray(inst)) return invalid(inst);
  if (inst[0] === Op.TEXT) return typeof inst[1] === 'string' ? inst[1] : invalid(inst);
  if (inst[0] === Op.COMMENT || inst[0] === Op.ATOM) return null;
  try {
    if (inst[0] === Op.VARIABLE) {
      const plain = plainVariable(inst as VariableCode, compiler);
      if (plain !== null) return { read: plain.read, key: plain.key, inst };
    }
    return { run: compileInstruction(inst as Instruction, compiler), inst };
  } catch {
    // A malformed instruction (hand-built or foreign code) must not stop the whole template.
    return invalid(inst);
  }
}

function invalid(inst: unknown): Step {
  const text = `RuntimeError: Invalid instruction in code tree: ${safeJson(inst)}`;
  return { run: (ctx) => ctx.record(ErrorCode.INVALID_CODE, text, inst), inst };
}

function safeJson(value: unknown): string {
  try {
    return String(JSON.stringify(value)).slice(0, 100);
  } catch {
    return String(value);
  }
}

/** Dispatches one composite instruction to its compiler. */
function compileInstruction(inst: Instruction, compiler: Compiler): Exec {
  if (!Array.isArray(inst)) {
    const text = LITERALS[inst];
    return text === undefined ? noop : (ctx: ExecContext) => void (ctx.out += text);
  }
  switch (inst[0]) {
    case Op.TEXT: {
      const text = inst[1];
      return (ctx) => void (ctx.out += text);
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
