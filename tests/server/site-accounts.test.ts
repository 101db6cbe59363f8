/**
 * Site-user accounts come only from the site folder's own data (site.json `siteUsers`,
 * server/site/site-users.ts): a store has none of its own, a site that declares none has none.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../server/commerce/store/migrations.js';
import { migrate, openStore } from '../../server/commerce/store/open.js';
import { createSiteServer, type SiteServer } from '../../server/preview/site-server.js';
import { loadSqliteDriver } from '../../server/commerce/store/sqlite-driver.js';
import { Client, startApi, startDemoSite } from './support.js';

const SESSION = '/api/site-users/account/session';
const DEMO = { email: 'demo@example.com', password: 'demo-password' };

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function signIn(base: string, account: { email: string; password: string }) {
  const client = await new Client(base).prime();
  return (await client.post(SESSION, account)).status;
}

/** A copy of the demo site whose site.json and accounts file `edit` may change. */
function siteCopy(edit: (config: Record<string, unknown>) => void): string {
  const dir = mkdtempSync(join(tmpdir(), 'jsont-accounts-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const source = resolve(import.meta.dirname, '../../fixtures/site');
  // Not a store another test may have left in the fixture.
  const filter = (path: string) => !path.startsWith(join(source, '.data'));
  cpSync(source, dir, { recursive: true, filter });
  const file = join(dir, 'site.json');
  const config = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  edit(config);
  writeFileSync(file, JSON.stringify(config));
  return dir;
}

async function serve(
  root: string,
  dbFile = ':memory:',
): Promise<{ site: SiteServer; base: string }> {
  const site = createSiteServer({ root, dbFile, log: () => undefined });
  cleanups.push(() => site.close());
  return { site, base: await site.listen(0, '127.0.0.1') };
}

describe('a store’s accounts', () => {
  it('are none of its own: the former built-in account does not sign in', async () => {
    const db = openStore(':memory:');
    expect(db.prepare('SELECT COUNT(*) AS n FROM site_users').get()).toEqual({ n: 0 });
    const server = await startApi({ db });
    cleanups.push(() => server.close());
    expect(await signIn(server.base, DEMO)).toBe(401);
  });

  it('lose the built-in account of an older store when it is upgraded', () => {
    const Sqlite = loadSqliteDriver();
    const db = new Sqlite(':memory:');
    cleanups.push(() => db.close());
    db.pragma('foreign_keys = ON');
    migrate(
      db,
      MIGRATIONS.filter((m) => m.version === 1),
    );
    const [account] = db.prepare('SELECT id, email FROM site_users').all() as { id: string }[];
    expect(account).toEqual({ id: 'demo-site-user', email: DEMO.email });
    db.prepare("INSERT INTO site_user_sessions VALUES ('t', ?, 'x', 0, NULL)").run(account!.id);
    db.prepare("INSERT INTO carts VALUES ('c', 'w', 0, 0, ?)").run(account!.id);
    migrate(db, MIGRATIONS);
    const count = (table: string) => db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get();
    expect([count('site_users'), count('site_user_sessions')]).toEqual([{ n: 0 }, { n: 0 }]);
    expect(db.prepare('SELECT site_user_id FROM carts').get()).toEqual({ site_user_id: null });
  });
});

describe('a site folder’s accounts', () => {
  it('are those its siteUsers file declares (the demo site declares the demo account)', async () => {
    const demo = await startDemoSite();
    cleanups.push(() => demo.site.close());
    const { base } = demo;
    expect(await signIn(base, DEMO)).toBe(200);
    expect(await signIn(base, { ...DEMO, password: 'wrong' })).toBe(401);
  });

  it('are none when site.json names no siteUsers file', async () => {
    const root = siteCopy((config) => delete config.siteUsers);
    const { site, base } = await serve(root);
    expect(await signIn(base, DEMO)).toBe(401);
    expect(
      site.commerce.handle.stores.db.prepare('SELECT COUNT(*) AS n FROM site_users').get(),
    ).toEqual({ n: 0 });
  });

  it('follow the file on each start, and a broken file is reported and seeds nothing', async () => {
    const root = siteCopy(() => undefined);
    const accounts = join(root, 'data', 'site-users.json');
    const dbFile = join(root, '.data', 'store.sqlite');
    const first = await serve(root, dbFile);
    expect(await signIn(first.base, DEMO)).toBe(200);
    await first.site.close();
    writeFileSync(accounts, JSON.stringify({ siteUsers: [{ ...DEMO, password: 'changed' }] }));
    const second = await serve(root, dbFile);
    expect(await signIn(second.base, DEMO)).toBe(401);
    expect(await signIn(second.base, { ...DEMO, password: 'changed' })).toBe(200);
    await second.site.close();
    // Taken out of the file, the account is closed on the next start.
    writeFileSync(accounts, JSON.stringify({ siteUsers: [] }));
    const third = await serve(root, dbFile);
    expect(await signIn(third.base, { ...DEMO, password: 'changed' })).toBe(401);
    await third.site.close();

    const root2 = siteCopy(() => undefined);
    const brokenFile = { siteUsers: [{ email: 'nobody' }] };
    writeFileSync(join(root2, 'data', 'site-users.json'), JSON.stringify(brokenFile));
    const broken = await serve(root2);
    const problems = broken.site.recheck();
    expect(problems.map((p) => [p.file, p.code])).toEqual([['data/site-users.json', 'SITE_USERS']]);
    expect(problems[0]!.message).toMatch(/siteUsers\.0\.email: not a valid email address/);
    expect(await signIn(broken.base, DEMO)).toBe(401);
  });
});
