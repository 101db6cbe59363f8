/**
 * Variable and path resolution (docs/language.md, "Resolution").
 *
 * - A plain variable (`{a.b}`, `.var`, `.if`, plugin arguments) evaluates its first segment in
 *   each frame from the current one toward the root; the first value that is not MISSING wins,
 *   and the search stops after a frame with `stopResolution` (private partials).
 * - A section name (`.section`, `.repeated section`) evaluates its first segment in the current
 *   frame only.
 * - `@` is the current frame's node; `@index`/`@index0` read the iteration index of a frame that
 *   iterates an array; any other `@name` is a bound variable.
 * - The remaining segments descend: objects by own property, arrays by numeric index only;
 *   anything else (including null) gives MISSING.
 *
 * Only own properties are ever read, so data keys such as `__proto__` or `constructor` can never
 * reach into prototypes. Paths are turned into closures once, when the code is compiled.
 */
import { boundedMemo } from './bounded-memo.js';
import type { Path, PathSegment } from './code.js';
import type { StackFrame } from './frame.js';

const hasOwn = Object.prototype.hasOwnProperty;
const AT = 64; // '@'
const MAX_INDEX = 0x7fffffff;

/** A compiled path: frame in, value out (`undefined` = MISSING). */
export type Resolver = (frame: StackFrame) => unknown;

/** The first segment of a path evaluated against one frame. */
export function frameMember(frame: StackFrame, segment: PathSegment): unknown {
  if (typeof segment === 'string' && segment.charCodeAt(0) === AT) {
    if (segment === '@index') return frame.index >= 0 ? frame.index + 1 : undefined;
    if (segment === '@index0') return frame.index >= 0 ? frame.index : undefined;
    return frame.vars === null ? undefined : frame.vars.get(segment);
  }
  const node = frame.node;
  // The reference indexes an object or array node directly here (so `{length}` on an array
  // works); we keep that, restricted to own properties. Scalars have no members.
  if (typeof node !== 'object' || node === null) return undefined;
  return ownValue(node as Record<PathSegment, unknown>, segment);
}

/**
 * `node[segment]` if it is an own property. The ownership check comes first: these reads see
 * every shape of data there is, and V8 answers a megamorphic `hasOwnProperty` miss from its
 * caches while a megamorphic keyed read of a name the object lacks walks the prototype chain
 * (misses are the common case of a stack search; reading first measured up to 70% slower
 * when `getOwn` in values.ts did it).
 */
function ownValue(node: Record<PathSegment, unknown>, segment: PathSegment): unknown {
  return hasOwn.call(node, segment) ? node[segment] : undefined;
}

/** `node[key]` if `node` is an object or array with that own property, else MISSING. */
export function ownMember(node: unknown, key: PathSegment): unknown {
  return typeof node !== 'object' || node === null
    ? undefined
    : ownValue(node as Record<PathSegment, unknown>, key);
}

/** One step down from a value: own property of an object, numeric index of an array. */
export function descend(value: unknown, segment: PathSegment): unknown {
  if (typeof value !== 'object' || value === null) return undefined;
  if (Array.isArray(value)) {
    return typeof segment === 'number' && segment < value.length ? value[segment] : undefined;
  }
  return ownValue(value as Record<PathSegment, unknown>, segment);
}

/** Searches the stack from `frame` toward the root for the first segment. */
export function lookupStack(frame: StackFrame, segment: PathSegment): unknown {
  if (isPlainKey(segment)) return lookupKey(frame, segment);
  for (let f: StackFrame | null = frame; f !== null; f = f.parent) {
    const value = frameMember(f, segment);
    if (value !== undefined) return value;
    if (f.stopResolution) break;
  }
  return undefined;
}

function descendFrom(value: unknown, path: Path, start: number): unknown {
  for (let i = start; i < path.length && value !== undefined; i++) value = descend(value, path[i]!);
  return value;
}

/** Full variable resolution (rule 2 of 4.2): search the stack, then descend. */
export function resolvePath(frame: StackFrame, path: Path): unknown {
  if (path.length === 0) return undefined;
  const first = path[0]!;
  const head = first === '@' ? frame.node : lookupStack(frame, first);
  return path.length === 1 ? head : descendFrom(head, path, 1);
}

