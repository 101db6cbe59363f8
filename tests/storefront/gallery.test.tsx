/**
 * Galleries (jsdom): the options' defaults and ranges (docs/storefront.md, "Gallery options"),
 * the demo template's four designs over them, and the gallery widget: slides moved by controls,
 * thumbnails and arrow keys, autoplay on the widgets' clock (fake timers) paused by hover, focus,
 * the lightbox, reduced motion and its button, and the lightbox's keys, swipe and focus return.
 *
 * @vitest-environment jsdom
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';

import { compile, render } from '../../index.js';
import { createRuntime } from '../../storefront/runtime.js';
import { emptyCart } from '../../storefront/state/cart-store.js';
import { galleryOptions } from '../../storefront/state/gallery.js';
import { initialState, storefrontData } from '../../storefront/state/page-data.js';
import {
  attachGalleries,
  PAUSE_LABEL,
  PLAY_LABEL,
} from '../../storefront/widgets/media/gallery.js';
import { setMediaSeams } from '../../storefront/widgets/media/seams.js';
import { useWidgetClock, user } from './product-form.js';
import { logged, SITE } from './support.js';

const json = (file: string) => JSON.parse(readFileSync(join(SITE, file), 'utf8')) as never;
const TEMPLATE = compile(readFileSync(join(SITE, 'templates/gallery.html'), 'utf8'));

/** The demo's gallery page with `options` instead of its own, as the server renders it. */
function galleryHtml(options: Record<string, unknown>): string {
  const page = json('data/pages/gallery.json') as Record<string, unknown>;
  const { collection, items } = json('data/collections/gallery.json');
  const data = { ...page, options, collection, items, request: { path: '/gallery', query: {} } };
  return render(TEMPLATE, storefrontData(data, initialState(data)), { partials: {} }).html;
}

/** Puts the gallery in the document and starts its widget (reduced motion as given). */
function mountGallery(options: Record<string, unknown>, reducedMotion = false) {
  document.body.innerHTML = galleryHtml(options);
  const runtime = createRuntime(emptyCart());
  setMediaSeams(runtime, { reducedMotion: () => reducedMotion });
  let stop = () => {};
  act(() => {
    stop = attachGalleries(document, runtime);
  });
  onTestFinished(() => act(() => stop()));
  return document.querySelector<HTMLElement>('[data-gallery]')!;
}

const activeTitle = () =>
  document.querySelector('.gallery-item.is-active .gallery-item-link')?.getAttribute('data-title');
const buttonNamed = (name: string) =>
  [...document.querySelectorAll('button')].find((b) => b.textContent === name)!;

describe('gallery options', () => {
  it('default to the documented values', () => {
    expect(galleryOptions(undefined)).toEqual({
      design: 'grid',
      autoplay: false,
      'autoplay-duration': 5,
      controls: false,
      'auto-crop': true,
      'aspect-ratio': 'square',
      'aspect-ratio-css': '1 / 1',
      'square-thumbs': true,
      thumbnails: false,
      'thumbnail-strip-height': 80,
      'thumbnail-strip-margin': 20,
      'show-meta-basic': true,
      'show-meta': true,
      'show-meta-only-title': false,
      'meta-position': 'bottom',
      'show-meta-on-hover': false,
      'active-alignment': 'center',
      'thumbnails-per-row': 4,
      padding: 20,
      lightbox: false,
      lightboxTheme: 'dark',
      'max-width': 300,
      newWindow: false,
      transparentBackground: false,
    });
  });

  it('keep numbers in their ranges and choices among their values', () => {
    const o = galleryOptions({
      design: 'carousel',
      'autoplay-duration': 0,
      'thumbnail-strip-height': 500,
      'thumbnail-strip-margin': '61',
      'thumbnails-per-row': 11,
      padding: -5,
      'max-width': 50,
      'aspect-ratio': 'anamorphic-widescreen',
      'meta-position': 'middle',
      lightboxTheme: 'light',
      lightbox: 'true',
      'auto-crop': false,
    });
    expect(o.design).toBe('slider');
    expect(o['autoplay-duration']).toBe(1);
    expect(o['thumbnail-strip-height']).toBe(200);
    expect(o['thumbnail-strip-margin']).toBe(60);
    expect(o['thumbnails-per-row']).toBe(10);
    expect(o.padding).toBe(0);
    expect(o['max-width']).toBe(100);
    expect(o['aspect-ratio-css']).toBe('2.4 / 1');
    expect(o['meta-position']).toBe('bottom');
    expect([o.lightboxTheme, o.lightbox, o['auto-crop']]).toEqual(['light', true, false]);
    expect(galleryOptions({ design: 'mosaic', 'autoplay-duration': 99 })).toMatchObject({
      design: 'grid',
      'autoplay-duration': 10,
    });
  });
});

