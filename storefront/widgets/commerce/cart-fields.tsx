/**
 * Editing an entry's additional fields on /cart: the product's form (the page's `items`) in
 * the additional-fields lightbox, filled with the entry's values; Save replaces them through the
 * cart store (`Saving…` meanwhile). A field missing or invalid also says `Update the missing or
 * invalid information above.` under the fields, by Save. A failure shows in the lightbox under
 * `Unable to update form` with the values kept; a product whose form cannot be found: `Unable to
 * open form`.
 */
import { createRoot, type Root } from 'react-dom/client';
import { CART_ERROR_TEXTS } from '../../api/errors.js';
import { additionalForm, parseValues } from '../../state/additional-fields.js';
import type { StorefrontRuntime } from '../../runtime.js';

const SAVE_LABEL = 'Save';

let root: Root | null = null;

/**
 * Opens the lightbox for the entry (its chunk shared with the product page's); false when its
 * form cannot be found (nothing opened).
 */
export async function editEntryFields(
  runtime: StorefrontRuntime,
  /** The page's products (its `items`). */
  products: readonly unknown[],
  entryId: string,
  opener: HTMLElement,
): Promise<boolean> {
  const entry = runtime.cart.get().cart.entries.find((e) => e.id === entryId);
  const item = products.find((it) => (it as { id?: unknown } | null)?.id === entry?.itemId);
  const form = additionalForm(item);
  if (entry === undefined || form === undefined) {
    runtime.cartNotice.set({
      title: CART_ERROR_TEXTS.openForm,
      message: CART_ERROR_TEXTS.tryAgain,
    });
    return false;
  }
  const { AdditionalFieldsDialog } = await import('./additional-fields-dialog.js');
  if (root === null) {
    const host = document.createElement('div');
    host.className = 'additional-fields-host';
    document.body.append(host);
    root = createRoot(host);
  }
  const shown = root;
  const close = () => shown.render(null);
  shown.render(
    <AdditionalFieldsDialog
      form={form}
      initial={parseValues(entry.additionalFields)}
      submitLabel={SAVE_LABEL}
      invalidBelow={CART_ERROR_TEXTS.fixFields}
      opener={opener}
      onClose={close}
      onSubmit={async (values) => {
        const result = await runtime.cart.updateFields(entryId, {
          itemId: entry.itemId,
          sku: entry.chosenVariant.sku,
          additionalFields: JSON.stringify(values),
        });
        if (!result.ok)
          return { title: CART_ERROR_TEXTS.updateForm, message: result.error.message };
        close();
        return null;
      }}
    />,
  );
  return true;
}
