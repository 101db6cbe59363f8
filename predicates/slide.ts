/**
 * The slide predicate (docs/language.md, "Predicates"): `current-type? NAME`, for cover-page
 * slices.
 */
import type { PredicateTable } from '../engine/plugin.js';
import { asNumber, descendValue, getOwn } from '../engine/values.js';

/** Slice type codes by name (docs/storefront.md, "Codes"); `undefined` is the unset type. */
const SLICE_TYPES: Readonly<Record<string, number>> = {
  undefined: -1,
  heading: 1,
  body: 3,
  image: 4,
  gallery: 5,
  video: 6,
  'social-icons': 7,
  buttons: 8,
  navigation: 9,
  'custom-form': 10,
  newsletter: 11,
  album: 12,
  map: 13,
  logo: 14,
  action: 15,
  form: 16,
  lock: 17,
  password: 18,
  twitter: 19,
};

export const SLIDE_PREDICATES: PredicateTable = {
  /**
   * The current node's `currentType` is the code of slice type NAME. The stored type is read as
   * a number cut to a 32-bit integer (`5.9` is 5), as the reference does; an unknown NAME is false.
   */
  'current-type?': {
    apply(args, ctx) {
      if (args.length === 0) return false;
      const code = getOwn(SLICE_TYPES, args[0]!);
      if (code === undefined) return false;
      return (asNumber(descendValue(ctx.node(), 'currentType')) | 0) === code;
    },
  },
};
