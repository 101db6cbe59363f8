/**
 * Token buckets for calls any web page can make without a crumb (analytics): each key holds up
 * to `capacity` tokens, refilled continuously at `refillPerSecond`; a call takes one token or is
 * refused. The clock is the handler's (ApiOptions.now), so tests move time instead of sleeping.
 */
import type { IncomingMessage } from 'node:http';
import { CRUMB_COOKIE } from './crumb.js';

export interface BucketRate {
  capacity: number;
  refillPerSecond: number;
}

/**
 * Keys a bucket map remembers at most. Keys come from clients, so the map must not grow with
 * them; past this the least recently used key is forgotten, which only gives that caller a full
 * bucket again.
 */
const MAX_KEYS = 10_000;

export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly rate: BucketRate,
    private readonly now: () => number,
  ) {}

  /** Takes a token for `key`; false when its bucket is empty. */
  take(key: string): boolean {
    const at = this.now();
    const { capacity, refillPerSecond } = this.rate;
    const last = this.buckets.get(key);
    let tokens = capacity;
    if (last !== undefined) {
      const elapsedS = Math.max(0, at - last.at) / 1000;
      tokens = Math.min(capacity, last.tokens + elapsedS * refillPerSecond);
      this.buckets.delete(key); // re-inserted below, so the map's order is least recent first
    } else if (this.buckets.size >= MAX_KEYS) {
      this.buckets.delete(this.buckets.keys().next().value!);
    }
    const admitted = tokens >= 1;
    this.buckets.set(key, { tokens: admitted ? tokens - 1 : tokens, at });
    return admitted;
  }
}

/**
 * Per visitor: the visitor is the crumb cookie every page sets, or the remote address for a
 * caller without one (another site's page: SameSite=Lax keeps the cookie off its POSTs). A client
 * that invents a new cookie for every call gets a new visitor bucket each time, so the address
 * has a bucket of its own too, `addressFactor` times the visitor's.
 */
export class VisitorRateLimit {
  private readonly visitors: TokenBuckets;
  private readonly addresses: TokenBuckets;

  constructor(rate: BucketRate, addressFactor: number, now: () => number) {
    this.visitors = new TokenBuckets(rate, now);
    this.addresses = new TokenBuckets(
      {
        capacity: rate.capacity * addressFactor,
        refillPerSecond: rate.refillPerSecond * addressFactor,
      },
      now,
    );
  }

  admit(req: IncomingMessage, cookies: Record<string, string>): boolean {
    const address = `address:${req.socket.remoteAddress ?? 'unknown'}`;
    const crumb = cookies[CRUMB_COOKIE];
    const visitor = crumb === undefined || crumb === '' ? address : `crumb:${crumb}`;
    return this.visitors.take(visitor) && this.addresses.take(address);
  }
}
