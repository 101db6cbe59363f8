/**
 * The date, i18n and legacy i18n formatters (docs/language.md, "Internationalisation formatters"
 * and "The date formatter"), spread into ALL_FORMATTERS.
 */
import type { FormatterTable } from '../engine/plugin.js';
import { DATE_FORMATTERS } from './date.js';
import { DATETIME_FORMATTERS } from './i18n-datetime.js';
import { DECIMAL_FORMATTERS } from './i18n-decimal.js';
import { LEGACY_FORMATTERS } from './legacy.js';
import { MESSAGE_FORMATTERS } from './i18n-message.js';
import { MONEY_FORMATTERS } from './i18n-money.js';
import { RELATIVE_FORMATTERS } from './i18n-relative.js';

export const I18N_FORMATTERS: FormatterTable = {
  ...DATE_FORMATTERS,
  ...DATETIME_FORMATTERS,
  ...DECIMAL_FORMATTERS,
  ...LEGACY_FORMATTERS,
  ...MESSAGE_FORMATTERS,
  ...MONEY_FORMATTERS,
  ...RELATIVE_FORMATTERS,
};
