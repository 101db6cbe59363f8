import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ClankerValidateResponse,
  PerformanceSettingsResponse,
} from '../../storefront/api/schemas.js';
import { Client, expectFieldError, expectShape, startApi, type TestServer } from './support.js';

let server: TestServer;
let client: Client;
beforeEach(async () => {
  server = await startApi({ now: () => 42 });
  client = await new Client(server.base).prime();
});
afterEach(() => server.close());

const recorded = async (kind: string) =>
  (await client.get(`/__recorded?kind=${kind}`)).body.records;

describe('POST /api/events/RecordEvent', () => {
  it('records a form-encoded event carrying the crumb from the cookie', async () => {
    const reply = await client.request('POST', '/api/events/RecordEvent', {
      crumb: false,
      form: { crumb: client.cookies.get('crumb')!, event: 'pageview', data: '{"url":"/shop"}' },
    });
    expect(reply.status).toBe(200);
    expect(await recorded('event')).toEqual([
      {
        id: 1,
        kind: 'event',
        path: '/api/events/RecordEvent',
        payload: { event: 'pageview', data: { url: '/shop' } },
        created: 42,
      },
    ]);
  });

  it('rejects a bad crumb and a malformed payload', async () => {
    const bad = await client.request('POST', '/api/events/RecordEvent', {
      crumb: false,
      form: { crumb: 'nope', event: 'pageview', data: '{}' },
    });
    expect(bad.body.crumbFail).toBe(true);
    const form = { crumb: client.cookies.get('crumb')!, event: 'pageview', data: 'x' };
    expectFieldError(await client.request('POST', '/api/events/RecordEvent', { form }), 'data');
    expectFieldError(
      await client.request('POST', '/api/events/RecordEvent', {
        form: { ...form, data: '{}', event: '' },
      }),
      'event',
    );
  });
});

describe('clanker events', () => {
  it('records events (202) and validates event content', async () => {
    const event = {
      eventSchemaName: 'page_view',
      eventContent: JSON.stringify({ source_environment: 'dev' }),
    };
    expect((await client.post('/api/v1/clanker/events', event, { crumb: false })).status).toBe(202);
    expect((await recorded('clanker'))[0].payload).toEqual({
      eventSchemaName: 'page_view',
      eventContent: { source_environment: 'dev' },
    });
    const ok = await client.post('/api/v1/clanker/validate-event-content/page_view', {
      eventContent: event.eventContent,
    });
    expect(expectShape(ClankerValidateResponse, ok.body)).toEqual({ valid: true, errors: [] });
    const wrong = await client.post('/api/v1/clanker/validate-event-content/page_view', {
      eventContent: '{"source_environment":"moon"}',
    });
    expect(wrong.body.valid).toBe(false);
  });

  it('accepts a text/plain beacon body and rejects malformed payloads', async () => {
    const beacon = await client.request('POST', '/api/v1/clanker/events', {
      headers: { 'Content-Type': 'text/plain' },
      crumb: false,
    });
    expectFieldError(beacon, '_root');
    expectFieldError(
      await client.post('/api/v1/clanker/events', { eventSchemaName: 'x', eventContent: '[]' }),
      'eventContent',
    );
    expectFieldError(
      await client.post('/api/v1/clanker/validate-event-content/x', {}),
      'eventContent',
    );
  });
});

