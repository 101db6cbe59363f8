/**
 * Lexical structure, precedence and associativity (docs/language.md, "Tokens" and "Precedence"),
 * observed through the debug listing of the built reverse-Polish expressions, and the debug output
 * format (5.1).
 */
import { describe, expect, it } from 'vitest';
import { evaluate, rpn } from './helpers.js';

describe('precedence and associativity', () => {
  it.each([
    ['1 + 2 * 3 - 4', '[[1 2 3 <multiply> <add> 4 <subtract>]]'],
    ['1 - 2 - 3', '[[1 2 <subtract> 3 <subtract>]]'],
    ['1*2/3%4', '[[1 2 <multiply> 3 <divide> 4 <modulus>]]'],
    ['2 ** 3 ** 2', '[[2 3 2 <exponent> <exponent>]]'],
    ['-2 ** 2', '[[2 <unary minus> 2 <exponent>]]'],
    ['2 ** -2', '[[2 2 <unary minus> <exponent>]]'],
    ['!1 + 1', '[[1 <logical not> 1 <add>]]'],
    ['--1', '[[1 <unary minus> <unary minus>]]'],
    ['1 -- 1', '[[1 1 <unary minus> <subtract>]]'],
    ['1 + +1', '[[1 1 <unary plus> <add>]]'],
    ['~1', '[[1 <bitwise not>]]'],
    ['(1) - 1', '[[1 1 <subtract>]]'],
    ['1<<2>>3', '[[1 2 <left shift> 3 <right shift>]]'],
    ['1 + 2 << 3', '[[1 2 <add> 3 <left shift>]]'],
    ['1 << 2 < 3', '[[1 2 <left shift> 3 <less than>]]'],
    [
      '1<2>3<=4>=5',
      '[[1 2 <less than> 3 <greater than> 4 <less than or equal> 5 <greater than or equal>]]',
    ],
    ['1 < 2 == 3', '[[1 2 <less than> 3 <equality>]]'],
    [
      '1==2!=3===4!==5',
      '[[1 2 <equality> 3 <inequality> 4 <strict equality> 5 <strict inequality>]]',
    ],
    ['1 == 2 & 3', '[[1 2 <equality> 3 <bitwise and>]]'],
    ['1 | 2 ^ 3 & 4', '[[1 2 3 4 <bitwise and> <bitwise xor> <bitwise or>]]'],
    ['1 && 2 | 3', '[[1 2 3 <bitwise or> <logical and>]]'],
    ['1 || 2 && 3', '[[1 2 3 <logical and> <logical or>]]'],
    ['@a = 1 || 2', '[[@a 1 2 <logical or> <assign>]]'],
    ['@a = @b = 1', '[[@a @b 1 <assign> <assign>]]'],
    ['(1+2)*3', '[[1 2 <add> 3 <multiply>]]'],
    // operators are matched longest first
    ['1 >>> 2', '[[1 <right shift> 2 <greater than>]]'],
    ['1 => 2', '[[1 2 <greater than> <assign>]]'],
    ['1 &&& 2', '[[1 2 <bitwise and> <logical and>]]'],
    ['1 *** 2', '[[1 <exponent> 2 <multiply>]]'],
    ['1 = = 2', '[[1 2 <assign> <assign>]]'],
  ])('%j -> %s', (source, expected) => {
    expect(rpn(source)).toBe(`EVAL=${expected}`);
  });

  it.each([
    ['2 ** 3 ** 2', '512'],
    ['-2 ** 2', '4'],
    ['2 ** -2', '0.25'],
    ['3 * 8 / 6', '4'],
    ['3 / 8 * 6', '2.25'],
    ['3 + 4 - 5', '2'],
    ['-1 - -4', '3'],
    ['2 + ~2', '-1'],
    ['true && (false || true)', 'true'],
    ['1 + 2 * 3 - 4', '3'],
  ])('%j = %s', (source, expected) => {
    expect(evaluate(source).output).toBe(expected);
  });
});

