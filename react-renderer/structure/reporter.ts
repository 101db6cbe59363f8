/**
 * What the structuring pass (structure.ts) says about a template: each part it leaves to render
 * time (REACT_UNSTRUCTURED) and each attribute React cannot render (REACT_DROPPED_ATTRIBUTE), as
 * warnings at the template's own locations. Partials and whole renders use a `quiet` report, so
 * the browser runtime, which structures only those, carries none of the texts here.
 */
import type { Instruction } from '../../engine/code.js';
import {
  ErrorCode,
  makeError,
  type SourceLocation,
  type TemplateError,
} from '../../engine/errors.js';
import type { Template } from '../../engine/template.js';
import type { TagToken } from '../html/tokens.js';
import { MAX_ELEMENT_DEPTH } from '../html/open-elements.js';
import { reactName } from '../runtime/attribute-props.js';
import { literalText } from './code-queries.js';
import type { AttributeBlocks } from './conditional-attributes.js';

type Inst = Instruction;

/**
 * How a pass tracks blocks of attributes (conditional-attributes.ts); null: it leaves their
 * attribute lists dynamic (`structureBlockLean`).
 */
export type BlocksOf = ((warn: (inst: unknown) => void) => AttributeBlocks) | null;

/** Why a part of the template is left to render time (see `Reporter`). */
export const enum Why {
  TAG_NAME,
  ATTRIBUTE_LIST,
  SPLIT_TAG,
  FOSTERED,
  MISNESTED,
  UNFINISHED_TAG,
  DELIMITER,
  FOREIGN,
}

/** Where a pass reports what it left to render time. */
export interface Report {
  /** The pass's way with blocks of attributes, here since every structurer has the report. */
  readonly blocks: BlocksOf;
  unstructured(inst: unknown, why: Why): void;
  /** A start tag, `offset` characters into the template text `inst` (see `Reporter`). */
  attributes?(tag: TagToken<Inst>, inst: unknown, offset: number): void;
  /**
   * A start tag (as for `attributes`) opened past the depth limit, put beside the element
   * it would have nested in (html/open-elements.ts `MAX_ELEMENT_DEPTH`). Called once per pass.
   */
  tooDeep?(inst: unknown, offset: number): void;
}

/**
 * A report that keeps nothing: for partials (their warnings belong to `jsont check` of the
 * partial itself) and whole renders. The browser runtime has only these, so it carries no
 * warning texts.
 */
export const quiet = (blocks: BlocksOf): Report => ({ blocks, unstructured() {} });

/** What each `Why` says, and the part parsed at render time instead. */
const WHY_TEXT: Record<Why, [why: string, what: string]> = {
  [Why.TAG_NAME]: ['an instruction inside a tag name', 'this part of the template'],
  [Why.ATTRIBUTE_LIST]: [
    'an instruction among the attributes of a tag',
    "this tag's attribute list",
  ],
  [Why.SPLIT_TAG]: ['a tag opened and closed in different blocks', 'this part of the template'],
  [Why.FOSTERED]: [
    'text or tags directly in a table that the browser moves before it',
    'the element holding them',
  ],
  [Why.MISNESTED]: [
    'formatting elements (b, a, em…) misnested around instructions',
    'the element holding them',
  ],
  [Why.UNFINISHED_TAG]: [
    'an instruction in a tag the template ends in (its output may finish the tag)',
    'the template from that tag on',
  ],
  [Why.FOREIGN]: [
    'a MathML annotation-xml whose encoding is an instruction (HTML or MathML inside)',
    'the element holding it',
  ],
  [Why.DELIMITER]: [
    'an instruction next to the delimiters of a comment or of raw text (its output may end it)',
    'the element holding it',
  ],
};

/** Collects warnings (one per instruction) with their locations, for one template's pass. */
export class Reporter implements Report {
  readonly warnings: TemplateError[] = [];
  private readonly seen = new Set<unknown>();
  constructor(
    private readonly template: Template,
    readonly blocks: BlocksOf,
  ) {}

  unstructured(inst: unknown, why: Why): void {
    if (this.seen.has(inst)) return;
    this.seen.add(inst);
    const loc = this.locationOf(inst);
    const [reason, what] = WHY_TEXT[why];
    this.warnings.push(
      makeError(
        ErrorCode.REACT_UNSTRUCTURED,
        `React: ${reason}; ${what} is parsed at render time`,
        loc,
        'warning',
        this.template.source,
      ),
    );
  }

  /** Where an instruction of the template stands (none for what is not one of its own). */
  private locationOf(inst: unknown): SourceLocation | undefined {
    return typeof inst === 'object' && inst !== null
      ? this.template.locations?.get(inst)
      : undefined;
  }

  /** Where a tag is: `offset` characters into the template text `inst` it begins in. */
  private tagLocation(inst: unknown, offset: number): SourceLocation | undefined {
    const start = this.locationOf(inst);
    if (start === undefined) return undefined;
    const before = literalText(inst as Inst)?.slice(0, offset) ?? '';
    const newline = before.lastIndexOf('\n');
    return newline === -1
      ? { line: start.line, column: start.column + offset }
      : { line: start.line + before.split('\n').length - 1, column: offset - newline };
  }

  tooDeep(inst: unknown, offset: number): void {
    this.warnings.push(
      makeError(
        ErrorCode.REACT_TOO_DEEP,
        `React: elements nest more than ${MAX_ELEMENT_DEPTH} deep here; the deeper ones are ` +
          'put beside each other, as the browser does',
        this.tagLocation(inst, offset),
        'warning',
        this.template.source,
      ),
    );
  }

  /** Attributes of the tag that React cannot render: the element is built without them. */
  attributes(tag: TagToken<Inst>, inst: unknown, offset: number): void {
    const dropped = tag.attrs.filter((attr) => attr.name !== '' && reactName(attr.name) === null);
    const loc = dropped.length === 0 ? undefined : this.tagLocation(inst, offset);
    if (loc === undefined) return;
    for (const { name } of dropped) {
      this.warnings.push(
        makeError(
          ErrorCode.REACT_DROPPED_ATTRIBUTE,
          `React: the ${name} attribute of <${tag.name}> is left out of its element (React ` +
            "cannot render it): hydration keeps the server's, but an element React creates " +
            'in the browser lacks it',
          loc,
          'warning',
          this.template.source,
        ),
      );
    }
  }
}

/** What REACT_TOO_DEEP says of a value whose markup nests elements past the depth limit. */
export const tooDeepValue = (): string =>
  `React: this value's markup nests elements more than ${MAX_ELEMENT_DEPTH} deep; the deeper ` +
  'ones are put beside each other, as the browser does';

/** Why a whole template is parsed at render time: structuring or compiling it failed. */
export function unstructurableWarning(thrown: unknown): TemplateError {
  return makeError(
    ErrorCode.REACT_UNSTRUCTURED,
    `React: the template could not be structured (${String(thrown)}); ` +
      'its output is parsed at render time',
    { line: 1, column: 1 },
    'warning',
  );
}
