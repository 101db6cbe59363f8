/**
 * The product form of a mounted demo page, as the storefront tests drive it: the add-to-cart
 * button, its label and message, the quantity field, a variant choice, and the widgets' clock.
 * Elements are found by selector: Testing Library's role queries are slow on a whole page in
 * jsdom.
 */
import { act, fireEvent } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, vi } from 'vitest';

/** Fakes only the clock the widgets use: React's scheduler keeps its real setImmediate. */
export function useWidgetClock(): void {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());
}

export const button = (within: ParentNode = document) =>
  within.querySelector<HTMLElement>('.sqs-add-to-cart-button')!;
export const label = (within: ParentNode = document) =>
  within.querySelector('.sqs-add-to-cart-button-inner')!.textContent;
export const alertText = (within: ParentNode = document) =>
  within.querySelector('[role="alert"]')?.textContent ?? null;
export const quantityField = (within: ParentNode = document) =>
  within.querySelector<HTMLInputElement>('.product-quantity-input input[aria-label="Quantity"]')!;
/** No delay between a user's actions: user-event then needs no timer. */
export const user = () => userEvent.setup({ delay: null });

export async function choose(
  option: string,
  value: string,
  within: ParentNode = document,
): Promise<void> {
  const select = within.querySelector<HTMLSelectElement>(
    `select[data-variant-option-name="${option}"]`,
  )!;
  await act(async () => {
    fireEvent.change(select, { target: { value } });
  });
}

export async function advance(ms: number): Promise<void> {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
}
