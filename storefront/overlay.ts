/**
 * The preview's error overlay: a full-window panel listing template problems with their code
 * frames (the same text the terminal prints). Built with DOM calls and inline styles, in a
 * shadow root, so the site's CSS cannot hide or restyle it.
 */

/** A problem as the preview server sends it (server/site/problems.ts SiteProblem). */
export interface OverlayProblem {
  file: string;
  line: number;
  column: number;
  message: string;
  code: string;
  frame: string;
}

const HOST_ID = 'jsont-error-overlay';

const STYLE = `
:host { all: initial; }
.backdrop { position: fixed; inset: 0; z-index: 2147483647; background: rgba(20, 20, 24, 0.86);
  overflow: auto; font: 14px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.panel { max-width: 960px; margin: 48px auto; background: #1e1e24; color: #e8e8ea;
  border-top: 6px solid #ff5c5c; border-radius: 6px; padding: 24px 28px; box-shadow: 0 10px 40px #000; }
h2 { margin: 0 0 16px; font-size: 18px; color: #ff7b7b; }
.problem { margin: 0 0 20px; }
.where { color: #8fd3ff; font-weight: bold; }
.message { margin: 4px 0 8px; white-space: pre-wrap; }
pre { margin: 0; padding: 12px; background: #121216; border-radius: 4px; overflow-x: auto;
  white-space: pre; color: #d6d6dc; }
.hint { margin-top: 12px; color: #9a9aa5; font-size: 12px; }
button { float: right; background: none; border: 0; color: #9a9aa5; font-size: 20px; cursor: pointer; }
`;

/** Shows (or replaces) the overlay with `problems`; an empty list hides it. */
export function showOverlay(problems: readonly OverlayProblem[]): void {
  hideOverlay();
  if (problems.length === 0) return;
  const host = document.createElement('div');
  host.id = HOST_ID;
  const shadow = host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = STYLE;
  const backdrop = el('div', 'backdrop');
  backdrop.setAttribute('role', 'alertdialog');
  backdrop.setAttribute('aria-label', 'Template error');
  const panel = el('div', 'panel');
  const close = el('button', '', '×');
  close.setAttribute('aria-label', 'Dismiss');
  close.addEventListener('click', hideOverlay);
  panel.append(
    close,
    el('h2', '', problems.length === 1 ? 'Template error' : `${problems.length} template errors`),
  );
  for (const p of problems) {
    const item = el('div', 'problem');
    item.dataset['file'] = p.file;
    const where = p.line > 0 ? `${p.file}:${p.line}:${p.column}` : p.file;
    item.append(el('div', 'where', where), el('div', 'message', p.message), el('pre', '', p.frame));
    panel.append(item);
  }
  panel.append(el('div', 'hint', 'Fix the file and save: the page reloads by itself.'));
  backdrop.append(panel);
  shadow.append(style, backdrop);
  document.documentElement.append(host);
}

export function hideOverlay(): void {
  document.getElementById(HOST_ID)?.remove();
}

function el(tag: string, className: string, text?: string): HTMLElement {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}
