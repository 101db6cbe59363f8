/**
 * Holes whose last formatter is an HTML escape, the server's way (unescaped.ts: run without the
 * escape, neither escaped nor decoded again), installed by the server entry as the element code
 * generator is passed by it. Without it — the browser runtime, which renders a page once and
 * whose size budget does not carry it — such a hole's output is escaped, then decoded where it
 * lands: the same text.
 */
import type { Instruction } from '../../engine/code.js';
import type { Emit } from '../../engine/fragments.js';
import type { Registry } from '../../engine/plugin.js';
import type { Quote } from '../html/tokens.js';

export interface EscapeBypass {
  /** The text of `inst` without its final escape, or null (unescaped.ts `unescapedStep`). */
  step(inst: Instruction, registry: Registry): Emit | null;
  /** Whether that escape keeps a value's delimiter (unescaped.ts `escapeKeeps`). */
  keeps(inst: Instruction, registry: Registry, quote: Quote): boolean;
}

let installed: EscapeBypass | null = null;

/** Installs (or, with null, removes) the bypass for the holes compiled from now on. */
export function useEscapeBypass(bypass: EscapeBypass | null): void {
  installed = bypass;
}

/** The installed bypass's step for `inst`; null without one. */
export function unescapedStep(inst: Instruction, registry: Registry): Emit | null {
  return installed === null ? null : installed.step(inst, registry);
}

/** The installed bypass's answer (asked only where `unescapedStep` gave a step). */
export function escapeKeeps(inst: Instruction, registry: Registry, quote: Quote): boolean {
  return installed!.keeps(inst, registry, quote);
}
