/**
 * `jsont check`: compiles every template file under the given paths and reports each problem
 * as `file:line:col` with a code frame. Folders are searched recursively for the template
 * extensions below (hidden folders and node_modules are skipped); a file named explicitly is
 * checked whatever its extension.
 */
import { readdirSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';

import { renderToString } from 'react-dom/server';

import { ErrorCode, makeError } from '../engine/errors.js';
import { leavesContainer } from '../react-renderer/runtime/host-elements.js';
import {
  compile,
  prepareReact,
  render,
  renderToReact,
  type Template,
  type TemplateError,
} from '../index.js';
import { apiResponseValueWarnings } from '../server/site/api-response-values.js';
import { requestValueWarnings } from '../server/site/request-values.js';
import { parseCommandArgs, stringOption, type Command } from './args.js';
import { checkPlatformFolder, isPlatformFolder } from './check-platform.js';
import {
  CliInputError,
  EXIT_OK,
  EXIT_TEMPLATE_ERRORS,
  readJsonFile,
  readTextFile,
  resolvePath,
  type CliIO,
} from './io.js';
import { plural, reportErrors } from './report.js';

/**
 * Template file extensions searched in folders: plain `.html`, the generic `.jsont`/`.tmpl`, and
 * the Squarespace developer-site kinds (`.block`, `.region`, `.item`, `.list`, `.page`).
 */
export const TEMPLATE_EXTENSIONS: readonly string[] = [
  '.html',
  '.jsont',
  '.tmpl',
  '.block',
  '.region',
  '.item',
  '.list',
  '.page',
];

const HELP = `Usage: jsont check <file|folder>... [options]

Compiles every template and prints each error and warning to stderr as file:line:col with a
code frame, then a summary line. A value from the request (request.path, request.query.*,
search.query) printed without an escaping formatter such as |html or |htmlattr, directly or as
a message argument, is an UNESCAPED_REQUEST_VALUE warning; one from an API response
(cartStatus.notice, a server's error text) an UNESCAPED_API_VALUE warning. Folders are searched recursively for template files
(${TEMPLATE_EXTENSIONS.join(' ')}), skipping hidden folders and node_modules;
files named on the command line are checked whatever their extension.

Options:
      --ext <list>   comma-separated extensions to search folders for, e.g. .html,.block
      --react        also report template HTML the React renderer cannot structure
                     (REACT_UNSTRUCTURED warnings: parsed at render time, correct but slower)
  -j, --json <file>  with --react: also render each template through the React renderer with
                     this data and report the values whose markup does not stay inside its
                     element (REACT_UNBALANCED_VALUE warnings, once per value), elements
                     nested deeper than the React tree goes (REACT_TOO_DEEP warnings), a
                     render stopped by the limit on applied partials (APPLY_PARTIAL_LIMIT)
                     and a React tree that is not the browser's DOM of the page
                     (REACT_DIVERGENT_TREE)
  -h, --help         show this help

Exit codes: 0 no errors (warnings allowed), 1 errors found, 2 bad arguments or a missing path.

Example:
  jsont check templates/ blocks/header.block`;

/** One kind of verification run on each compiled file; `check --react` adds one. */
type TemplateCheck = (template: Template) => TemplateError[];

const compileCheck: TemplateCheck = (template) => template.errors;

/** The React path's structuring warnings (the compile errors come from compileCheck). */
const reactCheck: TemplateCheck = (template) => prepareReact(template).warnings;

/**
 * What the React render with `data` reports about the template rather than the data: values
 * whose markup does not stay inside its element, elements nested past the React path's depth,
 * and a render stopped by the limit on applied partials and macros. Each once (a value in a
 * repeated section warns for each item). And, of a render none of those cut short, whether
 * React would find its tree in the browser's DOM of the page (`divergence`).
 */
const RENDER_CODES = new Set(['REACT_UNBALANCED_VALUE', 'REACT_TOO_DEEP', 'APPLY_PARTIAL_LIMIT']);

function unbalancedCheck(data: unknown): TemplateCheck {
  return (template) => {
    const seen = new Set<string>();
    const { element, errors } = renderToReact(template, data);
    const found = errors.filter((error) => {
      if (!RENDER_CODES.has(error.code)) return false;
      const key = `${error.line}:${error.column}:${error.message}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    // A render cut short (too deep, too much work) is reported as such, not compared.
    const cut = errors.some(
      (error) => error.code !== 'REACT_UNBALANCED_VALUE' && RENDER_CODES.has(error.code),
    );
    if (cut) return found;
    const html = render(template, data).html;
    const divergent = divergence(renderToString(element), html) ?? leavesRoot(html);
    return divergent === null ? found : [...found, divergent];
  };
}

/**
 * A REACT_DIVERGENT_TREE warning when the rendered page does not stay in the element it is
 * hydrated in, taken to stand in the page's `<body>` (`leavesContainer`): the browser's DOM
 * then matches no tree inside that element, and the page is left as the server sent it.
 */
function leavesRoot(html: string): TemplateError | null {
  const reason = leavesContainer(html, 'div', ['html', 'body']);
  if (reason === null) return null;
  return makeError(
    ErrorCode.REACT_DIVERGENT_TREE,
    `React: the rendered page does not stay in the element it is hydrated in (${reason}); ` +
      'the browser leaves the page as the server sent it, without hydrating it',
    undefined,
    'warning',
  );
}

/**
 * A REACT_DIVERGENT_TREE warning when the React tree for the data (rendered by React: `react`)
 * is not what React renders of the string path's `html` parsed whole, by the browser's rules
 * (the React path's parser, through a template of that text alone): hydration of the page would
 * fail, and React render it again on the client. Null when they agree.
 */
export function divergence(react: string, html: string): TemplateError | null {
  const literal = html.replace(/[{}]/g, (brace) =>
    brace === '{' ? '{.meta-left}' : '{.meta-right}',
  );
  const parsed = renderToString(renderToReact(compile(literal), {}).element);
  if (parsed === react) return null;
  let at = 0;
  while (react[at] === parsed[at]) at++;
  const from = Math.max(0, at - 30);
  return makeError(
    ErrorCode.REACT_DIVERGENT_TREE,
    `React: the React tree for this data is not the browser's DOM of the rendered page ` +
      `(hydration would fail): React has ${JSON.stringify(react.slice(from, at + 40))}, ` +
      `the page ${JSON.stringify(parsed.slice(from, at + 40))}`,
    undefined,
    'warning',
  );
}

function parseExtensions(list: string): string[] {
  const exts = list
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter((e) => e !== '')
    .map((e) => (e.startsWith('.') ? e : `.${e}`));
  if (exts.length === 0) throw new CliInputError(`--ext needs at least one extension`);
  return exts;
}

/** Expands the command-line paths into the list of files to check, in a stable order. */
function collectFiles(io: CliIO, paths: string[], extensions: readonly string[]): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    const entries = readdirSync(resolvePath(io, dir), { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    );
    for (const entry of entries) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && extensions.includes(extname(entry.name).toLowerCase())) {
        files.push(path);
      }
    }
  };
  for (const path of paths) {
    let isDir: boolean;
    try {
      isDir = statSync(resolvePath(io, path)).isDirectory();
    } catch {
      throw new CliInputError(`no such file or folder: ${path}`);
    }
    if (isDir) walk(path);
    else files.push(path);
  }
  return files;
}

