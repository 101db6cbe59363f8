/**
 * A gallery's options with the editor's defaults filled in (docs/storefront.md, "Galleries"):
 * the template and the gallery widget read the same values, on the server and in the browser.
 * Unknown choices fall back to the default, numbers are clamped to their range, flags accept
 * `true` / `"true"` only (`false`, absent or anything else is off unless the default is on and
 * the option is absent).
 */
import { isRec, type Rec } from '../utils/records.js';

export const GALLERY_DESIGNS = ['grid', 'slideshow', 'slider', 'stacked'] as const;
export const ASPECT_RATIOS = [
  'square',
  'standard',
  'standard-vertical',
  'four-three',
  'three-four-vertical',
  'widescreen',
  'anamorphic-widescreen',
] as const;
export const META_POSITIONS = [
  'top',
  'top-left',
  'top-right',
  'center',
  'bottom',
  'bottom-left',
  'bottom-right',
] as const;

/** Width / height of each aspect ratio, as CSS `aspect-ratio` text. */
export const ASPECT_RATIO_CSS: Readonly<Record<(typeof ASPECT_RATIOS)[number], string>> = {
  square: '1 / 1',
  standard: '3 / 2',
  'standard-vertical': '2 / 3',
  'four-three': '4 / 3',
  'three-four-vertical': '3 / 4',
  widescreen: '16 / 9',
  'anamorphic-widescreen': '2.4 / 1',
};

type Choice<T extends readonly string[]> = T[number];

export interface GalleryOptions {
  design: Choice<typeof GALLERY_DESIGNS>;
  autoplay: boolean;
  'autoplay-duration': number;
  controls: boolean;
  'auto-crop': boolean;
  'aspect-ratio': Choice<typeof ASPECT_RATIOS>;
  /** The aspect ratio as CSS (`3 / 2`), for the template's style attribute. */
  'aspect-ratio-css': string;
  'square-thumbs': boolean;
  thumbnails: boolean;
  'thumbnail-strip-height': number;
  'thumbnail-strip-margin': number;
  'show-meta-basic': boolean;
  'show-meta': boolean;
  'show-meta-only-title': boolean;
  'meta-position': Choice<typeof META_POSITIONS>;
  'show-meta-on-hover': boolean;
  'active-alignment': 'left' | 'center' | 'right';
  'thumbnails-per-row': number;
  padding: number;
  lightbox: boolean;
  lightboxTheme: 'dark' | 'light';
  'max-width': number;
  newWindow: boolean;
  transparentBackground: boolean;
}

function flag(raw: Rec, key: string, fallback: boolean): boolean {
  const value = raw[key];
  if (value === undefined || value === null) return fallback;
  return value === true || value === 'true';
}

function number(raw: Rec, key: string, fallback: number, min: number, max: number): number {
  const value = typeof raw[key] === 'string' ? Number(raw[key]) : raw[key];
  if (typeof value !== 'number' || !Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, Math.round(value)));
}

function choice<T extends readonly string[]>(
  raw: Rec,
  key: string,
  values: T,
  fallback: T[number],
): T[number] {
  const value = raw[key];
  return typeof value === 'string' && values.includes(value) ? value : fallback;
}

/** `raw` (a gallery's `options`, any shape) with every option present and in range. */
export function galleryOptions(raw: unknown): GalleryOptions {
  const o = isRec(raw) ? raw : {};
  // The slider is also called carousel.
  const design = o.design === 'carousel' ? 'slider' : choice(o, 'design', GALLERY_DESIGNS, 'grid');
  const ratio = choice(o, 'aspect-ratio', ASPECT_RATIOS, 'square');
  return {
    design,
    autoplay: flag(o, 'autoplay', false),
    'autoplay-duration': number(o, 'autoplay-duration', 5, 1, 10),
    controls: flag(o, 'controls', false),
    'auto-crop': flag(o, 'auto-crop', true),
    'aspect-ratio': ratio,
    'aspect-ratio-css': ASPECT_RATIO_CSS[ratio],
    'square-thumbs': flag(o, 'square-thumbs', true),
    thumbnails: flag(o, 'thumbnails', false),
    'thumbnail-strip-height': number(o, 'thumbnail-strip-height', 80, 0, 200),
    'thumbnail-strip-margin': number(o, 'thumbnail-strip-margin', 20, 0, 60),
    'show-meta-basic': flag(o, 'show-meta-basic', true),
    'show-meta': flag(o, 'show-meta', true),
    'show-meta-only-title': flag(o, 'show-meta-only-title', false),
    'meta-position': choice(o, 'meta-position', META_POSITIONS, 'bottom'),
    'show-meta-on-hover': flag(o, 'show-meta-on-hover', false),
    'active-alignment': choice(
      o,
      'active-alignment',
      ['left', 'center', 'right'] as const,
      'center',
    ),
    'thumbnails-per-row': number(o, 'thumbnails-per-row', 4, 1, 10),
    padding: number(o, 'padding', 20, 0, 50),
    lightbox: flag(o, 'lightbox', false),
    lightboxTheme: choice(o, 'lightboxTheme', ['dark', 'light'] as const, 'dark'),
    'max-width': number(o, 'max-width', 300, 100, 300),
    newWindow: flag(o, 'newWindow', false),
    transparentBackground: flag(o, 'transparentBackground', false),
  };
}

/** Whether route data is a gallery page: its collection is a gallery. */
export function isGalleryPage(data: Rec): boolean {
  const collection = isRec(data.collection) ? data.collection : {};
  return collection.typeName === 'gallery' || [6, 15].includes(collection.type as number);
}
