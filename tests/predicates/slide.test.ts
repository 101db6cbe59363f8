/**
 * Unit tests of predicates/slide.ts (`current-type?`, docs/language.md, "Predicates"). Expected
 * values are the reference engine's observed behaviour (probed with @squarespace/template-engine)
 * and the spec fixture p-current-type.
 */
import { describe, expect, it } from 'vitest';
import { ALL_PREDICATES } from '../../predicates/index.js';
import { SLIDE_PREDICATES } from '../../predicates/slide.js';
import { FakeContext } from '../support/fake-context.js';

function currentType(node: unknown, args: string[], root: unknown = {}): boolean {
  const ctx = new FakeContext(root);
  ctx.push(node);
  return SLIDE_PREDICATES['current-type?']!.apply(args, ctx);
}

describe('current-type?', () => {
  it('is registered', () => {
    expect(Object.keys(SLIDE_PREDICATES)).toEqual(['current-type?']);
    expect(ALL_PREDICATES['current-type?']).toBe(SLIDE_PREDICATES['current-type?']);
  });

  it('maps slice type names to their codes (docs/storefront.md, "Codes")', () => {
    const codes: Record<string, number> = {
      undefined: -1,
      heading: 1,
      body: 3,
      image: 4,
      gallery: 5,
      video: 6,
      'social-icons': 7,
      buttons: 8,
      navigation: 9,
      'custom-form': 10,
      newsletter: 11,
      album: 12,
      map: 13,
      logo: 14,
      action: 15,
      form: 16,
      lock: 17,
      password: 18,
      twitter: 19,
    };
    for (const [name, code] of Object.entries(codes)) {
      expect(currentType({ currentType: code }, [name])).toBe(true);
      expect(currentType({ currentType: code + 1 }, [name])).toBe(false);
    }
  });

  it('reads the stored type as a number truncated to a 32-bit integer', () => {
    const gallery = (v: unknown) => currentType({ currentType: v }, ['gallery']);
    expect(
      [5, '5', ' 5', '5.0', 5.5, 5.9, '5abc', 4.9999, true, [5], null].filter(gallery),
    ).toEqual([5, '5', ' 5', '5.0', 5.5, 5.9, '5abc']);
    expect(currentType({ currentType: -1.5 }, ['undefined'])).toBe(true);
    expect(currentType({ currentType: true }, ['heading'])).toBe(true);
    expect(currentType({ currentType: 4294967297 }, ['heading'])).toBe(true);
  });

  it('is false without a name, for unknown names and for types outside the node', () => {
    expect(currentType({ currentType: 5 }, [])).toBe(false);
    expect(currentType({ currentType: -1 }, ['foo'])).toBe(false);
    expect(currentType({ currentType: 5 }, ['constructor'])).toBe(false);
    expect(currentType({ currentType: 1 }, ['HEADING'])).toBe(false);
    expect(currentType({ currentType: 1 }, ['heading', 'gallery'])).toBe(true);
    expect(currentType({}, ['gallery'], { currentType: 5 })).toBe(false);
  });
});
