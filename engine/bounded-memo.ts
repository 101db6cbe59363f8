/**
 * Results kept for keys that come back: templates and formatters see the same few short texts
 * over and over in a page (a reference's path, a message pattern, a category's slug, every
 * variant's price, a zone's offset in a quarter hour), and a lookup costs a fraction of
 * computing the result again. Bounded: everything is dropped once `size` results are kept (a
 * flood of distinct keys costs one clear per `size` of them, never unbounded memory). Only for
 * results that are immutable and are never undefined.
 */
export class BoundedMemo<T> {
  private readonly kept = new Map<string, T>();

  constructor(private readonly size = 1000) {}

  get(key: string): T | undefined {
    return this.kept.get(key);
  }

  /** Keeps `value` for `key` (dropping everything first when full) and returns it. */
  set(key: string, value: T): T {
    if (this.kept.size >= this.size) this.kept.clear();
    this.kept.set(key, value);
    return value;
  }
}

/** `compute` with its recent results kept (see `BoundedMemo`); `compute` must be pure. */
export function boundedMemo<T>(compute: (text: string) => T, size = 1000): (text: string) => T {
  const memo = new BoundedMemo<T>(size);
  return (text) => {
    const kept = memo.get(text);
    return kept !== undefined ? kept : memo.set(text, compute(text));
  };
}
