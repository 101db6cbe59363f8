/**
 * The repository works on its own: a fresh clone has everything its tests read and every
 * reference its files make. No file refers to a path outside the repository (a sibling checkout,
 * an absolute path on the machine it was written on, briefing documents that are not part of
 * it); the fixture reader looks inside the repository and fails loudly when the fixtures are
 * missing; and every citation of docs/*.md names a document, and a heading, that exist.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CONFORMANCE_DIR, conformanceFolder, loadFixtures } from './support/fixtures.js';

const REPO_ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));

/** Tracked files plus new ones not yet added (so a check fails before the commit, too). */
function repositoryFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  return out
    .split('\n')
    .filter((path) => path !== '' && path !== 'package-lock.json')
    .filter((path) => !path.split('/').includes('node_modules'))
    .filter((path) => existsSync(join(REPO_ROOT, path)));
}

const TEXT_FILE =
  /\.(ts|tsx|mjs|js|json|md|html|block|css|txt|svg)$|(^|\/)(run|\.gitignore|\.prettierignore)$/;

function textFiles(): Array<{ path: string; text: string }> {
  return repositoryFiles()
    .filter((path) => TEXT_FILE.test(path))
    .map((path) => ({ path, text: readFileSync(join(REPO_ROOT, path), 'utf8') }));
}

// Built from pieces so that this file does not match its own patterns.
const BRIEFING_NAME = '(?:' + ['SP' + 'EC', 'DES' + 'IGN', 'LANG' + 'UAGE'].join('|') + ')';
const OUTSIDE_REFERENCES: Array<[what: string, pattern: RegExp]> = [
  ['a sibling folder of the checkout', new RegExp('\\.\\./' + 'shared\\b')],
  ['an absolute path of the machine', new RegExp('/' + 'work/')],
  [
    'a briefing document that is not in the repository',
    new RegExp('\\b(' + ['DESIGN', 'SPEC', 'LANGUAGE', 'STYLE'].join('|') + ')\\.md\\b'),
  ],
  [
    // The same documents by bare name: followed by a section number or a colon, or after
    // "see", "the" or an opening parenthesis.
    'a briefing document by its bare name',
    new RegExp(
      `(?:\\b(?:see|per|in|from|by|the|cf\\.?)\\s+|\\()${BRIEFING_NAME}\\b|` +
        `\\b${BRIEFING_NAME}\\b(?=\\s*(?:§|\\d|:|section\\b|message|text))`,
    ),
  ],
];

/** `file:line: text` of every line of `text` that matches `pattern`. */
function matchingLines(path: string, text: string, pattern: RegExp): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    if (pattern.test(line)) found.push(`${path}:${i + 1}: ${line.trim().slice(0, 120)}`);
  });
  return found;
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to dashes. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The headings of each document under docs/, by file name. */
function docHeadings(): Map<string, string[]> {
  const headings = new Map<string, string[]>();
  for (const path of repositoryFiles().filter((p) => /^docs\/[^/]+\.md$/.test(p))) {
    const text = readFileSync(join(REPO_ROOT, path), 'utf8').replace(/^```[\s\S]*?^```/gm, '');
    const names = [...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => m[1]!.trim());
    headings.set(path.slice('docs/'.length), names);
  }
  return headings;
}

/** A comment's text with its line breaks and continuation marks (` * `, `// `) folded. */
function folded(text: string): string {
  return text.replace(/\s*\n\s*(?:\*(?!\/)|\/\/)?\s*/g, ' ');
}

