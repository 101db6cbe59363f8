/**
 * The UnitCompiler that compiles: what the preview renders with and what `jsont build` runs
 * once per template and partial. A built site never imports this module.
 */
import { compile } from '../../index.js';
import { problemFromError } from './problems.js';
import type { CompiledFile } from './units.js';

export function compileFile(text: string, file: string): CompiledFile {
  const template = compile(text, { name: file });
  const problems = template.errors
    .filter((e) => e.severity === 'error')
    .map((e) => problemFromError(e, file, text));
  return { file, text, template, problems };
}
