/**
 * The spec fixtures of the core formatters and predicates, run end to end through the public
 * `render()` (compiler + executor + these plugins) with the reference harness settings.
 */
import { describe, expect, it } from 'vitest';
import { render } from '../../index.js';
import { fixtureParams, loadFixtures } from '../support/fixtures.js';

const CORE_FIXTURE =
  /^(f-(apply|count|cycle|encode-|format|get|html|iter|json|key-by|lookup|mod|output|pluralize|prop|raw|round|safe|slugify|smartypants|str|truncate|url-encode|macro)|p-(comparisons|debug|even-odd|plural|singular|equal|nth))[-\w]*\.html$/;

describe('core plugin fixtures', () => {
  for (const fixture of loadFixtures('plugins', (name) => CORE_FIXTURE.test(name))) {
    it(fixture.id, () => {
      const { sections } = fixture;
      const params = fixtureParams(sections);
      const result = render(sections.TEMPLATE ?? '', JSON.parse(sections.JSON ?? '{}'), {
        ...(params.partials ? { partials: params.partials } : {}),
        ...(params.injects ? { injects: params.injects } : {}),
        ...(params.locale ? { locale: params.locale } : {}),
        ...(params.now !== undefined ? { now: params.now } : {}),
      });
      expect(result.html.trim()).toBe((sections.OUTPUT ?? '').trim());
    });
  }
});
