/**
 * Every name of the HTML named character reference table, for the property generators: read
 * from the `entities` package's decode data (the table the server decodes with), so the tests
 * draw from all 2,231 references without keeping a copy of the table. The data's format is
 * the package's (src/internal/decode-data-format.ts there): a header of three 12-bit numbers
 * (names, suffix characters, buckets), the names front-coded (each one the previous one's first
 * characters, then its own suffix), and two characters of metadata per name (prefix length,
 * suffix length, whether the name also works without its `;`).
 */
import { htmlDecodeData } from '../../node_modules/entities/dist/generated/decode-data-html.js';

export interface EntityName {
  /** The name, without `&` and `;`. */
  name: string;
  /** One of the 106 legacy names the parser also takes without the `;` (`&copy`). */
  legacy: boolean;
}

function readNames(): EntityName[] {
  const data = htmlDecodeData[0];
  const number = (at: number): number =>
    ((data.charCodeAt(at) - 0x30) << 6) | (data.charCodeAt(at + 1) - 0x30);
  const count = number(0);
  const suffixes = number(2);
  const metaStart = 6 + suffixes;
  const names: EntityName[] = [];
  let name = '';
  let suffixAt = 6;
  for (let i = 0; i < count; i++) {
    const meta0 = data.charCodeAt(metaStart + 2 * i) - 0x23;
    const meta1 = data.charCodeAt(metaStart + 2 * i + 1) - 0x23;
    const prefix = meta0 & 31;
    const suffix = meta1 & 31;
    name = name.slice(0, prefix) + data.slice(suffixAt, suffixAt + suffix);
    suffixAt += suffix;
    names.push({ name, legacy: (meta0 & 0x20) !== 0 });
  }
  return names;
}

/** All the names (2,125 with a `;`, 106 of them also without). */
export const ENTITY_NAMES: readonly EntityName[] = readNames();
