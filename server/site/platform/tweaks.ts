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

export interface Tweak {
  /** The LESS variable, without `@`. */
  variable: string;
  title: string;
  type: string;
  /** The default value as LESS text. */
  defaultValue: string | undefined;
  line: number;
}

export interface TweakProblem {
  line: number;
  column: number;
  message: string;
}

const TWEAK = /^(\s*)\/\/\s*tweak\s*:\s*(\{.*)$/;
const DECLARATION = /^\s*@([\w-]+)\s*:\s*([^;]*);/;

export function parseTweaks(text: string): { tweaks: Tweak[]; problems: TweakProblem[] } {
  const lines = text.split('\n');
  const tweaks: Tweak[] = [];
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
      problems.push({
        line: i + 1,
        column,
        message: 'tweak: no variable declared on the next line and no "name"',
      });
      return;
    }
    const fallback = record.default;
    tweaks.push({
      variable,
      title: typeof record.title === 'string' ? record.title : variable,
      type: typeof record.type === 'string' ? record.type : 'value',
      defaultValue:
        declared?.[2]?.trim() ??
        (typeof fallback === 'string' ||
        typeof fallback === 'number' ||
        typeof fallback === 'boolean'
          ? String(fallback)
          : undefined),
      line: i + 1,
    });
  });
  return { tweaks, problems };
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
