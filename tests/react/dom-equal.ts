/**
 * The DOM-equivalence oracle of the React path (docs/architecture.md, "React path"): both HTML
 * strings are parsed as documents by parse5 (the reference HTML parser, used only in tests) and
 * printed in a normal form — comments and doctypes dropped, attributes sorted, adjacent text
 * merged, and inline styles compared as declarations (React prints `a:b;c:d`; the values must
 * agree, not the spelling). Three things React does to every document it renders are normalised
 * away: the values of boolean attributes (React prints `checked=""` for `checked="checked"`; only
 * presence means anything), whitespace-only text directly inside <html> or ending <body> (React
 * moves text out of <html>), the `<link rel="preload" as="image">` hints React adds for images
 * (`dropImagePreloads`), and whitespace-only text directly inside table parts, which browsers never
 * render and the React tree leaves out (react-renderer/runtime/host-elements.ts, TABLE_PARTS).
 */
import { parse } from 'parse5';
import { styleDeclarations } from '../../react-renderer/runtime/attribute-props.js';
import { isHtmlBlank, TABLE_PARTS } from '../../react-renderer/runtime/host-elements.js';

interface P5Node {
  nodeName: string;
  tagName?: string;
  value?: string;
  attrs?: Array<{ name: string; value: string; prefix?: string }>;
  childNodes?: P5Node[];
  content?: P5Node;
}

function normalStyle(value: string): string {
  return styleDeclarations(value)
    .map(([name, val]) => `${name.startsWith('--') ? name : name.toLowerCase()}:${val}`)
    .join(';');
}

const BOOLEAN = new Set(
  (
    'allowfullscreen async autofocus autoplay checked controls default defer disabled ' +
    'formnovalidate hidden inert itemscope loop multiple muted nomodule novalidate open ' +
    'playsinline readonly required reversed selected'
  ).split(' '),
);

function attrValue(name: string, value: string): string {
  if (name === 'style') return normalStyle(value);
  return BOOLEAN.has(name) ? '' : value;
}

function print(node: P5Node, indent: string, out: string[]): void {
  let text = '';
  const flushText = (): void => {
    if (text !== '') out.push(`${indent}${JSON.stringify(text)}`);
    text = '';
  };
  // Comments go first: a blank text they separate from the end of <body> is still its end.
  let children = (node.content?.childNodes ?? node.childNodes ?? []).filter(
    (c) => c.nodeName !== '#comment' && c.nodeName !== '#documentType',
  );
  if (node.nodeName === 'html') children = children.filter((c) => !isBlank(c));
  if (TABLE_PARTS.has(node.nodeName)) {
    children = children.filter((c) => c.nodeName !== '#text' || !isHtmlBlank(c.value ?? ''));
  }
  if (node.nodeName === 'body') {
    children = children.slice();
    while (children.length > 0 && isBlank(children[children.length - 1]!)) children.pop();
  }
  for (const child of children) {
    if (child.nodeName === '#text') {
      text += child.value ?? '';
      continue;
    }
    flushText();
    const attrs = (child.attrs ?? [])
      .map((a) => {
        const name = a.prefix ? `${a.prefix}:${a.name}` : a.name;
        return `${name}=${JSON.stringify(attrValue(name, a.value))}`;
      })
      .sort();
    out.push(`${indent}<${child.tagName ?? child.nodeName}${attrs.map((a) => ` ${a}`).join('')}>`);
    print(child, `${indent}  `, out);
  }
  flushText();
}

function isBlank(node: P5Node): boolean {
  return node.nodeName === '#text' && (node.value ?? '').trim() === '';
}

/** The normal form of an HTML string (one line per node). */
export function normalDom(html: string): string {
  const out: string[] = [];
  print(parse(html) as unknown as P5Node, '', out);
  return out.join('\n');
}

/** React's image preload hints, unless the template itself has the same link. */
export function dropImagePreloads(reactHtml: string, templateHtml: string): string {
  return reactHtml.replace(/<link rel="preload" as="image"[^>]*>/g, (link) =>
    templateHtml.includes(link.slice(0, -2)) ? link : '',
  );
}
