/**
 * The static check for request values printed unescaped (engine/unescaped-values.ts), with the
 * demo server's request paths: what it follows and where it reports.
 */
import { describe, expect, it } from 'vitest';

import { compile, findUnescapedRequestValues } from '../../index.js';
import { REQUEST_VALUE_PATHS } from '../../server/site/request-values.js';

/** `line:column message-start` of every warning. */
function check(source: string): string[] {
  const template = compile(source);
  expect(template.errors).toEqual([]);
  return findUnescapedRequestValues(template, REQUEST_VALUE_PATHS).map(
    (w) => `${w.line}:${w.column} ${w.code} ${w.message.split(':')[0]}`,
  );
}

const printed = (at: string, path: string) =>
  `${at} UNESCAPED_REQUEST_VALUE the request value ${path} is printed unescaped`;
const argument = (at: string, arg: string, path: string) =>
  `${at} UNESCAPED_REQUEST_VALUE the ${arg} argument is the request value ${path}, inserted unescaped`;

describe('request values reaching the HTML', () => {
  it('reports a request value printed as it is, not once an escaping formatter ran', () => {
    expect(check('{search.query}')).toEqual([printed('1:1', 'search.query')]);
    expect(check('<a>\n  {request.query.q|truncate 5}')).toEqual([
      printed('2:3', 'request.query.q'),
    ]);
    expect(check('{search.query|html}{search.query|htmlattr}{request.path|url-encode}')).toEqual(
      [],
    );
    expect(check('{search.query|html|truncate 5}{request.query.q|safe}')).toEqual([]);
    // Escaping before another formatter that keeps the text is still escaped; after one too.
    expect(check('{search.query|truncate 9|htmltag}')).toEqual([]);
  });

  it('follows sections and repeated sections into request data', () => {
    expect(check('{.section search}<p>{query}</p>{.end}')).toEqual([
      printed('1:21', 'search.query'),
    ]);
    expect(check('{.section request}{.section query}{q}{.end}{.end}')).toEqual([
      printed('1:35', 'request.query.q'),
    ]);
    expect(check('{.repeated section request.query.tags}{@}, {.end}')).toEqual([
      printed('1:39', 'request.query.tags.*'),
    ]);
    // Names found in the search results or at the root are not the query.
    expect(check('{.section search}{.repeated section results}{title}{.end}{.end}')).toEqual([]);
    expect(check('{query}{search.resultCount}')).toEqual([]);
    // A section's alternate runs in the outer frame.
    expect(check('{.section search}x{.or}{query}{.end}')).toEqual([]);
  });

  it('follows variables bound with .var and .ctx', () => {
    expect(check('{.var @q search.query}{@q}')).toEqual([printed('1:23', 'search.query')]);
    expect(check('{.var @r request}{@r.query.page}')).toEqual([
      printed('1:18', 'request.query.page'),
    ]);
    expect(check('{.var @q search.query|html}{@q}')).toEqual([]);
    expect(check('{.ctx @c text=search.query n=count}{@c.text}{@c.n}')).toEqual([
      printed('1:36', 'search.query'),
    ]);
    // Bound inside a section: visible below it in that section only.
    expect(check('{.section search}{.var @q query}{.end}{@q}')).toEqual([]);
  });

  it('reports a message argument that is a request value, with the argument', () => {
    expect(check('{pattern|message count search.query}')).toEqual([
      argument('1:1', 'search.query', 'search.query'),
    ]);
    expect(check('{.section search}{text|plural n=query}{.end}')).toEqual([
      argument('1:18', 'n=query', 'search.query'),
    ]);
    expect(check('{p|format request.path}')).toEqual([
      argument('1:1', 'request.path', 'request.path'),
    ]);
    // Escaped first (as the demo store does), or the whole output escaped after.
    expect(
      check('{.section search}{.var @q query|html}{text|message resultCount @q}{.end}'),
    ).toEqual([]);
    expect(check('{p|message search.query|html}')).toEqual([]);
    // Other formatters' arguments are names, not printed values.
    expect(check('{p|truncate search.query}')).toEqual([]);
  });

  it('looks inside predicates, ifs, their alternates and macros', () => {
    expect(check('{.if search.query}\n{search.query}{.end}')).toEqual([
      printed('2:1', 'search.query'),
    ]);
    expect(check('{.equal? a 1}x{.or}{request.path}{.end}')).toEqual([
      printed('1:20', 'request.path'),
    ]);
    expect(check('{.macro m}{request.query.x}{.end}')).toEqual([
      printed('1:11', 'request.query.x'),
    ]);
  });

  it('names the template a warning comes from', () => {
    const template = compile('{request.path}', { name: 'partials/x.block' });
    const [warning] = findUnescapedRequestValues(template, REQUEST_VALUE_PATHS);
    expect(warning).toMatchObject({ source: 'partials/x.block', severity: 'warning', line: 1 });
  });
});
