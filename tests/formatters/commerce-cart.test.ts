/**
 * Unit tests of the cart formatters (formatters/commerce-cart.ts, docs/language.md, "Commerce
 * formatters"). Expected values are the reference engine's observed behaviour and the spec
 * fixtures.
 */
import { describe, expect, it } from 'vitest';
import { ALL_FORMATTERS } from '../../formatters/index.js';
import { COMMERCE_CART_FORMATTERS } from '../../formatters/commerce-cart.js';
import { runFormatter } from '../support/fake-context.js';

function run(name: string, value: unknown): unknown {
  return runFormatter(COMMERCE_CART_FORMATTERS[name]!, value, []);
}

const badge = (n: string) => `<span class="sqs-cart-quantity">${n}</span>`;

describe('commerce cart formatter table', () => {
  it('registers cart-quantity, cart-subtotal and cart-url in ALL_FORMATTERS', () => {
    const names = Object.keys(COMMERCE_CART_FORMATTERS).sort();
    expect(names).toEqual(['cart-quantity', 'cart-subtotal', 'cart-url']);
    for (const name of names) expect(ALL_FORMATTERS[name]).toBe(COMMERCE_CART_FORMATTERS[name]);
  });
});

describe('cart-quantity', () => {
  it('sums the entry quantities', () => {
    expect(run('cart-quantity', { entries: [{ quantity: 2 }, { quantity: 3 }] })).toBe(badge('5'));
    expect(run('cart-quantity', { entries: [] })).toBe(badge('0'));
  });

  it('reads quantities loosely: numeric strings by prefix, booleans 1/0, the rest 0', () => {
    expect(run('cart-quantity', { entries: [{ quantity: '2x' }, { quantity: '3.5' }] })).toBe(
      badge('5.5'),
    );
    expect(
      run('cart-quantity', { entries: [{ quantity: true }, {}, null, 5, { quantity: [3] }] }),
    ).toBe(badge('1'));
    expect(run('cart-quantity', { entries: [{ quantity: 0.1 }, { quantity: 0.2 }] })).toBe(
      badge('0.30000000000000004'),
    );
    expect(run('cart-quantity', { entries: [{ quantity: 2 }, { quantity: 'x' }] })).toBe(
      badge('NaN'),
    );
  });

  it('counts 0 without an entries array', () => {
    for (const cart of [{}, { entries: { a: { quantity: 2 } } }, 'x', undefined])
      expect(run('cart-quantity', cart)).toBe(badge('0'));
  });
});

describe('cart-url and cart-subtotal', () => {
  it('are constants whatever the value', () => {
    expect(run('cart-url', undefined)).toBe('/cart');
    expect(run('cart-url', { a: 1 })).toBe('/cart');
    expect(run('cart-subtotal', { subtotalCents: 12345 })).toBe('deprecated, do not use');
  });
});
