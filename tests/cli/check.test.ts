import { describe, expect, it } from 'vitest';

import { useWorkspace } from '../support/cli-harness.js';
import { runJsont } from './helpers.js';
import { renderToString } from 'react-dom/server';
import { divergence } from '../../cli/check.js';
import { renderToReact } from '../../index.js';

const workspace = useWorkspace();

describe('jsont check', () => {
  it('passes clean templates with exit 0 and a summary', async () => {
    const dir = workspace({
      'site/a.html': '{a}',
      'site/blocks/b.block': '{.section x}{y}{.end}',
      'site/notes.txt': '{.section never-checked}',
    });
    const run = await runJsont(dir, ['check', 'site']);
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('2 files checked: 0 errors, 0 warnings\n');
    expect(run.code).toBe(0);
  });

  it('prints every error as file:line:col with a code frame and exits 1', async () => {
    const dir = workspace({
      'site/good.html': '<p>{title}</p>',
      'site/broken.html': '<ul>\n    {a|nosuchformatter}\n</ul>\n',
      'site/sub/unknown.region': 'one\ntwo {.if a}{.section b}{.end}\n',
    });
    const run = await runJsont(dir, ['check', 'site']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('site/broken.html:2:5 error:');
    expect(run.stderr).toContain('[FORMATTER_UNKNOWN]');
    expect(run.stderr).toMatch(/>> 2 \| {5}\{a\|nosuchformatter\}\n\s+\|\s{5}\^/);
    // the unclosed .if is reported against its own file
    expect(run.stderr).toMatch(/site\/sub\/unknown\.region:\d+:\d+ error: .*\[EOF_IN_BLOCK\]/);
    expect(run.stdout).toMatch(/^3 files checked: 2 errors, 0 warnings in 2 files\n$/);
  });

  it('checks a file named explicitly whatever its extension', async () => {
    const dir = workspace({ 'x.txt': '{.end}' });
    const run = await runJsont(dir, ['check', 'x.txt']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('x.txt:1:1 error:');
    expect(run.stderr).toContain('[NOT_ALLOWED_AT_ROOT]');
  });

  it('searches only --ext extensions when given', async () => {
    const dir = workspace({ 'a.html': '{.end}', 'b.tpl': '{b}' });
    const run = await runJsont(dir, ['check', '.', '--ext', 'tpl']);
    expect(run.stdout).toBe('1 file checked: 0 errors, 0 warnings\n');
    expect(run.code).toBe(0);
  });

  it('reports a missing path with exit 2', async () => {
    const dir = workspace({ 'a.html': '{a}' });
    const run = await runJsont(dir, ['check', 'a.html', 'missing']);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('jsont check: no such file or folder: missing\n');
  });

  it('reports with --react the template HTML left to render time, at its line and column', async () => {
    // A tag opened in one block and closed in another cannot be structured.
    const dir = workspace({
      'split.html': '<div>\n  {.if a}<span class="x">{.end}b</span>\n</div>\n',
    });
    const run = await runJsont(dir, ['check', '--react', 'split.html']);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/^split\.html:2:3 warning: .*\[REACT_UNSTRUCTURED\]/m);
    expect(run.stdout).toBe('1 file checked: 0 errors, 1 warning in 1 file\n');
  });

  it('reports with --react --json each value whose markup leaves its element, once', async () => {
    const excerpts = { items: [{ excerpt: '<p>one</p><p>two</p>' }, { excerpt: '<p>three</p>' }] };
    const dir = workspace({
      'list.html':
        '<div class="list">{.repeated section items}\n<p class="e">{excerpt}</p>{.end}</div>\n',
      'data.json': JSON.stringify(excerpts),
      'plain.json': JSON.stringify({ items: [{ excerpt: 'plain' }] }),
    });
    const run = await runJsont(dir, ['check', '--react', '--json', 'data.json', 'list.html']);
    expect(run.code).toBe(0);
    const warnings = run.stderr.match(/^list\.html:\d+:\d+ warning: .*$/gm) ?? [];
    expect(warnings).toEqual([
      expect.stringMatching(/^list\.html:2:14 warning: .*\[REACT_UNBALANCED_VALUE\]/),
    ]);
    expect(run.stdout).toBe('1 file checked: 0 errors, 1 warning in 1 file\n');
    const plain = await runJsont(dir, ['check', '--react', '--json', 'plain.json', 'list.html']);
    expect(plain.stdout).toBe('1 file checked: 0 errors, 0 warnings\n');
  });

  it("with --react --json, reports a React tree that is not the page's DOM (REACT_DIVERGENT_TREE)", () => {
    // The React path's tree, as React renders it, against the rendered page parsed whole.
    const html = '<p title="t"><i>in</i></p>';
    expect(divergence(renderToString(renderToReact(html, {}).element), html)).toBeNull();
    const warning = divergence('<p title="t">in</p>', html);
    expect(warning).toMatchObject({ code: 'REACT_DIVERGENT_TREE', severity: 'warning' });
    expect(warning!.message).toContain('React has "<p title=\\"t\\">in</p>"');
    expect(warning!.message).toContain('the page "<p title=\\"t\\"><i>in</i></p>"');
  });

  it('reports with --react --json a page whose markup closes the element it is hydrated in', async () => {
    // The value closes the template's <div>, so the template's own </div> closes the root.
    const dir = workspace({
      'page.html':
        '<div class="summary"><div class="excerpt">{excerpt}</div></div>\n<p>after</p>\n',
      'closes.json': JSON.stringify({ excerpt: '<ul></div>' }),
      'stays.json': JSON.stringify({ excerpt: '<ul><li>one</ul>' }),
    });
    const run = await runJsont(dir, ['check', '--react', '--json', 'closes.json', 'page.html']);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(
      'React: the rendered page does not stay in the element it is hydrated in (it closes ' +
        '<div>, which it did not open); the browser leaves the page as the server sent it',
    );
    expect(run.stderr).toContain('[REACT_DIVERGENT_TREE]');
    const stays = await runJsont(dir, ['check', '--react', '--json', 'stays.json', 'page.html']);
    expect(stays.stdout).toBe('1 file checked: 0 errors, 0 warnings\n');
  });

  it('reports with --react --json a value nesting elements past the depth limit, and exits 0', async () => {
    const dir = workspace({
      'deep.html': '<div class="product">\n  {body}\n</div>\n',
      // 1,000 and 100,000 levels: the React render overflowed the stack (exit 70).
      'some.json': JSON.stringify({ body: '<b>'.repeat(1_000) }),
      'many.json': JSON.stringify({ body: '<section>'.repeat(100_000) }),
    });
    for (const data of ['some.json', 'many.json']) {
      const run = await runJsont(dir, ['check', '--react', '--json', data, 'deep.html']);
      expect(run.code).toBe(0);
      const warnings = run.stderr.match(/^deep\.html:\d+:\d+ warning: .*$/gm) ?? [];
      expect(warnings).toContainEqual(
        expect.stringMatching(/^deep\.html:2:3 warning: .*\[REACT_TOO_DEEP\]$/),
      );
    }
  });

  it('stops with --react --json at the limit on applied partials, at its line and column', async () => {
    // A macro applying itself four times would run 4^16 times within the depth limit.
    const fan = '{@|apply p}';
    const dir = workspace({
      'fan.html': `<div>\n{.macro p}a${fan}${fan}${fan}${fan}{.end}{@|apply p}</div>\n`,
      'data.json': '{}',
    });
    const run = await runJsont(dir, ['check', '--react', '--json', 'data.json', 'fan.html']);
    expect(run.code).toBe(1);
    const errors = run.stderr.match(/^fan\.html:\d+:\d+ error: .*$/gm) ?? [];
    expect(errors).toEqual([
      expect.stringMatching(/^fan\.html:2:(12|23|34|45) error: .*\[APPLY_PARTIAL_LIMIT\]$/),
    ]);
    expect(run.stdout).toBe('1 file checked: 1 error, 0 warnings in 1 file\n');
  });

  it('takes --json only with --react', async () => {
    const dir = workspace({ 'a.html': '{a}', 'data.json': '{}' });
    const run = await runJsont(dir, ['check', '--json', 'data.json', 'a.html']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--json needs --react');
  });

  it('prints its help with --help', async () => {
    const run = await runJsont('/', ['check', '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Usage: jsont check <file|folder>...');
    expect(run.stdout).toContain('.block');
  });
});
