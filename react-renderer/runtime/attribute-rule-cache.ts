/**
 * The cache of attribute-name rules (attribute-props.ts): a server-only fast path, installed by
 * the server entry with `useAttributeRuleCache`. The browser runtime works each name's rule out
 * again, with the same result.
 */

/**
 * `compute` with its results for the names seen so far kept in sets of two slots, chosen by the
 * name's length and three of its characters. Parsed markup makes a new string for each
 * attribute name, and a Map lookup would hash each of them in full; here a name costs three
 * character reads and a comparison or two with the names last seen in its set.
 */
export function slotCached<R>(compute: (name: string) => R | null): (name: string) => R | null {
  const SETS = 512;
  const slotNames = new Array<string>(2 * SETS).fill('');
  const slotRules = new Array<R | null>(2 * SETS).fill(null);
  return (name) => {
    const n = name.length;
    const hash =
      n * 61 + name.charCodeAt(0) * 7 + name.charCodeAt(n >> 1) * 3 + name.charCodeAt(n - 1);
    const slot = (hash & (SETS - 1)) * 2;
    const first = slotNames[slot]!;
    if (first === name) return slotRules[slot]!;
    if (slotNames[slot + 1] === name) return slotRules[slot + 1]!;
    const rule = compute(name);
    // The name takes the first slot; the one there moves to the second, dropping the other.
    slotNames[slot + 1] = first;
    slotRules[slot + 1] = slotRules[slot]!;
    // A copy: a long name may be a slice sharing the storage of the markup it came from, which
    // the table would otherwise keep alive.
    slotNames[slot] = name.split('').join('');
    slotRules[slot] = rule;
    return rule;
  };
}
