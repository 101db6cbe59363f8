/**
 * Site settings kept as JSON documents by key (commerce preferences per namespace,
 * multilingual, header/footer, site layout), product collections and categories created by
 * the store-creation flow, and the recorded analytics/reporting calls.
 */
import type { Database } from 'better-sqlite3';

export class SettingsStore {
  constructor(private readonly db: Database) {}

  get<T>(key: string, fallback: T): T {
    const row = this.db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as
      { value: string } | undefined;
    return row === undefined ? fallback : (JSON.parse(row.value) as T);
  }

  set(key: string, value: unknown): void {
    this.db
      .prepare(
        'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      )
      .run(key, JSON.stringify(value));
  }
}

export interface CollectionRow {
  id: string;
  website_id: string;
  navigation_title: string;
  title: string;
  url_id: string;
  description: string;
  enabled: number;
  created: number;
}

export interface CategoryRow {
  id: string;
  collection_id: string;
  display_name: string;
  parent_category_id: string | null;
  type: string;
  page_rendering: string;
  display_index: number;
  created: number;
}

export class CollectionStore {
  constructor(private readonly db: Database) {}

  urlIdTaken(urlId: string): boolean {
    return (
      this.db.prepare('SELECT 1 FROM product_collections WHERE url_id = ?').get(urlId) !== undefined
    );
  }

  /** Every url id in use, for the owner page (its store creation starts from a free one). */
  urlIds(): string[] {
    const rows = this.db.prepare('SELECT url_id FROM product_collections').all() as Array<{
      url_id: string;
    }>;
    return rows.map((r) => r.url_id);
  }

  insert(c: CollectionRow): void {
    this.db
      .prepare(
        `INSERT INTO product_collections
           (id, website_id, navigation_title, title, url_id, description, enabled, created)
         VALUES (@id, @website_id, @navigation_title, @title, @url_id, @description, @enabled, @created)`,
      )
      .run(c);
  }

  get(id: string, websiteId: string): CollectionRow | undefined {
    return this.db
      .prepare('SELECT * FROM product_collections WHERE id = ? AND website_id = ?')
      .get(id, websiteId) as CollectionRow | undefined;
  }

  insertCategory(c: CategoryRow): void {
    this.db
      .prepare(
        `INSERT INTO categories (id, collection_id, display_name, parent_category_id, type,
           page_rendering, display_index, created)
         VALUES (@id, @collection_id, @display_name, @parent_category_id, @type,
           @page_rendering, @display_index, @created)`,
      )
      .run(c);
  }
}

export interface RecordRow {
  id: number;
  kind: string;
  path: string;
  payload: string;
  created: number;
}

/** Kinds of recorded calls, as `GET /__recorded?kind=` filters them. */
export type RecordKind = 'event' | 'clanker' | 'js-error' | 'census' | 'performance';

export class RecordStore {
  constructor(private readonly db: Database) {}

  add(kind: RecordKind, path: string, payload: unknown, now: number): void {
    this.db
      .prepare('INSERT INTO records (kind, path, payload, created) VALUES (?, ?, ?, ?)')
      .run(kind, path, JSON.stringify(payload ?? null), now);
  }

  list(kind?: string): RecordRow[] {
    return (
      kind === undefined
        ? this.db.prepare('SELECT * FROM records ORDER BY id').all()
        : this.db.prepare('SELECT * FROM records WHERE kind = ? ORDER BY id').all(kind)
    ) as RecordRow[];
  }

  clear(): void {
    this.db.prepare('DELETE FROM records').run();
  }
}
