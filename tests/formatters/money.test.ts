import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareDecimal,
  currencyFractionDigits,
  decimalToString,
  formatAmountNative,
  formatMoneyLocale,
  formatMoneyNative,
  localeCurrency,
  numberFormat,
  parseDecimal,
  readMoney,
  readPriceMoney,
  shiftDecimal,
  STORE_CURRENCIES,
  useAmountWriter,
  type Decimal,
} from '../../formatters/money.js';
import { writeAmountDigits } from '../../formatters/money-digits.js';

const dec = (text: string): Decimal => {
  const d = parseDecimal(text);
  if (d === null) throw new Error(`not a decimal: ${text}`);
  return d;
};
const plain = (value: unknown): string | null => {
  const d = parseDecimal(value);
  return d === null ? null : decimalToString(d);
};

describe('parseDecimal / decimalToString', () => {
  it('reads a text the same way the first time and from its cache of recent reads', () => {
    // More distinct inputs than the cache holds, read twice: what the cache gives back must be
    // what reading the text gives, for numbers, decimal strings and non-decimals alike.
    const inputs = fc.sample(
      fc.oneof(
        fc.double({ noNaN: false }),
        fc.integer(),
        fc.stringMatching(/^[+-]?\d{0,6}(\.\d{0,4})?([eE][+-]?\d{1,3})?$/),
        fc.string({ maxLength: 8 }),
      ),
      { numRuns: 2500, seed: 5 },
    );
    const first = inputs.map((value) => plain(value));
    const second = inputs.map((value) => plain(value));
    expect(second).toEqual(first);
    // And the cached reads agree with a fresh read of a long (never cached) equivalent text.
    const decimalTexts = inputs.filter(
      (value): value is string => typeof value === 'string' && plain(value) !== null,
    );
    expect(decimalTexts.length).toBeGreaterThan(100);
    for (const value of decimalTexts) {
      const long = value.replace(/^([+-]?)/, `$1${'0'.repeat(40)}`);
      expect(plain(long), value).toBe(plain(value));
    }
  });

  it.each([
    ['12', '12'],
    ['00012.50', '12.5'],
    ['.5', '0.5'],
    ['5.', '5'],
    ['+5', '5'],
    ['-0', '-0'],
    ['-0.00', '-0'],
    ['1e3', '1000'],
    ['1E-2', '0.01'],
    ['12345678901234567890.129', '12345678901234567890.129'],
    ['Infinity', 'Infinity'],
    ['-Infinity', '-Infinity'],
    ['NaN', 'NaN'],
  ])('reads %j exactly as %j', (input, expected) => {
    expect(plain(input)).toBe(expected);
  });

  it('reads JSON numbers through their shortest text', () => {
    expect(plain(2.5)).toBe('2.5');
    expect(plain(1e21)).toBe('1000000000000000000000');
    expect(plain(1e-7)).toBe('0.0000001');
  });

  it.each([' 5', '5 ', '.', '', '1,000', '0x10', 'abc', '1e', '--1', '1e99999'])(
    'rejects %j',
    (input) => {
      expect(parseDecimal(input)).toBeNull();
    },
  );

  it('rejects non-scalars', () => {
    for (const v of [null, undefined, true, [], {}]) expect(parseDecimal(v)).toBeNull();
  });
});

describe('shiftDecimal', () => {
  it('moves the decimal point without rounding', () => {
    expect(decimalToString(shiftDecimal(dec('.5'), 2))).toBe('50');
    expect(decimalToString(shiftDecimal(dec('100.00'), 2))).toBe('10000');
    expect(decimalToString(shiftDecimal(dec('-0.004'), 2))).toBe('-0.4');
    expect(decimalToString(shiftDecimal(dec('12345'), -2))).toBe('123.45');
    expect(decimalToString(shiftDecimal(dec('1234567890123456789012'), -2))).toBe(
      '12345678901234567890.12',
    );
  });

  it('leaves zero and non-finite values alone', () => {
    expect(decimalToString(shiftDecimal(dec('-0'), 2))).toBe('-0');
    expect(decimalToString(shiftDecimal(dec('Infinity'), 2))).toBe('Infinity');
  });
});

