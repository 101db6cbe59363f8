/**
 * Types of the compiled code tree. The tree is plain JSON so that templates compiled
 * elsewhere (the reference engines, a publish step) interoperate with ours.
 */

/** One step of a variable reference: a property name or an array index. */
export type PathSegment = string | number;
/** A variable reference split on dots, e.g. `items.0.name` -> ["items", 0, "name"]. */
export type Path = PathSegment[];

/** Arguments as written after a formatter/predicate name: the values and their delimiter. */
export type Args = [values: string[], delimiter: string];

/** A formatter call inside a VARIABLE or BINDVAR: `[name]` or `[name, args]`. */
export type FormatterCall = [name: string] | [name: string, args: Args];

/** 0 is FAST_NULL: "no formatters" / "no args". */
export type FormatterList = FormatterCall[] | 0;
export type MaybeArgs = Args | 0;

export type AtomicInstruction = number;
export type TextCode = [0, string];
export type VariableCode = [1, Path[], FormatterList];
export type SectionCode = [2, Path, Block, Alternate];
export type RepeatedCode = [4, Path, Block, Alternate, Block];
export type PredicateCode = [5, string, MaybeArgs, Block, Alternate];
export type BindvarCode = [6, string, Path[], FormatterList];
/** An `{.or}` with no predicate stores 0 for name and args. */
export type OrPredicateCode = [7, string | 0, MaybeArgs, Block, Alternate];
/** operators: 0 = OR (`||`), 1 = AND (`&&`). */
export type IfCode = [8, number[], Path[], Block, Alternate];
export type InjectCode = [9, string, string, MaybeArgs];
export type MacroCode = [10, string, Block];
export type CommentCode = [11, string, 0 | 1];
export type RootCode = [17, 1, Block, Alternate];
export type StructCode = [20, unknown, Block];
export type AtomCode = [21, unknown];
export type CtxvarCode = [22, string, [key: string, ref: Path][]];
export type EvalCode = [23, string];
export type IncludeCode = [24, string, MaybeArgs];

/** END (3), EOF (18) or an OR_PREDICATE chain. */
export type Alternate = AtomicInstruction | OrPredicateCode;

export type Instruction =
  | AtomicInstruction
  | TextCode
  | VariableCode
  | SectionCode
  | RepeatedCode
  | PredicateCode
  | BindvarCode
  | OrPredicateCode
  | IfCode
  | InjectCode
  | MacroCode
  | CommentCode
  | RootCode
  | StructCode
  | AtomCode
  | CtxvarCode
  | EvalCode
  | IncludeCode;

export type Block = Instruction[];

/** A compiled template: the ROOT instruction. */
export type Code = RootCode;
