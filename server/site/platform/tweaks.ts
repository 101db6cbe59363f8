/**
 * Tweak declarations in a template's LESS (docs/developer-platform.md, "Stylesheets"): a line
 * comment `// tweak: {…}` (JSON, or the JavaScript object syntax some templates use) describing
 * the variable declared on the next line, e.g.
 *
 *   // tweak: { "type": "color", "title": "Accent Color" }
 *   @accentColor: #2a6f97;
 *
 * The declared value is the tweak's default; a tweak whose variable is not declared there gets
 * its `default` from the comment (applied as a LESS variable when compiling).
 */
import { LenientJsonError, parseLenientJson } from './lenient-json.js';
import { isRec } from './model.js';
import type { FolderReader } from './reader.js';

export interface Tweak {
  /** The LESS variable, without `@`. */
  variable: string;
  title: string;
  type: string;
  /** The default value as LESS text. */
  defaultValue: string | undefined;
  line: number;
}

/**
 * A tweak that declares no variable: a checkbox or dropdown the platform shows as a class of the
 * page's body (`tweak-show-footer`, `tweak-nav-style-icon`), a font tweak with its class rule.
 * Its name is its `name`, else its `title` (older templates name tweaks there).
 */
export interface ClassTweak {
  name: string;
  type: string;
  /** `true`/`false` for a checkbox (`active`), the `default` option of a dropdown. */
  value: string | undefined;
  line: number;
}

export interface TweakProblem {
  line: number;
  column: number;
  message: string;
}

