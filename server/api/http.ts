/**
 * Small node:http helpers for the API: bounded body reading, cookies, JSON replies, and the
 * one error type handlers throw so every failure leaves as a JSON body with a status.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';
import { fieldErrorsOf, INVALID_REQUEST } from '../../storefront/api/schemas.js';

/** Bodies above this are refused (413): every SPEC payload is far smaller. */
export const MAX_BODY_BYTES = 1024 * 1024;

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

/** Validates `value` with `schema`, or throws the 400 `{ error, fieldErrors }` reply. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new HttpError(400, { error: INVALID_REQUEST, fieldErrors: fieldErrorsOf(result.error) });
  }
  return result.data;
}

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw fail(413, 'Request body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Decodes a body by content type: form-encoded (RecordEvent, RecordHit) to a record of strings,
 * anything else as JSON (beacons send JSON as text/plain). An empty body is `undefined`.
 */
export function decodeBody(text: string, contentType: string | undefined): unknown {
  if (text.trim() === '') return undefined;
  if ((contentType ?? '').startsWith('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, {
      error: INVALID_REQUEST,
      fieldErrors: { _body: ['Malformed JSON'] },
    });
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
}

export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  let cookie = `${name}=${encodeURIComponent(value)}; Path=/; SameSite=Lax`;
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
