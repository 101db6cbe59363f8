/**
 * The conformance suite: every render fixture of tests/fixtures/conformance/core (except the
 * ast-* and pretty-* tree fixtures, which the compiler tests own) and every `.html` fixture of
 * plugins/ becomes a named test, run as tests/fixtures/conformance/README.md describes:
 * expressions and includes on, locale/now from :PARAMS, partials from :PARTIALS, injects from
 * :INJECT; the template must compile without errors and the trimmed output must equal the
 * trimmed :OUTPUT.
 *
 * plugins/*.json files are helper data (named sections such as `:hasVariedPrices-1-true`) read by
 * the commerce helper tests; they are not render fixtures and are skipped here.
 *
 * Fixtures listed in conformance-pending.ts are known not to pass, each for its stated reason.
 * They are run too, and must still fail: a pending fixture that passes fails the suite until it
 * is removed from the list, so the list only ever shrinks.
 */
import { describe, expect, it } from 'vitest';
import { compile, render } from '../index.js';
import { PENDING } from './conformance-pending.js';
import { fixtureParams, loadFixtures, type Fixture } from './support/fixtures.js';
import { itPendingEntriesExist, itStillPending } from './support/pending.js';

const fixtures: Fixture[] = [
  ...loadFixtures('core', (name) => name.endsWith('.html') && !name.startsWith('ast-')),
  ...loadFixtures('plugins', (name) => name.endsWith('.html')),
];

interface Outcome {
  compileErrors: string[];
  actual: string;
  expected: string;
  runtimeErrors: string[];
}

function runFixture(fixture: Fixture): Outcome {
  const { sections } = fixture;
  const params = fixtureParams(sections);
  const template = compile(sections.TEMPLATE ?? '');
  const compileErrors = template.errors.filter((e) => e.severity === 'error').map((e) => e.message);
  const data: unknown = JSON.parse(sections.JSON ?? 'null');
  const result = render(template, data, {
    expressions: true,
    includes: true,
    locale: params.locale,
    now: params.now,
    partials: params.partials,
    injects: params.injects,
  });
  return {
    compileErrors,
    actual: result.html.trim(),
    expected: (sections.OUTPUT ?? '').trim(),
    runtimeErrors: result.errors
      .filter((e) => !compileErrors.includes(e.message))
      .map((e) => e.message),
  };
}

describe('conformance', () => {
  for (const fixture of fixtures) {
    if (itStillPending(fixture, PENDING, 'tests/conformance-pending.ts', runFixture)) continue;
    it(fixture.id, () => {
      const outcome = runFixture(fixture);
      expect(outcome.compileErrors, 'template compiles without errors').toEqual([]);
      expect(outcome.actual, `runtime errors: ${JSON.stringify(outcome.runtimeErrors)}`).toBe(
        outcome.expected,
      );
    });
  }

  itPendingEntriesExist(PENDING);
});
