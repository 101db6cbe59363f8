/**
 * The developer-platform site's stylesheet (/site.css): template.conf's `stylesheets`, in
 * order, compiled as one LESS source with the `less` package (variables of one file reach the
 * next, as on the platform). Imports read through the folder's reader (styles/ is the base);
 * platform libraries no folder carries resolve to the stand-ins of style-standins.ts; tweaks
 * declared only in their comment get their default (tweaks.ts). A compile error, or a tweak
 * comment that does not parse, becomes a problem with file:line:col.
 */
import less, { type LessError, type LoadedFile } from 'less';

import type { PlatformModel } from '../site/platform/model.js';
import type { FolderReader } from '../site/platform/reader.js';
import { problemFromError, siteProblem, type SiteProblem } from '../site/problems.js';
import { TEMPLATE_CONF } from '../site/platform/model.js';
import { lessStandIn } from '../site/platform/style-standins.js';
import {
  parseTweaks,
  tweakDefaults,
  tweakValues,
  TWEAK_VALUES_FILE,
} from '../site/platform/tweaks.js';

const STYLES = 'styles/';
const ENTRY = `${STYLES}(template.conf stylesheets)`;

export interface CompiledStyles {
  css: string;
  /** Errors (the CSS is then empty) and warnings (isPlatformWarning: the CSS stands). */
  problems: SiteProblem[];
}

/**
 * `tweaks`: values given on the command line (`--tweak name=value`), over the folder's
 * tweaks.json; a tweak set to a value other than its default changes the stylesheet.
 */
export async function compileStyles(
  reader: FolderReader,
  model: PlatformModel,
  tweaks: Record<string, string> = {},
): Promise<CompiledStyles> {
  const problems: SiteProblem[] = [];
  const warnings: SiteProblem[] = [];
  const globalVars: Record<string, string> = {};
  const declared = new Set<string>();
  /** Class tweaks: tweaks.json may set them (the page's classes), LESS never sees them. */
  const classNames = new Set<string>();
  const sheets: string[] = [];
  for (const sheet of model.stylesheets) {
    const file = `${STYLES}${sheet}`;
    const text = reader.read(file);
    if (text === undefined) {
      // Templates list files a build step makes or the platform supplies (`reset.css`): the
      // rest of the stylesheet still applies.
      warnings.push(missingSheet(reader, sheet));
      continue;
    }
    sheets.push(sheet);
    const parsed = parseTweaks(text);
    for (const p of parsed.problems) {
      problems.push(siteProblem(file, 'TWEAK_SYNTAX', p.message, text, p.line, p.column));
    }
    for (const t of parsed.tweaks) declared.add(t.variable);
    for (const t of parsed.classTweaks) classNames.add(t.name);
    Object.assign(globalVars, tweakDefaults(text));
  }
  const set = tweakValues(reader, new Set([...declared, ...classNames]), tweaks);
  const variables = Object.fromEntries(
    Object.entries(set.values).filter(([name]) => declared.has(name)),
  );
  for (const p of set.problems) {
    const source = p.file === TWEAK_VALUES_FILE ? (reader.read(p.file) ?? '') : '';
    problems.push(siteProblem(p.file, p.code, p.message, source, p.line, p.column));
  }
  if (problems.length > 0) return { css: '', problems: [...problems, ...warnings] };
  // Plain CSS files of the list are inlined too (LESS would leave a CSS @import for them).
  const entry = sheets.map((sheet) => `@import (less) ${JSON.stringify(sheet)};`).join('\n');
  try {
    const out = await less.render(entry, {
      filename: ENTRY,
      plugins: [readerPlugin(reader)],
      globalVars,
      modifyVars: variables,
      math: 'always',
    });
    return { css: out.css, problems: warnings };
  } catch (err) {
    const e = err as LessError;
    const file = e.filename && e.filename !== 'input' ? e.filename : ENTRY;
    const line = e.line ?? 0;
    const column = (e.column ?? -1) + 1;
    return {
      css: '',
      problems: [
        siteProblem(file, 'CSS_ERROR', e.message, reader.read(file) ?? '', line, column),
        ...warnings,
      ],
    };
  }
}

/** The warning for a file of template.conf's `stylesheets` that styles/ does not have. */
function missingSheet(reader: FolderReader, sheet: string): SiteProblem {
  const conf = reader.read(TEMPLATE_CONF) ?? '';
  const at = conf.indexOf(JSON.stringify(sheet));
  const before = conf.slice(0, Math.max(at, 0)).split('\n');
  const error = {
    code: 'STYLESHEET_MISSING',
    message: `no styles/${sheet}: the stylesheet is compiled without it`,
    line: at === -1 ? 0 : before.length,
    column: at === -1 ? 0 : before[before.length - 1]!.length + 1,
    severity: 'warning' as const,
  };
  return problemFromError(error, TEMPLATE_CONF, conf);
}

/** Resolves `@import`s inside the folder (or to a stand-in); never reads outside it. */
function readerPlugin(reader: FolderReader) {
  class ReaderFileManager extends less.FileManager {
    override supports(): boolean {
      return true;
    }
    override supportsSync(): boolean {
      return true;
    }
    override loadFile(filename: string, currentDirectory: string): Promise<LoadedFile> {
      const loaded = load(filename, currentDirectory);
      return loaded instanceof Error ? Promise.reject(loaded) : Promise.resolve(loaded);
    }
    override loadFileSync(filename: string, currentDirectory: string) {
      const loaded = load(filename, currentDirectory);
      return loaded instanceof Error ? { error: loaded } : loaded;
    }
  }
  const load = (filename: string, currentDirectory: string): LoadedFile | Error => {
    const standIn = lessStandIn(filename);
    if (standIn !== undefined) return { filename: `(stand-in ${filename})`, contents: standIn };
    const dir = currentDirectory.startsWith(STYLES) ? currentDirectory : STYLES;
    const path = normalize(
      `${dir}${/\.(less|css)$/.test(filename) ? filename : `${filename}.less`}`,
    );
    const contents = path === undefined ? undefined : reader.read(path);
    if (path === undefined || contents === undefined) {
      return Object.assign(new Error(`cannot find the import '${filename}'`), { type: 'File' });
    }
    return { filename: path, contents };
  };
  return {
    install: (_less: unknown, manager: { addFileManager(m: ReaderFileManager): void }) =>
      manager.addFileManager(new ReaderFileManager()),
  };
}

/** `styles/a/../b.less` -> `styles/b.less`; undefined when it climbs out of the folder. */
function normalize(path: string): string | undefined {
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '..') {
      if (out.length === 0) return undefined;
      out.pop();
    } else if (part !== '.' && part !== '') out.push(part);
  }
  return out.join('/');
}
