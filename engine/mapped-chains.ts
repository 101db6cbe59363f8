/**
 * Formatter chains made only of pure mappings (`Formatter.map`, such as html or json), run as
 * the mappings: no Variable and no frame push, since a mapping sees neither. A server-only
 * fast path (exec-vars.ts `useMappedChains`, installed by the server entry): the browser
 * runtime, which renders a page once, calls each formatter's `apply`, which gives the same.
 */
import type { Emit } from './context.js';
import type { FormatterStep } from './exec-vars.js';
import type { Resolver } from './resolve.js';
import { renderValue } from './values.js';

type Map = (value: unknown) => unknown;

/**
 * The `map` of every formatter in the chain when all of them declare one, else null. Two
 * neighbours that fuse (`Formatter.fuse`) give one mapping.
 */
function pureMaps(steps: FormatterStep[]): Map[] | null {
  const maps: Map[] = [];
  for (let i = 0; i < steps.length; i++) {
    const { formatter } = steps[i]!;
    const next = steps[i + 1];
    const fused = next && formatter.fuse?.(next.formatter);
    if (fused) i++;
    const map = fused || formatter.map;
    if (typeof map !== 'function') return null;
    maps.push(map);
  }
  return maps;
}

/**
 * `{a|f|g}` where every formatter is a pure mapping: the value goes straight through the maps.
 * `ctx.inst` is still set so that anything reading it later sees the same instruction as with
 * `apply`.
 */
function mappedVariable(first: Resolver, maps: Map[], inst: unknown): Emit {
  const [map0, map1] = maps;
  if (maps.length === 1) {
    return (ctx) => {
      ctx.inst = inst;
      return renderValue(map0!(first(ctx.cur)));
    };
  }
  if (maps.length === 2) {
    return (ctx) => {
      ctx.inst = inst;
      return renderValue(map1!(map0!(first(ctx.cur))));
    };
  }
  return (ctx) => {
    ctx.inst = inst;
    let value = first(ctx.cur);
    for (const map of maps) value = map(value);
    return renderValue(value);
  };
}

/** `{.var @x a|f|g}` of pure mappings: the value bound without a Variable. */
function mappedBindvar(name: string, first: Resolver, maps: Map[], inst: unknown): Emit {
  return (ctx) => {
    const frame = ctx.cur;
    ctx.inst = inst;
    let value = first(frame);
    for (const map of maps) value = map(value);
    frame.setVar(name, value);
    return '';
  };
}

/** The compiled instruction of a chain of pure mappings; undefined for any other chain. */
export interface MappedChains {
  variable(first: Resolver, steps: FormatterStep[], inst: unknown): Emit | undefined;
  bindvar(name: string, first: Resolver, steps: FormatterStep[], inst: unknown): Emit | undefined;
}

export const MAPPED_CHAINS: MappedChains = {
  variable(first, steps, inst) {
    const maps = pureMaps(steps);
    return maps === null ? undefined : mappedVariable(first, maps, inst);
  },
  bindvar(name, first, steps, inst) {
    const maps = pureMaps(steps);
    return maps === null ? undefined : mappedBindvar(name, first, maps, inst);
  },
};
