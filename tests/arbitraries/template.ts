/**
 * fast-check arbitraries for template source. A template is a recursive list of nodes: text
 * with HTML, variables with formatter chains, sections, repeated sections (with alternates-with
 * and or/or-predicate chains), predicate blocks, `.if` with && and ||, `.var`, `.ctx`, `.eval`,
 * `.macro` + `apply`, `.include`, comments, meta tags — and, when `malformed` is on, stray
 * braces, broken tags, unknown plugins and unbalanced block keywords.
 *
 * Paths come from DATA_KEYS (tests/arbitraries/data.ts) so generated templates meet real data.
 */
import fc from 'fast-check';
import { DATA_KEYS } from './data.js';
import { expression } from './expression.js';
import {
  DIFFERENTIAL_FORMATTERS,
  DIFFERENTIAL_PREDICATES,
  type FormatterSpec,
  type PredicateSpec,
} from './plugins.js';

export interface TemplateOptions {
  formatters?: FormatterSpec[];
  predicates?: PredicateSpec[];
  /** Include stray braces, broken tags, unknown names and unbalanced END/OR keywords. */
  malformed?: boolean;
  /** Maximum block nesting. */
  maxDepth?: number;
}

/** Partials every generated template may `apply`/`.include` (see `PARTIALS`). */
export const PARTIALS: Record<string, string> = {
  p: '<i>{@|html}</i>{title}',
  args: '[{@args.k}|{@args.x}]',
  rec: '{@|apply rec}',
  bad: '{.section}{a|nope}{.end}',
  inc: '{.var @fromInclude title}{.macro incmac}M{.end}',
};

/** Template paths: every top-level data key, then deeper paths and variables. */
export const PATHS = [
  ...DATA_KEYS,
  'website.siteTitle',
  'website.count',
  'misc',
  'misc.a',
  'items.0.title',
  'items.1',
  'items.0.items',
  'tags.0',
  'title.length',
  'missing',
  '@',
  '@index',
  '@index0',
  '@v',
  '@c.k',
  '@fromInclude',
  '@args',
  '123',
] as const;

const path = fc.constantFrom(...PATHS);

const text: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '<p class="x">',
    '</p>',
    '<a href="/x?a=1&b=2">',
    '</a>',
    ' ',
    '\n',
    '\t',
    'Hello',
    '&amp; &lt;',
    'if (x) ',
    '#',
    '|',
    '.',
    'é',
  ),
  fc.string({ maxLength: 5 }).filter((s) => !/[{}]/.test(s)),
);

const malformedTag: fc.Arbitrary<string> = fc.constantFrom(
  '{',
  '}',
  '{{',
  '}}',
  '{}',
  '{ a}',
  '{a|}',
  '{a||b}',
  '{.a}',
  '{.section}',
  '{.endx}',
  '{.if a & b}',
  '{.var @a.b c}',
  '{a|nope}',
  '{.nope?}',
  '{.or  x?}',
  '{.end }',
  '{.eval}',
  '{^x}',
  '{"a": 1}',
  '{a:1}',
  '{a.}',
  '{$}',
  '{.meta-left}',
  '{##',
  '{.end}',
  '{.or}',
  '{.alternates with}',
  '{.eof}',
  'function(){return a}',
);

function formatterChain(formatters: FormatterSpec[]): fc.Arbitrary<string> {
  if (formatters.length === 0) return fc.constant('');
  const one = fc
    .constantFrom(...formatters)
    .chain((spec) => spec.args.map((args) => `|${spec.name}${args}`));
  return fc.array(one, { maxLength: 3 }).map((parts) => parts.join(''));
}

function predicateCall(predicates: PredicateSpec[]): fc.Arbitrary<string> {
  return fc.constantFrom(...predicates).chain((spec) => spec.args.map((a) => `${spec.name}${a}`));
}

