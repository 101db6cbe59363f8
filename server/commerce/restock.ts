/**
 * Restock notifications (docs/storefront.md, "API calls"): a visitor signs up for a sold-out
 * variant; the owner lists sign-ups by variant group and "sends" the notifications (recorded as
 * sent). Failures carry `message` as well as `error`, because the widget shows `data.message`.
 */
import {
  CART_MESSAGES,
  CART_SERVER_MESSAGES,
  RestockGroupsQuery,
  RestockGroupsResponse,
  RestockSendAllRequest,
  RestockSendRequest,
  RestockSendResponse,
  RestockSignupRequest,
  RestockSignupResponse,
  RestockSignupsQuery,
  RestockSignupsResponse,
} from '../../storefront/api/schemas.js';
import type * as z from 'zod/mini';
import { HttpError, parseWith } from './http.js';
import type { ApiContext, Route } from './router.js';
import { checkXsrfIfSignedIn } from './site-users.js';

const BASE = '/api/site-users/account/notifications/restock';
export const RESTOCK_PAGE_SIZE = 20;

/** Adds `message` (the first problem, or the error) to any HttpError raised by `fn`. */
export function withMessage<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (!(e instanceof HttpError)) throw e;
    const fieldErrors = e.body.fieldErrors as Record<string, string[]> | undefined;
    const first = fieldErrors && Object.values(fieldErrors)[0]?.[0];
    throw new HttpError(e.status, { ...e.body, message: first ?? e.body.error });
  }
}

/**
 * Stores a sign-up for a product's variant (by id or sku); the API's call and the site's post
 * without JavaScript (server/site/form-posts.ts) alike. Throws the HttpError whose `message`
 * the widget shows.
 */
export function signUpForRestock(
  ctx: Pick<ApiContext, 'catalog' | 'stores' | 'now'>,
  body: z.infer<typeof RestockSignupRequest>,
): number {
  return withMessage(() => {
    const product = ctx.catalog.getProduct(body.productId);
    if (product === undefined) {
      throw new HttpError(404, { error: CART_SERVER_MESSAGES.productNotFound });
    }
    const variant = product.variants.find(
      (v) => v.id === body.variantId || v.sku === body.variantId,
    );
    if (variant === undefined) {
      throw new HttpError(400, { error: CART_MESSAGES.variantUnavailable });
    }
    return ctx.stores.restock.upsert({
      product_id: product.id,
      variant_id: variant.id,
      email: body.siteVisitorEmail.trim(),
      join_mailing_list: body.isJoinMailingList ? 1 : 0,
      language: body.language ?? null,
      created: ctx.now(),
    });
  });
}

function page<T>(rows: T[], offset: number) {
  const hasNextPage = rows.length > RESTOCK_PAGE_SIZE;
  return {
    items: rows.slice(0, RESTOCK_PAGE_SIZE),
    hasNextPage,
    nextPageCursor: hasNextPage ? String(offset + RESTOCK_PAGE_SIZE) : null,
  };
}

function sendFor(ctx: ApiContext, requests: Array<{ productId: string; variantId: string }>) {
  const now = ctx.now();
  const { restock } = ctx.stores;
  return ctx.stores.carts.transaction(() =>
    requests.reduce((n, r) => n + restock.markSent(r.productId, r.variantId, now), 0),
  );
}

export const restockRoutes: Route[] = [
  {
    method: 'POST',
    path: BASE,
    crumb: true,
    response: RestockSignupResponse,
    handle: (ctx) =>
      withMessage(() => {
        checkXsrfIfSignedIn(ctx);
        return {
          success: true,
          id: signUpForRestock(ctx, parseWith(RestockSignupRequest, ctx.body)),
        };
      }),
  },
  {
    method: 'GET',
    path: `${BASE}/groups`,
    owner: true,
    response: RestockGroupsResponse,
    handle(ctx) {
      const offset = Number(parseWith(RestockGroupsQuery, ctx.query).cursor ?? 0);
      const rows = ctx.stores.restock.groups(offset, RESTOCK_PAGE_SIZE + 1);
      const { items, ...rest } = page(rows, offset);
      return {
        signUpGroups: items.map((g) => ({
          productId: g.product_id,
          variantId: g.variant_id,
          signUpCount: g.total,
          pendingCount: g.pending,
        })),
        ...rest,
      };
    },
  },
  {
    method: 'GET',
    path: BASE,
    owner: true,
    response: RestockSignupsResponse,
    handle(ctx) {
      const q = parseWith(RestockSignupsQuery, ctx.query);
      const offset = Number(q.cursor ?? 0);
      const rows = ctx.stores.restock.signups(
        q.productId,
        q.variantId,
        offset,
        RESTOCK_PAGE_SIZE + 1,
      );
      const { items, ...rest } = page(rows, offset);
      return {
        signUps: items.map((s) => ({
          id: s.id,
          productId: s.product_id,
          variantId: s.variant_id,
          siteVisitorEmail: s.email,
          isJoinMailingList: s.join_mailing_list === 1,
          language: s.language,
          created: s.created,
          notifiedOn: s.notified_on,
        })),
        ...rest,
      };
    },
  },
  {
    method: 'POST',
    path: `${BASE}/send`,
    owner: true,
    response: RestockSendResponse,
    crumb: true,
    handle: (ctx) =>
      withMessage(() => ({ sentCount: sendFor(ctx, [parseWith(RestockSendRequest, ctx.body)]) })),
  },
  {
    method: 'POST',
    path: `${BASE}/send/all`,
    owner: true,
    response: RestockSendResponse,
    crumb: true,
    handle: (ctx) =>
      withMessage(() => ({
        sentCount: sendFor(ctx, parseWith(RestockSendAllRequest, ctx.body).sendRequests),
      })),
  },
];
