/**
 * Identity in repeated sections (docs/react-path.md, "Identity in repeated sections"): the
 * elements an iteration makes are keyed by its item's `id`, so a re-render of a changed list
 * moves each row's DOM, field state and focus with its item instead of handing it to whichever
 * item now stands at that index. Texts stay unkeyed (they merge with their neighbours as before).
 */
import { cloneElement, isValidElement } from 'react';
import type { Compiler, Exec } from '../../engine/fragments.js';
import type { Kid } from './host-elements.js';
import type { ReactContext } from './react-context.js';

/** Keys given so far per children array: a key already taken leaves the element unkeyed. */
const taken = new WeakMap<Kid[], Set<string>>();

/**
 * `compiler` with the repeated section's `body` keyed per item. Only where there is a DOM to
 * keep: a server's `renderToString` ignores keys.
 */
export function keyedItems(compiler: Compiler, body: unknown): Compiler {
  if (typeof document === 'undefined') return compiler;
  const run = compiler.block(body);
  const keyed: Exec = (ctx) => {
    const kids = (ctx as ReactContext).kids;
    const start = kids.length;
    const id = (ctx.cur.node as { id?: unknown } | null)?.id;
    run(ctx);
    if ((typeof id !== 'string' || id === '') && typeof id !== 'number') return;
    let used = taken.get(kids);
    if (used === undefined) taken.set(kids, (used = new Set()));
    for (let i = start, n = 0; i < kids.length; i++) {
      const kid = kids[i];
      if (!isValidElement(kid)) continue;
      const key = `${id}:${kid.key ?? n++}`;
      if (used.has(key)) continue;
      used.add(key);
      kids[i] = cloneElement(kid, { key });
    }
  };
  return {
    registry: compiler.registry,
    block: (block) => (block === body ? keyed : compiler.block(block)),
    alternate: (alternate) => compiler.alternate(alternate),
  };
}
