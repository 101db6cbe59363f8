/**
 * Which formatters and predicates the generated templates use, with argument generators.
 *
 * DIFFERENTIAL_* lists hold the plugins that both engines run identically without locale data
 * (no `@phensley/cldr` pack, no time zone): every core formatter and predicate plus the plugin
 * formatters/predicates that need neither CLDR nor a clock. Excluded on purpose: the i18n
 * formatters (datetime, decimal, money, message, plural, relative-time, timesince,
 * bookkeeper-money-format, percentage-format), `date`, `google-calendar-url`, `same-day?`
 * (time zones), and the built-in-template formatters whose output uses CLDR messages
 * (product-price, variants-select, …).
 */
import fc from 'fast-check';

/** A formatter name and the text that follows it inside the tag (delimiter + args, or ''). */
export interface FormatterSpec {
  name: string;
  args: fc.Arbitrary<string>;
}

const none = fc.constant('');
const ref = fc.constantFrom('title', 'n', 'items', '@', 'website.siteTitle', 'tags.0', 'missing');
const sp = (arb: fc.Arbitrary<string>): fc.Arbitrary<string> => arb.map((s) => ` ${s}`);

const CORE_FORMATTERS: FormatterSpec[] = [
  ...[
    'encode-space',
    'encode-uri',
    'encode-uri-component',
    'html',
    'htmlattr',
    'htmltag',
    'json',
    'json-pretty',
    'raw',
    'safe',
    'slugify',
    'smartypants',
    'str',
    'url-encode',
    'count',
    'iter',
    'round',
  ].map((name) => ({ name, args: none })),
  { name: 'output', args: fc.constantFrom(' a b', ',x,y', ' 1') },
  { name: 'pluralize', args: fc.constantFrom('', ' ies', ' child children', '/a/b') },
  {
    name: 'truncate',
    args: fc.constantFrom('', ' 3', ' 5 …', ' 0', ' -1', ' x', ',4,!', ' 10 ..'),
  },
  { name: 'cycle', args: fc.constantFrom(' a b c', ' x', ',1,2') },
  { name: 'mod', args: fc.constantFrom('', ' 3', ' 0', ' x') },
  {
    name: 'format',
    args: sp(fc.array(ref, { minLength: 1, maxLength: 3 }).map((r) => r.join(' '))),
  },
  { name: 'get', args: sp(ref) },
  { name: 'prop', args: fc.constantFrom(' title', ' a.b', ' 0', ' items.0.title') },
  { name: 'key-by', args: fc.constantFrom(' title', ' n', ' a.b') },
  { name: 'lookup', args: sp(ref) },
  {
    name: 'apply',
    args: fc.constantFrom(' p', ' p private', ' args k=v x=1', ' missing-partial', ' rec', ' mac'),
  },
];

const PLUGIN_FORMATTERS: FormatterSpec[] = [
  ...[
    'capitalize',
    'color-weight',
    'height',
    'width',
    'humanizeDuration',
    'AbsUrl',
    'comment-count',
    'cart-url',
    'cart-subtotal',
    'cart-quantity',
    'variant-descriptor',
    'activate-twitter-links',
    'website-color',
    'item-classes',
    'datetimefield',
    'money-format',
    'moneyFormat',
    'unit',
    'money-string',
    'i18n-money-format',
    'product-status',
    'from-price',
    'normal-price',
    'sale-price',
  ].map((name) => ({ name, args: none })),
  { name: 'resizedHeightForWidth', args: fc.constantFrom(' 100', ' 0', ' x') },
  { name: 'resizedWidthForHeight', args: fc.constantFrom(' 50', ' 0') },
  { name: 'squarespaceThumbnailForWidth', args: fc.constantFrom(' 100', ' 1200', ' 600') },
  { name: 'squarespaceThumbnailForHeight', args: fc.constantFrom(' 100', ' 1200') },
];

/** Formatters the differential suite may use (both engines, no locale data). */
export const DIFFERENTIAL_FORMATTERS: FormatterSpec[] = [...CORE_FORMATTERS, ...PLUGIN_FORMATTERS];

/** A predicate name and its argument text (delimiter + args, or ''). */
export interface PredicateSpec {
  name: string;
  args: fc.Arbitrary<string>;
}

const compareArgs = fc.constantFrom(
  ' "a"',
  ' 1',
  ' n 1',
  ' title "Hello, World"',
  ' n',
  ' true',
  ' null',
  ' items.0.n 2',
  ':title:"x y"',
  ' [1,2]',
  ' -1',
);

export const DIFFERENTIAL_PREDICATES: PredicateSpec[] = [
  ...['equal?', 'notEqual?', 'greaterThan?', 'greaterThanOrEqual?', 'lessThan?'].map((name) => ({
    name,
    args: compareArgs,
  })),
  { name: 'lessThanOrEqual?', args: compareArgs },
  { name: 'even?', args: fc.constantFrom('', ' n', ' 2') },
  { name: 'odd?', args: fc.constantFrom('', ' n') },
  { name: 'nth?', args: fc.constantFrom(' 2', ' n 3', ' 0') },
  ...['plural?', 'singular?', 'debug?'].map((name) => ({ name, args: none })),
  ...[
    'collection?',
    'text?',
    'has-multiple?',
    'external-link?',
    'comments?',
    'disqus?',
    'on-sale?',
    'sold-out?',
    'main-image?',
    'excerpt?',
    'store-item?',
    'promotedIMAGE?',
    'gallery-autoplay?',
  ].map((name) => ({ name, args: none })),
  { name: 'current-type?', args: fc.constantFrom(' x', '') },
];
