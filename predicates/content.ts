/**
 * The 20 named content predicates (docs/language.md, "Predicates"), plus the generated families of
 * content-generated.ts: 81 in all.
 *
 * Most test a field of the current node only. Page-level settings (`calendarView`,
 * `folderBehavior` for clickable?, `typeName`, gallery `options`) are resolved through the
 * frames, so they work from inside an item. Each predicate reads its field the way the reference
 * does, which is not uniform: template truthiness (`isTruthy`), Jackson-style `asBoolean`, loose
 * numbers (`asNumber`) or exact values, as noted per predicate.
 */
import type { Predicate, PredicateTable, RenderContext } from '../engine/plugin.js';
import {
  asBoolean,
  asNumber,
  asString,
  isObject,
  isTruthy,
  descendValue as field,
} from '../engine/values.js';
import { CONTENT_GENERATED_PREDICATES } from './content-generated.js';
import { julianRange, SAME_DAY_NOT_A_NUMBER } from './error-texts.js';

/** Folder behaviours and collection types (docs/storefront.md, "Codes"). */
const FOLDER_INDEX = 1;
const FOLDER_REDIRECT = 2;
const COLLECTION_TEMPLATE_PAGE = 7;
const COLLECTION_PAGE = 10;

/** A predicate over the current node only. */
function onNode(test: (node: unknown) => boolean): Predicate {
  return { apply: (_args: string[], ctx: RenderContext) => test(ctx.node()) };
}

function hasMainImage(item: unknown): boolean {
  return isTruthy(field(item, 'mainImageId')) || isTruthy(field(item, 'systemDataId'));
}

/**
 * The excerpt test's tag stripping: a `<` drops everything up to the next `>` (or the end), a `>`
 * leaves a space; only whether visible text remains matters here.
 */
function hasVisibleText(html: string): boolean {
  let inTag = false;
  for (let i = 0; i < html.length; i++) {
    const c = html.charCodeAt(i);
    if (c === 60 /* < */) inTag = true;
    else if (c === 62 /* > */) inTag = false;
    else if (!inTag && html[i]!.trim() !== '') return true;
  }
  return false;
}

/** The excerpt is a string or `{html}`; it counts when it has text outside tags. */
function hasExcerpt(node: unknown): boolean {
  let excerpt = field(node, 'excerpt');
  if (isObject(excerpt)) excerpt = field(excerpt, 'html');
  return typeof excerpt === 'string' && hasVisibleText(excerpt);
}

// --- same-day? --------------------------------------------------------------------------------

const MS_PER_DAY = 86_400_000;
/** Julian day number of 1970-01-01 (counted from midnight). */
const EPOCH_JULIAN_DAY = 2_440_588;
/** The reference's calendar covers Julian days 0 (1 Jan 4713 BC) to 4881503 (31 Dec 8652 AD). */
const MAX_JULIAN_DAY = 4_881_503;

/**
 * The UTC day number of an epoch-ms value. Outside the supported calendar range (or for a value
 * that is not a number) the reference throws, so the predicate block renders nothing and the
 * error is recorded; that is kept rather than guessing an answer.
 */
function utcDay(value: unknown): number {
  const ms = asNumber(value);
  if (ms !== ms) throw new TypeError(SAME_DAY_NOT_A_NUMBER);
  const day = Math.floor(ms / MS_PER_DAY);
  const julian = day + EPOCH_JULIAN_DAY;
  if (julian < 0 || julian > MAX_JULIAN_DAY) {
    throw new Error(julianRange(julian));
  }
  return day;
}

/** Start and end fall on the same calendar day in UTC (not the site's zone, as in the reference). */
function sameDay(node: unknown): boolean {
  const start = utcDay(field(node, 'startDate'));
  return start === utcDay(field(node, 'endDate'));
}

export const CONTENT_PREDICATES: PredicateTable = {
  'calendar-view?': { apply: (_args, ctx) => asBoolean(ctx.resolveRef('calendarView')) },
  'child-images?': onNode((node) => {
    const items = field(node, 'items');
    return Array.isArray(items) && items.length > 0 && hasMainImage(items[0]);
  }),
  // No folder behaviour in reach means a plain page, which is clickable.
  'clickable?': {
    apply(_args, ctx) {
      const behavior = ctx.resolveRef('folderBehavior');
      if (behavior === undefined) return true;
      const code = asNumber(behavior);
      return code === FOLDER_INDEX || code === FOLDER_REDIRECT;
    },
  },
  'collection?': onNode((node) => isTruthy(field(node, 'collection'))),
  'collection-page?': onNode(
    (node) => asNumber(field(field(node, 'collection'), 'type')) === COLLECTION_PAGE,
  ),
  // A node with a `collection` is judged by it; otherwise the node is the collection.
  'collection-template-page?': onNode((node) => {
    const collection = field(node, 'collection');
    const type = collection === undefined ? field(node, 'type') : field(collection, 'type');
    return asNumber(type) === COLLECTION_TEMPLATE_PAGE;
  }),
  'collectionTypeNameEquals?': {
    apply: (args, ctx) => args.length > 0 && asString(ctx.resolveRef('typeName')) === args[0],
  },
  'excerpt?': onNode(hasExcerpt),
  'external-link?': onNode((node) => isTruthy(field(node, 'externalLink'))),
  'folder?': onNode((node) => isTruthy(field(field(node, 'collection'), 'folder'))),
  'gallery-meta?': {
    apply(_args, ctx) {
      const options = ctx.resolveRef('options');
      return isTruthy(field(options, 'controls')) || isTruthy(field(options, 'indicators'));
    },
  },
  'has-multiple?': onNode((node) =>
    Array.isArray(node) ? node.length > 1 : isObject(node) && Object.keys(node).length > 1,
  ),
  // Unlike redirect?, the behaviour must be the number 1 itself (the reference compares exactly).
  'index?': onNode((node) => {
    const collection = field(node, 'collection');
    return (
      isTruthy(field(collection, 'folder')) && field(collection, 'folderBehavior') === FOLDER_INDEX
    );
  }),
  // Both coordinates present, whatever their values (0 and null included).
  'location?': onNode((node) => {
    const location = field(node, 'location');
    return field(location, 'mapLat') !== undefined && field(location, 'mapLng') !== undefined;
  }),
  'main-image?': onNode(hasMainImage),
  'passthrough?': onNode(
    (node) => isTruthy(field(node, 'passthrough')) && asString(field(node, 'sourceUrl')) !== '',
  ),
  'redirect?': onNode((node) => asNumber(field(node, 'folderBehavior')) === FOLDER_REDIRECT),
  'same-day?': onNode(sameDay),
  'serviceNameEmail?': onNode((node) => asString(field(node, 'serviceName')) === 'email'),
  'show-past-events?': onNode(
    (node) => asString(field(node, 'showPastOrUpcomingEvents')) === 'past',
  ),
  ...CONTENT_GENERATED_PREDICATES,
};
