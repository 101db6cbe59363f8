import { describe, expect, it } from 'vitest';
import { compile } from '../../index.js';
import { TEMPLATES } from '../../formatters/templates/compiled.js';
import { builtinTemplateSources } from '../../scripts/gen-templates.js';

describe('built-in templates', () => {
  const sources = builtinTemplateSources();

  it('compiled.ts holds exactly the templates in formatters/templates/', () => {
    expect(Object.keys(TEMPLATES).sort()).toEqual(Object.keys(sources).sort());
  });

  for (const [name, source] of Object.entries(sources)) {
    it(`${name}.html compiles without errors and compiled.ts is up to date (npm run gen:templates)`, () => {
      const { code, errors } = compile(source);
      expect(errors.filter((e) => e.severity === 'error')).toEqual([]);
      expect(TEMPLATES[name]).toEqual(code);
    });
  }
});
