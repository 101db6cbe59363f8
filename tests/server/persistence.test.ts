import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../server/commerce/store/migrations.js';
import { migrate, openStore } from '../../server/commerce/store/open.js';
import { Client, signIn, startApi, type TestServer } from './support.js';

const dirs: string[] = [];
const servers: TestServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    await s.close();
    s.db.close();
  }
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tempStore(): string {
  const dir = mkdtempSync(join(tmpdir(), 'jsont-store-'));
  dirs.push(dir);
  return join(dir, '.data', 'preview.sqlite');
}

async function start(file: string): Promise<TestServer> {
  const server = await startApi({ db: openStore(file) });
  servers.push(server);
  return server;
}

describe('persistence across a restart', () => {
  it('keeps carts, sessions, submissions, sign-ups and settings', async () => {
    const file = tempStore();
    const first = await start(file);
    const client = await new Client(first.base).prime();
    const xsrf = await signIn(first, client, true);
    await client.post('/api/commerce/shopping-cart/entries', {
      itemId: 'tee',
      sku: 'TEE-M',
      quantity: 2,
    });
    await client.post(
      '/api/site-users/account/notifications/restock',
      {
        productId: 'tee',
        variantId: 'tee-l',
        siteVisitorEmail: 'a@example.com',
        isJoinMailingList: true,
      },
      { headers: { 'X-SiteUser-XSRF-Token': xsrf } },
    );
    const owner = await new Client(first.base).signInAsOwner(first.handler.owner);
    await owner.put('/api/v1/commerce-preferences/checkout', { minimum: 1000 });
    await owner.put('/api/site-header-footer', { header: { a: 1 }, footer: 'f' });
    const key = (await client.post('/api/form/FormSubmissionKey')).body.data.key as string;
    await client.post('/api/events/RecordJavascriptErrors', { errors: [{ message: 'kept' }] });
    const cartBefore = (await client.get('/api/commerce/shopping-cart')).body;

    // Restart: close the server and the database, open the same file again.
    await first.close();
    first.db.close();
    servers.splice(servers.indexOf(first), 1);
    const second = await start(file);
    const again = new Client(second.base);
    for (const [k, v] of client.cookies) again.cookies.set(k, v);

    expect((await again.get('/api/commerce/shopping-cart')).body).toEqual(cartBefore);
    expect(cartBefore.totalQuantity).toBe(2);
    // The session survived: the locale call needs it and its XSRF token.
    const locale = await again.post(
      '/api/site-users/account/locale',
      { language: 'de' },
      {
        headers: { 'X-SiteUser-XSRF-Token': xsrf },
      },
    );
    expect(locale.status).toBe(200);
    // Owner sessions live in memory: after a restart the owner opens the new link.
    const ownerAgain = await new Client(second.base).signInAsOwner(second.handler.owner);
    expect(
      (await ownerAgain.get('/api/site-users/account/notifications/restock?productId=tee')).body
        .signUps,
    ).toHaveLength(1);
    expect((await again.get('/api/v1/commerce-preferences/checkout')).body.minimum).toBe(1000);
    expect((await again.get('/api/site-header-footer')).body).toEqual({
      header: { a: 1 },
      footer: 'f',
    });
    expect((await again.get('/__recorded?kind=js-error')).body.records).toHaveLength(1);
    // A key issued before the restart is still valid once.
    const saved = await again.post('/api/form/SaveFormSubmission', {
      formId: 'contact',
      key,
      form: JSON.stringify({ name: ['A', 'B'], email: 'a@example.com' }),
    });
    expect(saved.status).toBe(200);
  });
});

describe('openStore', () => {
  it('uses WAL for files and runs each migration once', () => {
    const file = tempStore();
    const db = openStore(file);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    db.close();
    const reopened = openStore(file);
    expect(reopened.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    reopened.close();
  });

  it('applies only newer migrations and refuses a store from a newer version', () => {
    const db = openStore(':memory:');
    const ran: number[] = [];
    const next = MIGRATIONS.length + 1;
    const extra = [...MIGRATIONS, { version: next, up: () => void ran.push(next) }];
    migrate(db, extra);
    migrate(db, extra);
    expect(ran).toEqual([next]);
    expect(() => migrate(db, MIGRATIONS)).toThrow(/newer/);
    db.close();
  });

  it('rolls back a failing migration', () => {
    const db = openStore(':memory:');
    const failing = {
      version: MIGRATIONS.length + 1,
      up: (d: typeof db) => {
        d.exec('CREATE TABLE half (x)');
        throw new Error('boom');
      },
    };
    expect(() => migrate(db, [...MIGRATIONS, failing])).toThrow('boom');
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'half'").get()).toBeUndefined();
    db.close();
  });
});
