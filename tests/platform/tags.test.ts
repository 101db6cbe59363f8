/** The squarespace: tags rewritten into template syntax, and the tweak declarations. */
import { describe, expect, it } from 'vitest';

import { rewriteTags, TagKeys } from '../../server/site/platform/tags.js';
import { parseTweaks, tweakDefaults } from '../../server/site/platform/tweaks.js';

const rewrite = (text: string) => rewriteTags(text, 'x.region', new TagKeys());

describe('tag rewriting', () => {
  it('turns a query into a section around its inline template', () => {
    const out = rewrite(
      '<squarespace:query collection="blog" limit="2">{title}</squarespace:query>',
    );
    expect(out.text).toBe('{.section jsontTags.t0}{title}{.end}');
    expect(out.uses[0]).toMatchObject({ name: 'query', attrs: { collection: 'blog', limit: '2' } });
  });

  it('closes a query opened and never closed at the end of the file', () => {
    expect(rewrite('<squarespace:query collection="a">{x}').text).toBe(
      '{.section jsontTags.t0}{x}{.end}',
    );
  });

  it('applies the navigation block to the navigation data, also inside an attribute value', () => {
    const out = rewrite('<b title="<squarespace:navigation navigationId="n" template="nav" />">');
    expect(out.text).toBe('<b title="{.section jsontTags.t0}{@|apply nav.block}{.end}">');
  });

  it('keeps the line breaks of a tag spread over lines', () => {
    const out = rewrite('<squarespace:block-field\n  id="a"\n/>{x');
    expect(out.text).toBe('{jsontTags.t0}\n\n{x');
  });

  it('reports an unknown tag with its location and leaves nothing', () => {
    const out = rewrite(
      'a\n  <squarespace:mystery x="1">b</squarespace:mystery>{squarespace.nope}',
    );
    expect(out.text).toBe('a\n  b');
    expect(out.unknown).toEqual([
      { name: 'squarespace:mystery', file: 'x.region', line: 2, column: 3 },
      { name: 'squarespace.nope', file: 'x.region', line: 2, column: 53 },
    ]);
  });

  it('rewrites the variables', () => {
    const out = rewrite('{squarespace-headers}{squarespace.main-content}{squarespace.page-id}');
    expect(out.text).toBe('{jsontTags.t0}{jsontTags.t1}{jsontTags.t2}');
    expect(out.uses.map((u) => u.name)).toEqual(['headers', 'main-content', 'page-id']);
  });
});

describe('tweaks', () => {
  const less = [
    '// tweak: { "type": "color", "title": "Accent" }',
    '@accent: #123456;',
    "// tweak: { type: 'value', title: 'Gap', name: 'gap', default: '12px' }",
    '.a { margin: @gap; }',
    '// tweak: { "type": oops }',
    '@x: 1;',
    '// tweak: { "type": "color", "title": "Broken" ',
  ].join('\n');

  it('parses JSON and object syntax, with the declared value as default', () => {
    const { tweaks } = parseTweaks(less);
    expect(tweaks.slice(0, 2)).toEqual([
      { variable: 'accent', title: 'Accent', type: 'color', defaultValue: '#123456', line: 1 },
      { variable: 'gap', title: 'Gap', type: 'value', defaultValue: '12px', line: 3 },
    ]);
  });

  it('applies the default of a tweak whose variable is not declared', () => {
    expect(tweakDefaults(less)).toEqual({ gap: '12px' });
  });

  it('reports a declaration that does not parse, with its line', () => {
    const { problems } = parseTweaks(less);
    expect(problems.map((p) => p.line)).toEqual([7]);
  });
});
