/**
 * Core formatters that compute with data (docs/language.md, "Core formatters"): navigation (`get`,
 * `prop`, `lookup`, `key-by`), numbers (`cycle`, `mod`, `round`, `count`), `format`, `iter` and
 * `apply`. Variable references in arguments are resolved through the RenderContext
 * (docs/language.md, "Resolution"); only own properties of the data are ever read, and input data
 * is never mutated.
 */
import type { Formatter, FormatterTable } from '../engine/plugin.js';
import {
  asNumber,
  asString,
  descendValue,
  isObject,
  partialArgs,
  splitPath,
} from '../engine/values.js';

/**
 * The reference assigns keys with `obj[key] = v`, so a `__proto__` key replaces the prototype
 * and never shows up as data. We drop it instead: same output, no prototype mutation.
 */
const PROTO = '__proto__';

/** Descends a dotted path literal (`a.b.0`) from `value`; MISSING as soon as a step fails. */
function descendPath(value: unknown, path: Array<string | number>): unknown {
  for (let i = 0; i < path.length && value !== undefined; i++)
    value = descendValue(value, path[i]!);
  return value;
}

/** A key resolved from data used to index a value: numbers index arrays, anything else is a string key. */
function descendByKey(value: unknown, key: unknown): unknown {
  return descendValue(value, typeof key === 'number' ? key : String(key));
}

/** `{x|apply NAME [private] [k=v…]}` (docs/language.md, "Partials, macros, apply and include"). */
const apply: Formatter = {
  minArgs: 1,
  apply(args, vars, ctx) {
    const first = vars[0]!;
    if (args.length === 0) {
      first.set('');
      return;
    }
    const { isPrivate, bound } = partialArgs(args);
    first.set(ctx.applyPartial(args[0]!, first.value, isPrivate, bound));
  },
};

const count: Formatter = {
  apply(_args, vars) {
    const first = vars[0]!;
    const value = first.value;
    let n = 0;
    if (typeof value === 'string' || Array.isArray(value)) n = value.length;
    else if (isObject(value)) n = Object.keys(value).length;
    first.set(n);
  },
};

/**
 * `args[(n - 1) mod len]`, 1-based and wrapping for zero and negatives. Computed in floating
 * point as the reference does, so a tiny fraction like 1e-20 rounds onto an argument; an index
 * that is not a whole number (0.5, NaN) yields a computed `undefined`.
 */
const cycle: Formatter = {
  minArgs: 1,
  apply(args, vars) {
    const first = vars[0]!;
    const len = args.length;
    let index = (asNumber(first.value) - 1) % len;
    if (index < 0) index += len;
    // `index` can round up to `len` itself (0.9999999999999999 gives 3 of 3): no argument.
    const chosen = Number.isInteger(index) ? args[index] : undefined;
    if (chosen === undefined) first.setUndefined();
    else first.set(chosen);
  },
};

/** How a resolved `format` argument prints: JS string conversion, null and MISSING as "". */
function formatArgText(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}

const enum PatternState {
  Text,
  /** After `{`, reading digits. */
  Index,
  /** Inside braces that held a non-digit: skipping to `}`; a new `{` starts over. */
  Skip,
}

/**
 * Replaces `{N}` with the Nth argument text, exactly as the reference scans: `{}` is argument 0;
 * an index past the end prints nothing; braces holding a non-digit vanish with their content,
 * except that a `{` met while skipping starts a fresh placeholder (a `{` right after digits is
 * just a non-digit); an unclosed `{` drops the rest; a `}` outside braces is kept.
 */
