/**
 * Client input that used to crash a handler (a 500) and must be refused with a 400 naming the
 * problem: field names that exist on Object.prototype, malformed percent-encoding in a path
 * parameter, a non-text value where text is expected, a cursor past the largest safe integer,
 * JSON nested thousands deep, and request targets that are not a path (`//`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { MAX_EVENT_BODY_BYTES } from '../../server/commerce/analytics.js';
import { jsonDepth, MAX_JSON_DEPTH } from '../../server/commerce/http.js';
import type { SiteServer } from '../../server/preview/site-server.js';
import { expectFieldError, sendRaw, startDemoSite, useApi, type Client } from './support.js';

let client: Client;
/** For the owner calls among the hostile inputs (restock lists, preference writes). */
let owner: Client;
useApi((api) => ({ client, owner } = api));

const RESTOCK = '/api/site-users/account/notifications/restock';

/** POSTs `body` as it is (no JSON.stringify), with the client's crumb and cookies. */
function postRaw(path: string, body: string, contentType = 'application/json') {
  return client.request('POST', path, { headers: { 'Content-Type': contentType }, raw: body });
}

describe('field names on Object.prototype', () => {
  it.each(['constructor', 'toString', 'hasOwnProperty'])(
    'validates a form whose values name %s',
    async (name) => {
      const reply = await postRaw('/api/rest/forms/validate/contact', `{"${name}":1}`);
      expectFieldError(reply, name);
    },
  );

  it('validates a form whose values name __proto__ as an empty submission', async () => {
    const reply = await postRaw('/api/rest/forms/validate/contact', '{"__proto__":1}');
    expect(reply.status).toBe(400);
    expect(Object.keys(reply.body.errors)).toEqual(['name', 'email']);
  });
});

describe('path parameters', () => {
  it('answers a malformed percent escape with 400 naming the parameter', async () => {
    expectFieldError(await client.post('/api/census/RecordQuickView/%ZZ', {}), 'id');
    expectFieldError(
      await client.delete('/api/commerce/shopping-cart/entries/%E0%A4%A'),
      'entryId',
    );
  });
});

describe('values of the wrong kind', () => {
  it('checks a source_environment that is not text without converting it', async () => {
    const reply = await client.post('/api/v1/clanker/validate-event-content/page_view', {
      eventContent: JSON.stringify({ source_environment: { toString: 1 } }),
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      valid: false,
      errors: ['source_environment must be dev, qa, staging or prod'],
    });
  });

  it('refuses a restock cursor beyond the largest safe integer', async () => {
    const huge = '9223372036854775808'; // 2^63
    expectFieldError(await owner.get(`${RESTOCK}/groups?cursor=${huge}`), 'cursor');
    expectFieldError(await owner.get(`${RESTOCK}?productId=tee&cursor=${huge}`), 'cursor');
    expect((await owner.get(`${RESTOCK}/groups?cursor=40`)).status).toBe(200);
  });
});

describe('deeply nested JSON', () => {
  const objects = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);
  const arrays = (n: number) => '['.repeat(n) + ']'.repeat(n);

  it.each([1_500, 100_000])('refuses a body nested %i deep with 400', async (n) => {
    for (const body of [objects(n), arrays(n)]) {
      const reply = await postRaw('/api/census/button-click', body);
      // Past the analytics body cap the size is refused first, unread.
      if (body.length > MAX_EVENT_BODY_BYTES) expect(reply.status).toBe(413);
      else expectFieldError(reply, '_body', `JSON nested more than ${MAX_JSON_DEPTH} levels deep`);
    }
    const prefs = await owner.request('PUT', '/api/v1/commerce-preferences/checkout', {
      headers: { 'Content-Type': 'application/json' },
      raw: objects(n),
    });
    expectFieldError(prefs, '_body');
  });

  it('refuses a JSON text nested too deep inside a field, form-encoded or JSON', async () => {
    // Deep, yet within the analytics body cap once form-encoded (13 bytes a level).
    const data = objects(10_000);
    const form = new URLSearchParams({ event: 'view', data }).toString();
    const hit = await postRaw('/api/census/RecordHit', form, 'application/x-www-form-urlencoded');
    expectFieldError(hit, 'data');
    const event = await client.post('/api/v1/clanker/events', {
      eventSchemaName: 'page_view',
      eventContent: data,
    });
    expectFieldError(event, 'eventContent');
  });

  it('accepts nesting up to the limit', async () => {
    const reply = await postRaw('/api/census/button-click', `{"x":${objects(MAX_JSON_DEPTH - 1)}}`);
    expect(reply.status).toBe(200);
  });

  it('measures depth outside strings only, and stops at the limit', () => {
    expect(jsonDepth('{"a":["[[[{{{"]}')).toBe(2);
    expect(jsonDepth('"\\"[["')).toBe(0);
    expect(jsonDepth(arrays(10_000), 5)).toBe(6);
  });
});

describe('request targets that are not a plain path', () => {
  let site: SiteServer;
  let base: string;
  beforeAll(async () => {
    ({ site, base } = await startDemoSite());
  });
  afterAll(() => site.close());

  it.each([
    ['//', 200], // the home page, as `/shop/` is /shop
    ['//evil.example/x', 404],
    ['//api/commerce/shopping-cart', 404],
    ['/%ZZ', 404],
    ['/shop/p/%ZZ', 404],
    [':99999', 400], // no URL can be made of it
  ])('answers GET %s with %i', async (target, expected) => {
    expect((await sendRaw(base, 'GET', target)).status).toBe(expected);
  });
});
