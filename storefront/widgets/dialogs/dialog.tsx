/**
 * The storefront's one modal dialog (quick view, instalment information, the additional-fields
 * lightbox, the confirmation dialog): rendered into `document.body`, `role="dialog"` and
 * `aria-modal`, named by `label`; focus moves into it on
 * open, Tab and Shift+Tab cycle inside it, and on close focus returns to the element that opened
 * it; of dialogs opened one in another, only the innermost answers keys. A cancellable dialog
 * (the default) has a close button (a `<button>`: Enter and Space
 * press it) and closes on Escape; an outside click too when `closeOnOutsideClick`.
 */
import { useEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

export const CLOSE_LABEL = 'Close';

export interface DialogProps {
  /** The accessible name. */
  label: string;
  onClose(): void;
  /** Focused again when the dialog goes away (else the element focused before it opened). */
  opener?: HTMLElement | null;
  /** False: no close button, Escape does nothing (the content's own controls end it). */
  cancellable?: boolean;
  closeOnOutsideClick?: boolean;
  className?: string;
  children?: ReactNode;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Focusable elements of `root` a visitor can reach (radio inputs hidden by CSS included). */
function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.hidden);
}

/** The open dialogs, innermost last: only it answers keys (a lightbox opened in a quick view). */
const open: HTMLElement[] = [];

export function Dialog(props: DialogProps): ReactNode {
  const panel = useRef<HTMLDivElement>(null);
  const onClose = useRef(props.onClose);
  onClose.current = props.onClose;
  const opener = useRef(props.opener);
  const cancellable = props.cancellable !== false;

  useEffect(() => {
    const returnTo =
      opener.current ??
      (document.activeElement instanceof HTMLElement ? document.activeElement : null);
    const root = panel.current!;
    (focusables(root)[0] ?? root).focus();
    open.push(root);
    const onKeyDown = (event: KeyboardEvent) => {
      if (open[open.length - 1] !== root) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        if (cancellable) onClose.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const all = focusables(root);
      const first = all[0] ?? root;
      const last = all[all.length - 1] ?? root;
      const active = document.activeElement;
      const inside = active instanceof Node && root.contains(active);
      if (event.shiftKey && (active === first || active === root || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      open.splice(open.indexOf(root), 1);
      if (returnTo?.isConnected) returnTo.focus();
    };
  }, []);

  const isOutside = (event: MouseEvent) =>
    cancellable && props.closeOnOutsideClick === true && event.target === event.currentTarget;
  return createPortal(
    <div
      className="sf-dialog-backdrop"
      // A press outside must not move focus to the page: it comes back to the opener.
      onMouseDown={(event) => isOutside(event) && event.preventDefault()}
      onClick={(event) => isOutside(event) && onClose.current()}
    >
      <div
        ref={panel}
        className={`sf-dialog ${props.className ?? ''}`.trim()}
        role="dialog"
        aria-modal="true"
        aria-label={props.label}
        tabIndex={-1}
      >
        {cancellable && (
          <button
            type="button"
            className="sf-dialog-close"
            aria-label={CLOSE_LABEL}
            onClick={() => onClose.current()}
          >
            <span aria-hidden="true">×</span>
          </button>
        )}
        {props.children}
      </div>
    </div>,
    document.body,
  );
}