describe('gallery designs (template)', () => {
  it('render the grid with the defaults when the page sets no options', () => {
    document.body.innerHTML = galleryHtml({});
    const root = document.querySelector<HTMLElement>('[data-gallery]')!;
    expect(root.className).toBe(
      'gallery gallery--grid gallery--meta-bottom gallery--align-center gallery--crop gallery--square-thumbs',
    );
    expect(root.getAttribute('style')).toBe(
      '--per-row: 4; --gap: 20px; --ratio: 1 / 1; --strip-height: 80px; --strip-margin: 20px; --max-width: 300px',
    );
    expect(root.dataset).toMatchObject({
      lightbox: 'false',
      lightboxTheme: 'dark',
      autoplay: 'false',
    });
    expect(document.querySelectorAll('.gallery-item')).toHaveLength(6);
    expect(document.querySelector('.gallery-controls, .gallery-thumbs')).toBeNull();
    expect(document.querySelector('.gallery-meta')!.textContent!.replace(/\s+/g, ' ').trim()).toBe(
      'The studio at dawn Morning light on the wedging table. 1500 × 1000',
    );
    expect(document.querySelector('.gallery-item-link')!.hasAttribute('target')).toBe(false);
  });

  it('render every design, with its options', () => {
    for (const design of ['grid', 'slideshow', 'slider', 'stacked']) {
      document.body.innerHTML = galleryHtml({ design, controls: true, thumbnails: true });
      const root = document.querySelector('[data-gallery]')!;
      expect(root.classList.contains(`gallery--${design}`)).toBe(true);
      const moving = design === 'slideshow' || design === 'slider';
      // Controls and thumbnails belong to the designs that show one slide at a time.
      expect(document.querySelectorAll('.gallery-prev, .gallery-next')).toHaveLength(
        moving ? 2 : 0,
      );
      expect(document.querySelectorAll('.gallery-thumb')).toHaveLength(moving ? 6 : 0);
    }
    document.body.innerHTML = galleryHtml({
      design: 'slider',
      'show-meta-only-title': true,
      'meta-position': 'top-left',
      'active-alignment': 'left',
      'show-meta-on-hover': true,
      'square-thumbs': false,
      'auto-crop': false,
      transparentBackground: true,
      newWindow: true,
      autoplay: true,
    });
    const root = document.querySelector('[data-gallery]')!;
    expect(root.className).toBe(
      'gallery gallery--slider gallery--meta-top-left gallery--align-left gallery--meta-hover gallery--transparent',
    );
    expect(document.querySelector('.gallery-meta')!.textContent!.trim()).toBe('The studio at dawn');
    expect(document.querySelector('.gallery-item-link')!.getAttribute('target')).toBe('_blank');
    // Autoplay without controls still gets its pause button; no thumbnails unless asked.
    expect(document.querySelector('.gallery-autoplay')!.textContent).toBe(PAUSE_LABEL);
    expect(document.querySelector('.gallery-prev, .gallery-thumbs')).toBeNull();
    document.body.innerHTML = galleryHtml({ 'show-meta': false });
    expect(document.querySelector('.gallery-meta')).toBeNull();
  });
});

