/**
 * What hydration may change in the server's DOM, by design: a lazy image (the `image`
 * formatter's `<img data-src="…">`) gets `src` set to its `data-src` (storefront/start.ts,
 * `loadImages`), and the quick-view button gets `aria-haspopup` once it can open its dialog
 * (storefront/widgets/commerce/quick-view.tsx). Only those are taken out; everything else, any other
 * `src` included, must stay as the server sent it.
 */
export function withoutHydrationChanges(html: string): string {
  return html
    .replace(/<img\b[^>]*>/g, (tag) => {
      const lazy = / data-src="([^"]*)"/.exec(tag);
      return lazy === null ? tag : tag.replace(` src="${lazy[1]!}"`, '');
    })
    .replace(/<[^>]*\bsqs-product-quick-view-button\b[^>]*>/g, (tag) =>
      tag.replace(' aria-haspopup="dialog"', ''),
    );
}
