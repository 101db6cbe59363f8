/**
 * Contract-test harness: the API on a real loopback server (127.0.0.1, ephemeral port) with a
 * small catalog, and a fetch client that keeps cookies and sends the crumb like the browser
 * client does.
 */
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import * as z from 'zod/mini';
import { afterEach, beforeEach, expect } from 'vitest';
import { createApiHandler, type ApiHandler, type ApiOptions } from '../../server/commerce/index.js';
import { OWNER_COOKIE, type OwnerAccess } from '../../server/commerce/owner.js';
import { catalogFromItems } from '../../server/commerce/catalog.js';
import { createSiteServer, type SiteServer } from '../../server/preview/site-server.js';
import { openStore, type Database } from '../../server/commerce/store/open.js';
import { ErrorResponse } from '../../storefront/api/schemas.js';

export const ITEMS = [
  {
    id: 'tee',
    title: 'Tee',
    collectionId: 'shop',
    structuredContent: {
      productType: 1,
      variants: [
        {
          id: 'tee-s',
          sku: 'TEE-S',
          priceMoney: { value: '25.00', currency: 'USD' },
          qtyInStock: 3,
          attributes: { Size: 'S' },
        },
        {
          id: 'tee-m',
          sku: 'TEE-M',
          onSale: true,
          priceMoney: { value: '25.00', currency: 'USD' },
          salePriceMoney: { value: '19.99', currency: 'USD' },
          qtyInStock: 10,
          attributes: { Size: 'M' },
        },
        { id: 'tee-l', sku: 'TEE-L', priceMoney: { value: '25.00' }, qtyInStock: 0 },
      ],
    },
  },
  {
    id: 'ebook',
    title: 'E-book',
    structuredContent: { productType: 2, priceMoney: { value: '9.99', currency: 'USD' } },
  },
  {
    id: 'mug',
    title: 'Mug',
    structuredContent: { productType: 1, variants: [{ sku: 'MUG', price: 1200, unlimited: true }] },
  },
  {
    id: 'box',
    title: 'Monthly box',
    structuredContent: {
      productType: 1,
      isSubscribable: true,
      variants: [{ sku: 'BOX', priceMoney: { value: '30' }, unlimited: true }],
    },
  },
  {
    id: 'ring',
    title: 'Engraved ring',
    structuredContent: {
      productType: 1,
      additionalFieldsFormId: 'engraving-form',
      additionalFieldsForm: {
        id: 'engraving-form',
        fields: [{ id: 'engraving', type: 'text', required: true, maxLength: 12 }],
      },
      variants: [{ sku: 'RING', priceMoney: { value: '100.00' }, qtyInStock: 5 }],
    },
  },
];

export const FORMS = [
  {
    id: 'contact',
    name: 'Contact',
    fields: [
      { id: 'name', type: 'name', required: true },
      { id: 'email', type: 'email', required: true },
      { id: 'message', type: 'textarea', maxLength: 10 },
      { id: 'mood', type: 'likert', required: true },
      { id: 'heading', type: 'section', required: true },
    ],
  },
  { id: 'guarded', name: 'Guarded', captchaEnabled: true, fields: [] },
  {
    id: 'letters',
    name: 'Newsletter',
    isNewsletter: true,
    fields: [{ id: 'letters-email', type: 'email', required: true }],
  },
];

export const catalog = catalogFromItems(ITEMS, { forms: FORMS });

export interface TestServer {
  base: string;
  handler: ApiHandler;
  db: Database;
  close(): Promise<void>;
}

/**
 * Starts the API on 127.0.0.1 with an ephemeral port; the db is `:memory:` unless given, and the
 * test hooks (/__faults, /__recorded) are on unless `testHooks: false` is passed.
 */
