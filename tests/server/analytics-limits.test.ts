/**
 * Any web page can call the analytics endpoints without a crumb, so their bodies are capped at
 * the largest payload the storefront sends and each visitor is rate-limited (server/commerce/
 * analytics.ts, rate-limit.ts). Time is a fake clock the test moves; nothing sleeps.
 */
import type { IncomingMessage } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ANALYTICS_RATE, MAX_EVENT_BODY_BYTES } from '../../server/commerce/analytics.js';
import { VisitorRateLimit } from '../../server/commerce/rate-limit.js';
import { MAX_ERRORS_PER_SEND, MAX_STACK_CHARS } from '../../storefront/api/schemas.js';
import { Client, startApi, type TestServer } from './support.js';

const CLANKER = '/api/v1/clanker/events';
const OVERLAY = '/api/census/overlay';
const TOO_MANY = { status: 429, body: { error: 'Please try again in a few seconds.' } };

let server: TestServer;
let client: Client;
let clock: number;
beforeEach(async () => {
  clock = 1_700_000_000_000;
  server = await startApi({ now: () => clock });
  client = await new Client(server.base).prime();
});
afterEach(() => server.close());

const storedBytes = () =>
  server.db
    .prepare('SELECT COUNT(*) AS n, COALESCE(SUM(LENGTH(payload)), 0) AS bytes FROM records')
    .get() as { n: number; bytes: number };

/** A clanker event sent as a beacon (text/plain) whose body is exactly `bytes` long. */
function beaconOf(bytes: number): string {
  const body = (pad: string) =>
    JSON.stringify({ eventSchemaName: 'page_view', eventContent: JSON.stringify({ pad }) });
  const text = body('a'.repeat(bytes - Buffer.byteLength(body(''))));
  expect(Buffer.byteLength(text)).toBe(bytes);
  return text;
}
const beacon = (text: string) =>
  client.request('POST', CLANKER, { raw: text, headers: { 'Content-Type': 'text/plain' } });

describe('analytics body cap', () => {
  it('takes the largest error report the storefront sends', async () => {
    // Every stack at its limit in a 3-byte character, every message and url of a real size.
    const errors = Array.from({ length: MAX_ERRORS_PER_SEND }, (_, i) => ({
      message: `TypeError: Cannot read properties of undefined (reading 'x${i}')`.repeat(10),
      stack: '€'.repeat(MAX_STACK_CHARS),
      url: `https://example.com/shop/p/${'item'.repeat(50)}`,
      line: 1,
      column: 2,
    }));
    expect(Buffer.byteLength(JSON.stringify({ errors }))).toBeGreaterThan(150_000);
    expect((await client.post('/api/events/RecordJavascriptErrors', { errors })).status).toBe(200);
  });

  it('refuses a body past MAX_EVENT_BODY_BYTES with 413 naming the limit, storing nothing', async () => {
    expect((await beacon(beaconOf(MAX_EVENT_BODY_BYTES))).status).toBe(202);
    const before = storedBytes();
    const over = await beacon(beaconOf(MAX_EVENT_BODY_BYTES + 1));
    expect(over.status).toBe(413);
    expect(over.body.error).toBe(
      `Request body too large: this call takes at most ${MAX_EVENT_BODY_BYTES} bytes`,
    );
    // The attack of the report: 1 MiB beacons, which the store used to keep whole.
    for (let i = 0; i < 5; i++) expect((await beacon(beaconOf(1024 * 1024))).status).toBe(413);
    expect(storedBytes()).toEqual(before);
  });
});

describe('analytics rate limit', () => {
  const overlay = (c: Client) => c.post(OVERLAY, {});

  it(`lets a visitor make ${ANALYTICS_RATE.capacity} calls at once, then one a second`, async () => {
    for (let i = 0; i < ANALYTICS_RATE.capacity; i++)
      expect((await overlay(client)).status).toBe(200);
    const refused = await overlay(client);
    expect(refused).toMatchObject(TOO_MANY);
    expect(storedBytes().n).toBe(ANALYTICS_RATE.capacity);
    // Another visitor is not held back by this one.
    expect((await overlay(await new Client(server.base).prime())).status).toBe(200);
    clock += 1000 / ANALYTICS_RATE.refillPerSecond;
    expect((await overlay(client)).status).toBe(200);
    expect(await overlay(client)).toMatchObject(TOO_MANY);
  });

  it('counts callers without a cookie (another site’s page) by their address', async () => {
    const bare = () => fetch(server.base + OVERLAY, { method: 'POST', body: '{}' });
    for (let i = 0; i < ANALYTICS_RATE.capacity; i++) expect((await bare()).status).toBe(200);
    expect((await bare()).status).toBe(429);
  });

  it('holds back one address that invents a new cookie for every call', () => {
    let now = 0;
    const limit = new VisitorRateLimit({ capacity: 2, refillPerSecond: 1 }, 3, () => now);
    const from = (address: string) => ({ socket: { remoteAddress: address } }) as IncomingMessage;
    const calls = Array.from({ length: 10 }, (_, i) =>
      limit.admit(from('10.0.0.1'), { crumb: `c${i}` }),
    );
    // Each invented visitor has a full bucket, the address only 3 visitors' worth.
    expect(calls.filter(Boolean)).toHaveLength(6);
    expect(limit.admit(from('10.0.0.2'), { crumb: 'c0' })).toBe(true);
    now += 1000;
    expect(limit.admit(from('10.0.0.1'), { crumb: 'c99' })).toBe(true);
  });
});
