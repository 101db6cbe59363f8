/**
 * Unit tests of the storefront widget formatters (formatters/commerce-widgets.ts, docs/language.md,
 * "Commerce formatters" and "Built-in templates", docs/storefront.md, "Product page" and "Constants
 * and limits"). Expected values are the reference engine's observed behaviour (probed with
 * @squarespace/template-engine on these inputs) and the spec fixtures. Everything runs through the
 * real root render(): the widgets are built-in templates whose output depends on the engine's
 * frames (page-level `localizedStrings`, lookups that must not leak).
 */
import { describe, expect, it } from 'vitest';
import { render } from '../../index.js';
import { ALL_FORMATTERS } from '../../formatters/index.js';
import { COMMERCE_WIDGET_FORMATTERS } from '../../formatters/commerce-widgets.js';
import { attr, html } from '../support/markup.js';

/** The text of the first `<TAG class="CLASS">…</TAG>`-like element (no nested tags). */
function textOf(markup: string, className: string): string | undefined {
  const m = new RegExp(`class="${className}"[^>]*>([^<]*)<`).exec(markup);
  return m ? m[1] : undefined;
}

function item(structuredContent: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return { item: { id: 'I', collectionId: 'C', structuredContent }, ...extra };
}

/**
 * `{item|NAME form}` prints NAME's markup with `name` added after `before`, and `{item|NAME}`
 * has no such attribute; returns the latter.
 */
function expectNamedByForm(name: string, data: unknown, before: string, added: string): string {
  const plain = html(name, data, `{item|${name}}`);
  expect(plain).toContain(before);
  expect(plain).not.toContain(before + 'name=');
  expect(html(name, data, `{item|${name} form}`)).toBe(plain.replace(before, before + added));
  return plain;
}

describe('commerce widget formatter table', () => {
  it('registers the 4 product-form widget formatters in ALL_FORMATTERS', () => {
    const names = Object.keys(COMMERCE_WIDGET_FORMATTERS).sort();
    expect(names).toEqual([
      'add-to-cart-btn',
      'product-checkout',
      'quantity-input',
      'variants-select',
    ]);
    for (const name of names) expect(ALL_FORMATTERS[name]).toBe(COMMERCE_WIDGET_FORMATTERS[name]);
  });
});

