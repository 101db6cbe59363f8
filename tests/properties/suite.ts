/**
 * The engine-wide properties, as data: each entry builds a fast-check property and says how
 * many runs CI gives it. tests/properties/*.test.ts run them with `ciRuns`; `npm run fuzz --
 * --runs N` (tests/fuzz.ts) runs the same properties with N runs and a printed seed.
 */
import fc from 'fast-check';
import { compile, prettyJson, render } from '../../index.js';
import { siteData } from '../arbitraries/data.js';
import { PARTIALS, templateArbitrary } from '../arbitraries/template.js';
import type { TemplateError } from '../../engine/errors.js';

export interface PropertySpec {
  name: string;
  ciRuns: number;
  property(): fc.IProperty<never> | fc.IProperty<unknown[]>;
}

/** Upper bound for one render of a generated case (a generous bound: typical cases take < 1 ms). */
export const RENDER_TIME_BOUND_MS = 2_000;

const malformedTemplate = templateArbitrary({ malformed: true, maxDepth: 4 });

class PropertyFailure extends Error {}

function check(condition: boolean, message: string): void {
  if (!condition) throw new PropertyFailure(message);
}

function errorInsideSource(error: TemplateError, source: string): boolean {
  const lines = source.split('\n');
  const line = lines[error.line - 1];
  return line !== undefined && error.column >= 1 && error.column <= line.length + 1;
}

/** Messages without locations: code compiled from JSON text carries none. */
const messages = (errors: TemplateError[]): string[] =>
  errors.map((e) => `${e.severity}:${e.code}:${e.message}`);

export const PROPERTIES: PropertySpec[] = [
  {
    name: 'compile never throws and every error location lies inside the source',
    ciRuns: 3000,
    property: () =>
      fc.property(malformedTemplate, (source) => {
        const template = compile(source);
        for (const error of template.errors) {
          check(errorInsideSource(error, source), `error outside source: ${JSON.stringify(error)}`);
        }
      }),
  },
  {
    name: 'render never throws and finishes within the bound on any data',
    ciRuns: 2000,
    property: () =>
      fc.property(malformedTemplate, siteData, (source, data) => {
        const start = performance.now();
        const result = render(source, data, { partials: PARTIALS });
        const elapsed = performance.now() - start;
        check(typeof result.html === 'string', 'html is not a string');
        check(elapsed < RENDER_TIME_BOUND_MS, `render took ${elapsed.toFixed(0)} ms`);
        for (const error of result.errors) {
          check(typeof error.message === 'string' && error.message.length > 0, 'empty message');
        }
      }),
  },
  {
    name: 'compile -> JSON code -> render equals render from source',
    ciRuns: 2000,
    property: () =>
      fc.property(malformedTemplate, siteData, (source, data) => {
        const template = compile(source);
        const direct = render(template, data, { partials: PARTIALS });
        const code = JSON.parse(JSON.stringify(template.code)) as typeof template.code;
        const viaJson = render(code, data, { partials: PARTIALS });
        check(viaJson.html === direct.html, 'html differs after a JSON round trip');
        // The JSON code has no compile errors attached and no locations: compare the rest.
        const runtime = direct.errors.slice(template.errors.length);
        check(
          JSON.stringify(messages(viaJson.errors)) === JSON.stringify(messages(runtime)),
          'run-time errors differ after a JSON round trip',
        );
      }),
  },
  {
    name: 'pretty-printed code (jsont compile --pretty) re-parses to the same tree',
    ciRuns: 2000,
    property: () =>
      fc.property(malformedTemplate, (source) => {
        const code = compile(source).code;
        const reparsed: unknown = JSON.parse(prettyJson(code));
        check(JSON.stringify(reparsed) === JSON.stringify(code), 'pretty output is another tree');
      }),
  },
];
