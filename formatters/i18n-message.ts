/**
 * `message ARGS…` and its alias `plural` (docs/language.md, "Internationalisation formatters"): the
 * value is a message pattern in the reference's ICU dialect (see i18n-message-parse.ts); the args
 * are variables resolved from the frame where the tag appeared. `k=v` / `k:v` args are named `k`
 * and also take their position. Argument formatters: decimal/number, money/currency, datetime,
 * datetime-interval, and the Java original's unit.
 */
import type { Path } from '../engine/code.js';
import {
  splitReference,
  type Formatter,
  type FormatterTable,
  type RenderContext,
  type Variable,
} from '../engine/plugin.js';
import { boundedMemo } from '../engine/bounded-memo.js';
import { asString } from '../engine/values.js';
import { decimalText, formatDecimal } from './i18n-decimal.js';
import { epochOf, formatDatetime, formatInterval } from './i18n-datetime.js';
import { type ChoiceNode, type MessageNode, parseMessage } from './i18n-message-parse.js';
import { formatMoney, readMoneyNode } from './i18n-money.js';
import { formatUnit } from './legacy-unit.js';
import { parseOptions, plurals, renderLocale, renderTimeZone } from './i18n-options.js';
import { intlCache } from './intl-cache.js';

/** Parsed patterns are kept: storefront templates format the same few messages again and again. */
const parseCached = boundedMemo((text) => parseMessage(text));

export interface MessageArgs {
  positional: unknown[];
  named: Map<string, unknown>;
}

interface Env {
  args: MessageArgs;
  locale: string;
  /** The render's zone, looked up only when a date argument needs it. */
  zone: () => string;
}

/** True for a non-empty run of ASCII digits (a positional argument's name). */
function isIndex(name: string): boolean {
  if (name.length === 0) return false;
  for (let i = 0; i < name.length; i++) {
    const code = name.charCodeAt(i);
    if (code < 48 || code > 57) return false;
  }
  return true;
}

// Runs for every argument of every message on every render: a char loop, not a regex test.
function argument(env: Env, name: string): unknown {
  if (isIndex(name)) return env.args.positional[Number(name)];
  return env.args.named.get(name);
}

/** The number a plural argument selects on, as decimal text (non-numeric values count as 0). */
function pluralText(value: unknown): string {
  if (typeof value === 'boolean') return value ? '1' : '0';
  return decimalText(value) ?? '0';
}

function visibleFractionDigits(text: string): number {
  // Most plural counts are integers: skip the regex when there is no point at all.
  if (!text.includes('.')) return 0;
  const m = /\.(\d+)$/.exec(text);
  return m ? Math.min(m[1]!.length, 20) : 0;
}

const pluralRulesWithFraction = intlCache(Intl.PluralRules);

function pluralCategory(
  locale: string,
  type: Intl.PluralRuleType,
  n: number,
  fraction: number,
): string {
  if (fraction === 0) return plurals(locale, type).select(n);
  // `1.0` is "other" in English: the visible fraction digits are part of the plural operands.
  return pluralRulesWithFraction(locale, {
    type,
    minimumFractionDigits: fraction,
    maximumFractionDigits: fraction,
  }).select(n);
}

function choose(node: ChoiceNode, env: Env): { branch: MessageNode[] | undefined; pound: string } {
  const value = argument(env, node.names[0]!);
  if (node.kind === 'select') {
    const key = asString(value);
    return { branch: node.branches.get(key) ?? node.branches.get('other'), pound: '' };
  }
  const text = pluralText(value);
  const n = Number(text);
  const exact = node.branches.get(`=${n}`);
  const shifted = n - node.offset;
  const pound = node.offset === 0 ? text : String(shifted);
  if (exact !== undefined) return { branch: exact, pound };
  const type = node.kind === 'plural' ? 'cardinal' : 'ordinal';
  const fraction = node.offset === 0 ? visibleFractionDigits(text) : 0;
  const category = pluralCategory(env.locale, type, shifted, fraction);
  return { branch: node.branches.get(category) ?? node.branches.get('other'), pound };
}

