import { describe, expect, it } from 'vitest';
import {
  AddCartEntryResponse,
  CART_MESSAGES,
  CART_SERVER_MESSAGES,
  CartResponse,
  MAX_CART_LINES,
  ShoppingCart,
  UpdateAdditionalFieldsResponse,
} from '../../storefront/api/schemas.js';
import { Client, expectFieldError, expectShape, type TestServer, useApi } from './support.js';

const CART = '/api/commerce/shopping-cart';
const ENTRIES = `${CART}/entries`;

let server: TestServer;
let client: Client;
useApi((api) => ({ server, client } = api));

const add = (itemId: string, sku: string, quantity: number, additionalFields?: string) =>
  client.post(ENTRIES, { itemId, sku, quantity, additionalFields });

describe('GET shopping-cart', () => {
  it('returns an empty cart without creating one, and sets the crumb cookie', async () => {
    const fresh = new Client(server.base);
    const reply = await fresh.get(`${CART}?mock=false&timecode=123&calculateSubtotal=true`);
    expect(reply.status).toBe(200);
    const cart = expectShape(ShoppingCart, reply.body);
    expect(cart).toMatchObject({ id: '', entries: [], totalQuantity: 0, subtotalCents: 0 });
    expect(fresh.cookies.get('crumb')).toMatch(/^[0-9a-f]{32}$/);
    expect(fresh.cookies.has('CART')).toBe(false);
  });

  it('rejects malformed query parameters with field errors', async () => {
    expectFieldError(await client.get(`${CART}?calculateSubtotal=maybe`), 'calculateSubtotal');
    expectFieldError(await client.get(`${CART}?timecode=soon`), 'timecode');
  });
});

