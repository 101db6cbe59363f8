/**
 * The commerce client: requests (paths, bodies, the crumb header), responses validated with
 * the shared schemas, and every failure classified with the text a visitor sees.
 */
import { describe, expect, it, vi } from 'vitest';
import { createCommerceClient } from '../../storefront/api/client.js';
import { readCookie } from '../../storefront/api/cookies.js';
import { CommerceError } from '../../storefront/api/errors.js';
import { cartOf } from './carts.js';

type Answer = { status: number; body: unknown } | Error;

function clientAnswering(
  answer: Answer | ((url: string, init: RequestInit) => Answer),
  extra = {},
) {
  const requests: Array<{ url: string; init: RequestInit }> = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    requests.push({ url: String(url), init: init! });
    const a = typeof answer === 'function' ? answer(String(url), init!) : answer;
    if (a instanceof Error) throw a;
    return new Response(typeof a.body === 'string' ? a.body : JSON.stringify(a.body), {
      status: a.status,
    });
  });
  const client = createCommerceClient({
    fetch: fetch as typeof globalThis.fetch,
    cookies: () => 'other=1; crumb=abc%20123',
    ...extra,
  });
  return { client, requests };
}

async function failure(promise: Promise<unknown>): Promise<CommerceError> {
  const thrown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(thrown).toBeInstanceOf(CommerceError);
  return thrown as CommerceError;
}

const cart = cartOf([{ id: 'e1', itemId: 'i', sku: 's', quantity: 2 }]);

describe('commerce client', () => {
  it('adds an entry with the crumb header and returns the validated answer', async () => {
    const { client, requests } = clientAnswering({
      status: 200,
      body: { shoppingCart: cart, newlyAdded: cart.entries[0] },
    });
    const answer = await client.addEntry({ itemId: 'i', sku: 's', quantity: 2 });
    expect(answer.shoppingCart.totalQuantity).toBe(2);
    expect(requests[0]!.url).toBe('/api/commerce/shopping-cart/entries');
    expect(requests[0]!.init.method).toBe('POST');
    expect((requests[0]!.init.headers as Record<string, string>)['X-CSRF-Token']).toBe('abc 123');
    expect(JSON.parse(String(requests[0]!.init.body))).toEqual({
      itemId: 'i',
      sku: 's',
      quantity: 2,
    });
  });

  it('reads, edits and removes with the paths of the API', async () => {
    const { client, requests } = clientAnswering((url) => ({
      status: 200,
      body: url.endsWith('shopping-cart')
        ? cart
        : url.includes('stock')
          ? { results: [] }
          : { shoppingCart: cart },
    }));
    await client.getCart();
    await client.setQuantity('e 1', 3);
    await client.removeEntry('e1');
    await client.stock('item/1');
    expect(requests.map((r) => [r.init.method, r.url])).toEqual([
      ['GET', '/api/commerce/shopping-cart'],
      ['PUT', '/api/commerce/shopping-cart/entries/e%201'],
      ['DELETE', '/api/commerce/shopping-cart/entries/e1'],
      ['GET', '/api/commerce/inventory/stock?itemId=item%2F1'],
    ]);
    expect((requests[0]!.init.headers as Record<string, string>)['X-CSRF-Token']).toBeUndefined();
  });

  it.each([
    [
      { status: 429, body: { error: 'Too Many Requests' } },
      'rate-limit',
      'Please try again in a few seconds.',
    ],
    [
      { status: 400, body: { error: 'Sorry, we do not have enough of that item available.' } },
      'server',
      'Sorry, we do not have enough of that item available.',
    ],
    [{ status: 500, body: { error: 'Internal Server Error' } }, 'server', 'Internal Server Error'],
    [{ status: 502, body: '<html>bad gateway</html>' }, 'invalid-response', 'Please try again.'],
    [{ status: 200, body: { shoppingCart: { id: 1 } } }, 'invalid-response', 'Please try again.'],
    [new TypeError('Failed to fetch'), 'network', 'Please check your internet connection.'],
  ] as const)('classifies %j as %s', async (answer, kind, message) => {
    const { client } = clientAnswering(answer as Answer);
    const error = await failure(client.setQuantity('e1', 2));
    expect([error.kind, error.message]).toEqual([kind, message]);
  });

  it("keeps the answer's body on the error, for the fields a form shows", async () => {
    const body = { error: 'One field is wrong', errors: { subject: 'That subject is taken.' } };
    const error = await failure(clientAnswering({ status: 400, body }).client.setQuantity('e1', 2));
    expect(error.data).toEqual(body);
    const teapot = { status: 418, body: { message: 'Teapot says no' } };
    expect((await failure(clientAnswering(teapot).client.removeEntry('e1'))).data).toEqual(
      teapot.body,
    );
  });

  it('tells a crumb failure apart, with cookies on and off', async () => {
    const crumbFail = { status: 401, body: { error: 'x', crumbFail: true } };
    const on = await failure(clientAnswering(crumbFail).client.removeEntry('e1'));
    expect([on.kind, on.message]).toEqual([
      'crumb',
      'Your session has expired. Please reload the page and try again.',
    ]);
    const off = await failure(
      clientAnswering(crumbFail, { cookiesEnabled: () => false }).client.removeEntry('e1'),
    );
    expect(off.message).toBe(
      'Please enable cookies in your browser, reload the page, and try again.',
    );
  });

  it('aborts a call that takes longer than the timeout', async () => {
    let fire = (): void => {};
    const fetch = vi.fn(
      (_url: unknown, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) =>
          init!.signal!.addEventListener('abort', () => reject(new DOMException('aborted'))),
        ),
    );
    const client = createCommerceClient({
      fetch: fetch as unknown as typeof globalThis.fetch,
      timeoutMs: 5000,
      setTimeout: (fn, ms) => {
        expect(ms).toBe(5000);
        fire = fn;
        return 1;
      },
      clearTimeout: () => {},
    });
    const pending = failure(client.getCart());
    fire();
    const error = await pending;
    expect([error.kind, error.message]).toEqual(['timeout', 'Please try again.']);
  });

  it('refuses a request the server would refuse, without sending it', async () => {
    const { client, requests } = clientAnswering({ status: 200, body: {} });
    const error = await failure(client.addEntry({ itemId: 'i', sku: 's', quantity: 1.5 }));
    expect(error.message).toBe('Quantity must be a whole number');
    expect(requests).toEqual([]);
  });

  it('reads cookies by name', () => {
    expect(readCookie('a=1; crumb=x%3Dy; b=2', 'crumb')).toBe('x=y');
    expect(readCookie('a=1', 'crumb')).toBeUndefined();
  });
});
