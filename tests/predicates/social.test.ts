/**
 * Unit tests of the social predicates (docs/language.md, "Predicates"). Expected values are the
 * reference engine's observed behaviour (probed with @squarespace/template-engine) and the spec
 * fixtures.
 */
import { describe, expect, it } from 'vitest';
import { ALL_PREDICATES } from '../../predicates/index.js';
import { SOCIAL_PREDICATES } from '../../predicates/social.js';
import { FakeContext } from '../support/fake-context.js';

/** Evaluates a predicate with the current frame on `node`, below a root frame of `root`. */
function checkOn(name: string, node: unknown, root: unknown = {}, args: string[] = []): boolean {
  const predicate = SOCIAL_PREDICATES[name];
  if (!predicate) throw new Error(`no predicate ${name}`);
  const ctx = new FakeContext(root);
  ctx.push(node);
  return predicate.apply(args, ctx);
}

describe('social predicate table', () => {
  it('has comments? and disqus?, both in ALL_PREDICATES', () => {
    expect(Object.keys(SOCIAL_PREDICATES).sort()).toEqual(['comments?', 'disqus?']);
    for (const name of Object.keys(SOCIAL_PREDICATES)) {
      expect(ALL_PREDICATES[name]).toBe(SOCIAL_PREDICATES[name]);
    }
  });
});

describe('comments?', () => {
  it('is true when comments are open (state 1) or there are public comments', () => {
    expect(checkOn('comments?', { commentState: 1, publicCommentCount: 0 })).toBe(true);
    expect(checkOn('comments?', { commentState: 2, publicCommentCount: 20 })).toBe(true);
    expect(checkOn('comments?', { commentState: 0 })).toBe(false);
    expect(checkOn('comments?', { commentState: 2, publicCommentCount: -1 })).toBe(false);
    expect(checkOn('comments?', {})).toBe(false);
    expect(checkOn('comments?', 5)).toBe(false);
  });

  it('reads the state and the count loosely', () => {
    for (const state of ['1', '1.0', ' 1', '1x', true]) {
      expect(checkOn('comments?', { commentState: state })).toBe(true);
    }
    expect(checkOn('comments?', { commentState: [1] })).toBe(false);
    for (const count of ['3', '0.5', '2x', true, 0.5]) {
      expect(checkOn('comments?', { publicCommentCount: count })).toBe(true);
    }
    expect(checkOn('comments?', { publicCommentCount: [3] })).toBe(false);
  });

  it('reads the state only from the current node', () => {
    expect(checkOn('comments?', { x: 1 }, { commentState: 1, publicCommentCount: 4 })).toBe(false);
  });

  it('is false when present site settings lack a truthy commentsEnabled', () => {
    const open = { commentState: 1 };
    expect(checkOn('comments?', { ...open, websiteSettings: { commentsEnabled: true } })).toBe(
      true,
    );
    expect(checkOn('comments?', { ...open, websiteSettings: { commentsEnabled: 'false' } })).toBe(
      true,
    );
    for (const settings of [
      { commentsEnabled: false },
      { commentsEnabled: 0 },
      {},
      null,
      'x',
      [],
    ]) {
      expect(checkOn('comments?', { ...open, websiteSettings: settings })).toBe(false);
    }
    // Settings are looked up through the frames; the nearest ones win.
    expect(checkOn('comments?', open, { websiteSettings: { commentsEnabled: false } })).toBe(false);
    expect(
      checkOn(
        'comments?',
        { ...open, websiteSettings: { x: 1 } },
        { websiteSettings: { commentsEnabled: true } },
      ),
    ).toBe(false);
  });
});

describe('disqus?', () => {
  it('is true when websiteSettings.disqusShortName is truthy, found through the frames', () => {
    expect(checkOn('disqus?', { websiteSettings: { disqusShortName: 'abc' } })).toBe(true);
    expect(checkOn('disqus?', { websiteSettings: { disqusShortName: '0' } })).toBe(true);
    expect(checkOn('disqus?', { id: 'X' }, { websiteSettings: { disqusShortName: 'd' } })).toBe(
      true,
    );
    expect(checkOn('disqus?', { websiteSettings: { disqusShortName: 'a' } }, {}, ['x'])).toBe(true);
  });

  it('is false for a falsy or missing name, including the other spelling', () => {
    for (const name of ['', 0, false, [], {}, null]) {
      expect(checkOn('disqus?', { websiteSettings: { disqusShortName: name } })).toBe(false);
    }
    expect(checkOn('disqus?', { websiteSettings: {} })).toBe(false);
    expect(checkOn('disqus?', {}, { websiteSettings: { disqusShortname: 'd' } })).toBe(false);
  });
});