describe('POST shopping-cart/entries', () => {
  it('adds an entry, sets the CART cookie and computes totals in cents', async () => {
    const reply = await add('tee', 'TEE-S', 2);
    expect(reply.status).toBe(200);
    const { shoppingCart, newlyAdded } = expectShape(AddCartEntryResponse, reply.body);
    expect(client.cookies.get('CART')).toBe(shoppingCart.id);
    expect(newlyAdded).toMatchObject({
      itemId: 'tee',
      chosenVariant: { sku: 'TEE-S', attributes: { Size: 'S' } },
      quantity: 2,
      title: 'Tee',
      purchasePriceCents: 2500,
      additionalFields: null,
    });
    expect(newlyAdded.subTotal).toMatchObject({ decimalValue: '50.00', currencyCode: 'USD' });
    expect(shoppingCart).toMatchObject({
      subtotalCents: 5000,
      grandTotalCents: 5000,
      totalQuantity: 2,
      requiresShipping: true,
      hasDigital: false,
      purelyDigital: false,
    });
    const again = await client.get(CART);
    expect(again.body.entries).toHaveLength(1);
  });

  it('merges the same variant, charges sale prices and flags digital goods', async () => {
    await add('tee', 'TEE-M', 1);
    const merged = await add('tee', 'TEE-M', 2);
    expect(merged.body.shoppingCart.entries).toHaveLength(1);
    expect(merged.body.newlyAdded.quantity).toBe(3);
    const digital = await add('ebook', 'ebook', 1);
    expect(digital.body.shoppingCart).toMatchObject({
      subtotalCents: 3 * 1999 + 999,
      totalQuantity: 4,
      hasDigital: true,
      purelyDigital: false,
    });
  });

  it('keeps entries with different additional fields apart', async () => {
    await add('ring', 'RING', 1, JSON.stringify({ engraving: 'A' }));
    const second = await add('ring', 'RING', 1, JSON.stringify({ engraving: 'B' }));
    expect(second.body.shoppingCart.entries).toHaveLength(2);
  });

  it('answers invalid payloads with 400 and field errors', async () => {
    expectFieldError(
      await add('tee', 'TEE-S', 'two' as never),
      'quantity',
      CART_MESSAGES.quantityNotNumber,
    );
    expectFieldError(await add('tee', 'TEE-S', 1.5), 'quantity', CART_MESSAGES.quantityNotWhole);
    expectFieldError(await add('tee', 'TEE-S', 0), 'quantity');
    expectFieldError(await add('', 'TEE-S', 1), 'itemId', 'Required');
    expectFieldError(
      await client.post(ENTRIES, { sku: 'TEE-S', quantity: 1 }),
      'itemId',
      'Required',
    );
    expectFieldError(await add('ring', 'RING', 1, 'not json'), 'additionalFields');
    expectFieldError(await client.post(ENTRIES, [1, 2]), '_root');
  });

  it('refuses unknown variants and items, and more than the stock', async () => {
    expect((await add('tee', 'TEE-XL', 1)).body).toEqual({
      error: CART_MESSAGES.variantUnavailable,
    });
    expect((await add('nope', 'X', 1)).status).toBe(404);
    expect((await add('tee', 'TEE-L', 1)).body.error).toBe(CART_MESSAGES.outOfStock);
    expect((await add('tee', 'TEE-S', 2)).status).toBe(200);
    // 2 in the cart + 2 more > 3 in stock (docs/storefront.md, "Add to cart").
    const over = await add('tee', 'TEE-S', 2);
    expect(over).toMatchObject({ status: 400, body: { error: CART_MESSAGES.outOfStock } });
    expect((await add('mug', 'MUG', 9999)).status).toBe(200);
  });

  it('never lets repeated adds take a line past the maximum an update allows', async () => {
    const first = await add('mug', 'MUG', 9000);
    const line = first.body.newlyAdded.id as string;
    const tooMuchByAdd = await add('mug', 'MUG', 1000);
    const tooMuchByUpdate = await client.put(`${ENTRIES}/${line}`, { quantity: 10_000 });
    // One rule, one answer: the same 400 whichever call would pass 9,999.
    expectFieldError(tooMuchByAdd, 'quantity', 'Quantity must be at most 9999');
    expect(tooMuchByAdd.body).toEqual(tooMuchByUpdate.body);
    // Up to the maximum still merges into the line; the refused add changed nothing.
    const upToMax = await add('mug', 'MUG', 999);
    expect(upToMax.status).toBe(200);
    expect(upToMax.body.newlyAdded).toMatchObject({ id: line, quantity: 9999 });
    expectFieldError(await add('mug', 'MUG', 1), 'quantity');
    const cart = expectShape(ShoppingCart, (await client.get(CART)).body);
    expect(cart.entries.map((e) => e.quantity)).toEqual([9999]);
  });

  it('fails the crumb check without the header or with a wrong one', async () => {
    const noHeader = await client.post(
      ENTRIES,
      { itemId: 'tee', sku: 'TEE-S', quantity: 1 },
      { crumb: false },
    );
    expect(noHeader.status).toBe(401);
    expect(noHeader.body).toMatchObject({ crumbFail: true });
    const wrong = await client.post(
      ENTRIES,
      { itemId: 'tee', sku: 'TEE-S', quantity: 1 },
      { crumb: false, headers: { 'X-CSRF-Token': 'forged' } },
    );
    expect(wrong.body.crumbFail).toBe(true);
    // Cookies off: no crumb cookie at all; the reply sets one so a reload can succeed.
    const cookieless = new Client(server.base);
    const first = await cookieless.post(ENTRIES, { itemId: 'tee', sku: 'TEE-S', quantity: 1 });
    expect(first.status).toBe(401);
    expect(cookieless.cookies.has('crumb')).toBe(true);
    expect(
      (await cookieless.post(ENTRIES, { itemId: 'tee', sku: 'TEE-S', quantity: 1 })).status,
    ).toBe(200);
  });
});

