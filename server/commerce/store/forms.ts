/** Form submission keys, saved submissions and newsletter subscriptions. */
import type { Database } from 'better-sqlite3';

export interface SubmissionRow {
  id: number;
  form_id: string;
  fields: string;
  page: string;
  client: string;
  created: number;
}

export interface SubscriptionRow {
  id: number;
  form_id: string;
  email: string;
  created: number;
}

export class FormStore {
  constructor(private readonly db: Database) {}

  createKey(key: string, now: number): void {
    this.db.prepare('INSERT INTO form_keys (key, created) VALUES (?, ?)').run(key, now);
  }

  /** Marks a key used; false when it is unknown, already used or older than `maxAgeMs`. */
  consumeKey(key: string, now: number, maxAgeMs: number): boolean {
    const info = this.db
      .prepare('UPDATE form_keys SET used = 1 WHERE key = ? AND used = 0 AND created >= ?')
      .run(key, now - maxAgeMs);
    return info.changes === 1;
  }

  countRecent(formId: string, client: string, since: number): number {
    const row = this.db
      .prepare(
        'SELECT COUNT(*) AS n FROM form_submissions WHERE form_id = ? AND client = ? AND created >= ?',
      )
      .get(formId, client, since) as { n: number };
    return row.n;
  }

  save(s: Omit<SubmissionRow, 'id'>): number {
    const info = this.db
      .prepare(
        'INSERT INTO form_submissions (form_id, fields, page, client, created) VALUES (?, ?, ?, ?, ?)',
      )
      .run(s.form_id, s.fields, s.page, s.client, s.created);
    return Number(info.lastInsertRowid);
  }

  list(formId?: string): SubmissionRow[] {
    return (
      formId === undefined
        ? this.db.prepare('SELECT * FROM form_submissions ORDER BY id').all()
        : this.db
            .prepare('SELECT * FROM form_submissions WHERE form_id = ? ORDER BY id')
            .all(formId)
    ) as SubmissionRow[];
  }

  /** Subscribes `email` to the newsletter of `formId`; an address already subscribed stays as it was. */
  subscribe(formId: string, email: string, now: number): void {
    this.db
      .prepare(
        'INSERT INTO newsletter_subscriptions (form_id, email, created) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
      )
      .run(formId, email, now);
  }

  subscriptions(): SubscriptionRow[] {
    return this.db
      .prepare('SELECT * FROM newsletter_subscriptions ORDER BY id')
      .all() as SubscriptionRow[];
  }
}
