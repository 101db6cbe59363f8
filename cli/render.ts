/** `jsont render`: renders a template (source or precompiled `.json` code) against JSON data. */
import { compile, render, type Code, type RenderOptions, type Template } from '../index.js';
import { parseCommandArgs, parseNowOption, stringOption, type Command } from './args.js';
import {
  CliInputError,
  EXIT_OK,
  EXIT_TEMPLATE_ERRORS,
  isPrecompiledPath,
  loadPartials,
  readCodeFile,
  readJsonFile,
  readTextFile,
  type CliIO,
} from './io.js';
import { reportErrors, type NamedSource, type SourceLookup } from './report.js';

const HELP = `Usage: jsont render <template> [options]

Renders <template> against JSON data and writes the HTML to stdout. A template file ending in
.json is taken as precompiled code (the output of \`jsont compile\`). Use - for stdin (as the
template or as the --json data).
Template errors are printed to stderr with a code frame; rendering goes on past them.

Options:
  -j, --json <file>        data to render (default: {})
  -p, --partials <path>    a folder (every file is a partial named by its file name, with and
                           without extension) or a JSON file {"name": "template source", ...}
  -i, --injects <file>     JSON file {"path": value, ...} for {.inject @var path}
  -l, --locale <tag>       BCP 47 locale for formatters (default: en-US)
      --now <time>         the current time for relative dates: epoch ms or an ISO date
      --timezone <zone>    IANA time zone, overriding website.timeZone
      --strict             exit with code 1 if any error was reported
  -h, --help               show this help

Exit codes: 0 rendered, 1 rendered with errors (--strict only), 2 bad arguments or input.

Example:
  jsont render page.html --json data.json --partials partials/ --now 2024-05-01T12:00:00Z`;

/** Errors already printed from compile may come back from render; print each once. */
function errorKey(e: { code: string; line: number; column: number; message: string }): string {
  return `${e.code}\u0000${e.line}\u0000${e.column}\u0000${e.message}`;
}

function readInjects(io: CliIO, path: string): Record<string, unknown> {
  const value = readJsonFile(io, path, 'injects file');
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new CliInputError(`injects file '${path}' must be a JSON object mapping paths to values`);
  }
  return value as Record<string, unknown>;
}

/** The library functions the command calls; tests substitute spies to see what is passed. */
export interface RenderEngine {
  compile: typeof compile;
  render: typeof render;
}

function run(engine: RenderEngine, argv: string[], io: CliIO): number {
  const args = parseCommandArgs(
    argv,
    {
      json: { type: 'string', short: 'j' },
      partials: { type: 'string', short: 'p' },
      injects: { type: 'string', short: 'i' },
      locale: { type: 'string', short: 'l' },
      now: { type: 'string' },
      timezone: { type: 'string' },
      strict: { type: 'boolean' },
    },
    { min: 1, max: 1, what: 'template file' },
    HELP,
    io,
  );
  if (!args) return EXIT_OK;
  const templatePath = args.positionals[0]!;
  if (templatePath === '-' && stringOption(args, 'json') === '-') {
    throw new CliInputError('the template and --json cannot both be read from stdin', HELP);
  }
  const templateName = templatePath === '-' ? '<stdin>' : templatePath;

  // Read every input before rendering, so bad input fails fast with exit code 2.
  let template: Template | Code;
  let main: NamedSource;
  if (isPrecompiledPath(templatePath)) {
    template = readCodeFile(io, templatePath, 'template');
    main = { name: templateName, text: '' };
  } else {
    const text = readTextFile(io, templatePath, 'template');
    main = { name: templateName, text };
    template = engine.compile(text, { name: templateName });
  }
  const jsonPath = stringOption(args, 'json');
  const data = jsonPath === undefined ? {} : readJsonFile(io, jsonPath, 'JSON data');

  const options: RenderOptions = {};
  const lookup: SourceLookup = { main };
  const partialsPath = stringOption(args, 'partials');
  if (partialsPath !== undefined) {
    const loaded = loadPartials(io, partialsPath);
    options.partials = loaded.partials;
    lookup.partials = loaded.sources;
  }
  const injectsPath = stringOption(args, 'injects');
  if (injectsPath !== undefined) options.injects = readInjects(io, injectsPath);
  const locale = stringOption(args, 'locale');
  if (locale !== undefined) options.locale = locale;
  const now = stringOption(args, 'now');
  if (now !== undefined) options.now = parseNowOption(now);
  const timeZone = stringOption(args, 'timezone');
  if (timeZone !== undefined) options.timeZone = timeZone;

  const compileErrors = Array.isArray(template) ? [] : template.errors;
  const result = engine.render(template, data, options);
  const seen = new Set(compileErrors.map(errorKey));
  const errors = [...compileErrors, ...result.errors.filter((e) => !seen.has(errorKey(e)))];

  io.stdout.write(result.html);
  const counts = reportErrors(io, errors, lookup);
  return args.values['strict'] === true && counts.errors > 0 ? EXIT_TEMPLATE_ERRORS : EXIT_OK;
}

/** `jsont render` bound to `engine` (the real library unless a test passes another). */
export function makeRenderCommand(engine: RenderEngine = { compile, render }): Command {
  return {
    name: 'render',
    summary: 'render a template with JSON data to HTML on stdout',
    help: HELP,
    run: (argv, io) => run(engine, argv, io),
  };
}

export const renderCommand: Command = makeRenderCommand();
