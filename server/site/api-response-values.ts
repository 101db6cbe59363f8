/**
 * The data paths a page template sees whose text an API response chose: `cartStatus.notice`, the
 * /cart page's notice (storefront/state/page-data.ts), whose message is the server's error text
 * when a cart call fails (docs/storefront.md, "Error texts": other failures show the server's
 * message). A template must escape them as it escapes request values; `jsont check` and
 * `jsont preview` warn when one may not be (UNESCAPED_API_VALUE). This list is the one place
 * these paths are named: a test checks that the text of a failed cart call lands under them only.
 *
 * The cart itself is also an API answer, but its entries are the site's own catalog data (titles,
 * skus, prices), which templates print like every other site data.
 */
import type { Path } from '../../engine/code.js';
import type { TemplateError } from '../../engine/errors.js';
import type { Template } from '../../engine/template.js';
import { findUnescapedApiValues } from '../../render-runtime.js';

export const API_RESPONSE_VALUE_PATHS: readonly Path[] = [['cartStatus', 'notice']];

/** UNESCAPED_API_VALUE warnings of a template, for the API response values above. */
export function apiResponseValueWarnings(template: Template): TemplateError[] {
  return findUnescapedApiValues(template, API_RESPONSE_VALUE_PATHS);
}
