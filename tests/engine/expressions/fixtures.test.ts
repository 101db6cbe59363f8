/**
 * The core/eval-*.html spec fixtures run against the expression module alone: every
 * `{.eval …}` tag of the template is replaced by its output (the templates contain nothing
 * else but text), evaluated against the fixture's JSON at the root.
 */
import { describe, expect, it } from 'vitest';
import { loadFixtures } from '../../support/fixtures.js';
import { evaluate } from './helpers.js';

const EVAL_TAG = /\{\.eval[ \t\n\r\f\v]+([^{}]*)\}/g;
const fixtures = loadFixtures('core', (name) => name.startsWith('eval-'));

describe('core/eval fixtures', () => {
  it('finds them', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(12);
  });

  it.each(fixtures.map((f) => [f.id, f] as const))('%s', (_id, fixture) => {
    const data: unknown = JSON.parse(fixture.sections.JSON ?? '{}');
    const errors: string[] = [];
    const output = fixture.sections.TEMPLATE!.replace(EVAL_TAG, (_tag, source: string) => {
      const result = evaluate(source, data);
      errors.push(...result.errors);
      return result.output;
    });
    expect(errors).toEqual([]);
    expect(output.trim()).toBe(fixture.sections.OUTPUT!.trim());
  });
});
