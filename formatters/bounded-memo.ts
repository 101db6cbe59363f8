/**
 * A function of short texts whose recent results are kept: formatters read the same few
 * values over and over in a page (a category's slug on every item, every variant's price), and
 * a lookup costs a fraction of computing the result again. Bounded: everything is dropped once
 * `size` results are kept. Only for pure functions whose results are immutable.
 */
export function boundedMemo<T>(compute: (text: string) => T, size = 1000): (text: string) => T {
  const kept = new Map<string, T>();
  return (text) => {
    let value = kept.get(text);
    if (value === undefined) {
      if (kept.size >= size) kept.clear();
      kept.set(text, (value = compute(text)));
    }
    return value;
  };
}
