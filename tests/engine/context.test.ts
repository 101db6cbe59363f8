import { describe, expect, it } from 'vitest';
import { ExecContext } from '../../engine/context.js';
import { blockCompiler } from '../../engine/executor.js';
import { registry } from './exec-helpers.js';

function context(data: unknown, options = {}): ExecContext {
  return new ExecContext(data, registry, blockCompiler(registry), options, null, undefined);
}

describe('ExecContext as RenderContext', () => {
  it('applies the option defaults', () => {
    const ctx = context({});
    expect([
      ctx.locale,
      ctx.now,
      ctx.timeZone,
      ctx.expressions,
      ctx.includes,
      ctx.maxTokens,
      ctx.maxStringLength,
    ]).toEqual(['en-US', undefined, undefined, true, true, 2000, 1_000_000]);
    const custom = context(
      {},
      { locale: 'fr-FR', now: 5, timeZone: 'UTC', expressions: false, maxExpressionTokens: 0 },
    );
    expect([
      custom.locale,
      custom.now,
      custom.timeZone,
      custom.expressions,
      custom.maxTokens,
    ]).toEqual(['fr-FR', 5, 'UTC', false, 0]);
  });

  it('node(), frame() and resolveRef() see the current frame; resolve() can start elsewhere', () => {
    const ctx = context({ a: { b: 'B' }, top: 'T' });
    const root = ctx.frame();
    ctx.push({ local: 'L' });
    expect(ctx.node()).toEqual({ local: 'L' });
    expect(ctx.resolveRef('a.b')).toBe('B');
    expect(ctx.resolveRef('local')).toBe('L');
    expect(ctx.resolve(['local'], root)).toBeUndefined();
    expect(ctx.frame().parent).toBe(root);
  });

  it('error() records a plugin error at the current instruction', () => {
    const ctx = context({});
    ctx.error('bad thing');
    expect(ctx.errors).toEqual([
      { code: 'PLUGIN_ERROR', message: 'bad thing', line: 0, column: 0, severity: 'error' },
    ]);
  });

  it('executeTemplate restores the output buffer and the frame', () => {
    const ctx = context({ outer: 'O' });
    ctx.out = 'before';
    const frame = ctx.frame();
    const text = ctx.executeTemplate(
      [
        17,
        1,
        [
          [1, [['@']], 0],
          [1, [['outer']], 0],
        ],
        18,
      ],
      'X',
      false,
    );
    expect(text).toBe('XO');
    expect(ctx.out).toBe('before');
    expect(ctx.frame()).toBe(frame);
  });

  it('unexpected() words errors like the reference and ignores non-Error throwables', () => {
    const ctx = context({});
    ctx.unexpected(new SyntaxError('m'), [5, 'x?', 0, [], 3]);
    ctx.unexpected('a string', [1, [], 0]);
    expect(ctx.errors.map((e) => e.message)).toEqual([
      'RuntimeError: Unexpected SyntaxError error when executing PREDICATE: m',
    ]);
  });
});
