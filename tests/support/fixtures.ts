/**
 * Reads the language-neutral spec fixtures in ../shared/conformance: sections introduced by a
 * line `:NAME`, body = the following lines joined with "\n" (LANGUAGE.md 8.2).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
/** ../shared/conformance beside the repository checkout. */
export const CONFORMANCE_DIR = resolve(here, '..', '..', '..', 'shared', 'conformance');

export type Sections = Record<string, string>;

const HEADER = /^:([A-Za-z0-9_-]+)\s*$/;

export function parseSections(text: string): Sections {
  const sections: Sections = {};
  let name: string | null = null;
  let lines: string[] = [];
  const flush = (): void => {
    if (name !== null) sections[name] = lines.join('\n');
  };
  for (const line of text.split('\n')) {
    const m = HEADER.exec(line);
    if (m) {
      flush();
      name = m[1]!;
      lines = [];
    } else if (name !== null) {
      lines.push(line);
    }
  }
  flush();
  return sections;
}

export interface Fixture {
  /** e.g. "core/eval-1.html" */
  id: string;
  file: string;
  sections: Sections;
}

/** All fixture files of a conformance folder, sorted by name. */
export function loadFixtures(
  folder: string,
  filter: (name: string) => boolean = () => true,
): Fixture[] {
  const dir = join(CONFORMANCE_DIR, folder);
  return readdirSync(dir)
    .filter(filter)
    .sort()
    .map((name) => {
      const file = join(dir, name);
      return { id: `${folder}/${name}`, file, sections: parseSections(readFileSync(file, 'utf8')) };
    });
}

/** The harness parameters of a render fixture (DESIGN.md "The reference harness"). */
export interface FixtureParams {
  locale: string | undefined;
  now: number | undefined;
  partials: Record<string, string> | undefined;
  injects: Record<string, unknown> | undefined;
}

export function fixtureParams(sections: Sections): FixtureParams {
  const params = sections.PARAMS
    ? (JSON.parse(sections.PARAMS) as { locale?: string; now?: number })
    : {};
  let injects: Record<string, unknown> | undefined;
  if (sections.INJECT) {
    injects = {};
    for (const [path, text] of Object.entries(
      JSON.parse(sections.INJECT) as Record<string, string>,
    )) {
      injects[path] = JSON.parse(text);
    }
  }
  return {
    locale: params.locale,
    now: params.now,
    partials: sections.PARTIALS
      ? (JSON.parse(sections.PARTIALS) as Record<string, string>)
      : undefined,
    injects,
  };
}
