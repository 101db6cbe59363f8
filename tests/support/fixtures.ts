/**
 * Reads the conformance fixtures vendored in tests/fixtures/conformance (see its README):
 * sections introduced by a line `:NAME`, body = the following lines joined with "\n".
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
/** The vendored fixtures, inside the repository. */
export const CONFORMANCE_DIR = resolve(here, '..', 'fixtures', 'conformance');

/**
 * The directory of a fixture folder; throws when it is missing, so a broken checkout fails the
 * suites loudly instead of registering no tests.
 */
export function conformanceFolder(folder: string): string {
  const dir = join(CONFORMANCE_DIR, folder);
  if (!existsSync(dir)) {
    throw new Error(`conformance fixtures not found: ${dir} (see tests/fixtures/conformance)`);
  }
  return dir;
}

/** The sections of one fixture file, e.g. `readFixtureSections('plugins', 'has-variants.json')`. */
export function readFixtureSections(folder: string, name: string): Sections {
  return parseSections(readFileSync(join(conformanceFolder(folder), name), 'utf8'));
}

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

/** All fixture files of a conformance folder, sorted by name; throws when none matches. */
export function loadFixtures(
  folder: string,
  filter: (name: string) => boolean = () => true,
): Fixture[] {
  const dir = conformanceFolder(folder);
  const fixtures = readdirSync(dir)
    .filter(filter)
    .sort()
    .map((name) => {
      const file = join(dir, name);
      return { id: `${folder}/${name}`, file, sections: parseSections(readFileSync(file, 'utf8')) };
    });
  if (fixtures.length === 0) throw new Error(`no matching conformance fixtures in ${dir}`);
  return fixtures;
}

/**
 * The harness parameters of a render fixture (tests/fixtures/conformance/README.md, "How the
 * suites run them").
 */
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
