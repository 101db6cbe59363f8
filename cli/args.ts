/**
 * The shape of a `jsont` command and a thin layer over `node:util` parseArgs that turns its
 * exceptions into CliInputError (exit 2, with the command's usage) and handles `--help`.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';

import { CliInputError, type CliIO } from './io.js';

/** One `jsont` sub-command. New commands (preview, ...) are added to the list in run.ts. */
export interface Command {
  name: string;
  /** One line for the command list in `jsont --help`. */
  summary: string;
  /** Full text printed by `jsont <name> --help`. */
  help: string;
  /** Runs the command with the arguments after its name; resolves to the exit code. */
  run(argv: string[], io: CliIO): Promise<number> | number;
}

type Options = NonNullable<ParseArgsConfig['options']>;

export interface ParsedArgs {
  values: Record<string, string | boolean | string[] | boolean[] | undefined>;
  positionals: string[];
}

/**
 * Parses `argv` against `options` (a `--help`/`-h` flag is always added). Returns null when help
 * was asked for (already printed to stdout). Unknown options, missing values and a positional
 * count outside [min, max] throw CliInputError carrying `help` as the hint.
 */
export function parseCommandArgs(
  argv: string[],
  options: Options,
  positionals: { min: number; max: number; what: string },
  help: string,
  io: CliIO,
): ParsedArgs | null {
  let parsed: ParsedArgs;
  try {
    parsed = parseArgs({
      args: argv,
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    }) as ParsedArgs;
  } catch (err) {
    throw new CliInputError(err instanceof Error ? err.message : String(err), help);
  }
  if (parsed.values['help'] === true) {
    io.stdout.write(help.endsWith('\n') ? help : `${help}\n`);
    return null;
  }
  const count = parsed.positionals.length;
  if (count < positionals.min) throw new CliInputError(`missing ${positionals.what}`, help);
  if (count > positionals.max) {
    throw new CliInputError(
      `too many arguments: ${parsed.positionals.slice(positionals.max).join(' ')}`,
      help,
    );
  }
  return parsed;
}

/** The string value of option `name`, if given. */
export function stringOption(args: ParsedArgs, name: string): string | undefined {
  const value = args.values[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * `--now`: epoch milliseconds, or any date `Date.parse` understands (e.g. `2024-05-01T12:00:00Z`).
 */
export function parseNowOption(text: string): number {
  const trimmed = text.trim();
  const asNumber = Number(trimmed);
  if (trimmed !== '' && Number.isFinite(asNumber)) return asNumber;
  const asDate = Date.parse(trimmed);
  if (Number.isFinite(asDate)) return asDate;
  throw new CliInputError(`--now must be epoch milliseconds or an ISO date, got '${text}'`);
}
