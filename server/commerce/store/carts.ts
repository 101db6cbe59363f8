/** Shopping carts and their entries (docs/storefront.md, "Cart"). */
import type { Database, Statement } from 'better-sqlite3';

export interface CartRow {
  id: string;
  website_id: string;
  created: number;
  is_purchased: number;
  site_user_id: string | null;
}

export interface EntryRow {
  id: string;
  cart_id: string;
  item_id: string;
  sku: string;
  quantity: number;
  additional_fields: string | null;
  position: number;
}

export class CartStore {
  private readonly s: Record<string, Statement>;

  constructor(private readonly db: Database) {
    const p = (sql: string) => db.prepare(sql);
    this.s = {
      getCart: p('SELECT * FROM carts WHERE id = ?'),
      insertCart: p('INSERT INTO carts (id, website_id, created) VALUES (?, ?, ?)'),
      entries: p('SELECT * FROM cart_entries WHERE cart_id = ? ORDER BY position'),
      entry: p('SELECT * FROM cart_entries WHERE cart_id = ? AND id = ?'),
      lineCount: p('SELECT COUNT(*) AS n FROM cart_entries WHERE cart_id = ?'),
      // Additional fields are part of identity: two engravings are two lines, not one.
      matching: p(
        `SELECT * FROM cart_entries WHERE cart_id = ? AND item_id = ? AND sku = ?
         AND additional_fields IS ?`,
      ),
      inCart: p(
        `SELECT COALESCE(SUM(quantity), 0) AS n FROM cart_entries
         WHERE cart_id = ? AND item_id = ? AND sku = ?`,
      ),
      insertEntry: p(
        `INSERT INTO cart_entries (id, cart_id, item_id, sku, quantity, additional_fields, position)
         VALUES (?, ?, ?, ?, ?, ?,
           (SELECT COALESCE(MAX(position), 0) + 1 FROM cart_entries WHERE cart_id = ?))`,
      ),
      setQuantity: p('UPDATE cart_entries SET quantity = ? WHERE id = ?'),
      setFields: p('UPDATE cart_entries SET sku = ?, additional_fields = ? WHERE id = ?'),
      deleteEntry: p('DELETE FROM cart_entries WHERE id = ?'),
      assignUser: p('UPDATE carts SET site_user_id = ? WHERE id = ?'),
      userCart: p(
        `SELECT * FROM carts WHERE site_user_id = ? AND is_purchased = 0
         ORDER BY created DESC LIMIT 1`,
      ),
    };
  }

  get(id: string): CartRow | undefined {
    return this.s.getCart!.get(id) as CartRow | undefined;
  }

  create(id: string, websiteId: string, now: number): CartRow {
    this.s.insertCart!.run(id, websiteId, now);
    return this.get(id)!;
  }

  entries(cartId: string): EntryRow[] {
    return this.s.entries!.all(cartId) as EntryRow[];
  }

  entry(cartId: string, entryId: string): EntryRow | undefined {
    return this.s.entry!.get(cartId, entryId) as EntryRow | undefined;
  }

  /** How many lines the cart has (the cap of docs/storefront.md, "Constants and limits"). */
  lineCount(cartId: string): number {
    return (this.s.lineCount!.get(cartId) as { n: number }).n;
  }

  matching(cartId: string, itemId: string, sku: string, fields: string | null) {
    return this.s.matching!.get(cartId, itemId, sku, fields) as EntryRow | undefined;
  }

  /**
   * Units of this item and variant already in the cart (the stock rule of docs/storefront.md, "Add
   * to cart").
   */
  quantityInCart(cartId: string, itemId: string, sku: string): number {
    return (this.s.inCart!.get(cartId, itemId, sku) as { n: number }).n;
  }

  insertEntry(e: Omit<EntryRow, 'position'>): void {
    this.s.insertEntry!.run(
      e.id,
      e.cart_id,
      e.item_id,
      e.sku,
      e.quantity,
      e.additional_fields,
      e.cart_id,
    );
  }

  setQuantity(entryId: string, quantity: number): void {
    this.s.setQuantity!.run(quantity, entryId);
  }

  setFields(entryId: string, sku: string, fields: string | null): void {
    this.s.setFields!.run(sku, fields, entryId);
  }

  deleteEntry(entryId: string): void {
    this.s.deleteEntry!.run(entryId);
  }

  assignUser(cartId: string, siteUserId: string | null): void {
    this.s.assignUser!.run(siteUserId, cartId);
  }

  cartOfUser(siteUserId: string): CartRow | undefined {
    return this.s.userCart!.get(siteUserId) as CartRow | undefined;
  }

  /** Copies a cart and its entries under new ids (logout with cloneCart=true). */
  clone(source: CartRow, newId: string, newEntryId: () => string, now: number): CartRow {
    return this.transaction(() => {
      const copy = this.create(newId, source.website_id, now);
      for (const e of this.entries(source.id)) {
        this.insertEntry({ ...e, id: newEntryId(), cart_id: copy.id });
      }
      return copy;
    });
  }

  /**
   * Runs `fn` in a write transaction begun IMMEDIATE: it takes the write lock first, waiting on
   * the busy timeout while another process writes. A deferred one would read, then fail to
   * upgrade with "database is locked" (no wait is possible) once the other process committed.
   */
  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn).immediate();
  }
}