describe('compareDecimal', () => {
  it('orders by value, not by text', () => {
    expect(compareDecimal(dec('.1'), dec('.75'))).toBe(-1);
    expect(compareDecimal(dec('10'), dec('9.99'))).toBe(1);
    expect(compareDecimal(dec('-3'), dec('2'))).toBe(-1);
    expect(compareDecimal(dec('-3'), dec('-20'))).toBe(1);
    expect(compareDecimal(dec('1.50'), dec('1.5'))).toBe(0);
    expect(compareDecimal(dec('-0'), dec('0'))).toBe(0);
    expect(compareDecimal(dec('99999999999999999999.01'), dec('99999999999999999999.001'))).toBe(1);
    expect(compareDecimal(dec('Infinity'), dec('1e900'))).toBe(1);
    expect(compareDecimal(dec('-Infinity'), dec('-1'))).toBe(-1);
  });

  it('orders like exact integer arithmetic, prefixes and shifted digits included', () => {
    // `12.5` against `12.50001`, `100` against `1e2`: the same digits at other lengths or
    // exponents, compared exactly (as scaled big integers).
    const text = fc
      .tuple(
        fc.boolean(),
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: -3, max: 3 }),
      )
      .map(([neg, n, scale, exp]) => {
        const digits = n.toString().padStart(scale + 1, '0');
        const body = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
        return `${neg ? '-' : ''}${body}e${exp}`;
      });
    const scaled = (t: string): bigint => {
      const [mantissa, exp] = t.split('e') as [string, string];
      const [int, frac = ''] = mantissa.split('.') as [string, string?];
      return BigInt(int + frac) * 10n ** BigInt(20 - frac.length + Number(exp));
    };
    fc.assert(
      fc.property(text, text, (a, b) => {
        const exact = scaled(a) < scaled(b) ? -1 : scaled(a) > scaled(b) ? 1 : 0;
        expect(compareDecimal(dec(a), dec(b)) || 0).toBe(exact);
      }),
      { numRuns: 3000 },
    );
    expect(compareDecimal(dec('12.5'), dec('12.50001'))).toBe(-1);
    expect(compareDecimal(dec('100'), dec('1e2'))).toBe(0);
    expect(compareDecimal(dec('1.2'), dec('1.19'))).toBe(1);
  });
});

describe('money nodes', () => {
  it('reads product prices as {value, currency}: bad or missing values are zero USD', () => {
    expect(readPriceMoney({ value: '19.99', currency: 'EUR' })).toEqual({
      amount: dec('19.99'),
      currency: 'EUR',
    });
    expect(decimalToString(readPriceMoney({ value: 'abc' }).amount)).toBe('0');
    expect(readPriceMoney(undefined).currency).toBe('USD');
    // decimalValue is not read by the product price formatters
    expect(decimalToString(readPriceMoney({ decimalValue: '4.5' }).amount)).toBe('0');
  });

  it('reads either money shape, preferring decimalValue/currencyCode', () => {
    expect(
      readMoney({ decimalValue: '12.5', currencyCode: 'EUR', value: '9', currency: 'USD' }),
    ).toEqual({
      amount: dec('12.5'),
      currency: 'EUR',
    });
    expect(readMoney({ value: 3, currency: 'JPY' })).toEqual({ amount: dec('3'), currency: 'JPY' });
    expect(readMoney({ decimalValue: 'x' })).toEqual({ amount: null, currency: null });
    expect(readMoney(5)).toEqual({ amount: null, currency: null });
  });

  it('knows the 27 store currencies and their fraction digits', () => {
    expect(STORE_CURRENCIES).toHaveLength(27);
    expect(currencyFractionDigits('JPY')).toBe(0);
    expect(currencyFractionDigits('EUR')).toBe(2);
  });
});

describe('legacy native money', () => {
  // The server entry installs the digit writer; the browser runtime prints with Intl.
  for (const [how, writer] of [
    ['written digit by digit (the server)', writeAmountDigits],
    ['by Intl (the browser runtime)', null],
  ] as const) {
    it(`${how}: en-US grouping with exactly two decimals, rounding half up`, () => {
      useAmountWriter(writer);
      try {
        expect(formatMoneyNative(dec('2500'))).toBe(
          '<span class="sqs-money-native">2,500.00</span>',
        );
        expect(formatAmountNative(dec('1234567.125'))).toBe('1,234,567.13');
        expect(formatAmountNative(dec('0.005'))).toBe('0.01');
        expect(formatAmountNative(dec('-0.004'))).toBe('-0.00');
        expect(formatAmountNative(dec('12345678901234567.125'))).toBe('12,345,678,901,234,567.13');
        expect(formatAmountNative(dec('Infinity'))).toBe('∞');
      } finally {
        useAmountWriter(null);
      }
    });
  }
});

