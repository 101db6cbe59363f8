/**
 * Assembler: the state machine that weaves the parser's flat instruction stream into the code
 * tree (docs/language.md, "Nesting") and collects every structural error. It never throws.
 *
 * All nesting rules live here. Each open block is a frame on a stack; the frame's state decides
 * what END, OR_PREDICATE, ALTERNATES_WITH and EOF mean. Block openers are appended to the current
 * block and pushed in every live state.
 *
 * Deliberate deviation from the TS reference, following the Java original: `{.alternates with}`
 * pushes its own ALTERNATES_WITH frame, so blocks opened inside it nest there, and the END that
 * closes the repeated section pops both frames.
 */
import type { Block, Instruction, OrPredicateCode, RootCode } from './code.js';
import { ErrorCode } from './errors.js';
import { Op, OPCODE_NAMES } from './opcodes.js';

/** Named machine states. */
export const enum State {
  ROOT,
  /** SECTION, IF and PREDICATE blocks. */
  BLOCK,
  REPEATED,
  ALTERNATES_WITH,
  OR_PREDICATE,
  /** MACRO and STRUCT: closed by END, take no alternates. */
  MACRO,
  /** EOF seen at root: any further instruction is an error. */
  EOF,
  /** After an instruction followed EOF: everything is ignored. */
  DEAD,
}

/** An open block: the instruction that owns it and the array instructions are appended to. */
interface Frame {
  state: State;
  /** The owning instruction (ROOT, a block opener, or the current OR_PREDICATE). */
  owner: Instruction[];
  block: Block;
  offset: number;
  /** Set for a block opened beyond MAX_NESTING_DEPTH: it is kept out of the tree. */
  detached?: boolean;
}

/**
 * Deepest block nesting kept in the tree. Deeper blocks are reported (NESTING_TOO_DEEP, at the
 * first opener past the limit) and dropped with their content, so a hostile 10,000-deep template
 * yields a located error instead of a tree that overflows the stack when executed or serialised.
 */
export const MAX_NESTING_DEPTH = 256;

/** A structural error with the offset of the tag it concerns. */
export interface AssemblyError {
  code: ErrorCode;
  message: string;
  offset: number;
  severity: 'error' | 'warning';
}

function opcodeOf(instruction: Instruction): number {
  return typeof instruction === 'number' ? instruction : instruction[0];
}

function nameOf(instruction: Instruction | Instruction[]): string {
  return OPCODE_NAMES[opcodeOf(instruction as Instruction)] ?? 'UNKNOWN';
}

/** Where the nested block sits inside each block opener's array. */
function blockIndex(opcode: number): number {
  return opcode === Op.PREDICATE || opcode === Op.IF || opcode === Op.OR_PREDICATE ? 3 : 2;
}

function stateFor(opcode: number): State {
  switch (opcode) {
    case Op.REPEATED:
      return State.REPEATED;
    case Op.MACRO:
    case Op.STRUCT:
      return State.MACRO;
    default:
      return State.BLOCK;
  }
}

function isBlockOpener(opcode: number): boolean {
  return (
    opcode === Op.SECTION ||
    opcode === Op.REPEATED ||
    opcode === Op.PREDICATE ||
    opcode === Op.IF ||
    opcode === Op.MACRO ||
    opcode === Op.STRUCT
  );
}

export class Assembler {
  // `declare` fields, assigned in the constructor: ES2022 class-field definitions (define
  // semantics) measured slower per compile on Node 20 than plain assignments.
  declare readonly root: RootCode;
  declare readonly errors: AssemblyError[];
  /**
   * Each composite instruction followed by its offset, or null when not recording. Only the
   * location map's second pass records (see compile.ts): the hot compile path skips the pushes.
   */
  declare readonly located: (object | number)[] | null;
  declare private readonly stack: Frame[];
  declare private current: Frame;

  /** `recordLocations`: keep every composite instruction and its offset in `located`. */
  constructor(recordLocations = false) {
    this.root = [Op.ROOT, 1, [], Op.END];
    this.errors = [];
    this.located = recordLocations ? [] : null;
    this.stack = [];
    this.current = {
      state: State.ROOT,
      owner: this.root as unknown as Instruction[],
      block: this.root[2],
      offset: 0,
    };
  }

  /** Records a parser error (unknown formatter or predicate, arity warning). */
  parseError(
    code: ErrorCode,
    message: string,
    offset: number,
    severity: 'error' | 'warning' = 'error',
  ): void {
    this.errors.push({ code, message, offset, severity });
  }

  private fail(code: ErrorCode, message: string, offset: number): void {
    this.errors.push({ code, message, offset, severity: 'error' });
  }

