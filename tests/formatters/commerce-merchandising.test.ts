/**
 * Unit tests of the merchandising formatters (formatters/commerce-merchandising.ts,
 * docs/language.md, "Commerce formatters" and "Built-in templates"): restock sign-up, scarcity,
 * quick view, variant descriptor. Expected values are the reference engine's observed behaviour
 * (probed with @squarespace/template-engine on these inputs) and the spec fixtures; rendering goes
 * through the real root render().
 */
import { describe, expect, it } from 'vitest';
import { ALL_FORMATTERS } from '../../formatters/index.js';
import { COMMERCE_MERCHANDISING_FORMATTERS } from '../../formatters/commerce-merchandising.js';
import { attr, html } from '../support/markup.js';

describe('commerce merchandising formatter table', () => {
  it('registers the 4 merchandising formatters in ALL_FORMATTERS', () => {
    const names = Object.keys(COMMERCE_MERCHANDISING_FORMATTERS).sort();
    expect(names).toEqual([
      'product-quick-view',
      'product-restock-notification',
      'product-scarcity',
      'variant-descriptor',
    ]);
    for (const name of names)
      expect(ALL_FORMATTERS[name]).toBe(COMMERCE_MERCHANDISING_FORMATTERS[name]);
  });
});

describe('product-restock-notification', () => {
  const messages = {
    buttonText: 'B"<',
    CTAText: 'C&',
    placeholderText: 'P',
    mailingListDescription: 'M',
  };
  const restock = (settings: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    html('product-restock-notification', {
      item: { id: 'I' },
      productMerchandisingContext: { I: settings },
      ...extra,
    });

  it('renders one form per view, hidden when the view says so', () => {
    const out = restock({
      restockNotificationMessages: messages,
      restockNotificationViews: [
        { variantId: 1, hiddenByDefault: true },
        { variantId: 2, hiddenByDefault: false },
      ],
    });
    expect(
      [...out.matchAll(/<div class="product-restock-notification"[^>]*>/g)].map((m) => m[0]),
    ).toEqual([
      '<div class="product-restock-notification" data-product-id="I" data-variant-id="1" hidden>',
      '<div class="product-restock-notification" data-product-id="I" data-variant-id="2">',
    ]);
    expect(out).toContain('<span class="product-restock-cta">C&amp;</span>');
    expect(out).toContain('<input class="sqs-editable-button" type="submit" value="B&quot;&lt;">');
  });

  it('adds the mailing-list checkbox (checked by default when opted in) and the captcha', () => {
    const views = [{ variantId: 1 }];
    const both = restock(
      {
        restockNotificationMessages: messages,
        restockNotificationViews: views,
        mailingListSignUpEnabled: true,
        mailingListOptInByDefault: true,
      },
      { website: { captchaSettings: { siteKey: 'k' } } },
    );
    expect(both).toContain(
      '  </form>\n  <label class="product-restock-mailing-list"><input type="checkbox" name="isJoinMailingList" checked>M</label>\n' +
        '  <div class="captcha-container"></div>\n</div>',
    );
    const unchecked = restock({
      restockNotificationViews: views,
      mailingListSignUpEnabled: true,
      mailingListOptInByDefault: false,
    });
    expect(unchecked).toContain('name="isJoinMailingList">');
    expect(restock({ restockNotificationViews: views })).toContain('  </form>\n\n\n</div>');
  });

  it('renders only its binding lines without merchandising settings', () => {
    expect(
      html(
        'product-restock-notification',
        { item: { id: 'I' } },
        '[{item|product-restock-notification}]',
      ),
    ).toBe('[\n\n\n\n\n\n]');
  });

  it('does not pick up page-level keys named like its own data', () => {
    const out = restock(
      { restockNotificationViews: [{ variantId: 1 }] },
      { mailingListSignUpEnabled: true, captchaSiteKey: 'yes', messages: { CTAText: 'outer' } },
    );
    expect(out).not.toContain('mailing-list');
    expect(out).not.toContain('captcha');
    expect(out).toContain('<span class="product-restock-cta"></span>');
  });
});

describe('product-scarcity', () => {
  const scarcity = (settings: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    html('product-scarcity', {
      item: { id: 'I' },
      productMerchandisingContext: { I: settings },
      ...extra,
    });
  const views = [{ qtyInStock: 3 }, { qtyInStock: 7, attributes: { Color: 'Red' } }];

  it('renders nothing unless scarcity is enabled (true, "true" or a non-zero integer)', () => {
    for (const enabled of [true, 'true', 2])
      expect(
        scarcity({ scarcityEnabled: enabled, scarcityText: 'T', scarcityTemplateViews: views }),
      ).not.toBe('');
    for (const enabled of [false, 'x', 0.5, undefined])
      expect(
        scarcity({ scarcityEnabled: enabled, scarcityText: 'T', scarcityTemplateViews: views }),
      ).toBe('');
  });

  it('formats the text per view with its stock; views with attributes start hidden', () => {
    const out = scarcity(
      {
        scarcityEnabled: true,
        scarcityShownByDefault: true,
        scarcityText: 'Only {qtyInStock} left & more',
        scarcityTemplateViews: views,
      },
      {},
    );
    expect(out).toBe(
      '\n  <div class="product-scarcity">\n    Only 3 left &amp; more\n  </div>\n' +
        '\n  <div class="product-scarcity" data-variant-attributes="{&quot;Color&quot;:&quot;Red&quot;}" hidden>\n    Only 7 left &amp; more\n  </div>\n',
    );
    // scarcityShownByDefault does not change the markup.
    expect(
      scarcity({
        scarcityEnabled: true,
        scarcityShownByDefault: false,
        scarcityText: 'Only {qtyInStock} left & more',
        scarcityTemplateViews: views,
      }),
    ).toBe(out);
  });
});

describe('product-quick-view', () => {
  const quick = (data: unknown, template: string) => html('product-quick-view', data, template);
  const group = (out: string) => attr(out, 'data-group');

  it('renders the button with the localized text or Quick View', () => {
    expect(quick({ item: { id: 'I' } }, '{item|product-quick-view}')).toBe(
      '<span class="sqs-product-quick-view-button" role="button" tabindex="0" data-id="I" data-group="">Quick View</span>',
    );
    // Any present text wins, even an empty one.
    expect(
      quick(
        { localizedStrings: { productQuickViewText: '' }, item: { id: 'I' } },
        '{item|product-quick-view}',
      ),
    ).toContain('data-group=""></span>');
  });

  it('takes the group from the item, else a variable, else the argument itself', () => {
    expect(
      group(quick({ item: { id: 'I', g: 'own' }, g: 'page' }, '{item|product-quick-view g}')),
    ).toBe('own');
    expect(
      group(quick({ item: { id: 'I', g: null }, g: 'page' }, '{item|product-quick-view g}')),
    ).toBe('');
    expect(group(quick({ item: { id: 'I' }, g: 'page' }, '{item|product-quick-view g}'))).toBe(
      'page',
    );
    expect(group(quick({ item: { id: 'I' } }, '{item|product-quick-view g}'))).toBe('g');
    // The argument is one name, not a dotted path.
    expect(
      group(quick({ item: { id: 'I' }, a: { b: 'x' } }, '{item|product-quick-view a.b}')),
    ).toBe('a.b');
    expect(
      quick(
        { items: [{ id: 1 }, { id: 2 }] },
        '{.repeated section items}{@|product-quick-view @index}{.end}',
      ).match(/data-group="\d"/g),
    ).toEqual(['data-group="1"', 'data-group="2"']);
  });
});

describe('variant-descriptor', () => {
  it('joins the option values with " / "', () => {
    expect(
      html(
        'variant-descriptor',
        { optionValues: [{ value: 'blue' }, { value: 5 }, { value: null }, {}] },
        '{@|variant-descriptor}',
      ),
    ).toBe('blue / 5 /  / ');
    expect(
      html('variant-descriptor', { optionValues: { a: { value: 'x' } } }, '{@|variant-descriptor}'),
    ).toBe('');
    expect(html('variant-descriptor', {}, '{@|variant-descriptor}')).toBe('');
  });
});
