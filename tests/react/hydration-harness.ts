/**
 * Hydration in jsdom, shared by the hydration tests: the string path's HTML in a container,
 * hydrated with the React path's tree for the same template and data (the prepared code a
 * page ships, through JSON), with React's console messages collected per test.
 */
import { defaultTreeAdapter, parse, type DefaultTreeAdapterMap } from 'parse5';
import { act } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import { compile, prepareReact, render, type Code } from '../../index.js';
import { hydrateTemplate } from '../../react-renderer/browser.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** React's console errors and warnings in the current test (emptied before each). */
export const logged: string[] = [];

beforeEach(() => {
  logged.length = 0;
  for (const level of ['error', 'warn'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      logged.push(`${level}: ${args.map(String).join(' ').slice(0, 600)}`);
    });
  }
});
afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

export interface Hydrated {
  container: HTMLElement;
  /** React's recoverable errors (a failed hydration). */
  recoverable: unknown[];
  /** Codes of the React render's own errors and warnings (handed to onErrors). */
  codes: string[];
  /** Their messages. */
  messages: string[];
  /** Server elements no longer in the document after hydration (React replaced them). */
  replaced: number;
  /** Whether `hydrateTemplate` left the container as it was (with a warning, see browser.ts). */
  skipped: boolean;
  /** Unmounts the root and removes the container (between the runs of one property). */
  dispose: () => Promise<void>;
}

/** Server HTML in a container, hydrated (with the page's compiled partials, if any). */
export async function hydrate(
  source: string,
  data: unknown,
  partials?: Record<string, Code>,
): Promise<Hydrated> {
  const template = compile(source);
  // Parsed as a page's body is: markup that closes the container (a stray `</div>`) leaves it
  // here too, and what follows goes after it (a container's own `innerHTML` would keep it in).
  document.body.innerHTML = `<div>${render(template, data, { partials }).html}</div>`;
  const container = document.body.firstElementChild as HTMLElement;
  // What a browser's parser does and jsdom's does not: a media element made with a `muted`
  // attribute starts muted (React's hydration compares the property).
  for (const media of container.querySelectorAll<HTMLMediaElement>('video[muted], audio[muted]')) {
    media.muted = true;
  }
  const serverElements = [...container.querySelectorAll('*')];
  // What a page ships: plain JSON, without the compiler.
  const shipped = JSON.parse(JSON.stringify(prepareReact(template))) as ReturnType<
    typeof prepareReact
  >;
  const recoverable: unknown[] = [];
  const codes: string[] = [];
  const messages: string[] = [];
  let root: ReturnType<typeof hydrateTemplate> | undefined;
  let committed = (): void => {};
  const hydrated = new Promise<void>((resolve) => (committed = resolve));
  const start = (): void => {
    root = hydrateTemplate(container, shipped, data, {
      partials,
      hydration: { onRecoverableError: (error) => recoverable.push(error) },
      onErrors: (errors) => {
        codes.push(...errors.map((e) => e.code));
        messages.push(...errors.map((e) => e.message));
      },
      onHydrated: committed,
    });
  };
  // React's production build has no `act`: there the commit is awaited (recoverable errors are
  // reported in the same commit, before the effect that resolves it).
  if (typeof act === 'function') await act(async () => start());
  else start();
  // Not hydrated (`unhydratable`: the markup does not stay in the container): left as it is.
  const skipped = root === null;
  if (!skipped) await hydrated;
  const replaced = serverElements.filter((el) => !el.isConnected).length;
  const dispose = async (): Promise<void> => {
    if (typeof act === 'function') await act(async () => root?.unmount());
    else root?.unmount();
    document.body.innerHTML = '';
  };
  return { container, recoverable, codes, messages, replaced, skipped, dispose };
}

/**
 * Whether jsdom's parser places text elsewhere than the HTML standard in this markup: text
 * foster-parented out of a table (`<table>x<tr>`) goes before the table, but jsdom's tree
 * adapter (`insertTextBefore` in jsdom/lib/jsdom/browser/parser/html.js, jsdom 29) appends it
 * to the table's parent unless the table follows a text node, so jsdom puts it after (jsdom
 * issue 3317). Chromium (the e2e tests' browser) puts it before, like parse5 and the React
 * path. Found by parsing the markup with parse5, noting each such insertion.
 */
export function jsdomMisplacesFosteredText(html: string): boolean {
  let misplaced = false;
  const treeAdapter = {
    ...defaultTreeAdapter,
    insertTextBefore(
      parent: DefaultTreeAdapterMap['parentNode'],
      text: string,
      reference: DefaultTreeAdapterMap['childNode'],
    ): void {
      const before = parent.childNodes[parent.childNodes.indexOf(reference) - 1];
      if (before?.nodeName !== '#text') misplaced = true;
      defaultTreeAdapter.insertTextBefore(parent, text, reference);
    },
  };
  parse(`<!DOCTYPE html>${html}`, { treeAdapter });
  return misplaced;
}
