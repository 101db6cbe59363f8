/**
 * The platform's server-side tags (`<squarespace:navigation …/>`, `{squarespace.main-content}`…)
 * rewritten into plain template syntax before compiling: each use becomes a reference to a value
 * the renderer computes per page (`jsontTags.t<N>`, see tag-values.ts), so the engine does the
 * scoping (a query's inline template renders inside `{.section}` of its results). Line breaks
 * inside a tag are kept, so errors after it still point at the author's line.
 */

/** A tag use found in a file: what it asks for, and where (for reports). */
export interface TagUse {
  /** Global key: the value is `jsontTags.<key>` in the page data. */
  key: string;
  name: string;
  attrs: Record<string, string>;
  file: string;
  line: number;
  column: number;
}

/** An unknown tag: reported once, renders as nothing. */
export interface UnknownTag {
  name: string;
  file: string;
  line: number;
  column: number;
}

export interface RewriteResult {
  text: string;
  uses: TagUse[];
  unknown: UnknownTag[];
}

export const TAG_DATA_KEY = 'jsontTags';

/** Element tags whose value is markup (printed as is). */
const MARKUP_TAGS = new Set([
  'category',
  'related',
  'comments',
  'social-share',
  'block-field',
  'script',
]);
/**
 * Element tags that apply a block (their `template` attribute) to their data, or without one
 * render the inline template up to their close tag inside it.
 */
const SCOPED_TAGS = new Set(['navigation', 'folder-navigation']);
/** `{squarespace.X}` / `{squarespace-X}` variables. */
export const VARIABLES = new Set([
  'main-content',
  'headers',
  'footers',
  'page-id',
  'page-classes',
  'template-revision',
  'cart-classes',
]);

const ELEMENT =
  /<squarespace:([\w-]+)((?:\s+[\w:-]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>/]+))?)*)\s*(\/?)>/gy;
const ATTR = /([\w:-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>/]+)))?/g;
const VARIABLE = /\{squarespace[.-]([\w-]+)\}/y;
const CLOSE = /<\/squarespace:([\w-]+)\s*>/y;

/** Gives every tag use a key unique across the site's files. */
export class TagKeys {
  private next = 0;
  take(): string {
    return `t${this.next++}`;
  }
}

export function rewriteTags(text: string, file: string, keys: TagKeys): RewriteResult {
  const uses: TagUse[] = [];
  const unknown: UnknownTag[] = [];
  let out = '';
  let i = 0;
  /**
   * Tags with an inline template still open (a query, or a navigation without a `template`
   * block), by name: their `{.end}` is written at the matching close tag.
   */
  const open: string[] = [];
  const where = (at: number) => {
    const before = text.slice(0, at).split('\n');
    return { line: before.length, column: before[before.length - 1]!.length + 1 };
  };
  while (i < text.length) {
    const lt = nextCandidate(text, i);
    if (lt === -1) {
      out += text.slice(i);
      break;
    }
    out += text.slice(i, lt);
    i = lt;
    const use = (name: string, attrs: Record<string, string>): string => {
      const key = keys.take();
      uses.push({ key, name, attrs, file, ...where(lt) });
      return `${TAG_DATA_KEY}.${key}`;
    };
    VARIABLE.lastIndex = i;
    ELEMENT.lastIndex = i;
    CLOSE.lastIndex = i;
    const variable = VARIABLE.exec(text);
    const element = variable ? null : ELEMENT.exec(text);
    const close = variable || element ? null : CLOSE.exec(text);
    if (variable) {
      const name = variable[1]!;
      if (VARIABLES.has(name)) out += `{${use(name, {})}}`;
      else unknown.push({ name: `squarespace.${name}`, file, ...where(lt) });
      i += variable[0].length;
    } else if (element) {
      const name = element[1]!;
      const attrs = parseAttrs(element[2]!);
      // A navigation opened and never closed is taken as self-closing, as other element tags;
      // a query runs to the end of its file instead (its inline template is the rest).
      const selfClosing =
        element[3] === '/' ||
        (SCOPED_TAGS.has(name) && !text.includes(`</squarespace:${name}`, lt + element[0].length));
      const ref = () => use(name, attrs);
      const block = SCOPED_TAGS.has(name) ? attrs.template : undefined;
      if (block) out += `{.section ${ref()}}{@|apply ${blockName(block)}}{.end}`;
      else if (name === 'query' || SCOPED_TAGS.has(name)) {
        // The inline template between the tags renders inside the tag's data.
        const value = ref();
        out += selfClosing ? `{.section ${value}}{.end}` : `{.section ${value}}`;
        if (!selfClosing) open.push(name);
      } else if (MARKUP_TAGS.has(name)) out += `{${ref()}}`;
      else unknown.push({ name: `squarespace:${name}`, file, ...where(lt) });
      out += newlines(element[0]);
      i += element[0].length;
    } else if (close) {
      if (open.length > 0 && open[open.length - 1] === close[1]) {
        out += '{.end}';
        open.pop();
      }
      i += close[0].length;
    } else {
      out += text[i];
      i++;
    }
  }
  // An inline template opened and never closed ends with the file, so the rest still compiles.
  out += '{.end}'.repeat(open.length);
  return { text: out, uses, unknown };
}

/** `navigation` and `navigation.block` both name blocks/navigation.block. */
export function blockName(template: string): string {
  return template.endsWith('.block') ? template : `${template}.block`;
}

function nextCandidate(text: string, from: number): number {
  const a = text.indexOf('<squarespace:', from);
  const b = text.indexOf('</squarespace:', from);
  const c = text.indexOf('{squarespace', from);
  const found = [a, b, c].filter((n) => n !== -1);
  return found.length === 0 ? -1 : Math.min(...found);
}

function parseAttrs(source: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const m of source.matchAll(ATTR)) attrs[m[1]!] = m[2] ?? m[3] ?? m[4] ?? '';
  return attrs;
}

function newlines(s: string): string {
  return '\n'.repeat(s.split('\n').length - 1);
}
