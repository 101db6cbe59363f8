/**
 * The other commerce calls (docs/storefront.md, "API calls"): inventory stock, subscription cart
 * token, the FullStory id, commerce preferences, and store creation (product collection, root
 * category).
 */
import {
  CART_SERVER_MESSAGES,
  FullStoryIdResponse,
  PreferencesNamespace,
  PreferencesRequest,
  PreferencesResponse,
  ProductCollectionRequest,
  ProductCollectionResponse,
  RootCategoryRequest,
  RootCategoryResponse,
  StockQuery,
  StockResponse,
  SubscriptionCartRequest,
  SubscriptionCartResponse,
} from '../../storefront/api/schemas.js';
import { checkStock, findVariant, newId } from './cart.js';
import { fail, parseWith } from './http.js';
import { Reply, type ApiContext, type Route } from './router.js';

/**
 * Stock the client compares with a variant's quantity; docs/storefront.md, "Product rules":
 * unlimited is "very large".
 */
function stock(ctx: ApiContext) {
  const { itemId } = parseWith(StockQuery, ctx.query);
  const product = ctx.catalog.getProduct(itemId);
  if (product === undefined) throw fail(404, CART_SERVER_MESSAGES.productNotFound);
  return {
    results: product.variants.map((v) => ({
      variantId: v.id,
      sku: v.sku,
      unlimited: v.unlimited,
      qtyInStock: v.qtyInStock,
    })),
  };
}

function preferencesKey(ctx: ApiContext): string {
  const namespace = parseWith(PreferencesNamespace, ctx.params.namespace);
  return `commerce-preferences:${namespace}`;
}

export const commerceRoutes: Route[] = [
  { method: 'GET', path: '/api/commerce/inventory/stock', response: StockResponse, handle: stock },
  {
    method: 'POST',
    path: '/api/3/commerce/cart/subscription',
    response: SubscriptionCartResponse,
    crumb: true,
    handle(ctx) {
      const body = parseWith(SubscriptionCartRequest, ctx.body);
      const { product, variant } = findVariant(ctx, body.itemId, body.sku);
      if (!product.isSubscribable) throw fail(400, CART_SERVER_MESSAGES.notSubscribable);
      checkStock(variant, 0, body.qty);
      const cartToken = newId();
      ctx.stores.db
        .prepare(
          `INSERT INTO subscription_carts (token, item_id, sku, qty, additional_fields, created)
           VALUES (?, ?, ?, ?, ?, ?)`,
        )
        .run(cartToken, body.itemId, body.sku, body.qty, body.additionalFields ?? null, ctx.now());
      return { cartToken };
    },
  },
  {
    method: 'GET',
    path: '/api/commerce/fullstory/getId',
    response: FullStoryIdResponse,
    // A fixed id that is not the automated mock id, so the client's session-recording path
    // is exercised in preview.
    handle: () => 'local-preview-fullstory',
  },
  {
    method: 'GET',
    path: '/api/v1/commerce-preferences/:namespace',
    response: PreferencesResponse,
    handle(ctx) {
      const prefs = ctx.stores.settings.get<Record<string, unknown>>(preferencesKey(ctx), {});
      return { ...prefs, websiteId: ctx.websiteId };
    },
  },
  {
    method: 'PUT',
    path: '/api/v1/commerce-preferences/:namespace',
    owner: true,
    response: PreferencesResponse,
    crumb: true,
    handle(ctx) {
      const key = preferencesKey(ctx);
      // docs/storefront.md, "API calls": websiteId is stripped from what is saved; the server owns
      // it.
      const { websiteId: _ignored, ...prefs } = parseWith(PreferencesRequest, ctx.body);
      ctx.stores.settings.set(key, prefs);
      return { ...prefs, websiteId: ctx.websiteId };
    },
  },
  {
    method: 'POST',
    path: '/api/content-service/product/1.1/websites/:websiteId/products',
    owner: true,
    response: ProductCollectionResponse,
    crumb: true,
    handle(ctx) {
      const body = parseWith(ProductCollectionRequest, ctx.body);
      if (ctx.params.websiteId !== ctx.websiteId) throw fail(404, 'Unknown website');
      // The client derives a free url id (docs/storefront.md, "Store creation"); a collision here
      // is a stale client.
      if (ctx.stores.collections.urlIdTaken(body.urlId)) {
        throw fail(400, 'Invalid request', { fieldErrors: { urlId: ['URL already in use'] } });
      }
      const id = newId();
      ctx.stores.collections.insert({
        id,
        website_id: ctx.websiteId,
        navigation_title: body.navigationTitle,
        title: body.title,
        url_id: body.urlId,
        description: body.description,
        enabled: body.enabled ? 1 : 0,
        created: ctx.now(),
      });
      return new Reply(201, { ...body, id, websiteId: ctx.websiteId });
    },
  },
  {
    method: 'POST',
    path: '/api/content-service/product/1.1/websites/:websiteId/products/:collectionId/categories',
    owner: true,
    response: RootCategoryResponse,
    crumb: true,
    handle(ctx) {
      const body = parseWith(RootCategoryRequest, ctx.body);
      const collectionId = ctx.params.collectionId!;
      if (ctx.stores.collections.get(collectionId, ctx.params.websiteId!) === undefined) {
        throw fail(404, 'Unknown product collection');
      }
      const id = newId();
      ctx.stores.collections.insertCategory({
        id,
        collection_id: collectionId,
        display_name: body.displayName,
        parent_category_id: body.parentCategoryId,
        type: body.type,
        page_rendering: body.pageRendering,
        display_index: body.displayIndex,
        created: ctx.now(),
      });
      return new Reply(201, { ...body, id, collectionId });
    },
  },
];
