/**
 * Galleries of template markup (`[data-gallery]`, the demo's templates/gallery.html). Without
 * JavaScript the grid and stacked designs are plain figures, the slideshow and slider scroll
 * sideways (CSS scroll snap, so a swipe moves them), thumbnails are links to their slides and
 * every image links to its file. With the storefront:
 *
 * - slideshow and slider: Previous / Next (option `controls`), the arrow keys inside the
 *   gallery, thumbnails that choose a slide, a swipe (the slide nearest the alignment point
 *   becomes active when scrolling ends), the active slide marked (`is-active`, `aria-current`)
 *   and announced when the visitor moves it;
 * - autoplay (option `autoplay`, every `autoplay-duration` s, through the runtime's timers),
 *   paused while the pointer is over the gallery, while focus is inside it, while the lightbox
 *   is open, when the visitor asked for reduced motion, and by its Pause button;
 * - option `lightbox`: an image link opens the image in the lightbox (lightbox.tsx) instead.
 *
 * The markup's own attributes are left as the template wrote them, except `hidden` on the
 * controls (shown once they work) and the marks of the active slide.
 */
import { createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { StorefrontRuntime } from '../../runtime.js';
import { GALLERY } from '../../widget-selectors.js';
import { Lightbox, type LightboxImage } from './lightbox.js';
import { mediaSeams } from './seams.js';

export const PAUSE_LABEL = 'Pause slideshow';
export const PLAY_LABEL = 'Play slideshow';

/** Makes every gallery below `doc` work; returns the stop function. */
export function attachGalleries(doc: Document, runtime: StorefrontRuntime): () => void {
  const stops = [...doc.querySelectorAll<HTMLElement>(GALLERY)].map((root) =>
    attachGallery(root, runtime),
  );
  return () => stops.forEach((stop) => stop());
}

const ALIGN = { left: 0, center: 0.5, right: 1 } as const;

function attachGallery(root: HTMLElement, runtime: StorefrontRuntime): () => void {
  const seams = mediaSeams(runtime);
  const { timers } = runtime;
  const slides = root.querySelector<HTMLElement>('.gallery-slides');
  const items = [...root.querySelectorAll<HTMLElement>('.gallery-item')];
  const links = items.map((item) => item.querySelector<HTMLAnchorElement>('.gallery-item-link'));
  const thumbs = [...root.querySelectorAll<HTMLAnchorElement>('.gallery-thumb')];
  const controls = root.querySelector<HTMLElement>('.gallery-controls');
  const playButton = root.querySelector<HTMLButtonElement>('.gallery-autoplay');
  const position = root.querySelector<HTMLElement>('.gallery-position');
  const design = root.dataset['design'] ?? 'grid';
  const moving = design === 'slideshow' || design === 'slider';
  const autoplay = moving && root.dataset['autoplay'] === 'true';
  const seconds = Number(root.dataset['autoplayDuration']) || 5;
  const align = (root.className.match(/gallery--align-(left|center|right)/)?.[1] ??
    'center') as keyof typeof ALIGN;
  if (items.length === 0) return () => {};

  let active = 0;
  /** Marks slide `index` active; `scroll` brings it into view (not when a swipe already did). */
  const show = (index: number, announce: boolean, scroll = true) => {
    active = (index + items.length) % items.length;
    items.forEach((item, i) => {
      item.classList.toggle('is-active', i === active);
      if (i === active) item.setAttribute('aria-current', 'true');
      else item.removeAttribute('aria-current');
    });
    thumbs.forEach((thumb, i) => {
      if (i === active) thumb.setAttribute('aria-current', 'true');
      else thumb.removeAttribute('aria-current');
    });
    const item = items[active]!;
    if (slides !== null && scroll) {
      const left = item.offsetLeft - (slides.clientWidth - item.offsetWidth) * ALIGN[align];
      slides.scrollTo?.({ left, behavior: seams.reducedMotion() ? 'auto' : 'smooth' });
    }
    if (position !== null) {
      position.textContent = `${active + 1} / ${items.length}`;
      // Announced when the visitor moves the slides, not on every autoplay step.
      position.setAttribute('aria-live', announce ? 'polite' : 'off');
    }
  };

  // ---- autoplay: runs unless something pauses it ----
  const paused = { hover: false, focus: false, lightbox: false, visitor: seams.reducedMotion() };
  let timer: unknown = null;
  const schedule = () => {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
    if (!autoplay || Object.values(paused).some(Boolean)) return;
    timer = timers.setTimeout(() => {
      timer = null;
      show(active + 1, false);
      schedule();
    }, seconds * 1000);
  };
  const pause = (reason: keyof typeof paused, on: boolean) => {
    paused[reason] = on;
    if (playButton !== null) playButton.textContent = paused.visitor ? PLAY_LABEL : PAUSE_LABEL;
    schedule();
  };

  // ---- the lightbox ----
  let lightbox: Root | null = null;
  let host: HTMLElement | null = null;
  const images: LightboxImage[] = items.map((item, i) => {
    const img = item.querySelector('img[data-src], img');
    return {
      src: links[i]?.getAttribute('href') ?? '',
      alt: img?.getAttribute('alt') ?? '',
      title: links[i]?.dataset['title'] ?? '',
    };
  });
  const openLightbox = (index: number) => {
    if (host === null) {
      host = root.ownerDocument.createElement('div');
      host.className = 'gallery-lightbox-host';
      root.ownerDocument.body.append(host);
      lightbox = createRoot(host);
    }
    pause('lightbox', true);
    lightbox!.render(
      createElement(Lightbox, {
        label: root.getAttribute('aria-label') || 'Gallery',
        images,
        start: index,
        theme: root.dataset['lightboxTheme'] === 'light' ? 'light' : 'dark',
        opener: links[index] ?? null,
        onClose(last: number) {
          lightbox!.render(null);
          if (moving) show(last, false);
          pause('lightbox', false);
        },
      }),
    );
  };
  const withLightbox = root.dataset['lightbox'] === 'true';
  for (const link of links) if (withLightbox) link?.setAttribute('aria-haspopup', 'dialog');

  // ---- events ----
  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    const link = target?.closest<HTMLAnchorElement>('.gallery-item-link');
    const index = link ? links.indexOf(link) : -1;
    if (withLightbox && index !== -1) {
      event.preventDefault();
      openLightbox(index);
      return;
    }
    const thumb = target?.closest<HTMLAnchorElement>('.gallery-thumb');
    const button = target?.closest('button');
    if (thumb && thumbs.includes(thumb)) {
      event.preventDefault();
      show(thumbs.indexOf(thumb), true);
    } else if (button?.classList.contains('gallery-prev')) show(active - 1, true);
    else if (button?.classList.contains('gallery-next')) show(active + 1, true);
    else if (button === playButton && playButton !== null) pause('visitor', !paused.visitor);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (!moving || (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight')) return;
    event.preventDefault();
    show(active + (event.key === 'ArrowLeft' ? -1 : 1), true);
  };
  const onFocusIn = (event: FocusEvent) => {
    pause('focus', true);
    // Tabbing to a slide's link brings that slide into view.
    const item = (event.target as Element).closest?.('.gallery-item');
    const index = items.indexOf(item as HTMLElement);
    if (moving && index !== -1 && index !== active) show(index, false);
  };
  const onFocusOut = (event: FocusEvent) => {
    if (!root.contains(event.relatedTarget as Node | null)) pause('focus', false);
  };
  // A swipe (native scrolling) moves the slides: the one nearest the alignment point is active.
  const onScrollEnd = () => {
    if (slides === null) return;
    const point = slides.scrollLeft + slides.clientWidth * ALIGN[align];
    const distance = (item: HTMLElement) =>
      Math.abs(item.offsetLeft + item.offsetWidth * ALIGN[align] - point);
    const nearest = items.reduce(
      (best, item, i) => (distance(item) < distance(items[best]!) ? i : best),
      0,
    );
    if (nearest !== active) show(nearest, true, false);
  };
  const onEnter = () => pause('hover', true);
  const onLeave = () => pause('hover', false);
  const listeners: Array<[string, EventListener]> = [
    ['click', onClick as EventListener],
    ['keydown', onKeyDown as EventListener],
    ['focusin', onFocusIn as EventListener],
    ['focusout', onFocusOut as EventListener],
    ['mouseenter', onEnter],
    ['mouseleave', onLeave],
  ];
  for (const [type, listener] of listeners) root.addEventListener(type, listener);
  if (moving) slides?.addEventListener('scrollend', onScrollEnd);

  if (moving) {
    if (controls !== null) controls.hidden = false;
    show(0, false);
    pause('visitor', paused.visitor);
  }
  return () => {
    for (const [type, listener] of listeners) root.removeEventListener(type, listener);
    slides?.removeEventListener('scrollend', onScrollEnd);
    if (timer !== null) timers.clearTimeout(timer);
    lightbox?.unmount();
    host?.remove();
  };
}
