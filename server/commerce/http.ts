/**
 * Small node:http helpers for the API: bounded body reading, cookies, JSON replies, and the
 * one error type handlers throw so every failure leaves as a JSON body with a status.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import * as z from 'zod/mini';
import { fieldErrorsOf, INVALID_REQUEST } from '../../storefront/api/schemas.js';

/** Bodies above this are refused (413): every payload the storefront sends is far smaller. */
export const MAX_BODY_BYTES = 1024 * 1024;
/**
 * Deepest JSON nesting accepted, in a body or in a JSON text carried by one of its fields
 * (RecordEvent `data`, clanker `eventContent`): parsing, validating and storing are recursive,
 * and a 1 MiB body can nest 500,000 deep. Every payload of the API nests a few levels.
 */
export const MAX_JSON_DEPTH = 64;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(typeof body.error === 'string' ? body.error : `HTTP ${status}`);
  }
}

export const fail = (status: number, error: string, extra: Record<string, unknown> = {}) =>
  new HttpError(status, { error, ...extra });

/**
 * Validates `value` with `schema`, or throws the 400 `{ error, fieldErrors }` reply. Any zod 4
 * schema: the shared API schemas are `zod/mini`, the server's own (faults) classic zod.
 */
export function parseWith<S extends z.core.$ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = z.safeParse(schema, value);
  if (!result.success) {
    throw new HttpError(400, { error: INVALID_REQUEST, fieldErrors: fieldErrorsOf(result.error) });
  }
  return result.data;
}

/** The body as text; past `maxBytes` the 413 reply, which names the limit. */
export async function readBody(req: IncomingMessage, maxBytes = MAX_BODY_BYTES): Promise<string> {
  const tooLarge = () =>
    fail(413, `Request body too large: this call takes at most ${maxBytes} bytes`);
  if (Number(req.headers['content-length']) > maxBytes) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const bodyError = (field: string, message: string) =>
  new HttpError(400, { error: INVALID_REQUEST, fieldErrors: { [field]: [message] } });

/**
 * The deepest nesting of `[` and `{` outside string literals, scanned without recursion and
 * stopping once `limit` is passed (the text need not be valid JSON).
 */
export function jsonDepth(text: string, limit = Infinity): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > deepest && (deepest = depth) > limit) break;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

const tooDeep = (field: string) =>
  bodyError(field, `JSON nested more than ${MAX_JSON_DEPTH} levels deep`);

/**
 * Fields whose strings are JSON texts the handlers parse (`data`, `eventContent`, `form`,
 * `additionalFields`) get the body's depth limit too; any string that opens like JSON is
 * checked, so a new field of that kind is covered without a list here.
 */
function checkNestedTexts(value: unknown): void {
  const pending: Array<[string, unknown]> = [['', value]];
  while (pending.length > 0) {
    const [path, v] = pending.pop()!;
    if (typeof v === 'string') {
      if (/^\s*[[{]/.test(v) && jsonDepth(v, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
        throw tooDeep(path === '' ? '_body' : path);
      }
    } else if (typeof v === 'object' && v !== null) {
      for (const [key, child] of Object.entries(v)) {
        pending.push([path === '' ? key : `${path}.${key}`, child]);
      }
    }
  }
}

/**
 * Decodes a body by content type: form-encoded (RecordEvent, RecordHit) to a record of strings,
 * anything else as JSON (beacons send JSON as text/plain). An empty body is `undefined`.
 * Nesting deeper than MAX_JSON_DEPTH is a 400, checked before parsing.
 */
export function decodeBody(text: string, contentType: string | undefined): unknown {
  if (text.trim() === '') return undefined;
  let value: unknown;
  if ((contentType ?? '').startsWith('application/x-www-form-urlencoded')) {
    value = Object.fromEntries(new URLSearchParams(text));
  } else {
    if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) throw tooDeep('_body');
    try {
      value = JSON.parse(text);
    } catch {
      throw bodyError('_body', 'Malformed JSON');
    }
  }
  checkNestedTexts(value);
  return value;
}

/**
 * The request's URL. The target is appended to the origin rather than resolved against it, so
 * `//` or `//host/x` stays a path instead of failing as a URL without a host; a target that
 * still cannot be parsed is a 400.
 */
export function requestUrl(req: IncomingMessage): URL {
  try {
    return new URL(`http://localhost${req.url ?? '/'}`);
  } catch {
    throw new HttpError(400, { error: 'Bad request target' });
  }
}

export function parseCookies(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    const raw = part.slice(eq + 1).trim();
    try {
      out[name] = decodeURIComponent(raw);
    } catch {
      out[name] = raw;
    }
  }
  return out;
}

export interface CookieOptions {
  maxAgeSeconds?: number;
  httpOnly?: boolean;
  /** Lax unless said otherwise; the owner cookie is Strict. */
  sameSite?: 'Lax' | 'Strict';
}

export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  let cookie = `${name}=${encodeURIComponent(value)}; Path=/; SameSite=${options.sameSite ?? 'Lax'}`;
  if (options.maxAgeSeconds !== undefined) cookie += `; Max-Age=${options.maxAgeSeconds}`;
  if (options.httpOnly === true) cookie += '; HttpOnly';
  return cookie;
}

/** Adds a Set-Cookie header without dropping ones set earlier in the same response. */
export function appendSetCookie(res: ServerResponse, cookie: string): void {
  const existing = res.getHeader('Set-Cookie');
  const list = Array.isArray(existing)
    ? existing
    : existing === undefined
      ? []
      : [String(existing)];
  res.setHeader('Set-Cookie', [...list, cookie]);
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
  });
  res.end(text);
}
