/** Restock notification sign-ups, their per-variant groups, and "send" bookkeeping. */
import type { Database } from 'better-sqlite3';

export interface SignupRow {
  id: number;
  product_id: string;
  variant_id: string;
  email: string;
  join_mailing_list: number;
  language: string | null;
  created: number;
  notified_on: number | null;
}

export interface GroupRow {
  product_id: string;
  variant_id: string;
  total: number;
  pending: number;
}

export class RestockStore {
  constructor(private readonly db: Database) {}

  /** Signing up twice for the same variant keeps one sign-up (the latest preferences). */
  upsert(s: Omit<SignupRow, 'id' | 'notified_on'>): number {
    const row = this.db
      .prepare(
        `INSERT INTO restock_signups
           (product_id, variant_id, email, join_mailing_list, language, created)
         VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (product_id, variant_id, email) DO UPDATE SET
           join_mailing_list = excluded.join_mailing_list, language = excluded.language,
           notified_on = NULL
         RETURNING id`,
      )
      .get(s.product_id, s.variant_id, s.email, s.join_mailing_list, s.language, s.created) as {
      id: number;
    };
    return row.id;
  }

  groups(offset: number, limit: number): GroupRow[] {
    return this.db
      .prepare(
        `SELECT product_id, variant_id, COUNT(*) AS total,
           SUM(CASE WHEN notified_on IS NULL THEN 1 ELSE 0 END) AS pending
         FROM restock_signups GROUP BY product_id, variant_id
         ORDER BY MIN(id) LIMIT ? OFFSET ?`,
      )
      .all(limit, offset) as GroupRow[];
  }

  signups(productId: string, variantId: string | undefined, offset: number, limit: number) {
    return this.db
      .prepare(
        `SELECT * FROM restock_signups WHERE product_id = ? AND (? IS NULL OR variant_id = ?)
         ORDER BY id LIMIT ? OFFSET ?`,
      )
      .all(productId, variantId ?? null, variantId ?? null, limit, offset) as SignupRow[];
  }

  /** Marks pending sign-ups notified; returns how many "emails" went out. */
  markSent(productId: string, variantId: string, now: number): number {
    return this.db
      .prepare(
        `UPDATE restock_signups SET notified_on = ?
         WHERE product_id = ? AND variant_id = ? AND notified_on IS NULL`,
      )
      .run(now, productId, variantId).changes;
  }
}
