/**
 * The analytics cookies (lifetimes, the restrictive policy), the session flags and the storage
 * warnings.
 */
import { describe, expect, it } from 'vitest';
import { identify, sessionFlags } from '../../../storefront/analytics/identity.js';
import { fakeEnv } from './fake-env.js';

const DAY_S = 24 * 60 * 60;

describe('analytics identity', () => {
  it('keeps the analytics id 390 days, the visitor 2 years and the session 30 minutes', () => {
    const f = fakeEnv();
    const first = identify(f.env, false);
    expect(f.jar.get('ss_cid')).toEqual({ value: first.analyticsId, maxAge: 390 * DAY_S });
    expect(f.jar.get('ss_cvr')).toEqual({ value: first.visitor, maxAge: 730 * DAY_S });
    expect(f.jar.get('ss_cvt')).toEqual({ value: first.session.sessionId, maxAge: 30 * 60 });
    const again = identify(f.env, false);
    expect(again.analyticsId).toBe(first.analyticsId);
    expect(f.warnings).toEqual([]);
  });

  it('clears every analytics cookie under a restrictive policy and sets none', () => {
    const f = fakeEnv();
    for (const name of ['ss_cid', 'ss_cpvisit', 'ss_cvisit', 'ss_cvr', 'ss_cvt', 'crumb']) {
      f.env.setCookie(`${name}=x`);
    }
    const identity = identify(f.env, true);
    expect([...f.jar.keys()]).toEqual(['crumb']);
    expect(identity.analyticsId).toBe('');
    expect(identity.session.sessionId).toBe('');
  });

  it('warns when the analytics id cannot be stored', () => {
    const f = fakeEnv({ setCookie: () => {} });
    identify(f.env, false);
    expect(f.warnings).toEqual(['Unable to store analyticsId']);
  });

  it('sets the first landing and first session flags', () => {
    const f = fakeEnv();
    expect(sessionFlags(f.env)).toMatchObject({ isFirstLanding: true, isFirstSession: true });
    // Same tab, next page: not a landing, still the first session.
    expect(sessionFlags(f.env)).toMatchObject({ isFirstLanding: false, isFirstSession: true });
    // A new tab of a visitor who has landed before.
    const tab = fakeEnv({ localStorage: f.env.localStorage });
    expect(sessionFlags(tab.env)).toMatchObject({ isFirstLanding: true, isFirstSession: false });
    expect(sessionFlags(tab.env)).toMatchObject({ isFirstLanding: false, isFirstSession: false });
  });

  it('warns when local or session storage cannot be used', () => {
    const f = fakeEnv({
      sessionStorage: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    expect(identify(f.env, false).localStorageSupported).toBe(false);
    expect(f.warnings).toEqual(['Unable access local/session storage']);
  });
});
