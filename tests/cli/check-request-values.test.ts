/**
 * `jsont check` warns (UNESCAPED_REQUEST_VALUE) where a value from the request may reach the
 * HTML unescaped, at the line and column of the tag; the demo store has none (issue 17 defect 1).
 * Values from API responses (a server's error text in `cartStatus.notice`) get the same check
 * (UNESCAPED_API_VALUE): the demo's /cart page printed them raw.
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

import { useWorkspace } from '../support/cli-harness.js';
import { runJsont } from './helpers.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const workspace = useWorkspace();

/** The demo's search page before the fix: the raw query as a message argument. */
const SEARCH_PAGE = `<section>
  {.section search}
  {.if query}
  <p>{localizedStrings.searchResultCount|message resultCount query}</p>
  {.end}
  {.end}
  <p>You searched for {request.query.q}</p>
  <input value="{search.query|htmlattr}">
</section>
`;

/** A /cart notice: its title raw, its message escaped, then raw and as a message argument. */
const CART_PAGE = `<div role="status">{.section cartStatus.notice}
  <strong>{title}</strong> <span>{message|html}</span>
{.end}</div>
<p>{cartStatus.notice.message}</p>
<p>{localizedStrings.cartError|message reason=cartStatus.notice.message}</p>
`;

/** Checks one file in a fresh workspace; expects exit 0 and `warnings` warnings, no errors. */
async function checkOne(name: string, text: string, warnings: number) {
  const run = await runJsont(workspace({ [name]: text }), ['check', name]);
  expect(run.code).toBe(0);
  expect(run.stdout).toBe(`1 file checked: 0 errors, ${warnings} warnings in 1 file\n`);
  return run;
}

describe('jsont check: request values printed unescaped', () => {
  it('warns at the tag of the message with the query argument and at the raw parameter', async () => {
    const run = await checkOne('search.html', SEARCH_PAGE, 2);
    expect(run.stderr).toContain(
      'search.html:4:6 warning: the query argument is the request value search.query, ' +
        'inserted unescaped: escape it first ({.var @v query|html}) and pass @v ' +
        '[UNESCAPED_REQUEST_VALUE]',
    );
    expect(run.stderr).toMatch(/>> 4 \| {3}<p>\{localizedStrings[^\n]*\n\s+\| {6}\^/);
    expect(run.stderr).toContain(
      'search.html:7:23 warning: the request value request.query.q is printed unescaped: ' +
        'add an escaping formatter (|html in text, |htmlattr in an attribute) [UNESCAPED_REQUEST_VALUE]',
    );
  });

  it('warns where an API response value is printed unescaped, at the tag', async () => {
    const run = await checkOne('cart.html', CART_PAGE, 3);
    expect(run.stderr).toContain(
      'cart.html:2:11 warning: the API response value cartStatus.notice.title is printed ' +
        'unescaped: add an escaping formatter (|html in text, |htmlattr in an attribute) ' +
        '[UNESCAPED_API_VALUE]',
    );
    expect(run.stderr).toContain(
      'cart.html:4:4 warning: the API response value cartStatus.notice.message is printed unescaped',
    );
    expect(run.stderr).toContain(
      'cart.html:5:4 warning: the reason=cartStatus.notice.message argument is the API response ' +
        'value cartStatus.notice.message, inserted unescaped',
    );
    expect(run.stderr).not.toContain('cart.html:2:34');
  });

  it('reports nothing for the demo store, whose search and cart pages escape such values', async () => {
    const run = await runJsont(repoRoot, ['check', join('fixtures', 'site')]);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/^\d+ files checked: 0 errors, 0 warnings\n$/);
    expect(run.code).toBe(0);
  });
});