describe('the repository is self-contained', () => {
  const files = textFiles();

  it('reads a meaningful set of files', () => {
    expect(files.length).toBeGreaterThan(500);
    expect(files.map((f) => f.path)).toContain('engine/compile.ts');
  });

  for (const [what, pattern] of OUTSIDE_REFERENCES) {
    it(`no file refers to ${what}`, () => {
      const found = files.flatMap(({ path, text }) => matchingLines(path, text, pattern));
      expect(found).toEqual([]);
    });
  }

  it('every cited docs/<name>.md exists, with the heading a citation quotes', () => {
    const headings = docHeadings();
    const problems: string[] = [];
    for (const { path, text } of files) {
      for (const m of folded(text).matchAll(/\bdocs\/([\w-]+\.md)(?:,\s*"([^"]+)")?/g)) {
        const [, doc, heading] = m;
        const known = headings.get(doc!);
        if (known === undefined) problems.push(`${path}: docs/${doc} does not exist`);
        else if (
          heading !== undefined &&
          !known.some((h) => h.toLowerCase() === heading.toLowerCase())
        )
          problems.push(`${path}: docs/${doc} has no heading "${heading}"`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('every link between the documents reaches an existing file and heading', () => {
    const headings = docHeadings();
    const problems: string[] = [];
    const documents = files.filter(({ path }) => /^(docs\/[^/]+|README)\.md$/.test(path));
    expect(documents.length).toBeGreaterThanOrEqual(6);
    for (const { path, text } of documents) {
      const dir = path.startsWith('docs/') ? 'docs' : '.';
      for (const m of text.matchAll(/\]\(([^)#\s]+\.md)?(?:#([^)\s]+))?\)/g)) {
        const [, target, anchor] = m;
        if (target === undefined && anchor === undefined) continue;
        const targetPath = target === undefined ? path : join(dir, target);
        if (!existsSync(join(REPO_ROOT, targetPath))) {
          problems.push(`${path}: link to missing ${targetPath}`);
        } else if (anchor !== undefined) {
          const known = headings.get(targetPath.replace(/^docs\//, '')) ?? [];
          if (!known.some((h) => slug(h) === anchor)) {
            problems.push(`${path}: ${targetPath} has no heading for #${anchor}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('the documents name files that exist', () => {
  // A path into one of the repository's folders, as a document names it: `engine/lexer.ts`,
  // `react-renderer/html/`. Skipped: globs (`engine/exec-*.ts`), build output (`dist/cli/…`)
  // and folders made at run time (`fixtures/site/.data`).
  const FOLDERS =
    'engine|formatters|predicates|react-renderer|storefront|server|cli|bench|scripts|tests|fixtures|docs';
  const PATH = new RegExp(`(?<![\\w/.-])(?:${FOLDERS})/[\\w./-]*\\w/?(?![\\w*-])`, 'g');

  it('every repository path in README.md and docs/ exists', () => {
    const documents = textFiles().filter(({ path }) =>
      /^(docs\/[^/]+|README|tests\/fixtures\/conformance\/README)\.md$/.test(path),
    );
    expect(documents.length).toBeGreaterThanOrEqual(7);
    const missing = documents.flatMap(({ path, text }) =>
      [...text.matchAll(PATH)]
        .map((m) => m[0])
        .filter((named) => !named.includes('/.') && !existsSync(join(REPO_ROOT, named)))
        .map((named) => `${path}: ${named}`),
    );
    expect(missing).toEqual([]);
  });
});

describe('comments name source files that exist', () => {
  // A source file named in a comment or a test's name: `react-renderer/html/tokens.ts`,
  // `html/tokens.ts` (from inside react-renderer/), `simple-markup.ts`. A path is read from the
  // repository root and from each folder above the file that names it; one whose first folder
  // is none of those names another package's file (`src/internal/…` of a dependency).
  const NAMED = /(?<![\w/.@-])([\w-]+(?:\/[\w.-]+)*\.(?:ts|tsx|mjs))\b/g;
  const COMMENT_OR_TEST_NAME = /^\s*(?:\*|\/\*|\/\/)|\s\/\/\s|\b(?:it|describe|test)\(/;

  /** The folders a path named in `file` may be relative to: the root and the file's folders. */
  function bases(file: string): string[] {
    const found = ['.'];
    for (let dir = dirname(file); dir !== '.'; dir = dirname(dir)) found.push(dir);
    return found;
  }

  it('every source file a comment names exists', () => {
    const files = textFiles();
    const names = new Set(files.map(({ path }) => basename(path)));
    const sources = files.filter(({ path }) => /\.(ts|tsx|mjs)$/.test(path));
    expect(sources.length).toBeGreaterThan(300);
    const missing: string[] = [];
    for (const { path, text } of sources) {
      text.split('\n').forEach((line, i) => {
        if (!COMMENT_OR_TEST_NAME.test(line)) return;
        for (const [, named] of line.matchAll(NAMED)) {
          const slash = named!.indexOf('/');
          if (slash === -1) {
            if (!names.has(named!)) missing.push(`${path}:${i + 1}: ${named}`);
            continue;
          }
          const first = named!.slice(0, slash);
          const roots = bases(path).filter((dir) => existsSync(join(REPO_ROOT, dir, first)));
          if (roots.length > 0 && !roots.some((dir) => existsSync(join(REPO_ROOT, dir, named!))))
            missing.push(`${path}:${i + 1}: ${named}`);
        }
      });
    }
    expect(missing).toEqual([]);
  });
});

describe('the conformance fixture reader', () => {
  it('reads the fixtures vendored inside the repository', () => {
    expect(relative(REPO_ROOT, CONFORMANCE_DIR)).toBe('tests/fixtures/conformance');
    expect(existsSync(join(CONFORMANCE_DIR, 'LICENSE'))).toBe(true);
  });

  it('throws when a fixture folder is missing instead of finding nothing', () => {
    expect(() => conformanceFolder('no-such-folder')).toThrow(/conformance fixtures not found/);
    expect(() => loadFixtures('no-such-folder')).toThrow(/conformance fixtures not found/);
  });

  it('throws when no fixture matches instead of registering no tests', () => {
    expect(() => loadFixtures('core', () => false)).toThrow(/no matching conformance fixtures/);
  });
});
