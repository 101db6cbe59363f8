/**
 * `jsont check` warns (UNESCAPED_REQUEST_VALUE) where a value from the request may reach the
 * HTML unescaped, at the line and column of the tag; the demo store has none (issue 17 defect 1).
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

describe('jsont check: request values printed unescaped', () => {
  it('warns at the tag of the message with the query argument and at the raw parameter', async () => {
    const dir = workspace({ 'search.html': SEARCH_PAGE });
    const run = await runJsont(dir, ['check', 'search.html']);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('1 file checked: 0 errors, 2 warnings in 1 file\n');
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

  it('reports nothing for the demo store, whose search page escapes the query', async () => {
    const run = await runJsont(repoRoot, ['check', join('fixtures', 'site')]);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/^\d+ files checked: 0 errors, 0 warnings\n$/);
    expect(run.code).toBe(0);
  });
});
