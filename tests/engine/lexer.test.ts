// The scanning rules of docs/language.md, "Finding tags", observed on the token stream.
import { describe, expect, it } from 'vitest';
import { lexTemplate } from '../../engine/lexer.js';

function tokens(source: string): [string, string][] {
  return lexTemplate(source).map((t) => [t.tokenType.name, t.image]);
}

describe('lexTemplate', () => {
  it('splits text and tags', () => {
    expect(tokens('{a}b')).toEqual([
      ['Tag', '{a}'],
      ['Text', 'b'],
    ]);
  });

  it('keeps text together with the tag that follows it', () => {
    expect(tokens('a{b}c\n}{d}{e}')).toEqual([
      ['TextThenTag', 'a{b}'],
      ['TextThenTag', 'c\n}{d}'],
      ['Tag', '{e}'],
    ]);
  });

  it('lexes text alone when no tag follows it', () => {
    expect(tokens('a{##b##}c{d{e}f{g')).toEqual([
      ['Text', 'a'],
      ['MultiCommentOpen', '{##'],
      ['CommentBody', 'b'],
      ['MultiCommentClose', '##}'],
      ['Text', 'c'],
      ['StrayBraces', '{d'],
      ['TagAfterStray', '{e}'],
      ['Text', 'f'],
      ['UnclosedText', '{g'],
    ]);
  });

  it('treats a closing brace as text', () => {
    expect(tokens('a}b')).toEqual([['Text', 'a}b']]);
  });

  it('starts the tag at the last { before the first }', () => {
    expect(tokens('{{a}}')).toEqual([
      ['StrayBraces', '{'],
      ['TagAfterStray', '{a}'],
      ['Text', '}'],
    ]);
  });

  it('does not close {## with its own ##', () => {
    expect(tokens('{##}')).toEqual([
      ['MultiCommentOpen', '{##'],
      ['CommentBody', '}'],
    ]);
  });

  it('recognises {## only at the first { of a scan step', () => {
    expect(tokens('{a {## x ##} b}')).toEqual([
      ['StrayBraces', '{a '],
      ['TagAfterStray', '{## x ##}'],
      ['Text', ' b}'],
    ]);
  });

  it('lexes empty tags between stray braces', () => {
    expect(tokens('{{{}{{}')).toEqual([
      ['StrayBraces', '{{'],
      ['TagAfterStray', '{}'],
      ['StrayBraces', '{'],
      ['TagAfterStray', '{}'],
    ]);
  });

  it('turns an unclosed { and everything after it into text', () => {
    expect(tokens('x{y')).toEqual([
      ['Text', 'x'],
      ['UnclosedText', '{y'],
    ]);
    expect(tokens('{a\n{b')).toEqual([['UnclosedText', '{a\n{b']]);
  });

  it('lexes a multi-line comment with braces inside', () => {
    expect(tokens('{## {a} \n ##}z')).toEqual([
      ['MultiCommentOpen', '{##'],
      ['CommentBody', ' {a} \n '],
      ['MultiCommentClose', '##}'],
      ['Text', 'z'],
    ]);
  });

  it('lets an unterminated multi-line comment run to the end', () => {
    expect(tokens('a{## b')).toEqual([
      ['Text', 'a'],
      ['MultiCommentOpen', '{##'],
      ['CommentBody', ' b'],
    ]);
  });

  it('lexes a .eval tag as one tag token', () => {
    expect(tokens('{.eval 1 + (2)}')).toEqual([['Tag', '{.eval 1 + (2)}']]);
  });

  it('never reports lexing errors', () => {
    for (const source of ['{', '}', '{{', '}}{', '{##', '##}', '{.eval', '{#', '']) {
      const joined = lexTemplate(source)
        .map((t) => t.image)
        .join('');
      expect(joined).toBe(source);
    }
  });
});