export async function startApi(options: Partial<ApiOptions> = {}): Promise<TestServer> {
  const db = options.db ?? openStore(':memory:');
  const handler = createApiHandler({ catalog, testHooks: true, ...options, db });
  const server: Server = createServer((req, res) => {
    void handler(req, res).then((handled) => {
      if (!handled) {
        res.writeHead(404);
        res.end(JSON.stringify({ error: 'not api' }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    handler,
    db,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A site-user account for the tests that sign in: a store has no account until one is made
 * (server/site/site-users.ts), so `addAccount` makes this one.
 */
export const TEST_ACCOUNT = { email: 'shopper@example.com', password: 'shopper-password' };

export function addAccount(server: TestServer): void {
  server.handler.stores.users.ensure(TEST_ACCOUNT.email, TEST_ACCOUNT.password, 'test-site-user');
}

/** Makes the test account and signs `client` in with it; returns the session's XSRF token. */
export async function signIn(server: TestServer, client: Client, rememberMe = false) {
  addAccount(server);
  const reply = await client.post('/api/site-users/account/session', {
    ...TEST_ACCOUNT,
    rememberMe,
  });
  expect(reply.status).toBe(200);
  return reply.body.xsrfToken as string;
}

/**
 * What `useApi` hands each test: a fresh server, a visitor client already holding a crumb, and
 * an owner client that has also opened the owner link.
 */
export interface ApiFixture {
  server: TestServer;
  client: Client;
  owner: Client;
}

/**
 * Registers the per-test setup of the contract tests: before each test, starts the API on a
 * `:memory:` db and primes a client, passing both to `receive`; after it, closes the server.
 */
export function useApi(receive: (api: ApiFixture) => void): void {
  let server: TestServer;
  beforeEach(async () => {
    server = await startApi();
    const client = await new Client(server.base).prime();
    const owner = await new Client(server.base).signInAsOwner(server.handler.owner);
    receive({ server, client, owner });
  });
  afterEach(() => server.close());
}

/** Response bodies are asserted field by field, so they are loosely typed here. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Body = any;

export interface Reply<T = Body> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  json?: unknown;
  form?: Record<string, string>;
  headers?: Record<string, string>;
  /** A body sent as it is (with the Content-Type given in `headers`). */
  raw?: string;
  /** Send the crumb cookie back as X-CSRF-Token (default true). */
  crumb?: boolean;
}

/** A browser-like client: a cookie jar and the crumb header on every call. */
export class Client {
  readonly cookies = new Map<string, string>();

  constructor(readonly base: string) {}

  async request<T = Body>(method: string, path: string, o: RequestOptions = {}): Promise<Reply<T>> {
    const headers: Record<string, string> = { ...o.headers };
    const crumb = this.cookies.get('crumb');
    if (o.crumb !== false && crumb !== undefined) headers['X-CSRF-Token'] = crumb;
    if (this.cookies.size > 0) {
      headers.Cookie = [...this.cookies]
        .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
        .join('; ');
    }
    let body = o.raw;
    if (o.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(o.json);
    } else if (o.form !== undefined) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(o.form).toString();
    }
    const res = await fetch(this.base + path, { method, headers, body });
    this.keepCookies(res);
    const text = await res.text();
    return {
      status: res.status,
      body: text === '' ? undefined : JSON.parse(text),
      headers: res.headers,
    };
  }

  get = <T = Body>(path: string, o?: RequestOptions) => this.request<T>('GET', path, o);
  post = <T = Body>(path: string, json?: unknown, o?: RequestOptions) =>
    this.request<T>('POST', path, { ...o, json });
  put = <T = Body>(path: string, json?: unknown, o?: RequestOptions) =>
    this.request<T>('PUT', path, { ...o, json });
  delete = <T = Body>(path: string, o?: RequestOptions) => this.request<T>('DELETE', path, o);

  private keepCookies(res: Response): void {
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const value = decodeURIComponent(pair!.slice(eq + 1));
      if (/Max-Age=0/.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /**
   * Opens the server's current one-time owner link as the site owner's browser would (without
   * following the redirect, whose target only the page server answers), so the jar holds the
   * owner cookie; then primes the crumb.
   */
  async signInAsOwner(owner: OwnerAccess): Promise<this> {
    const res = await fetch(this.base + owner.linkPath(), { redirect: 'manual' });
    expect(res.status).toBe(303);
    this.keepCookies(res);
    expect(this.cookies.has(OWNER_COOKIE)).toBe(true);
    return this.prime();
  }

  /** Loads something first, as a page view would, so the jar holds a crumb. */
  async prime(): Promise<this> {
    await this.get('/api/commerce/shopping-cart');
    return this;
  }
}

/** Asserts the body matches the shared response schema and returns it typed. */
export function expectShape<S extends z.core.$ZodType>(schema: S, body: unknown): z.infer<S> {
  const parsed = z.safeParse(schema, body);
  if (!parsed.success) expect.fail(`response does not match schema: ${parsed.error.message}`);
  return parsed.data;
}

/** Asserts a 400 invalid-payload reply naming `field`. */
export function expectFieldError(reply: Reply, field: string, message?: string): void {
  expect(reply.status).toBe(400);
  expectShape(ErrorResponse, reply.body);
  expect(reply.body.error).toBe('Invalid request');
  expect(Object.keys(reply.body.fieldErrors ?? {})).toContain(field);
  if (message !== undefined) expect(reply.body.fieldErrors[field]).toContain(message);
}

/** The site server on the demo store (`:memory:` db, quiet log) listening on 127.0.0.1. */
export async function startDemoSite(): Promise<{ site: SiteServer; base: string }> {
  const site = createSiteServer({
    root: resolve(import.meta.dirname, '../../fixtures/site'),
    dbFile: ':memory:',
    log: () => undefined,
  });
  return { site, base: await site.listen(0, '127.0.0.1') };
}

export interface RawReply {
  status: number;
  body: string;
  headers: IncomingHttpHeaders;
}

/**
 * One request over node:http with exactly these headers (fetch would add or refuse Origin and
 * Sec-* headers) and the target as written (a URL would turn `//` into something else). A body
 * gets a Content-Length unless the headers frame it: node:http leaves a DELETE or OPTIONS body
 * unframed, and the server would read it as the next request on the kept-alive connection.
 */
export function sendRaw(
  base: string,
  method: string,
  target: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<RawReply> {
  const { hostname, port } = new URL(base);
  const framed = Object.keys(headers).some((h) => /^(content-length|transfer-encoding)$/i.test(h));
  if (body !== undefined && !framed) {
    headers = { ...headers, 'Content-Length': String(Buffer.byteLength(body)) };
  }
  return new Promise((done, fail) => {
    const req = request({ host: hostname, port, path: target, method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => done({ status: res.statusCode ?? 0, body: text, headers: res.headers }));
    });
    req.on('error', fail);
    req.end(body);
  });
}
