import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compile, render } from '../../index.js';
import { TEMPLATES } from '../../formatters/templates/compiled.js';
import { builtinTemplateSources, shippedCode } from '../../scripts/gen-templates.js';

describe('built-in templates', () => {
  const sources = builtinTemplateSources();

  it('compiled.ts holds exactly the templates in formatters/templates/', () => {
    expect(Object.keys(TEMPLATES).sort()).toEqual(Object.keys(sources).sort());
  });

  for (const [name, source] of Object.entries(sources)) {
    it(`${name}.html compiles without errors and compiled.ts is up to date (npm run gen:templates)`, () => {
      const { code, errors } = compile(source);
      expect(errors.filter((e) => e.severity === 'error')).toEqual([]);
      expect(TEMPLATES[name]).toEqual(shippedCode(code));
    });
  }

  it('ships no comments, and renders as the commented code does', () => {
    const shop = JSON.parse(
      readFileSync(
        join(
          import.meta.dirname,
          '..',
          '..',
          'fixtures',
          'site',
          'data',
          'collections',
          'shop.json',
        ),
        'utf8',
      ),
    ) as { items: unknown[] };
    for (const [name, source] of Object.entries(sources)) {
      const { code } = compile(source);
      const shipped = shippedCode(code);
      expect(JSON.stringify(shipped), name).not.toMatch(/\[11,/);
      for (const item of shop.items) {
        expect(render(shipped, item).html, name).toBe(render(code, item).html);
      }
    }
  });
});
