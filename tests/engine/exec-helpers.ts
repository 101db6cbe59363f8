/**
 * Helpers for the executor tests: a small registry of test plugins (independent of the real
 * core plugins) and a `run` shortcut over renderTemplate.
 */
import type { Code, Instruction } from '../../engine/code.js';
import type { SourceLocation } from '../../engine/errors.js';
import type {
  FormatterTable,
  PredicateTable,
  Registry,
  RenderContext,
} from '../../engine/plugin.js';
import { renderTemplate } from '../../engine/render.js';
import type {
  ParseFunction,
  RenderOptions,
  RenderResult,
  Template,
} from '../../engine/template.js';

/** Frame depth seen by the last `probe` formatter call. */
export const probes: { depth: number; node: unknown; parentNode: unknown }[] = [];

function depthOf(ctx: RenderContext): number {
  let depth = 0;
  for (let f = ctx.frame().parent; f !== null; f = f.parent) depth++;
  return depth;
}

export const formatters: FormatterTable = {
  upper: { apply: (_args, vars) => vars[0]!.set(String(vars[0]!.value).toUpperCase()) },
  wrap: { apply: (args, vars) => vars[0]!.set(`${args[0]}${String(vars[0]!.value)}${args[1]}`) },
  join: { apply: (_args, vars) => vars[0]!.set(vars.map((v) => String(v.value)).join('+')) },
  boom: {
    apply: () => {
      throw new TypeError('kaboom');
    },
  },
  report: { apply: (args, _vars, ctx) => ctx.error(`reported ${args[0] ?? ''}`) },
  probe: {
    apply: (_args, _vars, ctx) => {
      probes.push({ depth: depthOf(ctx), node: ctx.node(), parentNode: ctx.frame().parent?.node });
    },
  },
  /** resolves its argument from the frame where the tag appeared (like `format`). */
  fromParent: {
    apply: (args, vars, ctx) =>
      vars[0]!.set(ctx.resolveRef(args[0]!, ctx.frame().parent ?? undefined)),
  },
  /** resolves its argument with normal lookup from the current (pushed) frame. */
  lookup: { apply: (args, vars, ctx) => vars[0]!.set(ctx.resolveRef(args[0]!)) },
  /** minimal `apply NAME [private] [k=v]` on top of ctx.applyPartial. */
  apply: {
    apply: (args, vars, ctx) => {
      let isPrivate = false;
      let extra: Record<string, string> | null = null;
      for (const arg of args.slice(1)) {
        extra ??= {};
        if (arg === 'private') isPrivate = true;
        else if (arg.includes('='))
          extra[arg.slice(0, arg.indexOf('='))] = arg.slice(arg.indexOf('=') + 1);
      }
      vars[0]!.set(ctx.applyPartial(args[0]!, vars[0]!.value, isPrivate, extra));
    },
  },
  template: {
    apply: (args, vars, ctx) =>
      vars[0]!.set(
        ctx.executeTemplate(
          [
            17,
            1,
            [
              [0, '<'],
              [1, [['@']], 0],
              [1, [[args[0]!]], 0],
              [0, '>'],
            ],
            18,
          ],
          vars[0]!.value,
          args[1] === 'private',
        ),
      ),
  },
};

export const predicates: PredicateTable = {
  'is?': { apply: (args, ctx) => String(ctx.node()) === args[0] },
  'var?': { apply: (args, ctx) => Boolean(ctx.resolveRef(args[0]!)) },
  'boom?': {
    apply: () => {
      throw new RangeError('predicate failed');
    },
  },
};

export const registry: Registry = { formatters, predicates };

/** A ROOT around a block. */
export function root(...block: Instruction[]): Code {
  return [17, 1, block, 18];
}

export function run(
  code: Code,
  data: unknown,
  options: RenderOptions = {},
  parse?: ParseFunction,
): RenderResult {
  return renderTemplate(code, data, options, registry, parse);
}

/** A Template whose listed instructions carry locations. */
export function located(
  code: Code,
  entries: [object, SourceLocation][],
  source?: string,
): Template {
  const locations = new WeakMap<object, SourceLocation>(entries);
  const template: Template = { code, errors: [], locations };
  if (source !== undefined) template.source = source;
  return template;
}

/** A parse function over a fixed table of source -> template (for string partials). */
export function fakeParse(table: Record<string, Template>): ParseFunction & { calls: string[] } {
  const calls: string[] = [];
  const parse = (source: string): Template => {
    calls.push(source);
    const t = table[source];
    if (t === undefined) throw new Error(`no fake parse for ${source}`);
    return t;
  };
  return Object.assign(parse, { calls });
}
