/**
 * fast-check arbitraries for JSON data shaped like site data: a page with a title, numbers,
 * flags, tags, an `items` collection of records, a `website` object and a few deliberately
 * awkward values (empty array, null, numeric strings, markup). Keys come from DATA_KEYS so the
 * template arbitraries can refer to them and actually hit data.
 */
import fc from 'fast-check';

/** Top-level keys the data always or often has; template paths are drawn from these. */
export const DATA_KEYS = [
  'title',
  'body',
  'n',
  'price',
  'flag',
  'tags',
  'items',
  'website',
  'empty',
  'nothing',
  'size',
  'color',
] as const;

/** Strings that stress escaping, slugs, truncation, numeric coercion and unicode. */
export const awkwardString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '0',
    '1',
    '-1.5',
    '1e3',
    '0x10',
    'false',
    'null',
    'Hello, World',
    'a  b\tc\nd',
    '<b>bold</b> & "quoted" \'single\'',
    '</script><script>alert(1)</script>',
    'café ñandú 東京 😀',
    'it\'s -- "smart"',
    'https://example.com/a b?c=d&e=f',
    '@user #tag http://x.co',
    '100x200',
    '#ff00aa',
    'fff',
    '{a}',
    '{.section x}',
    '__proto__',
    'constructor',
  ),
  fc.string({ maxLength: 12 }),
);

export const awkwardNumber: fc.Arbitrary<number> = fc.oneof(
  fc.integer({ min: -3, max: 12 }),
  fc.constantFrom(0, 1, 2, -1, 0.5, -1.5, 2.5, 1e21, 1e-7, 0.1, 1500, 86_400_000, 2 ** 31),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }),
);

export const scalar: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: awkwardString },
  { weight: 3, arbitrary: awkwardNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
);

/** Any JSON value, bounded in depth, drawn from awkward scalars. */
export const jsonValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', maxDepth: 3 },
    scalar,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom('a', 'b', 'title', 'n', 'x'), tie('value'), {
      maxKeys: 3,
      noNullPrototype: true,
    }),
  ),
})).value;

const record = fc.record(
  {
    title: awkwardString,
    n: awkwardNumber,
    flag: fc.boolean(),
    tags: fc.array(awkwardString, { maxLength: 3 }),
    body: awkwardString,
    recordType: fc.constantFrom(1, 2, 11),
    size: fc.constantFrom('100x200', '1500x1000', 'x', ''),
    items: fc.array(fc.record({ title: awkwardString, n: awkwardNumber }), { maxLength: 2 }),
  },
  { requiredKeys: ['title'] },
);

/**
 * Site-shaped page data. Every key is optional so missing-value paths are exercised too. The
 * value goes through JSON text, as real site data does: plain prototypes (fast-check may build
 * null-prototype objects), no `undefined`, no `-0`.
 */
export const siteData: fc.Arbitrary<Record<string, unknown>> = fc
  .record(
    {
      title: awkwardString,
      body: awkwardString,
      n: awkwardNumber,
      price: fc.oneof(awkwardNumber, awkwardString),
      flag: fc.oneof(fc.boolean(), scalar),
      tags: fc.array(awkwardString, { maxLength: 4 }),
      items: fc.array(record, { maxLength: 4 }),
      website: fc.record({
        siteTitle: awkwardString,
        baseUrl: fc.constantFrom('https://example.com', ''),
        count: awkwardNumber,
      }),
      empty: fc.constantFrom([], {}, '', 0),
      nothing: fc.constant(null),
      size: fc.constantFrom('100x200', '1500x1000', '7', 'axb'),
      color: fc.constantFrom('#ffffff', '000', 'zz', '#12345'),
      misc: jsonValue,
    },
    { requiredKeys: ['title', 'items'] },
  )
  .map((data) => JSON.parse(JSON.stringify(data)) as Record<string, unknown>);
