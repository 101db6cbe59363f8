/**
 * The `jsont` dispatcher: picks the sub-command, prints top-level help, and turns bad input into
 * a one-line message and exit code 2. Kept apart from main.ts so tests can run it in-process.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import type { Command } from './args.js';
import { checkCommand } from './check.js';
import { compileCommand } from './compile.js';
import { CliInputError, EXIT_OK, EXIT_USAGE, type CliIO } from './io.js';
import { previewCommand } from './preview.js';
import { buildCommand } from './build-site.js';
import { serveCommand } from './serve.js';
import { renderCommand } from './render.js';

/** Every sub-command, in the order `jsont --help` lists them. */
export const COMMANDS: readonly Command[] = [
  renderCommand,
  compileCommand,
  checkCommand,
  previewCommand,
  buildCommand,
  serveCommand,
];

export function topLevelHelp(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  const list = COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`).join('\n');
  return `Usage: jsont <command> [options]

JSON-Template (Squarespace syntax) tools.

Commands:
${list}

Run \`jsont <command> --help\` for the options of a command, \`jsont --version\` for the version.
`;
}

/**
 * The package version, read from the package.json above this file: one level up when run from
 * source (cli/run.ts), two when bundled (dist/cli/main.js).
 */
export function packageVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 3; i++, dir = dirname(dir)) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === 'jsont-react' && pkg.version) return pkg.version;
    } catch {
      // not here; try the parent folder
    }
  }
  return 'unknown';
}

/** Runs `jsont` with `argv` (the arguments after the program name); resolves to the exit code. */
export async function runCli(argv: string[], io: CliIO): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined) {
    io.stderr.write(topLevelHelp());
    return EXIT_USAGE;
  }
  if (name === '--version' || name === '-v') {
    io.stdout.write(`jsont ${packageVersion()}\n`);
    return EXIT_OK;
  }
  if (name === '--help' || name === '-h' || name === 'help') {
    const target = name === 'help' ? COMMANDS.find((c) => c.name === rest[0]) : undefined;
    io.stdout.write(target ? `${target.help}\n` : topLevelHelp());
    return EXIT_OK;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    io.stderr.write(`jsont: unknown command '${name}'\n\n${topLevelHelp()}`);
    return EXIT_USAGE;
  }
  try {
    return await command.run(rest, io);
  } catch (err) {
    if (err instanceof CliInputError) {
      io.stderr.write(`jsont ${command.name}: ${err.message}\n`);
      if (err.hint) io.stderr.write(`\n${err.hint}\n`);
      return EXIT_USAGE;
    }
    throw err;
  }
}