/** Section resolution: the first segment only in the current frame, then descend. */
export function resolveInFrame(frame: StackFrame, path: Path): unknown {
  if (path.length === 0) return undefined;
  const first = path[0]!;
  const head = first === '@' ? frame.node : frameMember(frame, first);
  return path.length === 1 ? head : descendFrom(head, path, 1);
}

/** `lookupStack` for a plain key (not `@…`), the hot case: no per-frame checks for `@` names. */
export function lookupKey(frame: StackFrame, key: PathSegment): unknown {
  // A frame whose node is the one just searched is skipped: a formatter on `{@|…}` pushes the
  // node it runs on over the frame that already holds it, and a formatter that looks names up
  // (item-classes reads seven) would search that node twice for every name it lacks.
  let searched: unknown;
  for (let f: StackFrame | null = frame; f !== null; f = f.parent) {
    const node = f.node;
    if (node !== searched && typeof node === 'object' && node !== null && hasOwn.call(node, key)) {
      const value = (node as Record<PathSegment, unknown>)[key];
      if (value !== undefined) return value;
    }
    searched = node;
    if (f.stopResolution) break;
  }
  return undefined;
}

/** `lookupStack` for a bound `@name` (not `@`, `@index`, `@index0`): only frame variables. */
function lookupBound(frame: StackFrame, name: string): unknown {
  for (let f: StackFrame | null = frame; f !== null; f = f.parent) {
    const vars = f.vars;
    if (vars !== null) {
      const value = vars.get(name);
      if (value !== undefined) return value;
    }
    if (f.stopResolution) break;
  }
  return undefined;
}

/** True for a segment that is not an `@` name (a property name or an index). */
export function isPlainKey(segment: PathSegment): boolean {
  return typeof segment === 'number' || segment.charCodeAt(0) !== AT;
}

/** Compiles a variable reference into a closure, specialising the common short shapes. */
export function compileVariablePath(path: Path): Resolver {
  if (path.length === 0) return () => undefined;
  const first = path[0]!;
  if (first === '@') {
    if (path.length === 1) return (frame) => frame.node;
    return (frame) => descendFrom(frame.node, path, 1);
  }
  const plain = isPlainKey(first);
  if (path.length === 1 && !plain && first !== '@index' && first !== '@index0')
    return (frame) => lookupBound(frame, first as string);
  if (path.length === 1)
    return plain ? (frame) => lookupKey(frame, first) : (frame) => lookupStack(frame, first);
  if (path.length === 2) {
    const second = path[1]!;
    return (frame) => {
      const head = plain ? lookupKey(frame, first) : lookupStack(frame, first);
      return head === undefined ? undefined : descend(head, second);
    };
  }
  return (frame) => {
    const head = plain ? lookupKey(frame, first) : lookupStack(frame, first);
    return head === undefined ? undefined : descendFrom(head, path, 1);
  };
}

/** Compiles a section name into a closure (current frame only). */
export function compileSectionPath(path: Path): Resolver {
  if (path.length === 1 && path[0] === '@') return (frame) => frame.node;
  const first = path[0];
  if (path.length === 1 && first !== undefined && isPlainKey(first)) {
    return (frame) => {
      const node = frame.node;
      return typeof node !== 'object' || node === null
        ? undefined
        : ownValue(node as Record<PathSegment, unknown>, first);
    };
  }
  return (frame) => resolveInFrame(frame, path);
}

/**
 * Splits a dotted reference as written in a template (`items.0.name`, `@index`) into a path;
 * all-digit segments up to 0x7FFFFFFF become numbers. Cached, since plugins resolve the same
 * argument strings on every call.
 */
export const splitReference: (ref: string) => Path = boundedMemo(
  (ref) =>
    ref.split('.').map((segment) => {
      if (/^\d+$/.test(segment)) {
        const n = Number(segment);
        if (n <= MAX_INDEX) return n;
      }
      return segment;
    }),
  2000,
);

/** Checks that a path taken from a code tree is an array (malformed trees become INVALID_CODE). */
export function asPath(path: unknown): Path {
  if (!Array.isArray(path)) throw new TypeError('path expected');
  return path as Path;
}
