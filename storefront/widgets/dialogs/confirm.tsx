/**
 * The confirmation dialog helper (docs/storefront.md, "Pages and links"): asks a question in the
 * storefront's dialog and resolves true on confirm, false on cancel (its Cancel button, the close
 * button or Escape). A non-cancellable one has only its confirm button; one that stays open after
 * confirm resolves true and stays until the caller closes it (while the confirmed action runs).
 */
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { Dialog } from './dialog.js';

export interface ConfirmOptions {
  title: string;
  message?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** False: no way to cancel (no Cancel or close button, Escape does nothing). */
  cancellable?: boolean;
  /** True: confirming resolves true but leaves the dialog open until `close()`. */
  stayOpenAfterConfirm?: boolean;
  /** Focused again when the dialog closes (else the element focused before it opened). */
  opener?: HTMLElement | null;
}

export interface ConfirmHandle {
  result: Promise<boolean>;
  /** Closes the dialog (a pending answer is then false). */
  close(): void;
}

export const CONFIRM_DEFAULTS = { confirmLabel: 'Confirm', cancelLabel: 'Cancel' } as const;

function ConfirmDialog(props: ConfirmOptions & { answer(yes: boolean): void }): ReactNode {
  const cancellable = props.cancellable !== false;
  return (
    <Dialog
      label={props.title}
      cancellable={cancellable}
      onClose={() => props.answer(false)}
      opener={props.opener ?? null}
      className="sf-confirm"
    >
      <h2 className="sf-confirm-title">{props.title}</h2>
      {props.message !== undefined && <p className="sf-confirm-message">{props.message}</p>}
      <div className="sf-confirm-actions">
        <button type="button" className="button sf-confirm-ok" onClick={() => props.answer(true)}>
          {props.confirmLabel ?? CONFIRM_DEFAULTS.confirmLabel}
        </button>
        {cancellable && (
          <button
            type="button"
            className="button sf-confirm-cancel"
            onClick={() => props.answer(false)}
          >
            {props.cancelLabel ?? CONFIRM_DEFAULTS.cancelLabel}
          </button>
        )}
      </div>
    </Dialog>
  );
}

/** Opens the dialog; `result` settles on the visitor's answer. */
export function openConfirm(options: ConfirmOptions): ConfirmHandle {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  let settle: (yes: boolean) => void = () => {};
  const result = new Promise<boolean>((resolve) => (settle = resolve));
  let open = true;
  const close = () => {
    if (!open) return;
    open = false;
    settle(false);
    root.unmount();
    host.remove();
  };
  const answer = (yes: boolean) => {
    settle(yes);
    if (!yes || options.stayOpenAfterConfirm !== true) close();
  };
  const opener =
    options.opener ??
    (document.activeElement instanceof HTMLElement ? document.activeElement : null);
  flushSync(() => root.render(<ConfirmDialog {...options} opener={opener} answer={answer} />));
  return { result, close };
}

/** `openConfirm(options).result`. */
export const confirmDialog = (options: ConfirmOptions): Promise<boolean> =>
  openConfirm(options).result;
