/** `jsont compile`: prints the reference-compatible JSON code of a template. */
import { compile, prettyJson } from '../index.js';
import { parseCommandArgs, type Command } from './args.js';
import { EXIT_OK, EXIT_TEMPLATE_ERRORS, readTextFile, type CliIO } from './io.js';
import { reportErrors } from './report.js';

const HELP = `Usage: jsont compile <template> [--pretty]

Compiles <template> and writes its code (the JSON instruction tree that \`jsont render\` and the
reference engines accept) to stdout. Use - to read stdin. Errors are printed to stderr with a
code frame; the code is printed anyway (it is still usable, as in the reference).

Options:
  -P, --pretty    one instruction per line (the reference's prettyJson layout)
  -h, --help      show this help

Exit codes: 0 compiled cleanly, 1 compiled with errors, 2 bad arguments or input.

Example:
  jsont compile page.html --pretty > page.json`;

function run(argv: string[], io: CliIO): number {
  const args = parseCommandArgs(
    argv,
    { pretty: { type: 'boolean', short: 'P' } },
    { min: 1, max: 1, what: 'template file' },
    HELP,
    io,
  );
  if (!args) return EXIT_OK;
  const path = args.positionals[0]!;
  const name = path === '-' ? '<stdin>' : path;
  const text = readTextFile(io, path, 'template');
  const template = compile(text, { name });
  const json =
    args.values['pretty'] === true ? prettyJson(template.code) : JSON.stringify(template.code);
  io.stdout.write(json.endsWith('\n') ? json : `${json}\n`);
  const counts = reportErrors(io, template.errors, { main: { name, text } });
  return counts.errors > 0 ? EXIT_TEMPLATE_ERRORS : EXIT_OK;
}

export const compileCommand: Command = {
  name: 'compile',
  summary: 'print the compiled JSON code of a template',
  help: HELP,
  run,
};
