/**
 * The Java-era fixtures of tests/fixtures/conformance/legacy-i18n (money, unit and message
 * formatting with the Java original's expectations; the TypeScript reference passes none). Each
 * runs through the root render() with the reference harness; the locale and `now` come from the
 * Java-style `:PROPERTIES` section (`key=value` or `key: value` lines) or `:PARAMS`.
 *
 * Fixtures listed in legacy-i18n-pending.ts (id → reason) still fail and must keep failing: a
 * listed fixture that passes fails the suite until it is removed, so the list only shrinks.
 */
import { describe, expect, it } from 'vitest';
import { compile, render } from '../index.js';
import { PENDING } from './legacy-i18n-pending.js';
import { fixtureParams, loadFixtures, type Fixture } from './support/fixtures.js';
import { itPendingEntriesExist, itStillPending } from './support/pending.js';

const fixtures: Fixture[] = loadFixtures('legacy-i18n', (name) => name.endsWith('.html'));

/** Java properties: `key=value` or `key: value` (first separator wins), `#`/`!` comments. */
function parseProperties(text: string | undefined): Map<string, string> {
  const props = new Map<string, string>();
  for (const raw of (text ?? '').split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith('!')) continue;
    const m = /^([^=:\s]+)\s*[=:]\s*(.*)$/.exec(line);
    if (m) props.set(m[1]!, m[2]!);
  }
  return props;
}

interface Outcome {
  compileErrors: string[];
  actual: string;
  expected: string;
}

function runFixture(fixture: Fixture): Outcome {
  const { sections } = fixture;
  const params = fixtureParams(sections);
  const props = parseProperties(sections.PROPERTIES);
  const now = props.get('now');
  const template = compile(sections.TEMPLATE ?? '');
  const result = render(template, JSON.parse(sections.JSON ?? 'null'), {
    expressions: true,
    includes: true,
    locale: params.locale ?? props.get('locale'),
    now: params.now ?? (now === undefined ? undefined : Number(now)),
    partials: params.partials,
    injects: params.injects,
  });
  return {
    compileErrors: template.errors.filter((e) => e.severity === 'error').map((e) => e.message),
    actual: result.html.trim(),
    expected: (sections.OUTPUT ?? '').trim(),
  };
}

describe('legacy-i18n conformance', () => {
  it('reads Java properties in both separator styles', () => {
    const props = parseProperties('locale: en-US\n# comment\nnow=1502298000000');
    expect(props.get('locale')).toBe('en-US');
    expect(props.get('now')).toBe('1502298000000');
  });

  for (const fixture of fixtures) {
    if (itStillPending(fixture, PENDING, 'tests/legacy-i18n-pending.ts', runFixture)) continue;
    it(fixture.id, () => {
      const outcome = runFixture(fixture);
      expect(outcome.compileErrors, 'template compiles without errors').toEqual([]);
      expect(outcome.actual).toBe(outcome.expected);
    });
  }

  itPendingEntriesExist(PENDING);
});