const TWEAK = /^(\s*)\/\/\s*tweak\s*:\s*(\{.*)$/;
const DECLARATION = /^\s*@([\w-]+)\s*:\s*([^;]*);/;

export function parseTweaks(text: string): {
  tweaks: Tweak[];
  classTweaks: ClassTweak[];
  problems: TweakProblem[];
} {
  const lines = text.split('\n');
  const tweaks: Tweak[] = [];
  const classTweaks: ClassTweak[] = [];
  const problems: TweakProblem[] = [];
  lines.forEach((line, i) => {
    const m = TWEAK.exec(line);
    if (m === null) return;
    const column = line.indexOf('{') + 1;
    let spec: unknown;
    try {
      spec = parseLenientJson(m[2]!.trim());
    } catch (err) {
      if (!(err instanceof LenientJsonError)) throw err;
      problems.push({
        line: i + 1,
        column: column + err.column - 1,
        message: `tweak: ${err.message}`,
      });
      return;
    }
    const record = (typeof spec === 'object' && spec !== null ? spec : {}) as Record<
      string,
      unknown
    >;
    const declared = DECLARATION.exec(lines[i + 1] ?? '');
    const named = typeof record.name === 'string' ? record.name : undefined;
    const variable = declared?.[1] ?? named;
    if (variable === undefined) {
      const name = typeof record.title === 'string' ? record.title : undefined;
      const type = typeof record.type === 'string' ? record.type : 'value';
      if (name === undefined) {
        const message = 'tweak: no variable declared on the next line, and no "name" or "title"';
        problems.push({ line: i + 1, column, message });
      } else {
        const value = type === 'checkbox' ? String(record.active === true) : scalar(record.default);
        classTweaks.push({ name, type, value, line: i + 1 });
      }
      return;
    }
    tweaks.push({
      variable,
      title: typeof record.title === 'string' ? record.title : variable,
      type: typeof record.type === 'string' ? record.type : 'value',
      defaultValue: declared?.[2]?.trim() ?? scalar(record.default),
      line: i + 1,
    });
  });
  return { tweaks, classTweaks, problems };
}

function scalar(v: unknown): string | undefined {
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean'
    ? String(v)
    : undefined;
}

/**
 * The body classes of the class tweaks of `texts` (the stylesheets), with `values` (tweaks.json,
 * --tweak) over their defaults: `tweak-<name>` for a checkbox that is on, `tweak-<name>-<value>`
 * for a dropdown (the name slugged, without a second `tweak-`).
 */
export function tweakClasses(texts: string[], values: Record<string, string>): string[] {
  const slug = (s: string) =>
    s
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
  const out: string[] = [];
  for (const text of texts) {
    for (const t of parseTweaks(text).classTweaks) {
      const base = `tweak-${slug(t.name).replace(/^tweak-/, '')}`;
      const value = values[t.name] ?? t.value;
      if (t.type === 'checkbox') {
        if (value === 'true') out.push(base);
      } else if (value !== undefined && t.type === 'dropdown') out.push(`${base}-${slug(value)}`);
    }
  }
  return out;
}

/** Variables the compiler must define: tweaks declared only in their comment. */
export function tweakDefaults(text: string): Record<string, string> {
  const declared = new Set<string>();
  for (const m of text.matchAll(/^\s*@([\w-]+)\s*:/gm)) declared.add(m[1]!);
  const out: Record<string, string> = {};
  for (const t of parseTweaks(text).tweaks) {
    if (!declared.has(t.variable) && t.defaultValue !== undefined) out[t.variable] = t.defaultValue;
  }
  return out;
}

/** The folder's tweak values (docs/developer-platform.md, "Tweak values"). */
export const TWEAK_VALUES_FILE = 'tweaks.json';

export interface TweakValueProblem {
  file: string;
  code: 'JSON_SYNTAX' | 'DATA_SHAPE' | 'TWEAK_UNKNOWN' | 'TWEAK_VALUE';
  message: string;
  line: number;
  column: number;
}

/**
 * The tweak values to compile with: tweaks.json of the folder (`{ "accentColor": "#c0392b" }`,
 * names with or without `@`), then `overrides` (the `--tweak name=value` options) over it. A
 * name no tweak of the stylesheets declares, or a value that is not one LESS value (`;`, braces
 * and line breaks are refused: it would end the declaration), is a problem.
 */
export function tweakValues(
  reader: FolderReader,
  declared: ReadonlySet<string>,
  overrides: Record<string, string> = {},
): { values: Record<string, string>; problems: TweakValueProblem[] } {
  const problems: TweakValueProblem[] = [];
  const text = reader.read(TWEAK_VALUES_FILE);
  const fromFile: Record<string, string> = {};
  if (text !== undefined) {
    let parsed: unknown;
    try {
      parsed = parseLenientJson(text);
    } catch (err) {
      if (!(err instanceof LenientJsonError)) throw err;
      const at = { line: err.line, column: err.column };
      problems.push({ file: TWEAK_VALUES_FILE, code: 'JSON_SYNTAX', message: err.message, ...at });
    }
    if (parsed !== undefined && !isRec(parsed)) {
      problems.push({
        file: TWEAK_VALUES_FILE,
        code: 'DATA_SHAPE',
        message: `${TWEAK_VALUES_FILE} must hold an object of tweak names and values`,
        line: 1,
        column: 1,
      });
    }
    for (const [name, value] of Object.entries(isRec(parsed) ? parsed : {})) {
      fromFile[name] = typeof value === 'string' ? value : JSON.stringify(value);
    }
  }
  const values: Record<string, string> = {};
  const entries = [
    ...Object.entries(fromFile).map(([n, v]) => ({ n, v, file: TWEAK_VALUES_FILE })),
    ...Object.entries(overrides).map(([n, v]) => ({ n, v, file: '--tweak' })),
  ];
  for (const { n, v, file } of entries) {
    const name = n.replace(/^@/, '');
    const at = { file, ...(file === TWEAK_VALUES_FILE ? locate(text ?? '', n) : none) };
    if (!declared.has(name)) {
      const message = `no tweak named ${name} in the stylesheets (tweak comments declare them)`;
      problems.push({ ...at, code: 'TWEAK_UNKNOWN', message });
    } else if (/[;{}\r\n]/.test(v) || v.trim() === '') {
      const message = `the value of tweak ${name} must be one LESS value, got ${JSON.stringify(v)}`;
      problems.push({ ...at, code: 'TWEAK_VALUE', message });
    } else values[name] = v.trim();
  }
  return { values, problems };
}

const none = { line: 0, column: 0 };

/** Where the key `name` is written in `text` (for the code frame). */
function locate(text: string, name: string): { line: number; column: number } {
  const at = text.indexOf(JSON.stringify(name));
  if (at === -1) return none;
  const before = text.slice(0, at).split('\n');
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}
