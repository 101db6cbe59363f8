/**
 * The named character references that entities.ts does not carry itself, on the server: the
 * whole HTML table (2,231 names), with the spec's rules, from the `entities` package. The
 * browser runtime gets named-references.browser.ts instead (package.json "browser"), which asks
 * the browser's own parser and ships no table.
 */
import { decodeHTML, decodeHTMLAttribute } from 'entities';

/**
 * `reference` decoded as the HTML parser decodes it in text or in an attribute value: `&`, a
 * run of letters and digits, and the `;` or `=` after it if there is one. What is not a
 * reference stays as written (`&unknown;`, `&copy=` in an attribute).
 */
export function decodeNamed(reference: string, inAttribute: boolean): string | null {
  return inAttribute ? decodeHTMLAttribute(reference) : decodeHTML(reference);
}
