/**
 * Versioned schema migrations. `PRAGMA user_version` records how many have run, so a store file
 * from an older preview is upgraded in place and nothing already saved is lost. Append new
 * migrations; never edit one that has shipped.
 */
import type { Database } from 'better-sqlite3';
import { hashPassword } from './passwords.js';

export interface Migration {
  version: number;
  up(db: Database): void;
}

/**
 * An account migration 1 gives every store. Migration 2 removes it again: a store's accounts come
 * only from the site folder's own data (server/site/site-users.ts), so a site that declares none
 * has none, and nobody signs in to a store with a password printed in this file.
 */
const BUILT_IN_ACCOUNT = {
  id: 'demo-site-user',
  email: 'demo@example.com',
  password: 'demo-password',
};

export const MIGRATIONS: Migration[] = [
  {
    version: 1,
    up(db) {
      db.exec(`
        CREATE TABLE carts (
          id TEXT PRIMARY KEY,
          website_id TEXT NOT NULL,
          created INTEGER NOT NULL,
          is_purchased INTEGER NOT NULL DEFAULT 0,
          site_user_id TEXT
        );
        CREATE TABLE cart_entries (
          id TEXT PRIMARY KEY,
          cart_id TEXT NOT NULL REFERENCES carts(id) ON DELETE CASCADE,
          item_id TEXT NOT NULL,
          sku TEXT NOT NULL,
          quantity INTEGER NOT NULL CHECK (quantity > 0),
          additional_fields TEXT,
          position INTEGER NOT NULL
        );
        CREATE INDEX cart_entries_by_cart ON cart_entries(cart_id, position);
        CREATE TABLE subscription_carts (
          token TEXT PRIMARY KEY,
          item_id TEXT NOT NULL,
          sku TEXT NOT NULL,
          qty INTEGER NOT NULL,
          additional_fields TEXT,
          created INTEGER NOT NULL
        );
        CREATE TABLE form_keys (
          key TEXT PRIMARY KEY,
          created INTEGER NOT NULL,
          used INTEGER NOT NULL DEFAULT 0
        );
        CREATE TABLE form_submissions (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          form_id TEXT NOT NULL,
          fields TEXT NOT NULL,
          page TEXT NOT NULL,
          client TEXT NOT NULL,
          created INTEGER NOT NULL
        );
        CREATE INDEX form_submissions_by_client ON form_submissions(form_id, client, created);
        CREATE TABLE restock_signups (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          product_id TEXT NOT NULL,
          variant_id TEXT NOT NULL,
          email TEXT NOT NULL COLLATE NOCASE,
          join_mailing_list INTEGER NOT NULL,
          language TEXT,
          created INTEGER NOT NULL,
          notified_on INTEGER,
          UNIQUE (product_id, variant_id, email)
        );
        CREATE TABLE site_users (
          id TEXT PRIMARY KEY,
          email TEXT NOT NULL UNIQUE COLLATE NOCASE,
          password_hash TEXT NOT NULL,
          locale TEXT
        );
        CREATE TABLE site_user_sessions (
          token TEXT PRIMARY KEY,
          site_user_id TEXT NOT NULL REFERENCES site_users(id) ON DELETE CASCADE,
          xsrf_token TEXT NOT NULL,
          created INTEGER NOT NULL,
          expires INTEGER
        );
        -- JSON documents keyed by name: preferences, multilingual, header/footer, site layout.
        CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE product_collections (
          id TEXT PRIMARY KEY,
          website_id TEXT NOT NULL,
          navigation_title TEXT NOT NULL,
          title TEXT NOT NULL,
          url_id TEXT NOT NULL UNIQUE,
          description TEXT NOT NULL,
          enabled INTEGER NOT NULL,
          created INTEGER NOT NULL
        );
        CREATE TABLE categories (
          id TEXT PRIMARY KEY,
          collection_id TEXT NOT NULL REFERENCES product_collections(id) ON DELETE CASCADE,
          display_name TEXT NOT NULL,
          parent_category_id TEXT,
          type TEXT NOT NULL,
          page_rendering TEXT NOT NULL,
          display_index INTEGER NOT NULL,
          created INTEGER NOT NULL
        );
        -- Analytics, census, performance and error reports: recorded for tests to inspect.
        CREATE TABLE records (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          kind TEXT NOT NULL,
          path TEXT NOT NULL,
          payload TEXT NOT NULL,
          created INTEGER NOT NULL
        );
        CREATE INDEX records_by_kind ON records(kind, id);
      `);
      db.prepare('INSERT INTO site_users (id, email, password_hash) VALUES (?, ?, ?)').run(
        BUILT_IN_ACCOUNT.id,
        BUILT_IN_ACCOUNT.email,
        hashPassword(BUILT_IN_ACCOUNT.password),
      );
    },
  },
  {
    version: 2,
    up(db) {
      // Its sessions go with it (ON DELETE CASCADE); its carts become visitors' carts.
      db.prepare('UPDATE carts SET site_user_id = NULL WHERE site_user_id = ?').run(
        BUILT_IN_ACCOUNT.id,
      );
      db.prepare('DELETE FROM site_users WHERE id = ?').run(BUILT_IN_ACCOUNT.id);
    },
  },
  {
    version: 3,
    up(db) {
      // A newsletter form's saved submission also subscribes its address to that newsletter.
      db.exec(`
        CREATE TABLE newsletter_subscriptions (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          form_id TEXT NOT NULL,
          email TEXT NOT NULL COLLATE NOCASE,
          created INTEGER NOT NULL,
          UNIQUE (form_id, email)
        );
      `);
    },
  },
];
