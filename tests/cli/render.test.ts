import { describe, expect, it } from 'vitest';

import { makeRenderCommand } from '../../cli/render.js';
import { compile, render, type RenderOptions } from '../../index.js';
import { useWorkspace } from '../support/cli-harness.js';
import { captureIO, runJsont } from './helpers.js';

/** Workspaces made here are removed after each test. */
const workspace = useWorkspace();

describe('jsont render', () => {
  it('renders a template with --json data to stdout', async () => {
    const dir = workspace({
      'page.html': '<h1>{title|html}</h1>\n{.repeated section items}<li>{name}</li>{.end}',
      'data.json': JSON.stringify({ title: 'A & B', items: [{ name: 'x' }, { name: 'y' }] }),
    });
    const run = await runJsont(dir, ['render', 'page.html', '--json', 'data.json']);
    expect(run).toEqual({
      code: 0,
      stdout: '<h1>A &amp; B</h1>\n<li>x</li><li>y</li>',
      stderr: '',
    });
  });

  it('renders with empty data when --json is omitted', async () => {
    const dir = workspace({ 'page.html': 'a{missing}b{.section s}no{.or}yes{.end}' });
    const run = await runJsont(dir, ['render', 'page.html']);
    expect(run.stdout).toBe('abyes');
    expect(run.code).toBe(0);
  });

  it('reads the template from stdin with -', async () => {
    const dir = workspace({ 'data.json': '{"who": "stdin"}' });
    const run = await runJsont(dir, ['render', '-', '-j', 'data.json'], 'hello {who}');
    expect(run.stdout).toBe('hello stdin');
  });

  it('reads the data from stdin with --json -, reporting JSON errors as <stdin>', async () => {
    const dir = workspace({ 'page.html': 'hi {who}' });
    const ok = await runJsont(dir, ['render', 'page.html', '--json', '-'], '{"who": "you"}');
    expect(ok.stdout).toBe('hi you');
    const bad = await runJsont(dir, ['render', 'page.html', '--json', '-'], '{"who" "you"}');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^jsont render: invalid JSON in <stdin>:1:8: /);
    const both = await runJsont(dir, ['render', '-', '--json', '-'], '{}');
    expect(both.code).toBe(2);
  });

  it('takes a .json template as precompiled code', async () => {
    const dir = workspace({
      // [ROOT, version, [TEXT, VARIABLE name], EOF] per docs/language.md, "The code tree"
      'page.json': '[17, 1, [[0, "Hello "], [1, [["name"]], 0]], 18]',
      'data.json': '{"name": "Ann"}',
    });
    const run = await runJsont(dir, ['render', 'page.json', '--json', 'data.json']);
    expect(run.stdout).toBe('Hello Ann');
    expect(run.code).toBe(0);
  });

  it('loads a partials folder: each file by name with and without extension', async () => {
    const dir = workspace({
      'page.html': '{@|apply card}|{@|apply card.html}|{@|apply note}',
      'partials/card.html': '<div>{name}</div>',
      'partials/note.block': '<p>{name|json}</p>',
      'data.json': '{"name": "Ann"}',
    });
    const run = await runJsont(dir, ['render', 'page.html', '-j', 'data.json', '-p', 'partials']);
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('<div>Ann</div>|<div>Ann</div>|<p>"Ann"</p>');
  });

  it('loads partials from a JSON file mapping names to templates', async () => {
    const dir = workspace({
      'page.html': '{.section user}{@|apply badge}{.end}',
      'partials.json': '{"badge": "<b>{name}</b>"}',
      'data.json': '{"user": {"name": "Bo"}}',
    });
    const run = await runJsont(dir, [
      'render',
      'page.html',
      '--json',
      'data.json',
      '--partials',
      'partials.json',
    ]);
    expect(run.stdout).toBe('<b>Bo</b>');
  });

  it('passes --locale, --now, --timezone and --injects through to render', async () => {
    const dir = workspace({
      'page.html': '{.inject @cfg settings.json}{@cfg.mode}',
      'injects.json': '{"settings.json": {"mode": "dark"}}',
    });
    const seen: RenderOptions[] = [];
    const spy = makeRenderCommand({
      compile,
      render: (template, data, options) => {
        seen.push(options ?? {});
        return render(template, data, options);
      },
    });
    const io = captureIO(dir);
    const code = await spy.run(
      [
        'page.html',
        '--locale',
        'ja',
        '--now',
        '2021-08-01T20:30:45Z',
        '--timezone',
        'Asia/Tokyo',
        '--injects',
        'injects.json',
      ],
      io,
    );
    expect(code).toBe(0);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      locale: 'ja',
      now: Date.UTC(2021, 7, 1, 20, 30, 45),
      timeZone: 'Asia/Tokyo',
      injects: { 'settings.json': { mode: 'dark' } },
    });
    expect(io.out()).toBe('dark');
  });

  it('accepts --now as epoch milliseconds', async () => {
    const dir = workspace({ 'page.html': 'x' });
    const seen: RenderOptions[] = [];
    const spy = makeRenderCommand({
      compile,
      render: (template, data, options) => {
        seen.push(options ?? {});
        return render(template, data, options);
      },
    });
    await spy.run(['page.html', '--now', '1627849845000'], captureIO(dir));
    expect(seen[0]?.now).toBe(1627849845000);
  });

  // End to end through real formatters (timesince and datetime depend on --now and --locale).
  it('renders timesince relative to --now (fixture plugins/f-timesince-1.html)', async () => {
    const dir = workspace({ 'page.html': '{t|timesince}', 'data.json': '{"t": 1577987019000}' });
    const run = await runJsont(dir, [
      'render',
      'page.html',
      '--json',
      'data.json',
      '--now',
      '1627849845000',
    ]);
    expect(run.stdout).toBe(
      '<span class="timesince" data-date="1577987019000">about a year ago</span>',
    );
  });

  it('renders datetime in the --locale (fixture plugins/f-datetime-2.html)', async () => {
    const dir = workspace({
      'page.html': '{t|datetime date:full}',
      'data.json': '{"t": 1520751625000}',
    });
    const ja = await runJsont(dir, ['render', 'page.html', '-j', 'data.json', '--locale', 'ja']);
    expect(ja.stdout).toBe('2018年3月11日日曜日');
    const en = await runJsont(dir, ['render', 'page.html', '-j', 'data.json']);
    expect(en.stdout).not.toBe(ja.stdout);
  });

  it('prints runtime errors with a code frame and still exits 0 (1 with --strict)', async () => {
    const dir = workspace({ 'page.html': 'before\n  {@|apply nothere}\nafter' });
    const run = await runJsont(dir, ['render', 'page.html']);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('before\n  \nafter');
    expect(run.stderr).toContain('page.html:2:3');
    expect(run.stderr).toContain('could not be found');
    expect(run.stderr).toMatch(/>> 2 \| {3}\{@\|apply nothere\}\n\s+\|\s{3}\^/);
    const strict = await runJsont(dir, ['render', 'page.html', '--strict']);
    expect(strict.code).toBe(1);
  });

  it('shows errors inside a partial against the partial file', async () => {
    const dir = workspace({
      'page.html': 'top\n{@|apply card}',
      'partials/card.html': 'card:\n  {x|bogus}\n',
    });
    const run = await runJsont(dir, ['render', 'page.html', '-p', 'partials']);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('partials/card.html:2:3 error:');
    expect(run.stderr).toContain('>> 2 |   {x|bogus}');
  });

  it('prints errors of precompiled code without a location', async () => {
    const dir = workspace({
      'page.json': '[17, 1, [[0, "x"], [1, [["@"]], [["apply", [["nope"], " "]]]]], 18]',
    });
    const run = await runJsont(dir, ['render', 'page.json']);
    expect(run.stdout).toBe('x');
    expect(run.stderr).toMatch(/^page\.json error: .*'nope'.* \[APPLY_PARTIAL_MISSING\]\n\n$/);
  });

  it('reports invalid JSON data with its line and column, exit 2', async () => {
    const dir = workspace({ 'page.html': '{a}', 'data.json': '{\n  "a": 1,\n  "b": }\n' });
    const run = await runJsont(dir, ['render', 'page.html', '--json', 'data.json']);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^jsont render: invalid JSON in data\.json:3:8: /);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it('reports a missing template file, exit 2', async () => {
    const dir = workspace({});
    const run = await runJsont(dir, ['render', 'nope.html']);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe("jsont render: cannot read template 'nope.html': no such file\n");
  });

  it('rejects a .json template that is not compiled code, exit 2', async () => {
    const dir = workspace({ 'page.json': '{"not": "code"}' });
    const run = await runJsont(dir, ['render', 'page.json']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('is not compiled template code');
  });

  it('rejects unknown options and bad --now values with usage, exit 2', async () => {
    const dir = workspace({ 'page.html': 'x' });
    const unknown = await runJsont(dir, ['render', 'page.html', '--bogus']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("Unknown option '--bogus'");
    expect(unknown.stderr).toContain('Usage: jsont render');
    const badNow = await runJsont(dir, ['render', 'page.html', '--now', 'yesterday-ish']);
    expect(badNow.code).toBe(2);
    expect(badNow.stderr).toContain('--now must be');
  });

  it('prints its help with --help', async () => {
    const run = await runJsont('/', ['render', '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Usage: jsont render <template>/);
    for (const option of ['--json', '--partials', '--locale', '--now']) {
      expect(run.stdout).toContain(option);
    }
  });
});
