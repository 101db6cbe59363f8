/**
 * `add-to-cart-btn`: the product's add-to-cart button. A state machine — idle, adding
 * ('Adding…'), added ('Added!' once the request succeeded and at least 1 s passed), idle again
 * 2 s later; on an error the message shows and the button is idle again after 1 s. Only idle
 * takes a click, so clicks while adding never add twice. In express-checkout mode a success goes
 * straight to checkout. Validation (options, variant, quantity, stock) comes first. A
 * subscription product goes to the subscription checkout and a gift card to the gift card page
 * instead of the cart (purchase.ts).
 */
import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import type { FormatterComponentProps } from '../../../react-renderer/components/index.js';
import { CART_MESSAGES } from '../../api/messages.js';
import {
  additionalForm,
  type AdditionalForm,
  type FieldValues,
} from '../../state/additional-fields.js';
import { CART_ERROR_TEXTS } from '../../api/errors.js';
import { GIFT_CARD_DENOMINATION, parseQuantity, selectOptionsText } from '../../state/messages.js';
import {
  chosenVariant,
  itemId,
  missingOptions,
  PRODUCT_TYPE,
  productTypeOf,
  tracksStock,
  type Variant,
} from '../../state/product.js';
import { CHECKOUT_URL, useRuntime, type Notice, type StorefrontRuntime } from '../../runtime.js';
import { hasClass, mapMarkup, onEnterOrSpace } from '../markup.js';
import {
  errorTitle,
  giftCardUrl,
  isGiftCard,
  isSubscribable,
  subscriptionCheckout,
} from './purchase.js';

export const ADD_TO_CART_LABELS = {
  adding: 'Adding…',
  added: 'Added!',
  fallback: 'Add To Cart',
} as const;
/** Added state after 1 s, back to idle 2 s later; an error's reset after 1 s. */
export const ADD_TIMINGS = { added: 1000, reset: 2000, errorReset: 1000 } as const;

type Phase = 'idle' | 'adding' | 'added' | 'error';

interface Ready {
  variant: Variant;
  quantity: number;
}

/** The first reason the item cannot be added as chosen, or what to add. */
export function validateAdd(runtime: StorefrontRuntime, item: unknown): Ready | string {
  const id = itemId(item);
  const choices = runtime.selection.get()[id] ?? {};
  const missing = missingOptions(item, choices);
  if (missing.length > 0) {
    return productTypeOf(item) === PRODUCT_TYPE.giftCard
      ? GIFT_CARD_DENOMINATION
      : selectOptionsText(missing);
  }
  const variant = chosenVariant(item, choices);
  if (variant === undefined) return CART_MESSAGES.variantUnavailable;
  const parsed = parseQuantity(runtime.quantities.get()[id] ?? '1');
  if ('error' in parsed) return parsed.error;
  const inCart = runtime.cart.quantityInCart(id, variant.sku);
  if (tracksStock(item) && !variant.unlimited && inCart + parsed.quantity > variant.qtyInStock) {
    return CART_MESSAGES.outOfStock;
  }
  return { variant, quantity: parsed.quantity };
}

/**
 * Products with an additional-fields form check the live stock first (docs/storefront.md,
 * "Add to cart").
 */
async function formStockAllows(
  runtime: StorefrontRuntime,
  item: unknown,
  variant: Variant,
): Promise<void> {
  const results = await runtime.client.stock(itemId(item));
  const inCart = runtime.cart.quantityInCart(itemId(item), variant.sku);
  const ok = results.some((r) => r.sku === variant.sku && (r.unlimited || r.qtyInStock > inCart));
  if (!ok) throw new Error(CART_MESSAGES.outOfStock);
}