export function formatPattern(pattern: string, argText: string[]): string {
  let out = '';
  let state = PatternState.Text;
  let textStart = 0;
  let digitsStart = 0;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern.charCodeAt(i);
    if (state === PatternState.Text) {
      if (c === 123 /* { */) {
        out += pattern.slice(textStart, i);
        state = PatternState.Index;
        digitsStart = i + 1;
      }
    } else if (c === 125 /* } */) {
      if (state === PatternState.Index) {
        const index = i === digitsStart ? 0 : parseInt(pattern.slice(digitsStart, i), 10);
        if (index < argText.length) out += argText[index]!;
      }
      state = PatternState.Text;
      textStart = i + 1;
    } else if (state === PatternState.Skip) {
      if (c === 123) {
        state = PatternState.Index;
        digitsStart = i + 1;
      }
    } else if (c < 48 || c > 57) {
      state = PatternState.Skip;
    }
  }
  if (state === PatternState.Text) out += pattern.slice(textStart);
  return out;
}

/**
 * `format` resolves its arguments from the frame where the tag appeared (docs/language.md, "Where
 * formatters look up names").
 */
const format: Formatter = {
  apply(args, vars, ctx) {
    const first = vars[0]!;
    const frame = ctx.frame();
    const from = frame.parent ?? frame;
    const argText = args.map((ref) => formatArgText(ctx.resolveRef(ref, from)));
    first.set(formatPattern(asString(first.value), argText));
  },
};

/**
 * Each argument is resolved as a variable and its value used as a key: an array is a path (its
 * elements keys, objects among them stringified), null, MISSING and objects give MISSING.
 */
const get: Formatter = {
  apply(args, vars, ctx) {
    const first = vars[0]!;
    let value = first.value;
    for (let i = 0; i < args.length && value !== undefined; i++) {
      const key = ctx.resolveRef(args[i]!);
      if (key === undefined || key === null || isObject(key)) {
        value = undefined;
      } else if (Array.isArray(key)) {
        for (let j = 0; j < key.length && value !== undefined; j++)
          value = descendByKey(value, key[j]);
      } else {
        value = descendByKey(value, key);
      }
    }
    first.set(value);
  },
};

const iter: Formatter = {
  apply(_args, vars, ctx) {
    const index = ctx.resolveRef('@index');
    vars[0]!.set(typeof index === 'number' ? String(index) : '');
  },
};

/** Array -> object keyed by each element's value at PATH; elements lacking it are skipped. */
const keyBy: Formatter = {
  minArgs: 1,
  maxArgs: 1,
  apply(args, vars) {
    const first = vars[0]!;
    const list = first.value;
    const result: Record<string, unknown> = {};
    if (Array.isArray(list) && args.length > 0) {
      const path = splitPath(args[0]!);
      for (const element of list) {
        const key = descendPath(element, path);
        if (key === undefined) continue;
        const name = String(key);
        if (name !== PROTO) result[name] = element;
      }
    }
    first.set(result);
  },
};

/** Resolves REF, reads its value as a variable reference, and resolves that. */
const lookup: Formatter = {
  minArgs: 1,
  maxArgs: 1,
  apply(args, vars, ctx) {
    const first = vars[0]!;
    if (args.length === 0) {
      first.set('');
      return;
    }
    first.set(ctx.resolveRef(asString(ctx.resolveRef(args[0]!))));
  },
};

const mod: Formatter = {
  maxArgs: 1,
  apply(args, vars) {
    const first = vars[0]!;
    const divisor = args.length > 0 ? parseInt(args[0]!, 10) : NaN;
    first.set(asNumber(first.value) % (divisor ? divisor : 2));
  },
};

/** Descends by literal dotted paths, one argument after another. */
const prop: Formatter = {
  apply(args, vars) {
    const first = vars[0]!;
    let value = first.value;
    for (let i = 0; i < args.length && value !== undefined; i++)
      value = descendPath(value, splitPath(args[i]!));
    first.set(value);
  },
};

const round: Formatter = {
  apply(_args, vars) {
    const first = vars[0]!;
    first.set(Math.round(asNumber(first.value)));
  },
};

export const CORE_DATA_FORMATTERS: FormatterTable = {
  apply,
  count,
  cycle,
  format,
  get,
  iter,
  'key-by': keyBy,
  lookup,
  mod,
  prop,
  round,
};
