/**
 * The React path's invariant on every conformance fixture (core + plugins, the same set as
 * tests/conformance.test.ts): `renderToString(renderToReact(t, d).element)` is DOM-equivalent
 * to the fixture's :OUTPUT (tests/react/dom-equal.ts). At least 98% must pass; the exceptions
 * are listed with their reasons in dom-exceptions.ts, and a listed fixture that passes fails.
 * Run twice: with elements as generated code (the server's default) and as closures (the
 * browser's, and a server's where eval is forbidden).
 */
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile, renderToReact } from '../../index.js';
import { useGeneratedCode } from '../../react-renderer/codegen/generated-function.js';
import { fixtureParams, loadFixtures, type Fixture } from '../support/fixtures.js';
import { DOM_EXCEPTIONS } from './dom-exceptions.js';
import { dropImagePreloads, normalDom } from './dom-equal.js';

const fixtures: Fixture[] = [
  ...loadFixtures('core', (name) => name.endsWith('.html') && !name.startsWith('ast-')),
  ...loadFixtures('plugins', (name) => name.endsWith('.html')),
];

function reactHtml(fixture: Fixture): string {
  const { sections } = fixture;
  const params = fixtureParams(sections);
  // The fixture format ends each section with a newline, which the comparison trims from the
  // OUTPUT. Dropped from the template too: a value that leaves an element open (JSON text with
  // `<script>` in f-json-*) would otherwise take that newline inside it, as a browser does.
  const template = compile((sections.TEMPLATE ?? '').replace(/\n$/, ''));
  const data: unknown = JSON.parse(sections.JSON ?? 'null');
  const { element } = renderToReact(template, data, {
    expressions: true,
    includes: true,
    locale: params.locale,
    now: params.now,
    partials: params.partials,
    injects: params.injects,
  });
  return renderToString(element);
}

function equivalent(fixture: Fixture): { actual: string; expected: string } {
  return {
    actual: normalDom(dropImagePreloads(reactHtml(fixture), fixture.sections.OUTPUT ?? '').trim()),
    expected: normalDom((fixture.sections.OUTPUT ?? '').trim()),
  };
}

describe.each([
  ['generated code', true],
  ['closures', false],
])('React path (%s): DOM-equivalent to every fixture output', (_, generated) => {
  beforeAll(() => useGeneratedCode(generated));
  afterAll(() => useGeneratedCode(undefined));

  for (const fixture of fixtures) {
    const reason = DOM_EXCEPTIONS[fixture.id];
    if (reason !== undefined) {
      it(`${fixture.id} [exception: ${reason}]`, () => {
        // Not caught: an exception fails by a different DOM, so a throw fails this test.
        const { actual, expected } = equivalent(fixture);
        expect(
          actual === expected,
          `${fixture.id} now passes: remove it from dom-exceptions.ts`,
        ).toBe(false);
      });
      continue;
    }
    it(fixture.id, () => {
      const { actual, expected } = equivalent(fixture);
      expect(actual).toBe(expected);
    });
  }

  // Every fixture not listed must pass, so this bounds the pass rate from below (98%).
  it('lists at most 2% of the fixtures as exceptions', () => {
    expect(Object.keys(DOM_EXCEPTIONS).length / fixtures.length).toBeLessThanOrEqual(0.02);
  });
});