export function AddToCartButton(props: FormatterComponentProps): ReactNode {
  const runtime = useRuntime();
  const item = props.node;
  const [phase, setPhase] = useState<Phase>('idle');
  const [notice, setNotice] = useState<Notice | null>(null);
  const [lightbox, setLightbox] = useState<ReactNode>(null);
  // The guard reads a ref: two clicks in one frame both see React's state as 'idle'.
  const busy = useRef(false);
  const timers = useRef(new Set<unknown>());
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const handle of pending) runtime.timers.clearTimeout(handle);
    };
  }, [runtime]);

  const later = (ms: number, fn: () => void) => {
    const handle = runtime.timers.setTimeout(() => {
      timers.current.delete(handle);
      fn();
    }, ms);
    timers.current.add(handle);
  };
  const express = runtime.settings.expressCheckout;
  const title = errorTitle(item, express);

  const fail = (message: string) => {
    setNotice({ title, message });
    setPhase('error');
    later(ADD_TIMINGS.errorReset, () => {
      busy.current = false;
      setPhase('idle');
    });
  };

  /**
   * The lightbox of the product's additional-fields form (a chunk of its own): resolves with
   * the values submitted, or null when the visitor closed it.
   */
  const askFields = async (form: AdditionalForm, opener: HTMLElement | null, label: string) => {
    const { AdditionalFieldsDialog } = await import('./additional-fields-dialog.js');
    return new Promise<FieldValues | null>((resolve) => {
      const done = (values: FieldValues | null) => {
        setLightbox(null);
        resolve(values);
      };
      setLightbox(
        <AdditionalFieldsDialog
          form={form}
          submitLabel={label}
          opener={opener}
          onSubmit={async (values) => (done(values), null)}
          onClose={() => done(null)}
        />,
      );
    });
  };

  async function activate(opener: HTMLElement | null) {
    if (busy.current) return;
    const ready = validateAdd(runtime, item);
    if (typeof ready === 'string') {
      setNotice({ title, message: ready });
      return;
    }
    if (isGiftCard(item)) return runtime.navigate(giftCardUrl(item, ready.variant));
    // The button's own label (custom, Add To Cart, Subscribe) submits the lightbox.
    const label = opener?.textContent?.trim() || ADD_TO_CART_LABELS.fallback;
    busy.current = true;
    setNotice(null);
    setPhase('adding');
    const form = additionalForm(item);
    let additionalFields: string | undefined;
    if (form !== undefined) {
      try {
        await formStockAllows(runtime, item, ready.variant);
      } catch (thrown) {
        fail(thrown instanceof Error ? thrown.message : CART_ERROR_TEXTS.tryAgain);
        return;
      }
      setPhase('idle');
      const values = await askFields(form, opener, label);
      if (values === null) {
        busy.current = false;
        return;
      }
      additionalFields = JSON.stringify(values);
      setPhase('adding');
    }
    let waited = false;
    let succeeded = false;
    const showAdded = () => {
      if (!waited || !succeeded) return;
      setPhase('added');
      later(ADD_TIMINGS.reset, () => {
        busy.current = false;
        setPhase('idle');
      });
    };
    later(ADD_TIMINGS.added, () => {
      waited = true;
      showAdded();
    });
    const fields = additionalFields === undefined ? {} : { additionalFields };
    if (isSubscribable(item)) {
      const started = await subscriptionCheckout(runtime, item, ready, fields);
      return 'error' in started ? fail(started.error) : runtime.navigate(started.url);
    }
    const result = await runtime.cart.add({
      itemId: itemId(item),
      sku: ready.variant.sku,
      quantity: ready.quantity,
      ...fields,
    });
    if (!result.ok) return fail(result.error.message);
    if (express) return runtime.navigate(CHECKOUT_URL);
    succeeded = true;
    showAdded();
  }

  /** Clicks are announced as the default widget does (`jsont:add-to-cart-btn`, e.g. analytics). */
  const announce = (target: HTMLElement) =>
    target.dispatchEvent(
      new CustomEvent(`jsont:${props.name}`, {
        bubbles: true,
        detail: { name: props.name, node: item },
      }),
    );
  const label =
    phase === 'adding'
      ? ADD_TO_CART_LABELS.adding
      : phase === 'added'
        ? ADD_TO_CART_LABELS.added
        : null;
  const markup = mapMarkup(props.markup, (tag, p) => {
    if (hasClass(p, 'sqs-add-to-cart-button')) {
      // A real submit button (`add-to-cart-btn submit`, in a form that posts without
      // JavaScript): the click is the widget's, the form is not sent; the browser turns its Enter
      // and Space into that click.
      const native = tag === 'button';
      const press = (control: HTMLElement) => {
        announce(control);
        void activate(control);
      };
      return {
        props: {
          onClick(event: MouseEvent<HTMLElement>) {
            if (native) event.preventDefault();
            press(event.currentTarget);
          },
          ...(native ? {} : { onKeyDown: onEnterOrSpace(press) }),
          ...(phase === 'idle' ? {} : { 'aria-disabled': 'true' }),
        },
      };
    }
    if (label !== null && hasClass(p, 'sqs-add-to-cart-button-inner')) return { children: label };
    return undefined;
  });
  return (
    <>
      {markup}
      {notice !== null && (
        <div className="product-add-error" role="alert">
          <strong className="product-add-error-title">{notice.title}</strong>{' '}
          <span className="product-add-error-message">{notice.message}</span>
        </div>
      )}
      {lightbox}
    </>
  );
}
