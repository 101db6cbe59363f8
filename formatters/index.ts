/** Every built-in formatter, spread from the per-domain tables. */
import type { FormatterTable } from '../engine/plugin.js';
import { COMMERCE_CART_FORMATTERS } from './commerce-cart.js';
import { COMMERCE_FORM_FORMATTERS } from './commerce-forms.js';
import { COMMERCE_MERCHANDISING_FORMATTERS } from './commerce-merchandising.js';
import { COMMERCE_PRICE_FORMATTERS } from './commerce-price.js';
import { COMMERCE_WIDGET_FORMATTERS } from './commerce-widgets.js';
import { CONTENT_FORMATTERS } from './content.js';
import { PLATFORM_VIDEO_FORMATTERS } from './content-video.js';
import { CORE_FORMATTERS } from './core.js';
import { I18N_FORMATTERS } from './i18n-table.js';
import { SOCIAL_FORMATTERS } from './social.js';

export const ALL_FORMATTERS: FormatterTable = {
  ...CORE_FORMATTERS,
  ...CONTENT_FORMATTERS,
  ...COMMERCE_PRICE_FORMATTERS,
  ...COMMERCE_WIDGET_FORMATTERS,
  ...COMMERCE_MERCHANDISING_FORMATTERS,
  ...COMMERCE_CART_FORMATTERS,
  ...COMMERCE_FORM_FORMATTERS,
  ...I18N_FORMATTERS,
  ...SOCIAL_FORMATTERS,
  ...PLATFORM_VIDEO_FORMATTERS,
};

/**
 * Formatters whose output is safe in HTML whatever their input: `jsont check` takes a request
 * value that went through one of them as escaped. (`safe` removes tags but keeps quotes: fine in
 * text, not inside an attribute.)
 */
export const ESCAPING_FORMATTERS: ReadonlySet<string> = new Set([
  'html',
  'htmlattr',
  'htmltag',
  'safe',
  'slugify',
  'url-encode',
  'encode-uri',
  'encode-uri-component',
]);

/** Formatters that insert the values of their arguments into their output as they are. */
export const ARGUMENT_INSERTING_FORMATTERS: ReadonlySet<string> = new Set([
  'message',
  'plural',
  'format',
]);
