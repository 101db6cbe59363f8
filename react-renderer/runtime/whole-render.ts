/**
 * The React path's whole-page render (render.ts): when a value's markup does not stay inside its
 * element, the page is the string path's HTML structured as the browser parses it. Its widgets
 * stay live: the string render is run with every formatter wrapped (`markingRegistry`), and the
 * output of each widget formatter that goes straight into the page is replaced by a marker. The
 * HTML between markers becomes TEXT instructions and each marker a hole replaying that widget's
 * output (`replayBlock`), which the structuring pass places as it places a template's holes: a
 * component where the widget stands among elements, plain text in an attribute, raw text or a
 * comment. Where a replayed widget's markup does not fit its element either, the page falls
 * back to the plain HTML (widgets as markup).
 */
import type { Instruction } from '../../engine/code.js';
import type { ExecContext } from '../../engine/context.js';
import { Op } from '../../engine/opcodes.js';
import type { Formatter, FormatterTable, Registry } from '../../engine/plugin.js';
import { renderValue } from '../../engine/values.js';
import type { ComponentTable } from '../components/index.js';

/** One widget formatter's call whose output went straight into the page. */
export interface WidgetCall {
  name: string;
  args: string[];
  /** The value it was applied to. */
  node: unknown;
  html: string;
}

/** While a page renders whole: the widget calls so far, the widgets, and the render's nonce. */
let marking: { calls: WidgetCall[]; components: ComponentTable; marker: string } | null = null;
/**
 * Whether the formatter running now writes into the page unchanged: it is the one formatter of
 * a `{…}` tag, and so was every formatter it runs inside (only `apply`'s output is the text of
 * what it runs). Elsewhere a marker could be cut, escaped or counted.
 */
let direct = true;

function markingFormatter(name: string, formatter: Formatter): Formatter {
  return {
    // The wrapped formatter's compile-time work is kept (see `Formatter.prepare`).
    ...(formatter.prepare === undefined ? {} : { prepare: formatter.prepare }),
    apply(args, vars, ctx, prepared) {
      const inst = (ctx as unknown as ExecContext).inst;
      const outer = direct;
      const mine =
        outer &&
        Array.isArray(inst) &&
        inst[0] === Op.VARIABLE &&
        (inst[2] as unknown[]).length === 1;
      const node = vars[0]!.value;
      direct = mine && name === 'apply';
      try {
        formatter.apply(args, vars, ctx, prepared);
      } finally {
        direct = outer;
      }
      const now = marking;
      // `apply` is never a widget: the React path runs partials as its own code.
      if (mine && now !== null && name !== 'apply' && now.components[name] !== undefined) {
        const html = renderValue(vars[0]!.value);
        const index = now.calls.push({ name, args, node, html }) - 1;
        vars[0]!.set(`${now.marker}${index}\uE001`);
      }
    },
  };
}

const marked = new WeakMap<Registry, Registry>();

/** `registry` with every formatter wrapped by `markingFormatter` (made once per registry). */
function markingRegistry(registry: Registry): Registry {
  let copy = marked.get(registry);
  if (copy === undefined) {
    const formatters: FormatterTable = Object.create(null);
    for (const [name, formatter] of Object.entries(registry.formatters)) {
      formatters[name] = markingFormatter(name, formatter);
    }
    marked.set(registry, (copy = { formatters, predicates: registry.predicates }));
  }
  return copy;
}

/**
 * Runs `render` (the string path, given the registry to use) with the widgets in `components`
 * marked: the HTML split at the markers (text, call index, text, …) and the calls.
 */
export function markedRender<R extends { html: string }>(
  registry: Registry,
  components: ComponentTable,
  render: (registry: Registry) => R,
): { result: R; pieces: string[]; calls: WidgetCall[] } {
  const calls: WidgetCall[] = [];
  // Private-use characters and a nonce: no data makes a marker of this render by chance.
  const marker = `\uE001${Math.random().toString(36).slice(2)}:`;
  marking = { calls, components, marker };
  direct = true;
  let result: R;
  try {
    result = render(markingRegistry(registry));
  } finally {
    marking = null;
  }
  const pieces = calls.length === 0 ? [result.html] : splitAtMarkers(result.html, marker);
  return { result, pieces, calls };
}

/**
 * `html` split at its markers (text, call index, text, …). Scanned, not split with a RegExp
 * made of the marker: each render's marker is new, and compiling a RegExp per render cost a
 * third of a local fallback's time (react-site bench profile).
 */
function splitAtMarkers(html: string, marker: string): string[] {
  const pieces: string[] = [];
  let from = 0;
  for (;;) {
    const at = html.indexOf(marker, from);
    if (at === -1) break;
    const end = html.indexOf('\uE001', at + marker.length);
    pieces.push(html.slice(from, at), html.slice(at + marker.length, end));
    from = end + 1;
  }
  pieces.push(from === 0 ? html : html.slice(from));
  return pieces;
}

/**
 * The marked HTML as a code block: TEXT instructions, and for each call a `{i|name args}` hole
 * read against the calls' nodes (so that `i` resolves to the call's node), with a registry whose
 * widget formatters give back each call's output.
 */
export function replayBlock(
  pieces: string[],
  calls: WidgetCall[],
): { block: Instruction[]; registry: Registry; data: unknown[] } {
  const replay: Formatter = {
    apply(_args, vars, ctx) {
      const inst = (ctx as unknown as ExecContext).inst as [number, number[][]];
      vars[0]!.set(calls[inst[1][0]![0]!]!.html);
    },
  };
  // No prototype: a component may be named `__proto__`.
  const formatters: FormatterTable = Object.create(null);
  const block = pieces.map((piece, i): Instruction => {
    if (i % 2 === 0) return [Op.TEXT, piece];
    const { name, args } = calls[+piece]!;
    formatters[name] = replay;
    return [Op.VARIABLE, [[+piece]], [[name, [args, ' ']]]] as Instruction;
  });
  return { block, registry: { formatters, predicates: {} }, data: calls.map((c) => c.node) };
}