async function run(argv: string[], io: CliIO): Promise<number> {
  const args = parseCommandArgs(
    argv,
    { ext: { type: 'string' }, react: { type: 'boolean' }, json: { type: 'string', short: 'j' } },
    { min: 1, max: Infinity, what: 'files or folders to check' },
    HELP,
    io,
  );
  if (!args) return EXIT_OK;
  const ext = stringOption(args, 'ext');
  const extensions = ext === undefined ? TEMPLATE_EXTENSIONS : parseExtensions(ext);
  const checks: TemplateCheck[] = [compileCheck, requestValueWarnings, apiResponseValueWarnings];
  if (args.values['react'] === true) checks.push(reactCheck);
  const jsonPath = stringOption(args, 'json');
  if (jsonPath !== undefined) {
    if (args.values['react'] !== true) throw new CliInputError('--json needs --react', HELP);
    checks.push(unbalancedCheck(readJsonFile(io, jsonPath, 'JSON data')));
  }

  // Developer-platform folders get the preview's check (tags, layouts, LESS) instead.
  const platform = args.positionals.filter((path) => isPlatformFolder(io, path));
  const plain = args.positionals.filter((path) => !platform.includes(path));
  // Read everything first: a missing path is bad input (exit 2) even if other files have errors.
  const files = collectFiles(io, plain, extensions).map((name) => ({
    name,
    text: readTextFile(io, name, 'template'),
  }));

  let errors = 0;
  let warnings = 0;
  let filesWithProblems = 0;
  let checked = files.length;
  for (const path of platform) {
    const counts = await checkPlatformFolder(io, path);
    errors += counts.errors;
    warnings += counts.warnings;
    filesWithProblems += counts.files;
    checked++;
  }
  for (const file of files) {
    const template = compile(file.text, { name: file.name });
    const found = checks.flatMap((check) => check(template));
    if (found.length > 0) filesWithProblems++;
    const counts = reportErrors(io, found, { main: file });
    errors += counts.errors;
    warnings += counts.warnings;
  }
  const summary =
    `${plural(checked, 'file')} checked: ${plural(errors, 'error')}, ` +
    `${plural(warnings, 'warning')}` +
    (filesWithProblems > 0 ? ` in ${plural(filesWithProblems, 'file')}` : '');
  io.stdout.write(`${summary}\n`);
  return errors > 0 ? EXIT_TEMPLATE_ERRORS : EXIT_OK;
}

export const checkCommand: Command = {
  name: 'check',
  summary: 'compile template files and report every error with its location',
  help: HELP,
  run,
};
