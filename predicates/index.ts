/** Every built-in predicate, spread from the per-domain tables. Names end in `?`. */
import type { PredicateTable } from '../engine/plugin.js';
import { COMMERCE_PREDICATES } from './commerce.js';
import { CONTENT_PREDICATES } from './content.js';
import { CORE_PREDICATES } from './core.js';
import { SLIDE_PREDICATES } from './slide.js';
import { SOCIAL_PREDICATES } from './social.js';

export const ALL_PREDICATES: PredicateTable = {
  ...CORE_PREDICATES,
  ...CONTENT_PREDICATES,
  ...SLIDE_PREDICATES,
  ...COMMERCE_PREDICATES,
  ...SOCIAL_PREDICATES,
};
