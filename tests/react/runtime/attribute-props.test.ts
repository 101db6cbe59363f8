/**
 * HTML attributes to React props (react-renderer/runtime/attribute-props.ts): `setAttributes`, which sets a
 * parsed element's attributes at once, sets what `setAttribute` one by one sets; and names
 * looked up through the table of names seen (a few slots per hash) always get their own prop,
 * however many names share a slot.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  reactName,
  setAttribute,
  setAttributes,
  type Props,
} from '../../../react-renderer/runtime/attribute-props.js';

const NAMES = [
  ...['class', 'for', 'id', 'tabindex', 'viewbox', 'stroke-width', 'strokewidth', 'xlink:href'],
  ...['value', 'checked', 'selected', 'hidden', 'style', 'contenteditable', 'onclick', 'key'],
  ...['suppresscontenteditablewarning', 'suppresshydrationwarning', 'panose-1', 'panose1'],
  ...['constructor', 'tostring', 'valueof', '__proto__', 'data-x', 'aria-label', 'x"y', 'é'],
];
const VALUES = ['', 'x', 'color: red', 'color:red; --v: 1', 'true'];

const attrs = fc.array(
  fc.record({ name: fc.constantFrom(...NAMES), value: fc.constantFrom(...VALUES) }),
  { maxLength: 6 },
);

describe('setAttributes', () => {
  it('sets what setAttribute sets one attribute at a time', () => {
    fc.assert(
      fc.property(fc.constantFrom('div', 'input', 'svg'), attrs, (tag, list) => {
        const together: Props = {};
        const exact = setAttributes(together, tag, list);
        const oneByOne: Props = {};
        let exactToo = true;
        for (const { name, value } of list) {
          exactToo = setAttribute(oneByOne, tag, name, value) && exactToo;
        }
        expect(together).toEqual(oneByOne);
        expect(Object.keys(together)).toEqual(Object.keys(oneByOne));
        expect(exact).toBe(exactToo);
      }),
      { numRuns: 500 },
    );
  });
});

describe('names seen', () => {
  it('each name keeps its own prop, however many share a slot', () => {
    // Names of one length and first, middle and last character: the table puts them in one set.
    const sharing = ['da0ax', 'db0bx', 'dc0cx', 'dd0dx', 'class', 'for', 'onclick'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...sharing), { maxLength: 30 }), (order) => {
        for (const name of order) {
          const props: Props = {};
          setAttribute(props, 'div', name, 'v');
          const prop = reactName(name);
          expect(props).toEqual(prop === null ? {} : { [prop]: 'v' });
        }
      }),
      { numRuns: 200 },
    );
  });
});
