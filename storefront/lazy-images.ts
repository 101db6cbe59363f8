/**
 * Images rendered by the `image` formatter carry `data-src`; they get their src only after
 * hydration (an attribute React did not render is a mismatch), and again after a re-render
 * changed `data-src` (the chosen variant's image).
 */
export function loadImages(doc: Document = document): void {
  for (const img of doc.querySelectorAll<HTMLImageElement>('img[data-src]')) {
    const src = img.dataset['src']!;
    if (img.getAttribute('src') !== src) img.src = src;
  }
}
