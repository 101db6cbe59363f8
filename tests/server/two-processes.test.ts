/**
 * Two preview processes on one SQLite file (two real connections, in two processes): parallel
 * adds through both never answer 500 ("database is locked" came from write transactions that
 * began deferred and upgraded, which the busy timeout does not cover) and the totals are exact.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';

const CHILD = resolve(import.meta.dirname, 'store-process.ts');
/** An unlimited variant of the demo store (whole-bean coffee), so stock never refuses an add. */
const COFFEE = { itemId: '65a0c3e8d1f200000000001e', sku: 'JP-COF-WB', quantity: 1 };
const VISITORS = 4;
const ADDS_PER_VISITOR = 100;

let dir: string;
const children: ChildProcess[] = [];
let bases: string[] = [];

function startServer(file: string): Promise<string> {
  const child = fork(CHILD, [file], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  children.push(child);
  return new Promise((done, fail) => {
    child.once('message', (m) => done((m as { url: string }).url));
    child.once('exit', (code) => fail(new Error(`store process exited with ${code}`)));
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'jsont-two-'));
  const file = join(dir, '.data', 'store.sqlite');
  // Both open (and migrate) the new file at the same time.
  bases = await Promise.all([startServer(file), startServer(file)]);
}, 60_000);

afterAll(() => {
  for (const child of children) child.disconnect();
  rmSync(dir, { recursive: true, force: true });
});

/** A visitor's cookies (crumb, then CART) sent to whichever server, with the crumb header. */
class Visitor {
  private readonly cookies = new Map<string, string>();

  async call(base: string, method: string, path: string, json?: unknown) {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    const crumb = this.cookies.get('crumb');
    if (crumb !== undefined) headers['X-CSRF-Token'] = crumb;
    headers.Cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(base + path, {
      method,
      headers,
      ...(json === undefined ? {} : { body: JSON.stringify(json) }),
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, eq), decodeURIComponent(pair!.slice(eq + 1)));
    }
    const text = await res.text();
    return { status: res.status, body: JSON.parse(text) as Record<string, unknown> };
  }
}

it('answers 400 parallel adds through two processes with no 500 and exact totals', async () => {
  const visitors = Array.from({ length: VISITORS }, () => new Visitor());
  // The first add of each visitor creates its cart (and the CART cookie) on one server.
  for (const [i, v] of visitors.entries()) {
    await v.call(bases[i % 2]!, 'GET', '/api/commerce/shopping-cart');
    expect(
      (await v.call(bases[i % 2]!, 'POST', '/api/commerce/shopping-cart/entries', COFFEE)).status,
    ).toBe(200);
  }
  const adds = visitors.flatMap((v) =>
    Array.from({ length: ADDS_PER_VISITOR - 1 }, (_, i) =>
      v.call(bases[i % 2]!, 'POST', '/api/commerce/shopping-cart/entries', COFFEE),
    ),
  );
  const statuses = (await Promise.all(adds)).map((r) => r.status);
  expect(statuses.filter((s) => s !== 200)).toEqual([]);
  for (const v of visitors) {
    for (const base of bases) {
      const cart = (await v.call(base, 'GET', '/api/commerce/shopping-cart')).body;
      expect(cart.totalQuantity).toBe(ADDS_PER_VISITOR);
      expect(cart.entries).toHaveLength(1);
    }
  }
}, 60_000);