describe('POST /api/events/RecordJavascriptErrors', () => {
  it('records each error, with the crumb in the CSRF header', async () => {
    const errors = [
      { message: 'boom', stack: 'at x', url: '/shop', line: 1, column: 2 },
      { message: 'bang' },
    ];
    expect((await client.post('/api/events/RecordJavascriptErrors', { errors })).status).toBe(200);
    expect((await recorded('js-error')).map((r: { payload: unknown }) => r.payload)).toEqual(
      errors,
    );
    expect(
      (await client.post('/api/events/RecordJavascriptErrors', { errors }, { crumb: false }))
        .status,
    ).toBe(401);
  });

  it('enforces the error report limits (10 per send, 5000-character stacks; docs/storefront.md, "Analytics")', async () => {
    const many = Array.from({ length: 11 }, () => ({ message: 'x' }));
    expectFieldError(
      await client.post('/api/events/RecordJavascriptErrors', { errors: many }),
      'errors',
    );
    const long = [{ message: 'x', stack: 's'.repeat(5001) }];
    expectFieldError(
      await client.post('/api/events/RecordJavascriptErrors', { errors: long }),
      'errors.0.stack',
    );
  });
});

describe('census', () => {
  it('records RecordHit, button/form/overlay events and quick views', async () => {
    const hit = await client.request('POST', '/api/census/RecordHit', {
      form: { event: 'view', data: '{"a":1}', ss_cvr: 'cvr' },
    });
    expect(hit.status).toBe(200);
    for (const name of ['button-click', 'button-render', 'form-render', 'overlay']) {
      expect((await client.post(`/api/census/${name}`, { id: name })).status).toBe(200);
    }
    expect((await client.post('/api/census/RecordQuickView/item-1')).status).toBe(200);
    const rows = await recorded('census');
    expect(rows.map((r: { path: string }) => r.path)).toEqual([
      '/api/census/RecordHit',
      '/api/census/button-click',
      '/api/census/button-render',
      '/api/census/form-render',
      '/api/census/overlay',
      '/api/census/RecordQuickView/item-1',
    ]);
    expect(rows[0].payload).toEqual({ event: 'view', data: { a: 1 }, ss_cvr: 'cvr' });
  });

  it("records a page view's session info", async () => {
    const sessionInfo = { isFirstLanding: true, isFirstSession: false, sessionId: 's1' };
    const form = { event: 'view', data: '{}', ss_cvr: 'cvr' };
    const hit = await client.request('POST', '/api/census/RecordHit', {
      form: { ...form, sessionInfo: JSON.stringify(sessionInfo) },
    });
    expect(hit.status).toBe(200);
    expect((await recorded('census'))[0].payload).toEqual({
      event: 'view',
      data: {},
      ss_cvr: 'cvr',
      sessionInfo,
    });
    const bad = { form: { ...form, sessionInfo: '[1]' } };
    expectFieldError(await client.request('POST', '/api/census/RecordHit', bad), 'sessionInfo');
  });

  it('rejects malformed census payloads', async () => {
    expectFieldError(
      await client.request('POST', '/api/census/RecordHit', { form: { event: 'view' } }),
      'data',
    );
    expectFieldError(await client.post('/api/census/button-click', [1]), '_root');
  });
});

describe('performance', () => {
  it('hands out a pageLoadId and records metric batches', async () => {
    const settings = expectShape(
      PerformanceSettingsResponse,
      (await client.get('/api/1/performance/settings')).body,
    );
    const batch = {
      pageLoadId: settings.pageLoadId,
      records: [{ name: 'LCP', value: 1234.5, page: '/' }],
    };
    expect((await client.post('/api/1/performance/records', batch)).status).toBe(202);
    expect((await recorded('performance'))[0].payload).toEqual(batch);
    expectFieldError(await client.post('/api/1/performance/records', { records: [] }), 'records');
    expectFieldError(
      await client.post('/api/1/performance/records', { records: [{ name: 'LCP' }] }),
      'records.0.value',
    );
  });
});

describe('/__recorded', () => {
  it('lists all kinds without a filter and clears on DELETE', async () => {
    await client.post('/api/census/overlay', {});
    await client.post('/api/events/RecordJavascriptErrors', { errors: [{ message: 'x' }] });
    expect((await client.get('/__recorded')).body.records).toHaveLength(2);
    await client.delete('/__recorded');
    expect((await client.get('/__recorded')).body.records).toEqual([]);
  });
});
