// The scanning rules of docs/language.md, "Finding tags", observed on the token stream.
import { describe, expect, it } from 'vitest';
import { lexTemplate } from '../../engine/lexer.js';

/**
 * Each token as [type, image], with what its payload says when it has one: the text-only
 * candidates inside it, then, for a TextThenTag, where its tag starts (`@` and the offset).
 */
function tokens(source: string): unknown[][] {
  return lexTemplate(source).map((t) => {
    const payload = t.payload as number | number[] | undefined;
    if (payload === undefined) return [t.tokenType.name, t.image];
    const offsets = typeof payload === 'number' ? [payload] : payload;
    const described: string[] = [];
    let k = 0;
    for (; k + 1 < offsets.length; k += 2) described.push(source.slice(offsets[k], offsets[k + 1]));
    if (k < offsets.length) described.push(`@${offsets[k]}`);
    return [t.tokenType.name, t.image, described];
  });
}

describe('lexTemplate', () => {
  it('splits text and tags', () => {
    expect(tokens('{a}b')).toEqual([
      ['TextThenTag', '{a}'],
      ['Text', 'b'],
    ]);
  });

  it('keeps text together with the tag that follows it', () => {
    expect(tokens('a{b}c\n}{d}{e}')).toEqual([
      ['TextThenTag', 'a{b}'],
      ['TextThenTag', 'c\n}{d}'],
      ['TextThenTag', '{e}'],
    ]);
  });

  it('lexes text alone when no tag follows it', () => {
    expect(tokens('a{##b##}c{d{e}f{g')).toEqual([
      ['Text', 'a'],
      ['Comment', '{##b##}'],
      ['TextThenTag', 'c{d{e}', ['@11']],
      ['Text', 'f{g'],
    ]);
  });

  it('treats a closing brace as text', () => {
    expect(tokens('a}b')).toEqual([['Text', 'a}b']]);
  });

  it('starts the tag at the last { before the first }', () => {
    expect(tokens('{{a}}')).toEqual([
      ['TextThenTag', '{{a}', ['@1']],
      ['Text', '}'],
    ]);
  });

  it('does not close {## with its own ##', () => {
    expect(tokens('{##}')).toEqual([['Comment', '{##}']]);
  });

  it('recognises {## only at the first { of a scan step', () => {
    expect(tokens('{a {## x ##} b}')).toEqual([
      ['TextThenTag', '{a {## x ##}', ['@3']],
      ['Text', ' b}'],
    ]);
  });

  it('keeps candidates that can only be text inside the text, listed in the payload', () => {
    const css = '.a { color: red }\n@media x { .b { margin: 0 } }\n{"@type": "x"}{}{ a}';
    expect(tokens(`${css}<p>{title}</p>`)).toEqual([
      [
        'TextThenTag',
        `${css}<p>{title}`,
        ['{ color: red }', '{ margin: 0 }', '{"@type": "x"}', '{}', '{ a}', `@${css.length + 3}`],
      ],
      ['Text', '</p>'],
    ]);
  });

  it('ends a tag at any first character that can start an instruction', () => {
    for (const body of ['a', 'Z', '0', '9', '@', '$', '.', '#']) {
      expect(tokens(`x{/}{${body}}`)).toEqual([['TextThenTag', `x{/}{${body}}`, ['{/}', '@4']]]);
    }
  });

  it('stops the text before a comment opener at the start of a scan step', () => {
    expect(tokens('a{ b}c{## d {e} ##}{f}')).toEqual([
      ['Text', 'a{ b}c', ['{ b}']],
      ['Comment', '{## d {e} ##}'],
      ['TextThenTag', '{f}'],
    ]);
  });

  it('lexes empty candidates between stray braces as text', () => {
    expect(tokens('{{{}{{}')).toEqual([['Text', '{{{}{{}', ['{}', '{}']]]);
  });

  it('turns an unclosed { and everything after it into text', () => {
    expect(tokens('x{y')).toEqual([['Text', 'x{y']]);
    expect(tokens('{a\n{b')).toEqual([['Text', '{a\n{b']]);
    expect(tokens('{ a}{b')).toEqual([['Text', '{ a}{b', ['{ a}']]]);
  });

  it('lexes a multi-line comment with braces inside', () => {
    expect(tokens('{## {a} \n ##}z')).toEqual([
      ['Comment', '{## {a} \n ##}'],
      ['Text', 'z'],
    ]);
  });

  it('lets an unterminated multi-line comment run to the end', () => {
    expect(tokens('a{## b')).toEqual([
      ['Text', 'a'],
      ['Comment', '{## b'],
    ]);
  });

  it('lexes a .eval tag as one tag token', () => {
    expect(tokens('{.eval 1 + (2)}')).toEqual([['TextThenTag', '{.eval 1 + (2)}']]);
  });

  it('never reports lexing errors', () => {
    for (const source of ['{', '}', '{{', '}}{', '{##', '##}', '{.eval', '{#', '', '{ }', '{##}']) {
      const joined = lexTemplate(source)
        .map((t) => t.image)
        .join('');
      expect(joined).toBe(source);
    }
  });
});
