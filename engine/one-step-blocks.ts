/**
 * Loop-free closures for a block of one step (a section body such as `{x}`, most alternates):
 * a server-only fast path (executor.ts `useOneStepBlocks`, installed by the server entry); the
 * browser runtime runs such a block through the executor's general loop, which gives the same.
 */
import type { Emit } from './context.js';
import { guarded } from './executor.js';
import { lookupKey } from './resolve.js';
import { renderValue } from './values.js';

export type OneStepBlock = (
  lead: string,
  key: string | number | null,
  run: Emit,
  trail: string,
  inst: unknown,
) => Emit;

/** A block with one step (a section body such as `{x}`, most alternates): no loop. */
export function oneStepBlock(
  lead: string,
  key: string | number | null,
  run: Emit,
  trail: string,
  inst: unknown,
): Emit {
  if (key !== null && lead === '' && trail === '') {
    return (ctx) => {
      try {
        return renderValue(lookupKey(ctx.cur, key));
      } catch (thrown) {
        ctx.unexpected(thrown, inst);
        return '';
      }
    };
  }
  if (key !== null) {
    return (ctx) => {
      try {
        return lead + renderValue(lookupKey(ctx.cur, key)) + trail;
      } catch (thrown) {
        ctx.unexpected(thrown, inst);
        return lead + trail;
      }
    };
  }
  if (lead === '' && trail === '') return guarded(run, inst);
  return (ctx) => {
    try {
      return lead + run(ctx) + trail;
    } catch (thrown) {
      ctx.unexpected(thrown, inst);
      return lead + trail;
    }
  };
}
