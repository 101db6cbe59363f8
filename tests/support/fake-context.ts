/**
 * A small RenderContext for plugin unit tests: a stack of frames with docs/language.md,
 * "Resolution" resolution (search toward the root, `@` = current node, `@index` from iterating
 * frames, `@name` locals, own properties only), recorded errors and a scripted `applyPartial`.
 */
import type { Code, Path } from '../../engine/code.js';
import {
  Variable,
  type Formatter,
  type Frame,
  type Predicate,
  type RenderContext,
} from '../../engine/plugin.js';
import { descendValue, getOwn, isObject, splitPath } from '../../engine/values.js';

export interface FakeFrame extends Frame {
  vars: Map<string, unknown>;
}

export interface ApplyCall {
  name: string;
  node: unknown;
  isPrivate: boolean;
  args: Record<string, string> | null;
}

export class FakeContext implements RenderContext {
  readonly locale = 'en-US';
  readonly now = undefined;
  readonly timeZone = undefined;
  readonly errors: string[] = [];
  readonly applyCalls: ApplyCall[] = [];
  /** What `applyPartial` returns for a name; unknown names record an error and give "". */
  partials: Record<string, (node: unknown, args: Record<string, string> | null) => string> = {};
  private current: FakeFrame;

  constructor(root: unknown) {
    this.current = { node: root, parent: null, index: -1, stopResolution: false, vars: new Map() };
  }

  /** Pushes a frame; `index` >= 0 marks it as iterating an array at that element. */
  push(node: unknown, index = -1): FakeFrame {
    this.current = { node, parent: this.current, index, stopResolution: false, vars: new Map() };
    return this.current;
  }

  pop(): void {
    if (this.current.parent === null) throw new Error('cannot pop the root frame');
    this.current = this.current.parent as FakeFrame;
  }

  /** Binds `@name` in the current frame. */
  setVar(name: string, value: unknown): void {
    this.current.vars.set(name, value);
  }

  node(): unknown {
    return this.current.node;
  }

  frame(): Frame {
    return this.current;
  }

  resolve(path: Path, from?: Frame): unknown {
    if (path.length === 0) return undefined;
    const start = (from ?? this.current) as FakeFrame;
    const head = path[0]!;
    let value: unknown;
    if (head === '@') {
      value = start.node;
    } else {
      for (let f: FakeFrame | null = start; f !== null; f = f.parent as FakeFrame | null) {
        value = member(f, head);
        if (value !== undefined || f.stopResolution) break;
      }
    }
    for (let i = 1; i < path.length && value !== undefined; i++)
      value = descendValue(value, path[i]!);
    return value;
  }

  resolveRef(ref: string, from?: Frame): unknown {
    return this.resolve(splitPath(ref), from);
  }

  error(message: string): void {
    this.errors.push(message);
  }

  executeTemplate(_code: Code, _node: unknown, _isPrivate: boolean): string {
    throw new Error('executeTemplate is not used by the core plugins');
  }

  applyPartial(
    name: string,
    node: unknown,
    isPrivate: boolean,
    args: Record<string, string> | null,
  ): string {
    this.applyCalls.push({ name, node, isPrivate, args });
    const partial = this.partials[name];
    if (!partial) {
      this.error(`RuntimeError: Attempt to apply partial '${name}' which could not be found.`);
      return '';
    }
    return partial(node, args);
  }
}

function member(frame: FakeFrame, segment: string | number): unknown {
  if (typeof segment === 'string' && segment.startsWith('@')) {
    if (segment === '@index') return frame.index >= 0 ? frame.index + 1 : undefined;
    if (segment === '@index0') return frame.index >= 0 ? frame.index : undefined;
    return frame.vars.get(segment);
  }
  const node = frame.node;
  if (Array.isArray(node)) return descendValue(node, segment);
  return isObject(node) ? getOwn(node, String(segment)) : undefined;
}

/**
 * Runs a formatter the way a variable tag does: pushes the value's frame, applies, pops, and
 * returns the resulting value.
 */
export function runFormatter(
  formatter: Formatter,
  value: unknown,
  args: string[] = [],
  ctx: FakeContext = new FakeContext({}),
): unknown {
  const vars = [new Variable(value)];
  ctx.push(value);
  try {
    formatter.apply(args, vars, ctx);
  } finally {
    ctx.pop();
  }
  return vars[0]!.value;
}

export function runPredicate(predicate: Predicate, args: string[], ctx: RenderContext): boolean {
  return predicate.apply(args, ctx);
}
