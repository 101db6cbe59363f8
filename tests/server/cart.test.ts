import { describe, expect, it } from 'vitest';
import {
  AddCartEntryResponse,
  CART_MESSAGES,
  CartResponse,
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
    expect(missing).toMatchObject({ status: 404, body: { error: CART_MESSAGES.entryNotFound } });
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
