/**
 * Stable pretty printer of a code tree, in the reference's layout (docs/language.md, "The code
 * tree"): every block prints one instruction per line. Inside ROOT the instructions are indented
 * once; a nested block is indented two steps deeper than the line that opened it, and its closing
 * bracket one step less than its instructions. Operands print as compact JSON with ", " separators.
 */
import type { Instruction } from './code.js';
import { Op } from './opcodes.js';

/** Compact JSON with a space after commas, as the reference prints operands. */
function operand(value: unknown): string {
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out += ', ';
      out += operand(value[i]);
    }
    return out + ']';
  }
  return JSON.stringify(value) ?? 'null';
}

/** Prints a block whose instructions sit at `depth` indent steps. */
function block(items: unknown, indent: string, depth: number): string {
  if (!Array.isArray(items) || items.length === 0) return '[]';
  const pad = indent.repeat(depth);
  let out = '[\n';
  for (let i = 0; i < items.length; i++) {
    if (i > 0) out += ',\n';
    out += pad + instruction(items[i] as Instruction, indent, depth);
  }
  return out + '\n' + indent.repeat(depth - 1) + ']';
}

/** Which operands of a composite instruction are blocks or alternates. */
function instruction(inst: Instruction, indent: string, depth: number): string {
  if (!Array.isArray(inst)) return operand(inst);
  const nested = depth + 2;
  const parts: string[] = [];
  const opcode = inst[0];
  for (let i = 0; i < inst.length; i++) {
    const value: unknown = inst[i];
    parts.push(
      isBlockSlot(opcode, i)
        ? block(value, indent, nested)
        : isAlternateSlot(opcode, i)
          ? instruction(value as Instruction, indent, depth)
          : operand(value),
    );
  }
  return '[' + parts.join(', ') + ']';
}

function isBlockSlot(opcode: number, index: number): boolean {
  switch (opcode) {
    case Op.SECTION:
    case Op.MACRO:
    case Op.STRUCT:
      return index === 2;
    case Op.REPEATED:
      return index === 2 || index === 4;
    case Op.PREDICATE:
    case Op.OR_PREDICATE:
    case Op.IF:
      return index === 3;
    default:
      return false;
  }
}

function isAlternateSlot(opcode: number, index: number): boolean {
  switch (opcode) {
    case Op.SECTION:
    case Op.REPEATED:
      return index === 3;
    case Op.PREDICATE:
    case Op.OR_PREDICATE:
    case Op.IF:
      return index === 4;
    default:
      return false;
  }
}

/** Pretty-prints a code tree (normally a ROOT) with the given indent unit. */
export function prettyJson(code: Instruction, indent = '  '): string {
  if (Array.isArray(code) && code[0] === Op.ROOT) {
    return `[${Op.ROOT}, ${operand(code[1])}, ${block(code[2], indent, 1)}, ${instruction(code[3] as Instruction, indent, 1)}]`;
  }
  return instruction(code, indent, 1);
}
