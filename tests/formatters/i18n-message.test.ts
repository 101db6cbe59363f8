/**
 * `message` / `plural` (docs/language.md, "Internationalisation formatters") and the message
 * parser. Expected values are the reference engine's observed output (probed with
 * @squarespace/template-engine + @phensley/cldr).
 */
import { describe, expect, it } from 'vitest';
import { compile, render } from '../../index.js';
import { parseMessage } from '../../formatters/i18n-message-parse.js';

function msg(
  pattern: unknown,
  args: string,
  data: Record<string, unknown> = {},
  locale?: string,
): string {
  return render(compile(`{m|message ${args}}`), { m: pattern, ...data }, { locale }).html;
}

describe('message arguments', () => {
  it('binds bare args by position and k=v / k:v args by name and position', () => {
    const data = { foo: 'FOO', bar: 'BAR', baz: 'BAZ', number: 123, string: 'abc' };
    expect(
      msg('{foo}|{bar}|{0}|{1}|{2}|{3}|{4}|{5}|{x}|{y}', 'foo bar baz x=number y:string', data),
    ).toBe('||FOO|BAR|BAZ|123|abc||123|abc');
  });

  it('resolves args from the frame where the tag appears', () => {
    const tpl = '{.repeated section items}{msg|message @index @} {.end}';
    const out = render(compile(tpl), { msg: '{0}={1}', items: ['a', 'b'] }).html;
    expect(out).toBe('1=a 2=b ');
  });

  it('formats non-string patterns as text and empty patterns as nothing', () => {
    expect(msg(5, '')).toBe('5');
    expect(msg('', 'a', { a: 1 })).toBe('');
  });
});

describe('message syntax', () => {
  it('reads apostrophe quoting the way the reference does', () => {
    expect(msg("it''s '{0}' {0} '{' x'y", 'a', { a: 5 })).toBe("it's {0} 5 { xy");
  });

  it('keeps unterminated tags and stray braces as text', () => {
    expect(msg('a {0 b', '')).toBe('a {0 b');
    expect(msg('a } b {', '')).toBe('a } b {');
  });

  it('parses nested choices and # only inside plural branches', () => {
    expect(parseMessage('# {0 plural other{#}}')).toEqual([
      '# ',
      {
        kind: 'plural',
        names: ['0'],
        offset: 0,
        branches: new Map([['other', [{ kind: 'pound' }]]]),
        invalid: false,
      },
    ]);
    expect(msg('{0 plural one{#} other{# and {0 plural other{inner #}}}}', 'a', { a: 3 })).toBe(
      '3 and inner 3',
    );
  });
});

describe('plural, selectordinal, select', () => {
  const plural =
    '{0 plural zero{# ZERO} one{# ONE} two{# TWO} few{# FEW} many{# MANY} other{# OTHER}}';

  it('selects with the locale rules and the visible fraction digits', () => {
    const en = ['0', '1', '1.0', '1.1', '2'].map((n) => msg(plural, 'n', { n }));
    expect(en).toEqual(['0 OTHER', '1 ONE', '1.0 OTHER', '1.1 OTHER', '2 OTHER']);
    const fr = ['0', '0.1', '1.1', '2'].map((n) => msg(plural, 'n', { n }, 'fr-FR'));
    expect(fr).toEqual(['0 ONE', '0.1 ONE', '1.1 ONE', '2 OTHER']);
    expect(msg(plural, 'n', { n: 3 }, 'ar')).toBe('3 FEW');
  });

  it('prints # as the argument text; non-numbers count as 0', () => {
    const p = '{0 plural other{#}}';
    expect([1234, '1234.50', 'abc', true, { x: 1 }].map((n) => msg(p, 'n', { n }))).toEqual([
      '1234',
      '1234.50',
      '0',
      '1',
      '0',
    ]);
  });

  it('matches =N before categories and applies offset to # and the category', () => {
    const p = '{0 plural offset:1 =1{exact one} one{# one} other{# other}}';
    expect(msg(p, 'n', { n: 5 })).toBe('4 other');
    expect(msg(p, 'n', { n: 1 })).toBe('exact one');
    expect(msg(p, 'n', { n: 2 })).toBe('1 one');
  });

  it('falls back to other, renders nothing without it or with a bad key or offset', () => {
    expect(msg('item{0 plural other{s}}', 'n', { n: 1 })).toBe('items');
    expect(msg('[{0 plural one{O}}]', 'n', { n: 2 })).toBe('[]');
    expect(msg('[{0 plural foo{F} one{O} other{X}}]', 'n', { n: 1 })).toBe('[]');
    expect(msg('[{0 plural offset:x one{O} other{X}}]', 'n', { n: 1 })).toBe('[]');
  });

  it('uses ordinal rules for selectordinal', () => {
    const p = '{0 selectordinal one{#st} two{#nd} few{#rd} other{#th}}';
    expect([1, 2, 3, 4, 11, 22].map((n) => msg(p, 'n', { n }))).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '22nd',
    ]);
  });

  it('selects on the string value', () => {
    expect(msg('{0 select 5{five} other{no}}', 'n', { n: 5 })).toBe('five');
    expect(msg('{0 select x{X} other{O}}|{0 select x{X}}', 'n', { n: 'y' })).toBe('O|');
  });

  it('is reachable as plural', () => {
    const out = render(compile('{m|plural n}'), {
      m: '{0 plural one{one} other{many}}',
      n: 1,
    }).html;
    expect(out).toBe('one');
  });
});

describe('argument formatters', () => {
  it('formats decimals', () => {
    const p =
      '{0} {0 decimal} {1 decimal} {0 decimal group:false} {0 decimal minimumFractionDigits:2} {0 number style:percent}';
    expect(msg(p, 'a b', { a: 1234567, b: '12.3456' })).toBe(
      '1234567 1,234,567 12.346 1234567 1,234,567.00 123,456,700%',
    );
  });

  it('formats money and currency nodes, nothing for bad ones', () => {
    const money = { decimalValue: '123456.789', currencyCode: 'EUR' };
    expect(msg('{0 money}|{0 currency style:name}', 'm2', { m2: money })).toBe(
      '€123,456.79|123,456.79 euros',
    );
    expect(msg('[{0 money}]', 'm2', { m2: { foo: 'bar' } })).toBe('[]');
  });

  it('formats dates in website.timeZone and intervals of two args', () => {
    const data = {
      t: 1582663910000,
      e: 1583763910000,
      website: { timeZone: 'America/Los_Angeles' },
    };
    expect(msg('{0 datetime}', 't', data)).toBe('February 25, 2020');
    expect(msg('{0;1 datetime-interval}', 't e', data)).toBe('Feb 25\u2009–\u2009Mar 9, 2020');
    expect(msg('[{0 datetime}]', 'missing', data)).toBe('[]');
  });

  it('prints nothing for unknown formatters', () => {
    expect(msg('[{0 foo}]', 'a', { a: 5 })).toBe('[]');
  });

  it("formats units with the Java original's unit formatter", () => {
    expect(msg('{0 unit in:byte compact:bytes}', 'a', { a: '12345657890' })).toBe('11.5GB');
  });
});
