/**
 * Generated element code: a structured element, with the plain elements inside it, as one
 * JavaScript function made by `new Function` (compile/node-compiler.ts decides what qualifies; the
 * closures remain for the rest, and for pages whose Content-Security-Policy forbids eval).
 *
 * Why: the closure compiler runs one piece of code for every element of every template, so
 * the stores that build props objects and the reads of `{name}` tags see every shape there is,
 * and V8's inline caches for them go megamorphic (a hash lookup per store or read). Generated
 * code has sites of its own: props are one object literal (one fixed shape, allocated whole),
 * and a `{name}` read is a property access on the current node with its own cache.
 *
 * The semantics are the closures': the same values converted by the same functions, evaluated
 * in the same order (attributes in order, then children in order).
 */
import { lookupKey } from '../../engine/resolve.js';
import { renderValue } from '../../engine/values.js';

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** The helpers every generated function receives, by the name its code calls them. */
export interface CodeHelpers {
  /** React's `jsx`: an element with at most one child. */
  jsx: unknown;
  /** React's `jsxs`: an element with an array of static children. */
  jsxs: unknown;
  /** Appends text to `ctx.kids`, merging it into a preceding string. */
  pushText: unknown;
  /** A new array, made where V8 does not pretenure it (runtime/unpretenured-objects.ts). */
  newArray: unknown;
  /** An attribute value's text with character references decoded. */
  attributeText: (text: string) => string;
  /** A `{value}` child's node (text, parsed markup, or null). */
  valueNode: unknown;
  /** An attribute value's text, checked for a `"` that would end the value in the browser. */
  quotedValue: unknown;
  /** An element whose children are collected by closures (runtime/node-makers.ts). */
  collectedNode: unknown;
  /** The `children` prop of children collected by closures. */
  collectedChildren: unknown;
  /** React's element tag (`$$typeof`) when elements may be written as literals, else null. */
  elementTag: symbol | null;
  /**
   * Makes an element `new InlineElement(elementTag, type, props)` where `elementTag` is not
   * null (runtime/unpretenured-objects.ts).
   */
  InlineElement: unknown;
}

/** The helpers' names, in the order the generated function's factory takes them. */
const HELPERS: ReadonlyArray<keyof CodeHelpers> = [
  'jsx',
  'jsxs',
  'pushText',
  'newArray',
  'attributeText',
  'valueNode',
  'quotedValue',
  'collectedNode',
  'collectedChildren',
  'elementTag',
  'InlineElement',
];

let evalAllowed: boolean | undefined;
let chosen: boolean | undefined;

/**
 * Turns generated element code on or off for renders after the call (undefined: on where eval
 * works). The tests run both paths; a server may opt out.
 */
export function useGeneratedCode(enabled: boolean | undefined): void {
  chosen = enabled;
}

/**
 * Whether elements are compiled to generated code: as chosen, else where `new Function` works
 * (a Content-Security-Policy without 'unsafe-eval' forbids it; asked once).
 */
export function canGenerateCode(): boolean {
  if (chosen !== undefined) return chosen && evalAllowedHere();
  return evalAllowedHere();
}

function evalAllowedHere(): boolean {
  if (evalAllowed === undefined) {
    try {
      evalAllowed = (new Function('return 1') as () => number)() === 1;
    } catch {
      evalAllowed = false;
    }
  }
  return evalAllowed;
}

/** The source of one generated function and the values its code refers to as `refs[i]`. */
export class ElementCode {
  private readonly values: unknown[] = [];
  private temps = 0;

  /** A new local variable of the function (an element's props object, built in steps). */
  temp(): string {
    return `temp${this.temps++}`;
  }

  /** A reference to a value the code uses (a closure, a converted prop, an instruction). */
  ref(value: unknown): string {
    this.values.push(value);
    return `refs[${this.values.length - 1}]`;
  }

  /** A prop's value: strings, numbers and booleans as literals, anything else by reference. */
  value(value: unknown): string {
    const type = typeof value;
    return type === 'string' || type === 'boolean' || (type === 'number' && Number.isFinite(value))
      ? JSON.stringify(value)
      : this.ref(value);
  }

  /**
   * The text of a `{name}` tag: the current node's own property read at a site of its own;
   * when the node lacks it, the engine's walk up the stack (`lookupKey`, which checks the
   * current node again, then its parents).
   */
  plainVariable(key: string | number): string {
    const literal = JSON.stringify(key);
    const access = typeof key === 'string' && IDENTIFIER.test(key) ? `.${key}` : `[${literal}]`;
    return (
      `renderValue((node = ctx.cur.node) !== null && typeof node === "object" && ` +
      `(value = node${access}) !== undefined && hasOwn.call(node, ${literal}) ? value : ` +
      `lookupKey(ctx.cur, ${literal}))`
    );
  }

  /** The function returning `expr`; null where eval is forbidden. */
  compile<T>(expr: string, helpers: CodeHelpers): T {
    // `node` and `value` are scratch for `plainVariable`: each read uses them within its own
    // conditional expression, so reads never interleave.
    let locals = 'node, value';
    for (let i = 0; i < this.temps; i++) locals += `, temp${i}`;
    const source = `"use strict"; return function element(ctx) { let ${locals}; return ${expr}; };`;
    const factory = new Function(
      'refs',
      'hasOwn',
      'lookupKey',
      'renderValue',
      ...HELPERS,
      source,
    ) as (...args: unknown[]) => T;
    return factory(
      this.values,
      Object.prototype.hasOwnProperty,
      lookupKey,
      renderValue,
      ...HELPERS.map((name) => helpers[name]),
    );
  }
}
