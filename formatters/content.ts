/**
 * The 20 content formatters (docs/language.md, "Content formatters"), joined from their per-concern
 * modules.
 */
import type { FormatterTable } from '../engine/plugin.js';
import { CONTENT_IMAGE_FORMATTERS } from './content-image.js';
import { CONTENT_ITEM_FORMATTERS } from './content-item.js';
import { CONTENT_MISC_FORMATTERS } from './content-misc.js';
import { CONTENT_VIDEO_FORMATTERS } from './content-video.js';

export const CONTENT_FORMATTERS: FormatterTable = {
  ...CONTENT_MISC_FORMATTERS,
  ...CONTENT_IMAGE_FORMATTERS,
  ...CONTENT_ITEM_FORMATTERS,
  ...CONTENT_VIDEO_FORMATTERS,
};