describe('add-to-cart-btn', () => {
  const label = (sc: Record<string, unknown>, strings: Record<string, unknown> = {}) => {
    const out = html('add-to-cart-btn', item(sc, { localizedStrings: strings }));
    return [attr(out, 'data-original-label'), textOf(out, 'sqs-add-to-cart-button-inner')];
  };

  it('labels Add To Cart / Subscribe by default, localized when the strings are set', () => {
    expect(label({})).toEqual(['Add To Cart', 'Add To Cart']);
    expect(label({ isSubscribable: true })).toEqual(['Subscribe', 'Subscribe']);
    expect(label({}, { productAddToCartText: 'ADD' })).toEqual(['ADD', 'ADD']);
    expect(label({ isSubscribable: true }, { productSubscribeText: 'SUB' })).toEqual([
      'SUB',
      'SUB',
    ]);
    // An empty localized string falls back to the default.
    expect(label({}, { productAddToCartText: '' })).toEqual(['Add To Cart', 'Add To Cart']);
  });

  it('is a real submit button with the argument submit, the same button otherwise', () => {
    const data = item({ customAddButtonText: 'Buy', useCustomAddButtonText: true });
    const plain = render('{item|add-to-cart-btn}', data).html;
    const submit = render('{item|add-to-cart-btn submit}', data).html;
    expect(plain).toContain(' role="button" tabindex="0"');
    expect(plain).not.toContain('<button');
    expect(submit).toContain('<button type="submit" class="sqs-add-to-cart-button ');
    expect(submit).toContain('<span class="sqs-add-to-cart-button-inner">Buy</span>');
    expect(submit).not.toContain(' role="button"');
    // Apart from the elements' names and the role, the markup is the same.
    const asDivs = submit
      .replace('<button type="submit" ', '<div ')
      .replace('</button>', '</div>')
      .replace(/<span (class="sqs-add-to-cart-button-inner">Buy)<\/span>/, '<div $1</div>');
    expect(asDivs).toBe(plain.replace(' role="button" tabindex="0"', ''));
  });

  it('uses the custom label only when the flag and the text are both truthy', () => {
    expect(label({ useCustomAddButtonText: true, customAddButtonText: 'Buy' })).toEqual([
      'Buy',
      'Buy',
    ]);
    expect(label({ useCustomAddButtonText: false, customAddButtonText: 'Buy' })[0]).toBe(
      'Add To Cart',
    );
    expect(label({ useCustomAddButtonText: true, customAddButtonText: '' })[0]).toBe('Add To Cart');
    expect(
      label({ useCustomAddButtonText: true, customAddButtonText: 'Buy', isSubscribable: true })[0],
    ).toBe('Buy');
  });

  it('escapes labels for attributes and text, but prints ids raw', () => {
    const out = html('add-to-cart-btn', {
      item: {
        id: 'I&',
        collectionId: 'C"',
        structuredContent: { useCustomAddButtonText: true, customAddButtonText: 'a"b<c>' },
      },
    });
    expect(out).toContain('data-original-label="a&quot;b&lt;c&gt;"');
    expect(out).toContain('<div class="sqs-add-to-cart-button-inner">a&quot;b&lt;c&gt;</div>');
    expect(out).toContain('data-collection-id="C"" data-item-id="I&"');
  });

  it('marks a form only when both the form id and the form are present', () => {
    const withForm = html(
      'add-to-cart-btn',
      item({ additionalFieldsFormId: 'F', additionalFieldsForm: { a: '</b>' } }),
    );
    expect(withForm).toContain('sqs-button-element--primary use-form"');
    expect(withForm).toContain(' data-form="{&quot;a&quot;:&quot;&lt;\\/b&gt;&quot;}">');
    for (const sc of [
      { additionalFieldsForm: { a: 1 } },
      { additionalFieldsFormId: 'F', additionalFieldsForm: {} },
    ]) {
      const out = html('add-to-cart-btn', item(sc));
      expect(out).toContain('sqs-button-element--primary "');
      expect(out).not.toContain('data-form');
    }
  });

  it('prints the raw flag values and the subscription attribute only when subscribable', () => {
    const out = html(
      'add-to-cart-btn',
      item({ productType: 2, useCustomAddButtonText: 1, isSubscribable: 'false' }),
    );
    expect(out).toContain(
      'data-product-type="2" data-use-custom-label="1" data-is-subscription="false" data-original-label="Subscribe" >',
    );
    expect(html('add-to-cart-btn', item({ isSubscribable: false }))).not.toContain(
      'data-is-subscription',
    );
  });

  it('preselects the first subscription option of a subscribable product (an expression)', () => {
    const options = [{ id: 'X' }, { id: 'Y' }];
    const sub = html(
      'add-to-cart-btn',
      item({ isSubscribable: true, productSubscriptionOptions: options }),
    );
    expect(sub).toContain('data-original-label="Subscribe" data-subscription-option-id="X">');
    const both = html(
      'add-to-cart-btn',
      item({
        isSubscribable: true,
        productSubscriptionOptions: options,
        additionalFieldsFormId: 'F',
        additionalFieldsForm: { x: 1 },
      }),
    );
    // No space between the two optional attributes, as in the reference.
    expect(both).toContain('"data-subscription-option-id="X">');
    expect(
      html('add-to-cart-btn', item({ isSubscribable: false, productSubscriptionOptions: options })),
    ).not.toContain('option-id');
    expect(
      html('add-to-cart-btn', item({ isSubscribable: true, productSubscriptionOptions: [] })),
    ).not.toContain('option-id');
    // With expressions disabled the flag is never computed.
    const off = render(
      '{item|add-to-cart-btn}',
      item({ isSubscribable: true, productSubscriptionOptions: options }),
      { expressions: false },
    );
    expect(off.html).not.toContain('option-id');
  });

  it('records the expression error for a non-scalar isSubscribable and drops the option id', () => {
    const result = render(
      '{item|add-to-cart-btn}',
      item({ isSubscribable: [0], productSubscriptionOptions: [{ id: 'X' }] }),
    );
    expect(result.errors.map((e) => e.message)).toEqual([
      'RuntimeError: Error reducing expression: @hasProductSubsOptionAndIsSubscribable = @subsOTPOptionsCount && @isSubscribable: Invalid arguments to operator logical and',
    ]);
    expect(result.html).toContain('data-is-subscription="0"');
    expect(result.html).not.toContain('option-id');
  });

  it('starts with the blank lines of its 13 binding lines (whitespace matters when embedded)', () => {
    expect(html('add-to-cart-btn', item({}), '[{item|add-to-cart-btn}]')).toMatch(
      /^\[\n{13}<div class="sqs-add-to-cart-button-wrapper"/,
    );
  });

  it('looks fields up through the page when the item lacks them (non-private)', () => {
    const out = html(
      'add-to-cart-btn',
      {
        item: { id: 'I' },
        structuredContent: { useCustomAddButtonText: true, customAddButtonText: 'outer' },
      },
      '{.section item}{@|add-to-cart-btn}{.end}',
    );
    expect(attr(out, 'data-original-label')).toBe('outer');
  });
});

describe('quantity-input', () => {
  const shown = (sc: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    html('quantity-input', item(sc, extra)) !== '';

  it('renders the input with min 1, max 9999, step 1, value 1 and the Quantity label', () => {
    expect(
      html(
        'quantity-input',
        item({ productType: 1, variants: [{ qtyInStock: 5 }] }),
        '[{item|quantity-input}]',
      ),
    ).toBe(
      '[\n\n\n<div class="product-quantity-input" data-item-id="I" data-animation-role="content">\n' +
        '  <div class="quantity-label">Quantity:</div>\n' +
        '  <input aria-label="Quantity" size="4" max="9999" min="1" value="1" type="number" step="1"></input>\n</div>]',
    );
  });

  it('names the input quantity with the argument form, for a real product form', () => {
    const data = item({ productType: 1, variants: [{ qtyInStock: 5 }] });
    expectNamedByForm('quantity-input', data, '<input aria-label="Quantity" ', 'name="quantity" ');
  });

  it('sets the form flag over an own property of that name, and keeps an own __proto__ key', () => {
    const data = JSON.parse(
      '{"item": {"id": "I", "jsontFormField": false, "__proto__": {"jsontFormField": false},' +
        ' "structuredContent": {"productType": 1, "variants": [{"qtyInStock": 5}]}}}',
    ) as unknown;
    expect(render('{item|quantity-input form}', data).html).toContain('name="quantity" ');
    expect(render('{item|quantity-input}', data).html).not.toContain('name="quantity"');
  });

  it('uses a truthy localized label as is (unescaped)', () => {
    const out = html(
      'quantity-input',
      item(
        { productType: 1, variants: [{ qtyInStock: 5 }] },
        { localizedStrings: { productQuantityInputLabel: 'Qty<' } },
      ),
    );
    expect(out).toContain('<div class="quantity-label">Qty<:</div>');
    expect(attr(out, 'aria-label')).toBe('Qty<');
    const zero = html(
      'quantity-input',
      item(
        { productType: 1, variants: [{ qtyInStock: 5 }] },
        { localizedStrings: { productQuantityInputLabel: 0 } },
      ),
    );
    expect(attr(zero, 'aria-label')).toBe('Quantity');
  });

  it('needs more than one unit in stock across variants (unlimited counts as plenty)', () => {
    expect(shown({ productType: 1, variants: [{ qtyInStock: 1 }] })).toBe(false);
    expect(shown({ productType: 1, variants: [{ qtyInStock: 1 }, { qtyInStock: 1 }] })).toBe(true);
    expect(shown({ productType: 1, variants: [{ qtyInStock: -5 }, { qtyInStock: 7 }] })).toBe(true);
    expect(shown({ productType: 1, variants: [{ qtyInStock: '5' }] })).toBe(true);
    expect(shown({ productType: 1, variants: [{ qtyInStock: 0, unlimited: true }] })).toBe(true);
    expect(shown({ productType: 1, variants: [{ qtyInStock: 0 }] })).toBe(false);
  });

  it('is for physical products and services only, never subscriptions', () => {
    expect(shown({ productType: '1', variants: [{ qtyInStock: 5 }] })).toBe(true);
    expect(shown({ productType: 3, variants: [{ qtyInStock: 5 }] })).toBe(true);
    for (const productType of [2, 4, 5, 1.5, undefined])
      expect(shown({ productType, variants: [{ qtyInStock: 5 }] })).toBe(false);
    expect(shown({ productType: 1, isSubscribable: true, variants: [{ qtyInStock: 5 }] })).toBe(
      false,
    );
    expect(shown({ productType: 1, isSubscribable: 'true', variants: [{ qtyInStock: 5 }] })).toBe(
      false,
    );
    // Only true, "true" and non-zero integers make a subscription.
    expect(shown({ productType: 1, isSubscribable: 'false', variants: [{ qtyInStock: 5 }] })).toBe(
      true,
    );
  });

  it('hides for services when websiteSettings.storeSettings forbids several per order', () => {
    const service = (flag: unknown) =>
      shown(
        { productType: 3, variants: [{ qtyInStock: 5 }] },
        { websiteSettings: { storeSettings: { multipleQuantityAllowedForServices: flag } } },
      );
    for (const flag of [false, 'false', 0, '', '0', {}]) expect(service(flag)).toBe(false);
    for (const flag of [true, 'true', 1, null]) expect(service(flag)).toBe(true);
  });
});

describe('variants-select', () => {
  const two = [{ attributes: { a: 'q' } }, { attributes: { a: 'r' } }];
  const select = (sc: Record<string, unknown>, strings: Record<string, unknown> = {}) =>
    html('variants-select', {
      localizedStrings: strings,
      item: { id: 'I', structuredContent: sc },
    });

  it('names each select as its radios with the argument form, and only then', () => {
    const data = {
      item: { id: 'I', structuredContent: { variants: two, variantOptionOrdering: ['a'] } },
    };
    const plain = expectNamedByForm(
      'variants-select',
      data,
      '<select aria-label="Select a" ',
      'name="variant-option-a" ',
    );
    // A page value of the same name does not leak into the formatter's own node.
    expect(html('variants-select', { ...data, formFields: true }, '{item|variants-select}')).toBe(
      plain,
    );
  });

  it('renders nothing without two variants and an option ordering', () => {
    expect(select({ variants: [two[0]], variantOptionOrdering: ['a'] })).toBe('');
    expect(select({ variants: two })).toBe('');
    expect(select({ variants: two, variantOptionOrdering: [] })).toBe('');
    expect(select({ variants: two, variantOptionOrdering: 'a' })).toBe('');
  });

  it('lists options in ordering order with distinct values in order of appearance', () => {
    const out = select({
      variants: [
        { attributes: { a: 'x', b: '1' } },
        { attributes: { a: 'y' } },
        { attributes: { a: 'x', b: '0' } },
      ],
      variantOptionOrdering: ['b', 'a'],
    });
    expect([...out.matchAll(/variant-option-title">([^<]*)</g)].map((m) => m[1])).toEqual([
      'b: ',
      'a: ',
    ]);
    expect(out).toContain('<option value="1">1</option><option value="0">0</option>');
    expect(out).toContain('<option value="x">x</option><option value="y">y</option>');
  });

  it('prompts with Select {variantName} and prints every value as a radio button too', () => {
    const out = select({ variants: two, variantOptionOrdering: ['a'] });
    expect(out).toContain(
      '<select aria-label="Select a" data-variant-option-name="a">\n        <option value="">Select a</option>',
    );
    expect(out).toContain(
      '<input type="radio" class="variant-radiobtn" value="q" name="variant-option-a" id="variant-option-a-q"/>\n' +
        '      <label class="sqs-button-element--secondary" role="button" tabindex="0" for="variant-option-a-q">q</label>',
    );
    expect(
      select(
        { variants: two, variantOptionOrdering: ['a'] },
        { productVariantSelectText: 'Pick {variantName}' },
      ),
    ).toContain('aria-label="Pick a"');
  });

  it('escapes names and values, except the aria-label prompt', () => {
    const out = select({
      variants: [{ attributes: { 'n&"': 'v<' } }, { attributes: {} }],
      variantOptionOrdering: ['n&"'],
    });
    expect(out).toContain('<div class="variant-option-title">n&amp;&quot;: </div>');
    expect(out).toContain(
      '<select aria-label="Select n&"" data-variant-option-name="n&amp;&quot;">',
    );
    expect(out).toContain('<option value="">Select n&amp;&quot;</option>');
    expect(out).toContain('<option value="v&lt;">v&lt;</option>');
  });

  it('labels gift cards with the Value display text and a fixed prompt', () => {
    const gift = { productType: 4, variants: two, variantOptionOrdering: ['a'] };
    const plain = select(gift, { productVariantSelectText: 'P {variantName}' });
    expect(textOf(plain, 'variant-option-title')).toBe('Value: ');
    expect(attr(plain, 'aria-label')).toBe('Select Value');
    const localized = select(gift, {
      giftCardValueDisplayText: 'Amount',
      giftCardVariantSelectText: 'Choose {variantName}',
    });
    expect(textOf(localized, 'variant-option-title')).toBe('Amount: ');
    expect(attr(localized, 'aria-label')).toBe('Choose a');
  });

  it('adds the subscription attributes for a subscribable product', () => {
    const out = select({
      variants: two,
      variantOptionOrdering: ['a'],
      isSubscribable: 'true',
      subscriptionPlan: { billingPeriod: { unit: 'MONTH', value: 2 } },
    });
    expect(out).toContain(
      ' data-is-subscribable="true" data-subscription-plan="{&quot;billingPeriod&quot;:{&quot;unit&quot;:&quot;MONTH&quot;,&quot;value&quot;:2}}" data-animation-role="content">',
    );
    expect(select({ variants: two, variantOptionOrdering: ['a'], isSubscribable: true })).toContain(
      'data-subscription-plan=""',
    );
    expect(
      select({ variants: two, variantOptionOrdering: ['a'], subscriptionPlan: { a: 1 } }),
    ).not.toContain('subscri');
  });

  it('does not pick up page-level keys named like its own data', () => {
    const out = html('variants-select', {
      displayText: 'ROOT',
      options: 'x',
      item: { id: 'I', structuredContent: { variants: two, variantOptionOrdering: ['a'] } },
    });
    expect(textOf(out, 'variant-option-title')).toBe('a: ');
  });
});

describe('product-checkout', () => {
  it('is variants-select, quantity-input and add-to-cart-btn back to back', () => {
    const data = {
      item: {
        id: 'I',
        structuredContent: {
          productType: 1,
          variants: [{ qtyInStock: 5, attributes: { a: 'x' } }, { attributes: { a: 'y' } }],
          variantOptionOrdering: ['a'],
        },
      },
    };
    const parts = ['variants-select', 'quantity-input', 'add-to-cart-btn'].map((name) =>
      html(name, data),
    );
    expect(parts.every((p) => p !== '')).toBe(true);
    expect(html('product-checkout', data)).toBe(parts.join(''));
  });
});