describe('PUT entries/{id}/additionalFields', () => {
  it('updates the entry and returns updatedEntry', async () => {
    const added = await add('ring', 'RING', 1, '{"engraving":"A"}');
    const id = added.body.newlyAdded.id as string;
    const reply = await client.put(`${ENTRIES}/${id}/additionalFields`, {
      itemId: 'ring',
      sku: 'RING',
      additionalFields: '{"engraving":"Z"}',
    });
    expect(reply.status).toBe(200);
    const body = expectShape(UpdateAdditionalFieldsResponse, reply.body);
    expect(body.updatedEntry).toMatchObject({ id, additionalFields: '{"engraving":"Z"}' });
    expect(body.shoppingCart.entries[0]!.additionalFields).toBe('{"engraving":"Z"}');
  });

  it('validates the payload and finds the entry', async () => {
    const id = (await add('ring', 'RING', 1)).body.newlyAdded.id as string;
    const path = `${ENTRIES}/${id}/additionalFields`;
    expectFieldError(await client.put(path, { itemId: 'ring', sku: 'RING' }), 'additionalFields');
    expectFieldError(
      await client.put(path, { itemId: 'ring', sku: 'RING', additionalFields: '[' }),
      'additionalFields',
    );
    expectFieldError(
      await client.put(path, { itemId: 'tee', sku: 'RING', additionalFields: '{}' }),
      'itemId',
    );
    const missing = await client.put(`${ENTRIES}/nope/additionalFields`, {
      itemId: 'ring',
      sku: 'RING',
      additionalFields: '{}',
    });
    expect(missing).toMatchObject({
      status: 404,
      body: { error: CART_SERVER_MESSAGES.entryNotFound },
    });
  });
});

describe('PUT and DELETE entries/{id}', () => {
  it('updates the quantity, removes at 0 and on DELETE', async () => {
    const tee = (await add('tee', 'TEE-M', 1)).body.newlyAdded.id as string;
    const mug = (await add('mug', 'MUG', 1)).body.newlyAdded.id as string;
    const updated = await client.put(`${ENTRIES}/${tee}`, { quantity: 4 });
    expect(updated.status).toBe(200);
    expect(expectShape(CartResponse, updated.body).shoppingCart.subtotalCents).toBe(
      4 * 1999 + 1200,
    );
    const removed = await client.put(`${ENTRIES}/${tee}`, { quantity: 0 });
    expect(removed.body.shoppingCart.entries.map((e: { id: string }) => e.id)).toEqual([mug]);
    const deleted = await client.delete(`${ENTRIES}/${mug}`);
    expect(deleted.body.shoppingCart).toMatchObject({
      entries: [],
      totalQuantity: 0,
      subtotalCents: 0,
    });
    expect((await client.delete(`${ENTRIES}/${mug}`)).status).toBe(404);
  });

  it('validates the quantity and the stock', async () => {
    const id = (await add('tee', 'TEE-S', 1)).body.newlyAdded.id as string;
    expectFieldError(await client.put(`${ENTRIES}/${id}`, { quantity: -1 }), 'quantity');
    expectFieldError(await client.put(`${ENTRIES}/${id}`, { quantity: '3' }), 'quantity');
    expectFieldError(await client.put(`${ENTRIES}/${id}`, { quantity: 10000 }), 'quantity');
    expect((await client.put(`${ENTRIES}/${id}`, { quantity: 3 })).status).toBe(200);
    const over = await client.put(`${ENTRIES}/${id}`, { quantity: 4 });
    expect(over.body.error).toBe(CART_MESSAGES.outOfStock);
  });

  it('does not let one visitor touch another visitor’s entries', async () => {
    const id = (await add('tee', 'TEE-S', 1)).body.newlyAdded.id as string;
    const other = await new Client(server.base).prime();
    expect((await other.delete(`${ENTRIES}/${id}`)).status).toBe(404);
  });
});

// One set of rules for every change to a cart's lines (server/commerce/cart-lines.ts): stock and line
// size hold whether units arrive by an add, a quantity update or a move to another variant, and
// a cart holds at most MAX_CART_LINES lines.
const addLine = async (...args: Parameters<typeof add>) => {
  const reply = await add(...args);
  expect(reply.status).toBe(200);
  return reply.body.newlyAdded.id as string;
};
const move = (id: string, itemId: string, sku: string, additionalFields = '{}') =>
  client.put(`${ENTRIES}/${id}/additionalFields`, { itemId, sku, additionalFields });
const lines = async () =>
  expectShape(ShoppingCart, (await client.get(CART)).body).entries.map(
    (e) => `${e.chosenVariant.sku} x${e.quantity} ${e.additionalFields}`,
  );

