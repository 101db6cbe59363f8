/**
 * The data paths the site server fills from the request (site.ts `routeData`): `request.path`,
 * `request.query.*` (every query parameter) and, on the search route, `search.query` (the `q`
 * parameter). They hold whatever a visitor put in the URL, so a template must escape them
 * before they reach the HTML; `jsont check` and `jsont preview` warn when one may not be
 * (UNESCAPED_REQUEST_VALUE). This list is the one place these paths are named: a test checks that
 * every value the server copies from the request lies under one of them.
 */
import type { Path } from '../../engine/code.js';
import type { TemplateError } from '../../engine/errors.js';
import type { Template } from '../../engine/template.js';
import { findUnescapedRequestValues } from '../../render-runtime.js';

export const REQUEST_VALUE_PATHS: readonly Path[] = [['request'], ['search', 'query']];

/** UNESCAPED_REQUEST_VALUE warnings of a template, for the request values above. */
export function requestValueWarnings(template: Template): TemplateError[] {
  return findUnescapedRequestValues(template, REQUEST_VALUE_PATHS);
}
