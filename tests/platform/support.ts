/** The developer-platform test folder, read into memory (tests/fixtures/platform-site). */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

import { folderReaderOf, type FolderReader } from '../../server/site/platform/reader.js';
import { memoryReader } from '../../server/site/reader.js';

export const PLATFORM_FIXTURE = resolve(import.meta.dirname, '../fixtures/platform-site');

export function fixtureFiles(root = PLATFORM_FIXTURE): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else files[relative(root, path).split('\\').join('/')] = readFileSync(path, 'utf8');
    }
  };
  walk(root);
  return files;
}

export function fixtureReader(overrides: Record<string, string> = {}): FolderReader {
  return folderReaderOf(memoryReader({ ...fixtureFiles(), ...overrides }));
}