describe('moving a line to another variant (PUT additionalFields with another sku)', () => {
  it('refuses a sold-out variant with the answer a direct add gets', async () => {
    const id = await addLine('tee', 'TEE-M', 10, '{}');
    const moved = await move(id, 'tee', 'TEE-L');
    const direct = await add('tee', 'TEE-L', 10);
    expect(moved).toMatchObject({ status: 400, body: { error: CART_MESSAGES.outOfStock } });
    expect(moved.body).toEqual(direct.body);
    expect(await lines()).toEqual(['TEE-M x10 {}']);
  });

  it('refuses to merge a line into another past the variant’s stock', async () => {
    await addLine('tee', 'TEE-S', 2, '{}');
    const medium = await addLine('tee', 'TEE-M', 2, '{}');
    // 2 + 2 small tees, 3 in stock: the same refusal as adding 2 more small ones.
    const moved = await move(medium, 'tee', 'TEE-S');
    expect(moved).toMatchObject({ status: 400, body: { error: CART_MESSAGES.outOfStock } });
    expect(moved.body).toEqual((await add('tee', 'TEE-S', 2)).body);
    expect(await lines()).toEqual(['TEE-S x2 {}', 'TEE-M x2 {}']);
  });

  it('refuses a merge past the largest line, as an add would', async () => {
    await addLine('mug', 'MUG', 9000, '{"a":1}');
    const other = await addLine('mug', 'MUG', 1000, '{"b":1}');
    const merged = await move(other, 'mug', 'MUG', '{"a":1}');
    expectFieldError(merged, 'quantity', CART_MESSAGES.quantityTooLarge);
    expect(merged.body).toEqual((await add('mug', 'MUG', 1000, '{"a":1}')).body);
    expect(await lines()).toEqual(['MUG x9000 {"a":1}', 'MUG x1000 {"b":1}']);
  });

  it('moves a line within the stock, merging it with the line it now equals', async () => {
    await addLine('tee', 'TEE-S', 1, '{}');
    const medium = await addLine('tee', 'TEE-M', 2, '{}');
    const moved = await move(medium, 'tee', 'TEE-S');
    expect(moved.status).toBe(200);
    const body = expectShape(UpdateAdditionalFieldsResponse, moved.body);
    expect(body.updatedEntry).toMatchObject({ id: medium, quantity: 3 });
    expect(body.updatedEntry.chosenVariant.sku).toBe('TEE-S');
    expect(await lines()).toEqual(['TEE-S x3 {}']);
    // The stock is now used up: one more small tee is refused by every call alike.
    expect((await add('tee', 'TEE-S', 1)).body.error).toBe(CART_MESSAGES.outOfStock);
  });

  it('lets a line keep its units when only its fields change, even over a fallen stock', async () => {
    const id = await addLine('tee', 'TEE-S', 3, '{"gift":false}');
    server.handler.stores.db.prepare('UPDATE cart_entries SET quantity = 5 WHERE id = ?').run(id);
    expect((await move(id, 'tee', 'TEE-S', '{"gift":true}')).status).toBe(200);
    // Lowering is allowed, raising is not.
    expect((await client.put(`${ENTRIES}/${id}`, { quantity: 4 })).status).toBe(200);
    const raised = await client.put(`${ENTRIES}/${id}`, { quantity: 5 });
    expect(raised.body.error).toBe(CART_MESSAGES.outOfStock);
  });
});

describe('the number of lines in a cart', () => {
  it(`stops at ${MAX_CART_LINES} lines, before storing the next`, async () => {
    for (let i = 0; i < MAX_CART_LINES; i++) await addLine('mug', 'MUG', 1, `{"n":${i}}`);
    const over = await add('mug', 'MUG', 1, `{"n":${MAX_CART_LINES}}`);
    expect(over).toMatchObject({ status: 400, body: { error: CART_SERVER_MESSAGES.tooManyLines } });
    expect(CART_SERVER_MESSAGES.tooManyLines).toBe(
      `Sorry, your cart cannot hold more than ${MAX_CART_LINES} different items.`,
    );
    const stored = server.handler.stores.db.prepare('SELECT COUNT(*) AS n FROM cart_entries');
    expect(stored.get()).toEqual({ n: MAX_CART_LINES });
    // Adding to a line the cart already has still works at the cap.
    const more = await add('mug', 'MUG', 2, '{"n":0}');
    expect(more.body.newlyAdded).toMatchObject({ quantity: 3, additionalFields: '{"n":0}' });
  });
});