function formatArgument(format: string, names: string[], options: string[], env: Env): string {
  const value = argument(env, names[0]!);
  switch (format) {
    case '':
      return asString(value);
    case 'decimal':
    case 'number': {
      const text = decimalText(value);
      return text === null ? '' : formatDecimal(text, parseOptions(options), env.locale);
    }
    case 'money':
    case 'currency': {
      const money = readMoneyNode(value);
      return money === null ? '' : formatMoney(money, parseOptions(options), env.locale);
    }
    case 'datetime': {
      if (value === undefined || value === null) return '';
      const epoch = epochOf(value);
      return Number.isFinite(epoch)
        ? formatDatetime(epoch, parseOptions(options), env.locale, env.zone())
        : '';
    }
    case 'datetime-interval': {
      const end = names.length > 1 ? argument(env, names[1]!) : undefined;
      if (value === undefined || value === null || end === undefined || end === null) return '';
      const s = epochOf(value);
      const e = epochOf(end);
      if (!Number.isFinite(s) || !Number.isFinite(e)) return '';
      return formatInterval(s, e, parseOptions(options), env.locale, env.zone());
    }
    case 'unit':
      // The Java original's unit formatter (the TypeScript reference prints nothing here).
      return formatUnit(value, parseOptions(options), env.locale);
    default:
      // Formatters the reference has no implementation for print nothing.
      return '';
  }
}

function render(nodes: MessageNode[], env: Env, pound: string): string {
  let out = '';
  for (const node of nodes) {
    if (typeof node === 'string') {
      out += node;
      continue;
    }
    switch (node.kind) {
      case 'pound':
        out += pound;
        break;
      case 'arg':
        out += formatArgument(node.format, node.names, node.options, env);
        break;
      default: {
        if (node.invalid || Number.isNaN(node.offset)) break;
        const { branch, pound: inner } = choose(node, env);
        if (branch !== undefined)
          out += render(branch, env, node.kind === 'select' ? pound : inner);
      }
    }
  }
  return out;
}

/** Formats a message pattern with resolved arguments (exported for the unit tests and templates). */
export function formatMessage(
  pattern: string,
  args: MessageArgs,
  locale: string,
  zone: () => string,
): string {
  return render(parseCached(pattern), { args, locale, zone }, '');
}

const NAMED_ARG = /^([^=:]+)[=:](.+)$/;

/**
 * An argument as written, `name:ref` / `name=ref` (named and positional) or `ref`, with its
 * reference split into a path. Made once per compiled tag (`Formatter.prepare`).
 */
export type ArgSpec = readonly [name: string | null, path: Path];

export function argSpecs(args: string[]): readonly ArgSpec[] {
  return args.map((arg): ArgSpec => {
    const m = NAMED_ARG.exec(arg);
    return m ? [m[1]!, splitReference(m[2]!)] : [null, splitReference(arg)];
  });
}

/**
 * Resolves the formatter args from the frame where the tag appeared (docs/language.md, "Where
 * formatters look up names").
 */
export function argValues(specs: readonly ArgSpec[], ctx: RenderContext): unknown[] {
  const from = ctx.frame().parent ?? undefined;
  return specs.map(([, path]) => ctx.resolve(path, from));
}

/** The arguments by position, and the named ones by name too. */
export function messageArgs(specs: readonly ArgSpec[], positional: unknown[]): MessageArgs {
  const named = new Map<string, unknown>();
  specs.forEach(([name], i) => name !== null && named.set(name, positional[i]));
  return { positional, named };
}

const message: Formatter = {
  prepare: argSpecs,
  apply(args: string[], vars: Variable[], ctx: RenderContext, prepared?: unknown): void {
    const first = vars[0]!;
    const pattern = asString(first.value);
    if (pattern === '') {
      first.set('');
      return;
    }
    const specs = (prepared as readonly ArgSpec[] | undefined) ?? argSpecs(args);
    first.set(
      formatMessage(pattern, messageArgs(specs, argValues(specs, ctx)), renderLocale(ctx), () =>
        renderTimeZone(ctx),
      ),
    );
  },
};

export const MESSAGE_FORMATTERS: FormatterTable = { message, plural: message };