/** Arbitrary template source built from the given plugin lists. */
export function templateArbitrary(options: TemplateOptions = {}): fc.Arbitrary<string> {
  const formatters = options.formatters ?? DIFFERENTIAL_FORMATTERS;
  const predicates = options.predicates ?? DIFFERENTIAL_PREDICATES;
  const maxDepth = options.maxDepth ?? 3;
  const chain = formatterChain(formatters);
  const predicate = predicateCall(predicates);

  const refs = fc
    .array(path, { minLength: 1, maxLength: 2 })
    .chain((ps) => fc.constantFrom(', ', ',', ' , ').map((sep) => ps.join(sep)));
  const variable = fc.tuple(refs, chain).map(([r, f]) => `{${r}${f}}`);
  const ifCondition = fc
    .tuple(path, fc.array(fc.tuple(fc.constantFrom(' && ', ' || ', '&&'), path), { maxLength: 3 }))
    .map(([first, rest]) => first + rest.map(([op, p]) => op + p).join(''));

  const leaf: fc.Arbitrary<string> = fc.oneof(
    { weight: 6, arbitrary: text },
    { weight: 6, arbitrary: variable },
    { weight: 1, arbitrary: fc.tuple(path, chain).map(([p, f]) => `{.var @v ${p}${f}}`) },
    {
      weight: 1,
      arbitrary: fc.tuple(path, path).map(([a, b]) => `{.ctx @c k=${a} x=${b}}`),
    },
    { weight: 2, arbitrary: expression.map((e) => `{.eval ${e}}`) },
    { weight: 1, arbitrary: fc.constantFrom('{.include p}', '{.include inc}', '{.include nope}') },
    { weight: 1, arbitrary: fc.constantFrom('{.include p output}', '{.include rec}') },
    { weight: 1, arbitrary: fc.constantFrom('{# note}', '{## multi\n{x} ##}', '{#}') },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '{.meta-left}',
        '{.meta-right}',
        '{.space}',
        '{.tab}',
        '{.newline}',
      ),
    },
    ...(options.malformed ? [{ weight: 3, arbitrary: malformedTag }] : []),
  );

  const { node } = fc.letrec<{ node: string; body: string }>((tie) => {
    const body = tie('body');
    const orTail = fc.oneof(
      fc.constant(''),
      body.map((b) => `{.or}${b}`),
      fc.tuple(predicate, body).map(([p, b]) => `{.or ${p}}${b}`),
      fc.tuple(predicate, body, body).map(([p, b1, b2]) => `{.or ${p}}${b1}{.or}${b2}`),
    );
    return {
      body: fc
        .array(tie('node'), { maxLength: 4, depthIdentifier: 'template' })
        .map((parts) => parts.join('')),
      node: fc.oneof(
        { depthSize: 'small', maxDepth, depthIdentifier: 'template' },
        { weight: 8, arbitrary: leaf },
        {
          weight: 2,
          arbitrary: fc
            .tuple(path, body, orTail)
            .map(([p, b, or]) => `{.section ${p}}${b}${or}{.end}`),
        },
        {
          weight: 2,
          arbitrary: fc
            .tuple(path, body, fc.option(body, { nil: undefined }), orTail)
            .map(
              ([p, b, alt, or]) =>
                `{.repeated section ${p}}${b}${alt === undefined ? '' : `{.alternates with}${alt}`}${or}{.end}`,
            ),
        },
        {
          weight: 1,
          arbitrary: fc
            .tuple(predicate, body, orTail)
            .map(([p, b, or]) => `{.${p}}${b}${or}{.end}`),
        },
        {
          weight: 1,
          arbitrary: fc
            .tuple(ifCondition, body, orTail)
            .map(([c, b, or]) => `{.if ${c}}${b}${or}{.end}`),
        },
        {
          weight: 1,
          arbitrary: body.map((b) => `{.macro mac}${b}{.end}{@|apply mac}`),
        },
      ),
    };
  });
  return fc.array(node, { maxLength: 6 }).map((parts) => parts.join(''));
}
