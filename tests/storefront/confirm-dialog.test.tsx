/**
 * The confirmation dialog helper (jsdom): a labelled modal dialog that resolves true on confirm
 * and false on cancel (Cancel, the close button, Escape), with focus back on its opener; a
 * non-cancellable one can only be confirmed; one that stays open after confirm resolves true
 * and stays until closed.
 *
 * @vitest-environment jsdom
 */
import { act, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openConfirm, confirmDialog } from '../../storefront/widgets/dialogs/confirm.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let opener: HTMLButtonElement;
beforeEach(() => {
  opener = document.createElement('button');
  opener.textContent = 'Remove all';
  document.body.append(opener);
  opener.focus();
});
afterEach(() => {
  document.body.innerHTML = '';
});

const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const press = (name: string) => screen.getByRole('button', { name });
const user = () => userEvent.setup();

describe('confirmation dialog', () => {
  it('is a modal dialog named by its title, resolving true on confirm', async () => {
    let answer: Promise<boolean>;
    act(
      () => void (answer = confirmDialog({ title: 'Empty the cart?', message: 'All items go.' })),
    );
    expect(screen.getByRole('dialog', { name: 'Empty the cart?' })).toBe(dialog());
    expect(dialog()!.getAttribute('aria-modal')).toBe('true');
    expect(dialog()!.contains(document.activeElement)).toBe(true);
    await user().click(press('Confirm'));
    await expect(answer!).resolves.toBe(true);
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it.each([
    ['Cancel', async () => user().click(press('Cancel'))],
    ['the close button', async () => user().click(press('Close'))],
    ['Escape', async () => user().keyboard('{Escape}')],
  ])('resolves false on %s', async (_how, cancel) => {
    let answer: Promise<boolean>;
    act(() => void (answer = confirmDialog({ title: 'Leave?', cancelLabel: 'Cancel' })));
    await cancel();
    await expect(answer!).resolves.toBe(false);
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('can be made non-cancellable', async () => {
    let answer: Promise<boolean>;
    act(() => void (answer = confirmDialog({ title: 'Read this', cancellable: false })));
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    await user().keyboard('{Escape}');
    expect(dialog()).not.toBeNull();
    await user().click(press('Confirm'));
    await expect(answer!).resolves.toBe(true);
    expect(dialog()).toBeNull();
  });

  it('can stay open after confirm until closed', async () => {
    let handle: ReturnType<typeof openConfirm>;
    act(() => void (handle = openConfirm({ title: 'Send?', stayOpenAfterConfirm: true })));
    await user().click(press('Confirm'));
    await expect(handle!.result).resolves.toBe(true);
    expect(dialog()).not.toBeNull();
    act(() => handle.close());
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
