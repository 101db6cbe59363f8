/**
 * What the HTML tokenizer (tokenizer.ts) works with and hands out: its states, where a hole
 * falls, the tag and attribute tokens it sends to a sink, and the elements whose content is
 * text up to their end tag.
 */
export const enum State {
  DATA,
  TAG_OPEN,
  END_TAG_OPEN,
  TAG_NAME,
  BEFORE_ATTR_NAME,
  ATTR_NAME,
  AFTER_ATTR_NAME,
  BEFORE_ATTR_VALUE,
  ATTR_VALUE_DQ,
  ATTR_VALUE_SQ,
  ATTR_VALUE_UQ,
  AFTER_ATTR_VALUE,
  SELF_CLOSING,
  MARKUP_DECL,
  COMMENT,
  BOGUS_COMMENT,
  RAW,
  /** In a CDATA section (`<![CDATA[…]]>` in SVG or MathML): text up to `]]>`. */
  CDATA,
}

/**
 * Where a hole fell. 'edge': next to a delimiter of a comment or of raw text (`<!-`, `<!--x-`,
 * `</scr` before it), where its output may end or begin that comment or text with what is
 * around it; no static tree can follow that.
 */
export type HoleKind = 'data' | 'raw' | 'rcdata' | 'comment' | 'attr' | 'tag' | 'bad' | 'edge';

/**
 * How an attribute value is delimited: what a hole's output must not contain to stay inside
 * (in the order of the ATTR_VALUE_* states, which `hole` relies on).
 */
export const enum Quote {
  DOUBLE = 0,
  SINGLE = 1,
  NONE = 2,
}

export interface AttrToken<H> {
  name: string;
  /** Decoded static value (parts === null) */
  value: string;
  /** Set when the value has holes: decoded static strings and holes, in order. */
  parts: Array<string | H> | null;
  /** Set with `parts`: the value's quotes. */
  quote?: Quote;
}

export interface TagToken<H> {
  name: string;
  end: boolean;
  attrs: AttrToken<H>[];
  selfClosing: boolean;
  /** Raw attribute source (strings and holes) when a hole sits outside an attribute value. */
  dynamic: Array<string | H> | null;
  /** A hole in the tag name: the tag cannot be structured. */
  bad: boolean;
  /** Chunk number and offset of the `<`, for cutting fallback regions out of template text. */
  chunk: number;
  offset: number;
  /** Chunk number and offset just after the `>`. */
  endChunk: number;
  endOffset: number;
}

export interface TokenSink<H> {
  text(text: string): void;
  /**
   * False: what follows the start tag is markup, not the element's raw text: the tree builder
   * ignored it (a `<style>` or `<textarea>` in a select), or its element is SVG or MathML.
   */
  tag(tag: TagToken<H>): boolean | void;
  /** Whether `<![CDATA[` begins a CDATA section here: in SVG or MathML (see tree-builder.ts). */
  foreign?(): boolean;
  /**
   * A comment begins (`<!--`, or a bogus one such as `<?x>`; not a doctype, which makes no
   * node): the DOM keeps the texts around it as two nodes.
   */
  comment?(): void;
}

/**
 * Elements whose content is raw text up to their end tag; the second set decodes entities.
 * (A `<plaintext>` has no end: the rest of the markup is its text, `</plaintext>` included.)
 */
export const RAW_TEXT = new Set([
  'script',
  'style',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
  'noscript',
  'plaintext',
]);
export const RCDATA = new Set(['textarea', 'title']);
/** Both sets in one lookup: whether a text-only element decodes entities (RCDATA). */
export const TEXT_ONLY = new Map<string, boolean>([
  ...[...RAW_TEXT].map((name): [string, boolean] => [name, false]),
  ...[...RCDATA].map((name): [string, boolean] => [name, true]),
]);
