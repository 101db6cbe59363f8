/**
 * Instructions that bring in code or values from outside the block: MACRO, INCLUDE and INJECT
 * (docs/language.md, "What each instruction does" and "Partials, macros, apply and include"). The
 * partial lookup and depth accounting live in the context, where `apply` (a formatter) shares them.
 */
import type { IncludeCode, InjectCode, MacroCode } from './code.js';
import type { Emit } from './context.js';

const hasOwn = Object.prototype.hasOwnProperty;

/** `{.macro name}…{.end}`: registered on the current frame when executed; no output. */
export function compileMacro(inst: MacroCode): Emit {
  const name = inst[1];
  if (typeof name !== 'string') throw new TypeError('macro name expected');
  return (ctx) => {
    ctx.cur.defineMacro(name, inst);
    return '';
  };
}

/** `{.include name [output]}`: runs a macro or partial inline in the current frame. */
export function compileInclude(inst: IncludeCode): Emit {
  const name = inst[1];
  if (typeof name !== 'string') throw new TypeError('include name expected');
  const options = Array.isArray(inst[2]) && Array.isArray(inst[2][0]) ? inst[2][0] : [];
  const output = options.includes('output');
  return (ctx) => {
    if (!ctx.includes) return '';
    ctx.inst = inst;
    return ctx.include(name, output);
  };
}

/** `{.inject @name path}`: binds the inject value; falsy or absent values give MISSING. */
export function compileInject(inst: InjectCode): Emit {
  const name = inst[1];
  const path = inst[2];
  if (typeof name !== 'string' || typeof path !== 'string')
    throw new TypeError('inject name expected');
  return (ctx) => {
    const injects = ctx.injects;
    const value: unknown =
      injects !== undefined && hasOwn.call(injects, path) ? injects[path] : undefined;
    // JavaScript falsiness on purpose (reference behaviour): `{}` and `[]` are kept.
    ctx.cur.setVar(name, value ? value : undefined);
    return '';
  };
}