  accept(instruction: Instruction, offset: number): void {
    if (this.located !== null && typeof instruction !== 'number') {
      this.located.push(instruction, offset);
    }
    const frame = this.current;
    const state = frame.state;
    if (state === State.DEAD) return;
    if (state === State.EOF) {
      this.fail(
        ErrorCode.TRANSITION_FROM_EOF,
        `SyntaxError: ${nameOf(instruction)} Attempt to transition from the EOF state. ` +
          'This is either a bug in the state machine or instructions were fed to the state machine after EOF.',
        offset,
      );
      frame.state = State.DEAD;
      return;
    }
    const opcode = opcodeOf(instruction);
    if (isBlockOpener(opcode)) {
      if (this.stack.length >= MAX_NESTING_DEPTH) {
        this.openDetached(frame, instruction as Instruction[], opcode, offset);
        return;
      }
      frame.block.push(instruction);
      this.push(instruction as Instruction[], opcode, offset);
      return;
    }
    switch (opcode) {
      case Op.EOF:
        this.acceptEof(frame);
        return;
      case Op.END:
        this.acceptEnd(frame, offset);
        return;
      case Op.OR_PREDICATE:
        this.acceptOr(frame, instruction as OrPredicateCode, offset);
        return;
      case Op.ALTERNATES_WITH:
        this.acceptAlternatesWith(frame, offset);
        return;
      default:
        frame.block.push(instruction);
    }
  }

  private push(owner: Instruction[], opcode: number, offset: number): void {
    this.stack.push(this.current);
    this.current = {
      state: stateFor(opcode),
      owner,
      block: owner[blockIndex(opcode)] as Block,
      offset,
    };
  }

  /** Opens a block past the depth limit: matched by its END as usual, but not in the tree. */
  private openDetached(frame: Frame, owner: Instruction[], opcode: number, offset: number): void {
    if (!frame.detached) {
      this.fail(
        ErrorCode.NESTING_TOO_DEEP,
        `SyntaxError: ${nameOf(owner)} is nested deeper than the maximum of ${MAX_NESTING_DEPTH} blocks; it is ignored.`,
        offset,
      );
    }
    this.push(owner, opcode, offset);
    this.current.detached = true;
  }

  private pop(): void {
    this.current = this.stack.pop()!;
  }

  private acceptEof(frame: Frame): void {
    if (frame.state === State.ROOT) {
      this.root[3] = Op.EOF;
      frame.state = State.EOF;
      return;
    }
    // Like the reference, stay in the block: the tree stays usable, the ROOT alternate stays END.
    this.fail(
      ErrorCode.EOF_IN_BLOCK,
      `SyntaxError: Reached EOF in the middle of ${nameOf(frame.owner)}`,
      frame.offset,
    );
  }

  private notAllowed(frame: Frame, instruction: number, offset: number): void {
    const name = OPCODE_NAMES[instruction]!;
    if (frame.state === State.ROOT) {
      this.fail(
        ErrorCode.NOT_ALLOWED_AT_ROOT,
        `SyntaxError: Instruction ${name} not allowed at root`,
        offset,
      );
    } else {
      this.fail(
        ErrorCode.NOT_ALLOWED_IN_BLOCK,
        `SyntaxError: ${name} instruction is not allowed inside ${nameOf(frame.owner)} block.`,
        offset,
      );
    }
  }

  private acceptEnd(frame: Frame, offset: number): void {
    switch (frame.state) {
      case State.ROOT:
        this.notAllowed(frame, Op.END, offset);
        return;
      case State.MACRO:
        this.pop();
        return;
      case State.ALTERNATES_WITH:
        frame.owner[3] = Op.END;
        this.pop();
        this.pop();
        return;
      default:
        frame.owner[alternateIndex(frame.owner[0] as number)] = Op.END;
        this.pop();
    }
  }

  private acceptOr(frame: Frame, or: OrPredicateCode, offset: number): void {
    switch (frame.state) {
      case State.ROOT:
      case State.MACRO:
        this.notAllowed(frame, Op.OR_PREDICATE, offset);
        return;
      case State.OR_PREDICATE:
        if (frame.owner[1] === 0) {
          this.fail(
            ErrorCode.DEAD_CODE_BLOCK,
            'SyntaxError: This OR_PREDICATE block will never execute.',
            offset,
          );
          return;
        }
        break;
      case State.ALTERNATES_WITH:
        // The OR closes the alternates block and continues the REPEATED's chain.
        this.pop();
        break;
    }
    const target = this.current;
    target.owner[alternateIndex(target.owner[0] as number)] = or;
    // The OR replaces the block it continues (not pushed): its END returns to that block's parent.
    this.current = {
      state: State.OR_PREDICATE,
      owner: or as unknown as Instruction[],
      block: or[3],
      offset,
      detached: target.detached,
    };
  }

  private acceptAlternatesWith(frame: Frame, offset: number): void {
    if (frame.state !== State.REPEATED) {
      this.notAllowed(frame, Op.ALTERNATES_WITH, offset);
      return;
    }
    // Owner and offset stay the REPEATED's: END, OR and EOF errors all concern it.
    this.stack.push(frame);
    this.current = {
      state: State.ALTERNATES_WITH,
      owner: frame.owner,
      block: frame.owner[4] as Block,
      offset: frame.offset,
      detached: frame.detached,
    };
  }
}

/** Where END or an OR_PREDICATE chain is stored in each alternate-taking instruction. */
function alternateIndex(opcode: number): number {
  return opcode === Op.SECTION || opcode === Op.REPEATED ? 3 : 4;
}
