// Hostile input: paths and keys named after JavaScript internals (`__proto__`, `constructor`,
// `prototype`, `hasOwnProperty`, `toString`, …) must never reach Object.prototype or functions,
// and rendering must never mutate the data or any shared prototype.
import { afterEach, describe, expect, it } from 'vitest';
import { render } from '../../index.js';

const INTERNALS = [
  'constructor',
  'prototype',
  'hasOwnProperty',
  'toString',
  'valueOf',
  'isPrototypeOf',
];

/** Every way a template can name a path, for one dotted path. */
function usesOf(path: string): string[] {
  return [
    `{${path}}`,
    `{${path}|json}`,
    `{${path}|raw}`,
    `{${path}|count}`,
    `{.section ${path}}S{@|raw}{.or}N{.end}`,
    `{.repeated section ${path}}R{.or}N{.end}`,
    `{.if ${path}}I{.or}N{.end}`,
    `{.var @v ${path}}{@v|raw}`,
    `{.ctx @c k=${path}}{@c|raw}`,
    `{.eval ${path}}`,
    `{.equal? ${path} "x"}E{.or}N{.end}`,
    `{@|get ${path}}`,
    `{@|prop ${path}}`,
    `{@|lookup ${path}}`,
  ];
}

const data = () => JSON.parse('{"a": {"b": 1}, "list": [1, 2], "s": "str", "n": 5}') as unknown;

function snapshotPrototypes(): string {
  return JSON.stringify([
    Object.getOwnPropertyNames(Object.prototype).sort(),
    Object.getOwnPropertyNames(Array.prototype).sort(),
    Object.getOwnPropertyNames(String.prototype).sort(),
  ]);
}
const pristine = snapshotPrototypes();

afterEach(() => {
  expect(snapshotPrototypes()).toBe(pristine);
  expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
});

describe('paths through JavaScript internals', () => {
  const paths = INTERNALS.flatMap((name) => [
    name,
    `a.${name}`,
    `s.${name}`,
    `list.${name}`,
    `${name}.name`,
    `n.${name}`,
  ]);
  for (const path of paths) {
    it(`${path} resolves to nothing in every kind of tag`, () => {
      for (const template of usesOf(path)) {
        const input = data();
        const before = JSON.stringify(input);
        const { html } = render(template, input);
        expect(html, template).not.toMatch(/function|native code|\[object|Object|prototype/);
        expect(html, template).not.toMatch(/^S|^R|^I|^E/);
        expect(JSON.stringify(input), template).toBe(before);
      }
    });
  }

  it('a string length is data, an array length is not reachable through a path', () => {
    // docs/language.md, "Resolution": the first segment indexes the current node plainly, later
    // ones by own property only; neither exposes functions.
    expect(render('{list.length}|{s.length}', data()).html).toBe('|');
  });
});

describe('keys named like internals in the data', () => {
  const hostile = () =>
    JSON.parse(
      '{"__proto__": {"polluted": "yes", "x": 1}, "constructor": {"prototype": {"polluted": "yes"}},' +
        ' "hasOwnProperty": "own", "items": [{"__proto__": {"t": 1}, "id": "__proto__"}, {"id": "constructor"}]}',
    ) as Record<string, unknown>;

  it('own keys are ordinary data and never become prototypes', () => {
    const input = hostile();
    const before = JSON.stringify(input);
    const { html } = render(
      '{x}|{polluted}|{constructor.prototype.polluted}|{hasOwnProperty}|' +
        '{.repeated section items}{id}{t}{.alternates with},{.end}|' +
        '{items|key-by id|json}|{@|prop __proto__.x}|{@|key-by __proto__|json}',
      input,
    );
    const parts = html.split('|');
    // `x` and `polluted` live only under the own "__proto__" key: not reachable by plain lookup.
    expect(parts[0]).toBe('');
    expect(parts[1]).toBe('');
    // "constructor" is an own key here, so the path reads own data.
    expect(parts[2]).toBe('yes');
    expect(parts[3]).toBe('own');
    expect(parts[4]).toBe('__proto__,constructor');
    expect(JSON.stringify(input)).toBe(before);
    expect(Object.getPrototypeOf(input)).toBe(Object.prototype);
  });

  it('key-by, apply args and ctx never create a prototype from data', () => {
    const input = hostile();
    const { html } = render(
      '{items|key-by id|prop constructor.id}|{@|apply p __proto__=x constructor=y}|' +
        '{.ctx @c constructor=hasOwnProperty}{@c.constructor}',
      input,
      { partials: { p: '{@args.__proto__}{@args.constructor}{@args|json}' } },
    );
    expect(html).not.toMatch(/function|native code/);
    expect(({} as Record<string, unknown>)['x']).toBeUndefined();
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('expressions cannot assign through internals', () => {
    const input = hostile();
    const before = JSON.stringify(input);
    const { html } = render(
      '{.eval @constructor = 1; @hasOwnProperty = 2; @x = constructor; @x}{.eval toString}' +
        '{.eval hasOwnProperty + 1}',
      input,
    );
    expect(html).not.toMatch(/function|native code/);
    expect(JSON.stringify(input)).toBe(before);
  });
});
