/**
 * Parser of the reference's ICU-style message syntax (docs/language.md, "Internationalisation
 * formatters" `message`). It is the CLDR engine's dialect, not the ICU one intl-messageformat
 * reads: no commas (`{0 plural one{#} other{#s}}`), `;`-joined argument lists (`{0;1
 * datetime-interval}`), `key:value` options for argument formatters, apostrophe quoting where a
 * lone `'` always opens a quote, and malformed tags kept as literal text.
 */

export type MessageNode = string | ArgNode | ChoiceNode | PoundNode;

/** `{0}` or `{0 decimal style:short}`: an argument, optionally through a named formatter. */
export interface ArgNode {
  kind: 'arg';
  names: string[];
  /** Formatter name, '' for plain substitution. */
  format: string;
  options: string[];
}

/** `{0 plural …}`, `{0 selectordinal …}`, `{0 select …}`. */
export interface ChoiceNode {
  kind: 'plural' | 'selectordinal' | 'select';
  names: string[];
  /** NaN when the offset is not a number (the whole argument then renders nothing). */
  offset: number;
  branches: Map<string, MessageNode[]>;
  /** True when a branch key is not a plural category or `=N`: the argument renders nothing. */
  invalid: boolean;
}

/** `#` inside a plural branch: the (offset) number. */
export interface PoundNode {
  kind: 'pound';
}

const CHOICES = new Set(['plural', 'selectordinal', 'select']);
const PLURAL_KEY = /^(zero|one|two|few|many|other|=-?\d+(\.\d+)?)$/;
const WS = /\s/;

/** Index of the `}` closing the `{` at `open`, or -1. */
function matchBrace(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const ch = text[i];
    if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) return i;
  }
  return -1;
}

/** Parses message text; `pound` says whether `#` is the plural number here. */
export function parseMessage(text: string, pound = false): MessageNode[] {
  const nodes: MessageNode[] = [];
  let literal = '';
  const flush = (): void => {
    if (literal !== '') nodes.push(literal);
    literal = '';
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === "'") {
      if (text[i + 1] === "'") {
        literal += "'";
        i++;
        continue;
      }
      // A quote runs to the next lone apostrophe (or the end); `''` inside is one apostrophe.
      let j = i + 1;
      for (; j < text.length; j++) {
        if (text[j] !== "'") {
          literal += text[j];
        } else if (text[j + 1] === "'") {
          literal += "'";
          j++;
        } else {
          break;
        }
      }
      i = j;
      continue;
    }
    if (ch === '#' && pound) {
      flush();
      nodes.push({ kind: 'pound' });
      continue;
    }
    if (ch === '{') {
      const close = matchBrace(text, i);
      if (close < 0) {
        literal += text.slice(i);
        break;
      }
      flush();
      nodes.push(parseTag(text.slice(i + 1, close), pound));
      i = close;
      continue;
    }
    literal += ch;
  }
  flush();
  return nodes;
}

function parseTag(body: string, pound: boolean): MessageNode {
  let i = 0;
  const skip = (): void => {
    while (i < body.length && WS.test(body[i]!)) i++;
  };
  const word = (): string => {
    const start = i;
    while (i < body.length && !WS.test(body[i]!) && body[i] !== '{') i++;
    return body.slice(start, i);
  };
  skip();
  const names = word().split(';');
  skip();
  const format = word();
  if (!CHOICES.has(format)) {
    return {
      kind: 'arg',
      names,
      format,
      options: body
        .slice(i)
        .split(/\s+/)
        .filter((s) => s !== ''),
    };
  }
  const kind = format as ChoiceNode['kind'];
  const node: ChoiceNode = { kind, names, offset: 0, branches: new Map(), invalid: false };
  for (;;) {
    skip();
    if (i >= body.length) break;
    const key = word();
    if (key.startsWith('offset:')) {
      node.offset = /^-?\d+$/.test(key.slice(7)) ? Number(key.slice(7)) : NaN;
      continue;
    }
    skip();
    if (body[i] !== '{') {
      node.invalid = true;
      break;
    }
    const close = matchBrace(body, i);
    if (close < 0) {
      node.invalid = true;
      break;
    }
    if (kind !== 'select' && !PLURAL_KEY.test(key)) node.invalid = true;
    if (!node.branches.has(key)) {
      node.branches.set(
        key,
        parseMessage(body.slice(i + 1, close), kind === 'select' ? pound : true),
      );
    }
    i = close + 1;
  }
  return node;
}
