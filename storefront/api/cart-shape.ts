/**
 * The parts of a cart this storefront never fills (shipping, tax rules, coupons are checkout's),
 * fresh arrays each call: the server builds carts with them and the browser its empty cart.
 * A module of its own, without zod: the browser's cart store loads with every page, and taking
 * this from schemas.ts put zod/mini in every page's first scripts instead of in the commerce
 * client, which loads on the first commerce call.
 */
export function cartWithoutCheckout() {
  return {
    orderId: null,
    shippingOptions: [],
    selectedShippingOption: null,
    shippingLocation: null,
    applicableTaxRules: [],
    coupons: [],
    validCoupons: [],
    invalidCoupons: [],
    taxCents: 0,
    shippingCostCents: 0,
    discountCents: 0,
  };
}
