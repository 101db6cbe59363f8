// Every core/ast-*.html fixture: the trimmed TEMPLATE compiles (without errors) to the :JSON
// tree; every core/pretty-*.txt: the pretty-printed tree equals the :JSON text.
import { describe, expect, it } from 'vitest';
import { compileTemplate } from '../../engine/compile.js';
import { prettyJson } from '../../engine/pretty.js';
import { loadFixtures } from '../support/fixtures.js';
import { testRegistry } from './compiler-registry.js';

const astFixtures = loadFixtures('core', (name) => /^ast-\d+\.html$/.test(name));
const prettyFixtures = loadFixtures('core', (name) => /^pretty-.*\.txt$/.test(name));

describe('ast fixtures', () => {
  it('finds the fixtures', () => {
    expect(astFixtures.length).toBe(20);
  });
  for (const fixture of astFixtures) {
    it(fixture.id, () => {
      const template = compileTemplate(fixture.sections.TEMPLATE!.trim(), testRegistry);
      expect(template.errors).toEqual([]);
      expect(template.code).toEqual(JSON.parse(fixture.sections.JSON!));
    });
  }
});

describe('pretty fixtures', () => {
  it('finds the fixtures', () => {
    expect(prettyFixtures.length).toBe(2);
  });
  for (const fixture of prettyFixtures) {
    it(fixture.id, () => {
      // A trailing newline at the end of the file is not part of the printed tree.
      const expected = fixture.sections.JSON!.replace(/\n$/, '');
      const template = compileTemplate(fixture.sections.TEMPLATE!.trim(), testRegistry);
      expect(template.errors).toEqual([]);
      // The fixtures print with the default indent, except pretty-2 which uses a wider one;
      // derive the unit from the first instruction line.
      const indent = /\n( +)\[/.exec(expected)![1]!;
      expect(prettyJson(template.code, indent)).toBe(expected);
    });
  }
});
