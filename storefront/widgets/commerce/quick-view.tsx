/**
 * `product-quick-view`: the shop grid's 'Quick View' control. Activated (click, Enter, Space)
 * it reports the quick view to analytics (the census call) and opens the product in a dialog (quick-view-dialog.tsx,
 * a chunk loaded on first use); closing the dialog returns focus to the control.
 */
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import type { FormatterComponentProps } from '../../../react-renderer/components/index.js';
import { itemId } from '../../state/product.js';
import { useRuntime } from '../../runtime.js';
import { hasClass, mapMarkup, onEnterOrSpace } from '../markup.js';

export interface QuickViewDialogProps {
  item: unknown;
  opener: HTMLElement;
  onClose(): void;
}

export function QuickViewButton(props: FormatterComponentProps): ReactNode {
  const runtime = useRuntime();
  const [open, setOpen] = useState<{
    Dialog: ComponentType<QuickViewDialogProps>;
    opener: HTMLElement;
  } | null>(null);

  // The server's markup has no aria-haspopup: added once hydrated, so hydration matches.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const activate = async (opener: HTMLElement) => {
    if (open !== null) return;
    runtime.tracker.track({ name: 'quick-view', itemId: itemId(props.node) });
    const { QuickViewDialog } = await import('./quick-view-dialog.js');
    setOpen({ Dialog: QuickViewDialog, opener });
  };
  const markup = mapMarkup(props.markup, (_tag, p) => {
    if (!hasClass(p, 'sqs-product-quick-view-button')) return undefined;
    return {
      props: {
        ...(hydrated ? { 'aria-haspopup': 'dialog' } : {}),
        onClick: (event: { currentTarget: HTMLElement }) => void activate(event.currentTarget),
        onKeyDown: onEnterOrSpace((control) => void activate(control)),
      },
    };
  });
  return (
    <>
      {markup}
      {open !== null && (
        <open.Dialog item={props.node} opener={open.opener} onClose={() => setOpen(null)} />
      )}
    </>
  );
}
