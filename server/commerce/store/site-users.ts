/** Site-user accounts and login sessions. */
import type { Database } from 'better-sqlite3';
import { hashPassword, verifyPassword } from './passwords.js';

export interface SessionRow {
  token: string;
  site_user_id: string;
  xsrf_token: string;
  created: number;
  expires: number | null;
}

export class SiteUserStore {
  constructor(private readonly db: Database) {}

  /** Adds an account (tests and seeding); returns its id. */
  create(id: string, email: string, password: string): string {
    this.db
      .prepare('INSERT INTO site_users (id, email, password_hash) VALUES (?, ?, ?)')
      .run(id, email, hashPassword(password));
    return id;
  }

  /**
   * Makes the store's accounts exactly `accounts` (the site folder's, on every start): each one
   * made or its password updated, every other account removed with its sessions, so taking an
   * account out of the site's file closes it.
   */
  replaceAll(accounts: ReadonlyArray<{ email: string; password: string }>, newId: () => string) {
    const keep = new Set(accounts.map((a) => a.email.toLowerCase()));
    this.db
      .transaction(() => {
        for (const { email, password } of accounts) this.ensure(email, password, newId());
        const rows = this.db.prepare('SELECT id, email FROM site_users').all() as Array<{
          id: string;
          email: string;
        }>;
        for (const row of rows) {
          if (!keep.has(row.email.toLowerCase())) {
            this.db.prepare('DELETE FROM site_users WHERE id = ?').run(row.id);
          }
        }
      })
      .immediate();
  }

  /** Makes the account `email` exist with `password`: made under `newId`, or its password set. */
  ensure(email: string, password: string, newId: string): void {
    const row = this.db.prepare('SELECT id FROM site_users WHERE email = ?').get(email) as
      { id: string } | undefined;
    if (row === undefined) this.create(newId, email, password);
    else if (this.authenticate(email, password) === undefined) {
      this.db
        .prepare('UPDATE site_users SET password_hash = ? WHERE id = ?')
        .run(hashPassword(password), row.id);
    }
  }

  /** The user id when email and password match, else undefined. */
  authenticate(email: string, password: string): string | undefined {
    const row = this.db
      .prepare('SELECT id, password_hash FROM site_users WHERE email = ?')
      .get(email) as { id: string; password_hash: string } | undefined;
    return row !== undefined && verifyPassword(password, row.password_hash) ? row.id : undefined;
  }

  setLocale(userId: string, locale: string): void {
    this.db.prepare('UPDATE site_users SET locale = ? WHERE id = ?').run(locale, userId);
  }

  locale(userId: string): string | null {
    const row = this.db.prepare('SELECT locale FROM site_users WHERE id = ?').get(userId) as
      { locale: string | null } | undefined;
    return row?.locale ?? null;
  }

  createSession(s: SessionRow): void {
    this.db
      .prepare(
        `INSERT INTO site_user_sessions (token, site_user_id, xsrf_token, created, expires)
         VALUES (?, ?, ?, ?, ?)`,
      )
      .run(s.token, s.site_user_id, s.xsrf_token, s.created, s.expires);
  }

  /** A live session; expired ones are deleted on sight. */
  session(token: string, now: number): SessionRow | undefined {
    const row = this.db.prepare('SELECT * FROM site_user_sessions WHERE token = ?').get(token) as
      SessionRow | undefined;
    if (row !== undefined && row.expires !== null && row.expires <= now) {
      this.deleteSession(token);
      return undefined;
    }
    return row;
  }

  deleteSession(token: string): void {
    this.db.prepare('DELETE FROM site_user_sessions WHERE token = ?').run(token);
  }
}