describe('lexical structure', () => {
  it.each([
    ['1abc', '[[1 abc]]'],
    ['1e5e3', '[[100000 e3]]'],
    ['1.a', '[[1 a]]'],
    ['00x1', '[[0 x1]]'],
    ['a.0.b', '[[a.0.b]]'],
    ['a.b.01', '[[a.b.1]]'],
    ['a.99999999999', '[[a.99999999999]]'],
    ['a.1b', '[[a.1 b]]'],
    ['n-1', '[[n-1]]'],
    ['a_b', '[[a_b]]'],
    ['$foo.$bar', '[[$foo.$bar]]'],
    ['a.@b', '[[a.@b]]'],
    ['a.@.b', '[[a.@.b]]'],
    ['@.PI', '[[@.PI]]'],
    ['@0', '[[@ 0]]'],
    ['@$a', '[[@ $a]]'],
    ['PI.x', '[[PI.x]]'],
    ['nulls', '[[nulls]]'],
    ['1\t+\n2\r', '[[1 2 <add>]]'],
    ['1\u00a0+ 2', '[[1 2 <add>]]'],
    ['PI', '[[3.141592653589793]]'],
    ['null; true; NaN; Infinity', '[[null], [true], [NaN], [Infinity]]'],
    ['"a\\"b"', '[["a\\"b"]]'],
    ['1;;2', '[[1], [2]]'],
    ['1, 2', '[[1 2]]'],
    ['(,)', '[]'],
    ['max(1, max(2,3))', '[[<args> 1 <args> 2 3 max() max()]]'],
    ['max(,1)', '[[<args> 1 max()]]'],
    ['abs(-1)', '[[<args> 1 <unary minus> abs()]]'],
  ])('%j -> %s', (source, expected) => {
    expect(rpn(source)).toBe(`EVAL=${expected}`);
  });

  it.each([
    ["'\\x41'", 'A'],
    ["'\\u0041'", 'A'],
    ["'\\U0001F600'", '\u{1F600}'],
    ["'\\U00110000'", ' '],
    ["'\\u0001'", ' '],
    ["'\\x0e'", ' '],
    ["'\\x09'", '\t'],
    ["'\\x0a'", '\n'],
    ["'\\n\\t\\f\\r'", '\n\t\f\r'],
    ["'\\b\\v\\0\\q'", 'bv0q'],
    ["'\\''", "'"],
    ["'\\\\'", '\\'],
    ['"ab\'c"', "ab'c"],
    ["'a\tb'", 'a\tb'],
  ])('string %j -> %j', (source, expected) => {
    expect(evaluate(source).output).toBe(expected);
  });
});

describe('debug output', () => {
  it.each([
    ['#1+2', 'EVAL=[[1 2 <add>]] -> 3'],
    ['#@a=1;@a', 'EVAL=[[@a 1 <assign>], [@a]] -> 1'],
    ['#@a=1', 'EVAL=[[@a 1 <assign>]]'],
    ['#null', 'EVAL=[[null]] -> '],
    ['#nope', 'EVAL=[[nope]] -> '],
    ["#'a\"b'", 'EVAL=[["a\\"b"]] -> a"b'],
    ['#5; -', 'EVAL=[[5], [<unary minus>]]'],
    ['#', 'EVAL=[]'],
    ['# ', 'EVAL=[]'],
    ['#;', 'EVAL=[]'],
    ['#()', 'EVAL=[]'],
    ['#1 + 2 ', 'EVAL=[[1 2 <add>]] -> 3'],
    ['#max(0, -0)', 'EVAL=[[<args> 0 0 <unary minus> max()]] -> 0'],
  ])('%j prints %j', (source, expected) => {
    expect(evaluate(source)).toMatchObject({ output: expected, errors: [] });
  });

  it('prints the listing without a value when evaluation fails', () => {
    expect(evaluate('#1 +')).toEqual({
      output: 'EVAL=[[1 <add>]]',
      errors: ['RuntimeError: Error reducing expression: 1 +: Invalid arguments to operator add'],
      assignments: {},
    });
    expect(evaluate('# 1 +').errors).toEqual([
      'RuntimeError: Error reducing expression:  1 +: Invalid arguments to operator add',
    ]);
  });

  it('prints the expressions that did build when parsing fails', () => {
    expect(evaluate('#"abc').output).toBe('EVAL=[]');
    expect(evaluate('#1 ? 2').output).toBe('EVAL=[]');
    expect(evaluate('#1; (2').output).toBe('EVAL=[[1]]');
    expect(evaluate('#1;(2;3').output).toBe('EVAL=[[1], [3]]');
    expect(evaluate('#((1);2').output).toBe('EVAL=[[2]]');
    // a right paren error stops building; earlier expressions stay
    expect(evaluate('#1;2);3').output).toBe('EVAL=[[1]]');
    expect(evaluate('#(1));2').output).toBe('EVAL=[]');
    expect(evaluate('#1+2+3', {}, { maxTokens: 3, maxStringLength: 0 }).output).toBe('EVAL=[]');
  });

  it('keeps operators below an unmatched ( for the next expression (reference quirk)', () => {
    expect(evaluate('#max(1,(2;3)').output).toBe('EVAL=[[3 max()]]');
    expect(evaluate('#(max(1;2)').output).toBe('EVAL=[[2 max()]]');
    expect(evaluate('#max(1;2+3').output).toBe('EVAL=[[2 max() 3 <add>]]');
    expect(evaluate('#max(1;2,3').output).toBe('EVAL=[[2 max() 3]]');
  });
});
