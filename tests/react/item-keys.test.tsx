/**
 * Identity in repeated sections (docs/react-path.md): re-rendering a changed list keeps each
 * item's DOM nodes, the text typed into its field and focus with the item, whatever the list
 * became (items removed, inserted, reordered); lists without ids or with repeated ids render
 * as before, without a React warning.
 *
 * @vitest-environment jsdom
 */
import fc from 'fast-check';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderToReact } from '../../index.js';
import { useGeneratedCode } from '../../react-renderer/codegen/generated-function.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface Item {
  id: string;
  name: string;
}

const TEMPLATES = {
  list:
    '<ul>{.repeated section items}\n  <li data-id="{id}"><label>{name} ' +
    '<input type="text" value="{name}"></label></li>{.alternates with}\n{.end}</ul>',
  // Two elements per item, in a table body (whitespace there is dropped): as the /cart rows.
  table:
    '<table><tbody>{.repeated section items}\n<tr data-id="{id}"><td>{name}</td>' +
    '<td><input type="number" value="{name}"></td></tr>\n<tr data-id="{id}"><td>note</td></tr>' +
    '\n{.end}</tbody></table>',
};

let container: HTMLElement;
let root: Root;
let errors: string[];

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args) => void errors.push(args.join(' ')));
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.restoreAllMocks();
});

function show(source: string, items: Item[]): void {
  const { element, errors: templateErrors } = renderToReact(source, { items });
  expect(templateErrors).toEqual([]);
  act(() => root.render(element));
}

/** Text typed into an item's field: a number, which the table's number field takes too. */
const typed = (id: string) => `${id.slice(1)}07`;

const rowsOf = (id: string) => [...container.querySelectorAll(`[data-id="${id}"]`)];

type Op =
  | { kind: 'remove'; at: number }
  | { kind: 'insert'; at: number }
  | { kind: 'move'; from: number; to: number };

const ops = fc.array(
  fc.oneof(
    fc.record({ kind: fc.constant('remove' as const), at: fc.nat(20) }),
    fc.record({ kind: fc.constant('insert' as const), at: fc.nat(20) }),
    fc.record({ kind: fc.constant('move' as const), from: fc.nat(20), to: fc.nat(20) }),
  ),
  { minLength: 1, maxLength: 8 },
);

function apply(items: Item[], op: Op, fresh: () => Item): Item[] {
  const next = [...items];
  if (op.kind === 'insert') next.splice(op.at % (next.length + 1), 0, fresh());
  else if (next.length === 0) return next;
  else if (op.kind === 'remove') next.splice(op.at % next.length, 1);
  else {
    const [moved] = next.splice(op.from % next.length, 1);
    next.splice(op.to % (next.length + 1), 0, moved!);
  }
  return next;
}

describe.each([
  ['closures', false],
  ['generated code', true],
])('repeated sections keyed by item id (%s)', (_name, generated) => {
  beforeEach(() => useGeneratedCode(generated));
  afterEach(() => useGeneratedCode(undefined));

  it.each(Object.entries(TEMPLATES))(
    'keeps nodes, typed text and focus with their items (%s)',
    (_kind, source) => {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 6 }), ops, (size, steps) => {
          let serial = 0;
          const fresh = (): Item => ({ id: `i${serial}`, name: `n${serial++}` });
          let items = Array.from({ length: size }, fresh);
          show(source, items);
          for (const op of steps) {
            // Every row: its nodes, and text typed into its field (not in the data).
            const before = new Map(items.map((item) => [item.id, rowsOf(item.id)]));
            for (const item of items) {
              rowsOf(item.id)[0]!.querySelector('input')!.value = typed(item.id);
            }
            const focused = items[0] && rowsOf(items[0].id)[0]!.querySelector('input');
            focused?.focus();
            items = apply(items, op, fresh);
            show(source, items);
            const order = [...container.querySelectorAll('[data-id]')].map((r) =>
              r.getAttribute('data-id'),
            );
            const perItem = source === TEMPLATES.table ? 2 : 1;
            expect(order).toEqual(items.flatMap((item) => Array(perItem).fill(item.id)));
            for (const item of items) {
              const old = before.get(item.id);
              if (old === undefined) continue; // inserted by this step
              const rows = rowsOf(item.id);
              expect(rows).toHaveLength(old.length);
              rows.forEach((row, i) => expect(row).toBe(old[i]));
              expect(rows[0]!.querySelector('input')!.value).toBe(typed(item.id));
            }
            if (focused?.isConnected) expect(document.activeElement).toBe(focused);
          }
          expect(errors).toEqual([]);
        }),
        { numRuns: 60 * Number(process.env.JSONT_PROPERTY_SCALE ?? 1) },
      );
    },
  );

  it('renders lists without ids, or with an id twice, by position and without a warning', () => {
    const source = TEMPLATES.list;
    const twice = [
      { id: 'a', name: 'one' },
      { id: 'a', name: 'two' },
      { id: 'b', name: 'three' },
    ];
    show(source, twice);
    show(source, [twice[1]!, twice[2]!, twice[0]!]);
    expect([...container.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'two ',
      'three ',
      'one ',
    ]);
    const plain = [{ name: 'x' }, { name: 'y' }] as unknown as Item[];
    show(source, plain);
    const first = container.querySelector('li');
    show(source, plain.slice(1));
    // Without an identity the first row's node now shows the second item, as before.
    expect(container.querySelector('li')).toBe(first);
    expect(first!.textContent).toBe('y ');
    expect(errors).toEqual([]);
  });
});
