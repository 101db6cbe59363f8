/**
 * The 28 core formatters (docs/language.md, "Core formatters"), joined from their text and data
 * halves.
 */
import type { FormatterTable } from '../engine/plugin.js';
import { CORE_DATA_FORMATTERS } from './core-data.js';
import { CORE_TEXT_FORMATTERS } from './core-text.js';

export const CORE_FORMATTERS: FormatterTable = { ...CORE_TEXT_FORMATTERS, ...CORE_DATA_FORMATTERS };
