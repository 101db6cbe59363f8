/**
 * JSON as template authors write it: `//` and `/* *\/` comments (template.conf), and the
 * JavaScript object syntax some tweak declarations use (unquoted keys, single-quoted strings,
 * trailing commas). The text is rewritten token by token into strict JSON, keeping its line
 * breaks so a parse error still points at the author's line.
 */

export class LenientJsonError extends Error {
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(message);
  }
}

/** Parses `text`; throws LenientJsonError with a 1-based line and column. */
export function parseLenientJson(text: string): unknown {
  const strict = toStrictJson(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  try {
    return JSON.parse(strict) as unknown;
  } catch (err) {
    const at = /position (\d+)/.exec((err as Error).message);
    const offset = at ? Number(at[1]) : strict.length;
    const before = strict.slice(0, offset).split('\n');
    throw new LenientJsonError(
      (err as Error).message.replace(/ in JSON at position \d+.*$/, ''),
      before.length,
      before[before.length - 1]!.length + 1,
    );
  }
}

const IDENT = /[A-Za-z_$][\w$-]*/y;

function toStrictJson(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    const next = text[i + 1];
    if (c === '/' && next === '/') {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end === -1 ? text.length : end + 2;
      // Keep the comment's line breaks so lines still match the file.
      out += text.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop;
    } else if (c === '"' || c === "'") {
      const { value, end } = readString(text, i, c);
      out += JSON.stringify(value);
      i = end;
    } else if (c === ',') {
      // A trailing comma before } or ] is dropped.
      let j = i + 1;
      while (j < text.length && /\s/.test(text[j]!)) j++;
      if (text[j] !== '}' && text[j] !== ']') out += c;
      i++;
    } else if (/[A-Za-z_$]/.test(c)) {
      IDENT.lastIndex = i;
      const word = IDENT.exec(text)![0];
      const literal = word === 'true' || word === 'false' || word === 'null';
      out += literal ? word : JSON.stringify(word);
      i += word.length;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

function readString(text: string, start: number, quote: string): { value: string; end: number } {
  let value = '';
  let i = start + 1;
  while (i < text.length && text[i] !== quote) {
    if (text[i] === '\\' && i + 1 < text.length) {
      const escaped = text[i + 1]!;
      const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f' };
      if (escaped === 'u') {
        value += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
        i += 6;
        continue;
      }
      value += simple[escaped] ?? escaped;
      i += 2;
    } else value += text[i++];
  }
  return { value, end: i + 1 };
}