describe('legacy native amount, written digit by digit', () => {
  // The oracle: what en-US Intl.NumberFormat with two decimals prints for the exact decimal.
  const intl = new Intl.NumberFormat('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });

  it('rounds half away from zero, carries, groups, and signs negative zero', () => {
    const cases: Array<[string, string]> = [
      ['0.005', '0.01'],
      ['0.0049999', '0.00'],
      ['-0.005', '-0.01'],
      ['-0.001', '-0.00'],
      ['-0', '-0.00'],
      ['999.995', '1,000.00'],
      ['999999.999', '1,000,000.00'],
      ['1e3', '1,000.00'],
      ['123.456e2', '12,345.60'],
      ['12345678901234567890.125', '12,345,678,901,234,567,890.13'],
    ];
    for (const [text, expected] of cases) {
      expect(writeAmountDigits(dec(text))).toBe(expected);
      expect(intl.format(text as unknown as number)).toBe(expected);
    }
  });

  it('prints what Intl prints for any decimal', () => {
    const decimal = fc
      .tuple(
        fc.boolean(),
        fc.stringMatching(/^[0-9]{1,25}$/),
        fc.stringMatching(/^[0-9]{0,8}$/),
        fc.integer({ min: -12, max: 12 }),
      )
      .map(([neg, int, frac, exp]) => `${neg ? '-' : ''}${int}${frac ? '.' + frac : ''}e${exp}`);
    fc.assert(
      fc.property(decimal, (text) => {
        expect(writeAmountDigits(dec(text))).toBe(intl.format(text as unknown as number));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('CLDR-mode money', () => {
  it('formats the currency in the locale with its own fraction digits', () => {
    expect(formatMoneyLocale(dec('2500'), 'USD', 'en-US')).toBe('$2,500.00');
    expect(formatMoneyLocale(dec('2500'), 'EUR', 'en-US')).toBe('€2,500.00');
    expect(formatMoneyLocale(dec('2500'), 'EUR', 'de-DE')).toBe('2.500,00\u00a0€');
    expect(formatMoneyLocale(dec('2500'), 'JPY', 'en-US')).toBe('¥2,500');
  });

  it('rounds half to even and drops the sign of a negative zero', () => {
    expect(formatMoneyLocale(dec('0.005'), 'USD', 'en-US')).toBe('$0.00');
    expect(formatMoneyLocale(dec('0.015'), 'USD', 'en-US')).toBe('$0.02');
    expect(formatMoneyLocale(dec('-0.004'), 'USD', 'en-US')).toBe('$0.00');
    expect(formatMoneyLocale(dec('-1.5'), 'USD', 'en-US')).toBe('-$1.50');
  });

  it('prints nothing for an unusable locale and falls back to USD for a malformed code', () => {
    expect(formatMoneyLocale(dec('1'), 'USD', 'none')).toBe('');
    expect(formatMoneyLocale(dec('1'), 'US', 'en-US')).toBe('$1.00');
  });

  it('formats each call in its own locale and currency when they alternate', () => {
    // The last locale and currency pair is checked first: a call after a different pair, an
    // unusable locale or extra options must not reuse the previous formatter.
    const calls: Array<[string, string, string]> = [
      ['USD', 'en-US', '$2,500.00'],
      ['USD', 'en-US', '$2,500.00'],
      ['EUR', 'en-US', '€2,500.00'],
      ['EUR', 'de-DE', '2.500,00\u00a0€'],
      ['EUR', 'none', ''],
      ['usd', 'en-US', '$2,500.00'],
      ['JPY', 'en-US', '¥2,500'],
      ['USD', 'en-US', '$2,500.00'],
    ];
    for (const [currency, locale, text] of calls) {
      expect(formatMoneyLocale(dec('2500'), currency, locale)).toBe(text);
    }
    expect(formatMoneyLocale(dec('2500'), 'USD', 'en-US', { currencyDisplay: 'code' })).toBe(
      'USD\u00a02,500.00',
    );
    expect(formatMoneyLocale(dec('2500'), 'USD', 'en-US')).toBe('$2,500.00');
  });

  it('refuses non-finite amounts', () => {
    expect(() => formatMoneyLocale(dec('Infinity'), 'USD', 'en-US')).toThrow('Invalid argument');
  });

  it('caches formatters per locale and options', () => {
    expect(numberFormat('en-US', { maximumFractionDigits: 1 })).toBe(
      numberFormat('en-US', { maximumFractionDigits: 1 }),
    );
    expect(numberFormat('none', {})).toBeNull();
  });
});

describe('localeCurrency', () => {
  it.each([
    ['en-US', 'USD'],
    ['en', 'USD'],
    ['de-DE', 'EUR'],
    ['fr', 'EUR'],
    ['en-GB', 'GBP'],
    ['ja-JP', 'JPY'],
    ['de-CH', 'CHF'],
    ['en-IN', 'INR'],
    ['es-419', 'USD'],
  ])('%s -> %s', (locale, currency) => {
    expect(localeCurrency(locale)).toBe(currency);
  });

  it('is null for an unusable locale', () => {
    expect(localeCurrency('none')).toBeNull();
  });

  // The region table is packed (formatters/money.ts): a region's own currency at the start, the
  // middle and the end of a letter's group, regions sharing another's or a supranational one, and
  // a region in no group.
  it.each([
    ['AE', 'AED'],
    ['KZ', 'KZT'],
    ['ZW', 'ZWG'],
    ['NO', 'NOK'],
    ['SJ', 'NOK'],
    ['AC', 'SHP'],
    ['YT', 'EUR'],
    ['LS', 'ZAR'],
    ['SN', 'XOF'],
    ['WF', 'XPF'],
    ['AQ', 'USD'],
  ])('region %s -> %s', (region, currency) => {
    expect(localeCurrency(`und-${region}`)).toBe(currency);
  });
});
