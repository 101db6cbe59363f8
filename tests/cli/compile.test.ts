import { describe, expect, it } from 'vitest';

import { compile, prettyJson } from '../../index.js';
import { useWorkspace } from '../support/cli-harness.js';
import { runJsont, tempWorkspace } from './helpers.js';

const workspace = useWorkspace();

describe('jsont compile', () => {
  it('prints the JSON code tree on one line', async () => {
    const dir = workspace({ 'page.html': 'Hi {name}' });
    const run = await runJsont(dir, ['compile', 'page.html']);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    // ROOT [17, 1, block, EOF] with TEXT [0, text] and VARIABLE [1, [path], 0] (docs/language.md,
    // "The code tree")
    expect(run.stdout).toBe('[17,1,[[0,"Hi "],[1,[["name"]],0]],18]\n');
  });

  it('prints prettyJson with --pretty', async () => {
    const source = '{.section a}\n{b|html}\n{.end}';
    const dir = workspace({ 'page.html': source });
    const run = await runJsont(dir, ['compile', 'page.html', '--pretty']);
    expect(run.code).toBe(0);
    expect(run.stdout.trimEnd()).toBe(prettyJson(compile(source).code).trimEnd());
    expect(run.stdout.split('\n').length).toBeGreaterThan(3);
    expect(JSON.parse(run.stdout)).toEqual(compile(source).code);
  });

  it('round-trips: compiled output renders like the source', async () => {
    const dir = workspace({
      'page.html': '{.repeated section xs}{@}{.alternates with},{.end}',
      'data.json': '{"xs": [1, 2, 3]}',
    });
    const compiled = await runJsont(dir, ['compile', 'page.html']);
    const ws2 = tempWorkspace({ 'page.json': compiled.stdout, 'data.json': '{"xs": [1, 2, 3]}' });
    try {
      const fromCode = await runJsont(ws2.dir, ['render', 'page.json', '-j', 'data.json']);
      expect(fromCode.stdout).toBe('1,2,3');
    } finally {
      ws2.dispose();
    }
  });

  it('still prints the code but reports errors with a frame and exits 1', async () => {
    const dir = workspace({ 'bad.html': 'ok\n{x|no-such-formatter}\n' });
    const run = await runJsont(dir, ['compile', 'bad.html']);
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)[0]).toBe(17);
    expect(run.stderr).toContain('bad.html:2:1');
    expect(run.stderr).toContain('FORMATTER_UNKNOWN');
    expect(run.stderr).toContain('>> 2 | {x|no-such-formatter}');
  });

  it('needs exactly one template argument', async () => {
    const none = await runJsont('/', ['compile']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('missing template file');
    const two = await runJsont('/', ['compile', 'a.html', 'b.html']);
    expect(two.code).toBe(2);
    expect(two.stderr).toContain('too many arguments: b.html');
  });

  it('prints its help with -h', async () => {
    const run = await runJsont('/', ['compile', '-h']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Usage: jsont compile <template> \[--pretty\]/);
  });
});
