/**
 * What hydration may change in the server's DOM, by design: lazy images get their `src`, and
 * the quick-view button gets `aria-haspopup` once it can open its dialog
 * (storefront/widgets/commerce/quick-view.tsx). Everything else must stay as the server sent it.
 */
export function withoutHydrationChanges(html: string): string {
  return html.replace(/ src="[^"]*"/g, '').replace(/ aria-haspopup="dialog"/g, '');
}