describe('gallery widget', () => {
  useWidgetClock();

  it('moves the slideshow with its controls, thumbnails and the arrow keys', async () => {
    mountGallery({ design: 'slideshow', controls: true, thumbnails: true });
    const controls = document.querySelector<HTMLElement>('.gallery-controls')!;
    expect(controls.hidden).toBe(false);
    expect(activeTitle()).toBe('The studio at dawn');
    await user().click(buttonNamed('Next image'));
    expect(activeTitle()).toBe('Unloading the kiln');
    const position = document.querySelector('.gallery-position')!;
    expect(position.textContent).toBe('2 / 6');
    expect(position.getAttribute('aria-live')).toBe('polite');
    await user().click(buttonNamed('Previous image'));
    await user().click(buttonNamed('Previous image'));
    expect(activeTitle()).toBe('Holiday market');
    await user().click(document.querySelectorAll('.gallery-thumb')[2]!);
    expect(activeTitle()).toBe('On the wheel');
    expect(document.querySelectorAll('.gallery-thumb')[2]!.getAttribute('aria-current')).toBe(
      'true',
    );
    expect(document.querySelectorAll('[aria-current]')).toHaveLength(2);
    fireEvent.keyDown(document.querySelector('.gallery-slides')!, { key: 'ArrowRight' });
    expect(activeTitle()).toBe('Drying shelf');
    fireEvent.keyDown(document.querySelector('.gallery-slides')!, { key: 'ArrowLeft' });
    expect(activeTitle()).toBe('On the wheel');
    expect(logged).toEqual([]);
  });

  it('makes the slide a swipe scrolled to active', () => {
    mountGallery({ design: 'slider', 'active-alignment': 'left' });
    // jsdom has no layout: slides 300 px wide, 20 px apart, in a 400 px strip.
    const slides = document.querySelector<HTMLElement>('.gallery-slides')!;
    document.querySelectorAll<HTMLElement>('.gallery-item').forEach((item, i) => {
      Object.defineProperty(item, 'offsetLeft', { value: i * 320 });
      Object.defineProperty(item, 'offsetWidth', { value: 300 });
    });
    Object.defineProperty(slides, 'clientWidth', { value: 400 });
    slides.scrollLeft = 950;
    act(() => void slides.dispatchEvent(new Event('scrollend')));
    expect(activeTitle()).toBe('Drying shelf');
    expect(document.querySelector('.gallery-position')!.textContent).toBe('4 / 6');
  });

  it('autoplays every autoplay-duration seconds, paused by hover, focus and its button', () => {
    const root = mountGallery({ design: 'slider', autoplay: true, 'autoplay-duration': 3 });
    vi.advanceTimersByTime(2999);
    expect(activeTitle()).toBe('The studio at dawn');
    vi.advanceTimersByTime(1);
    expect(activeTitle()).toBe('Unloading the kiln');
    // Autoplay steps are not announced.
    expect(document.querySelector('.gallery-position')!.getAttribute('aria-live')).toBe('off');

    fireEvent.mouseEnter(root);
    vi.advanceTimersByTime(30_000);
    expect(activeTitle()).toBe('Unloading the kiln');
    fireEvent.mouseLeave(root);
    vi.advanceTimersByTime(3000);
    expect(activeTitle()).toBe('On the wheel');

    const pause = document.querySelector<HTMLButtonElement>('.gallery-autoplay')!;
    act(() => pause.focus());
    vi.advanceTimersByTime(30_000);
    expect(activeTitle()).toBe('On the wheel');
    act(() => pause.click());
    expect(pause.textContent).toBe(PLAY_LABEL);
    act(() => pause.blur());
    vi.advanceTimersByTime(30_000);
    expect(activeTitle()).toBe('On the wheel');
    act(() => pause.click());
    expect(pause.textContent).toBe(PAUSE_LABEL);
    act(() => pause.blur());
    vi.advanceTimersByTime(3000);
    expect(activeTitle()).toBe('Drying shelf');
  });

  it('does not autoplay for a visitor who asked for reduced motion', () => {
    mountGallery({ design: 'slideshow', autoplay: true }, true);
    // Not a multiple of the 6 slides' 30 s round: any step would show.
    vi.advanceTimersByTime(17_000);
    expect(activeTitle()).toBe('The studio at dawn');
    expect(document.querySelector('.gallery-autoplay')!.textContent).toBe(PLAY_LABEL);
  });

  it('opens the lightbox: arrow keys, swipe, Escape, and focus back on the image link', async () => {
    mountGallery({ lightbox: true, lightboxTheme: 'light' });
    const link = document.querySelectorAll<HTMLAnchorElement>('.gallery-item-link')[1]!;
    expect(link.getAttribute('aria-haspopup')).toBe('dialog');
    act(() => link.focus());
    await user().click(link);
    const dialog = screen.getByRole('dialog', { name: 'Gallery' });
    expect(dialog.className).toContain('gallery-lightbox--light');
    const image = () => dialog.querySelector('img')!;
    const position = () => dialog.querySelector('.gallery-lightbox-position')!.textContent;
    expect(image().getAttribute('src')).toBe('/assets/img/g-kiln.svg');
    expect(image().getAttribute('alt')).toBe('Unloading the kiln');
    expect(position()).toBe('2 / 6');
    await user().keyboard('{ArrowRight}');
    expect(position()).toBe('3 / 6');
    await user().keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(position()).toBe('6 / 6');
    expect(image().getAttribute('src')).toBe('/assets/img/g-market.svg');
    const figure = dialog.querySelector('figure')!;
    // A swipe to the left shows the next image; a short or mostly vertical one does nothing.
    fireEvent.touchStart(figure, { changedTouches: [{ clientX: 300, clientY: 100 }] });
    fireEvent.touchEnd(figure, { changedTouches: [{ clientX: 200, clientY: 110 }] });
    expect(position()).toBe('1 / 6');
    fireEvent.touchStart(figure, { changedTouches: [{ clientX: 300, clientY: 100 }] });
    fireEvent.touchEnd(figure, { changedTouches: [{ clientX: 280, clientY: 100 }] });
    fireEvent.touchStart(figure, { changedTouches: [{ clientX: 300, clientY: 100 }] });
    fireEvent.touchEnd(figure, { changedTouches: [{ clientX: 240, clientY: 300 }] });
    expect(position()).toBe('1 / 6');
    fireEvent.touchStart(figure, { changedTouches: [{ clientX: 100, clientY: 100 }] });
    fireEvent.touchEnd(figure, { changedTouches: [{ clientX: 200, clientY: 100 }] });
    expect(position()).toBe('6 / 6');
    await user().keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(link);
    expect(logged).toEqual([]);
  });

  it('pauses autoplay while the lightbox is open', async () => {
    mountGallery({ design: 'slideshow', autoplay: true, lightbox: true });
    await user().click(document.querySelectorAll('.gallery-item-link')[0]!);
    act(() => {
      // The pointer and focus leave the gallery: only the lightbox holds autoplay.
      fireEvent.mouseLeave(document.querySelector('[data-gallery]')!);
    });
    // Not a multiple of the 6 slides' 30 s round: any step would show.
    vi.advanceTimersByTime(17_000);
    expect(activeTitle()).toBe('The studio at dawn');
    await user().click(screen.getByRole('button', { name: 'Close' }));
    act(() => (document.activeElement as HTMLElement | null)?.blur());
    vi.advanceTimersByTime(5000);
    expect(activeTitle()).toBe('Unloading the kiln');
  });
});
