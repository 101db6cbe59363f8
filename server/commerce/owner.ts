/**
 * The site owner's session. Owner calls (routes marked `owner: true`: restock lists and sends,
 * store creation, settings writes) need it; visitors only ever get the crumb. Whoever runs the
 * server gets a one-time link (`/__owner?token=…`, printed by `jsont preview`); opening it swaps
 * the token for an HttpOnly, SameSite=Strict owner cookie and redirects to the home page. Link
 * tokens and sessions live in memory, so they change with every run.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { newToken } from './crumb.js';
import { appendSetCookie, HttpError, serializeCookie } from './http.js';

export const OWNER_COOKIE = 'jsont-owner';
export const OWNER_LINK_PATH = '/__owner';

export const OWNER_MESSAGES = {
  required:
    'Owner session required: open the owner link that jsont preview printed in its terminal',
  invalid:
    'Not a valid owner session (sessions end when the preview stops): open the owner link that jsont preview printed in its terminal',
  badLink:
    'This owner link is not valid: each link works once; use the last one jsont preview printed',
} as const;

/** Digests have one length, so timingSafeEqual never throws and length leaks nothing. */
const digest = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

export class OwnerAccess {
  private linkDigest: Buffer;
  private linkToken: string;
  private readonly sessions: Buffer[] = [];

  /** `onNewLink` hears of each link after the first, so the terminal can show the current one. */
  constructor(private readonly onNewLink?: (path: string) => void) {
    this.linkToken = newToken(32);
    this.linkDigest = digest(this.linkToken);
  }

  /** The current one-time link's path and query, e.g. `/__owner?token=…`. */
  linkPath(): string {
    return `${OWNER_LINK_PATH}?token=${this.linkToken}`;
  }

  /**
   * Swaps a link token for a new session token, or undefined when the token is not the current
   * one. A used token never works again: the link is replaced at once.
   */
  redeem(token: string | null | undefined): string | undefined {
    if (typeof token !== 'string' || !timingSafeEqual(digest(token), this.linkDigest))
      return undefined;
    this.linkToken = newToken(32);
    this.linkDigest = digest(this.linkToken);
    const session = newToken(32);
    this.sessions.push(digest(session));
    this.onNewLink?.(this.linkPath());
    return session;
  }

  /** Throws 401 without an owner cookie and 403 with one that is not a session of this run. */
  check(cookie: string | undefined): void {
    if (cookie === undefined || cookie === '')
      throw new HttpError(401, { error: OWNER_MESSAGES.required });
    const sent = digest(cookie);
    // Every session is compared, so the time taken does not tell which (if any) matched.
    let found = false;
    for (const session of this.sessions) found = timingSafeEqual(sent, session) || found;
    if (!found) throw new HttpError(403, { error: OWNER_MESSAGES.invalid });
  }

  /** Answers `GET /__owner?token=…`: sets the owner cookie and redirects to the home page. */
  answerLink(res: ServerResponse, method: string, token: string | null): void {
    if (method !== 'GET') throw new HttpError(405, { error: 'Method not allowed' });
    const session = this.redeem(token);
    if (session === undefined) throw new HttpError(403, { error: OWNER_MESSAGES.badLink });
    appendSetCookie(
      res,
      serializeCookie(OWNER_COOKIE, session, { httpOnly: true, sameSite: 'Strict' }),
    );
    res.writeHead(303, {
      Location: '/',
      'Cache-Control': 'no-store',
      // The token is spent, but it still has no business in another site's logs.
      'Referrer-Policy': 'no-referrer',
    });
    res.end();
  }
}
