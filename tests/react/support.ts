/** Helpers shared by the React tests. */
import { renderToString } from 'react-dom/server';
import { vi } from 'vitest';
import { render, renderToReact } from '../../index.js';
import { useGeneratedCode } from '../../react-renderer/element-code.js';
import { dropImagePreloads, normalDom } from './dom-equal.js';

/** Both paths' HTML, normalised, plus React's dev warnings during renderToString. */
export function bothPaths(
  source: string,
  data: unknown = {},
): { string: string; react: string; reactHtml: string; warnings: string[] } {
  const html = render(source, data).html;
  const warnings: string[] = [];
  const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    warnings.push(args.map(String).join(' '));
  });
  let reactHtml: string;
  try {
    reactHtml = dropImagePreloads(renderToString(renderToReact(source, data).element), html);
  } finally {
    spy.mockRestore();
  }
  return { string: normalDom(html), react: normalDom(reactHtml), reactHtml, warnings };
}

/** React's HTML for a template, with elements as generated code or as closures. */
export function reactHtmlWith(generated: boolean, source: string, data: unknown): string {
  useGeneratedCode(generated);
  try {
    return renderToString(renderToReact(source, data).element);
  } finally {
    useGeneratedCode(undefined);
  }
}
