/**
 * The compiler facade: source -> lexer -> parser -> assembler -> Template. Never throws on
 * template input. Line/column information is computed only on demand: errors are located once
 * at the end (only when there are any), and the location map is filled on its first lookup.
 */
import { Assembler } from './assembler.js';
import { LineIndex, makeError, type SourceLocation, type TemplateError } from './errors.js';
import { Op } from './opcodes.js';
import { parseTemplate } from './parser.js';
import type { Registry } from './plugin.js';
import type { Code } from './code.js';
import type { Template } from './template.js';

/**
 * A WeakMap from composite instruction to its location that materialises itself on first use,
 * so compiling records nothing per instruction. Parsing is deterministic, so a second parse of
 * the same source with the same registry yields a tree of the same shape whose instructions come
 * with offsets; walking both trees side by side maps each original instruction to its offset.
 */
class LazyLocationMap extends WeakMap<object, SourceLocation> {
  private pending: { source: string; registry: Registry; code: Code } | null;

  constructor(source: string, registry: Registry, code: Code) {
    super();
    this.pending = { source, registry, code };
  }

  private materialise(): void {
    const pending = this.pending;
    if (pending === null) return;
    this.pending = null;
    const { source, registry, code } = pending;
    const twin = new Assembler(true);
    parseTemplate(source, registry, twin);
    const located = twin.located!;
    const offsets = new Map<object, number>();
    for (let i = 0; i < located.length; i += 2) {
      offsets.set(located[i] as object, located[i + 1] as number);
    }
    this.locateTree(code, twin.root, offsets, new LineIndex(source));
  }

  /** Gives `node` (and its descendants) the offsets recorded for its twin in the second parse. */
  private locateTree(
    node: unknown,
    twin: unknown,
    offsets: Map<object, number>,
    index: LineIndex,
  ): void {
    if (!Array.isArray(node) || !Array.isArray(twin) || node.length !== twin.length) return;
    const offset = offsets.get(twin);
    if (offset !== undefined) super.set(node, index.locate(offset));
    for (let i = 0; i < node.length; i++) {
      if (typeof node[i] === 'object') this.locateTree(node[i], twin[i], offsets, index);
    }
  }

  override get(key: object): SourceLocation | undefined {
    this.materialise();
    return super.get(key);
  }

  override has(key: object): boolean {
    this.materialise();
    return super.has(key);
  }

  override set(key: object, value: SourceLocation): this {
    this.materialise();
    return super.set(key, value);
  }

  override delete(key: object): boolean {
    this.materialise();
    return super.delete(key);
  }
}

/**
 * The compiler's Template. `locations` is a prototype getter that builds the map on first
 * access: most callers never ask, and (measured) a per-compile closure for it cost more than the
 * whole parse.
 */
class CompiledTemplate implements Template {
  // `declare` fields, assigned in the constructor: ES2022 class-field definitions (define
  // semantics) measured ~100 ns more per compile on Node 20 than plain assignments.
  declare code: Code;
  declare errors: TemplateError[];
  declare source?: string;
  declare private locationMap: LazyLocationMap | undefined;
  declare private readonly text: string;
  declare private readonly registry: Registry;

  constructor(code: Code, errors: TemplateError[], text: string, registry: Registry) {
    this.code = code;
    this.errors = errors;
    this.text = text;
    this.registry = registry;
    this.locationMap = undefined;
  }

  get locations(): WeakMap<object, SourceLocation> {
    return (this.locationMap ??= new LazyLocationMap(this.text, this.registry, this.code));
  }
}

/**
 * Compiles template source into the reference-compatible code tree plus errors (each with a
 * 1-based line and column) and a map from composite instruction to its location.
 */
export function compileTemplate(source: string, registry: Registry, name?: string): Template {
  let template: CompiledTemplate;
  if (source.indexOf('{') === -1) {
    // No tag can start without a brace: the whole source is one TEXT (as in the reference's
    // scan), and no state machine is needed.
    const code: Code =
      source.length === 0 ? [Op.ROOT, 1, [], Op.EOF] : [Op.ROOT, 1, [[Op.TEXT, source]], Op.EOF];
    template = new CompiledTemplate(code, [], source, registry);
  } else {
    const assembler = new Assembler();
    parseTemplate(source, registry, assembler);
    let errors: TemplateError[] = [];
    if (assembler.errors.length > 0) {
      const index = new LineIndex(source);
      errors = assembler.errors.map((e) =>
        makeError(e.code, e.message, index.locate(e.offset), e.severity, name),
      );
    }
    template = new CompiledTemplate(assembler.root, errors, source, registry);
  }
  if (name !== undefined) template.source = name;
  return template;
}
