/**
 * The developer-platform test folder, read into memory (tests/fixtures/platform-site), and the
 * demo store converted into the layout.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';

import { siteToPlatform, type ConvertedSite } from '../../server/site/platform/from-site.js';

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

export const DEMO_SITE = resolve(import.meta.dirname, '../../fixtures/site');

/** The demo store converted into a new temporary folder (with its assets); returns the folder. */
export function convertDemoStore(): { dir: string; converted: ConvertedSite } {
  const converted = siteToPlatform(fixtureFiles(DEMO_SITE));
  const dir = mkdtempSync(join(tmpdir(), 'jsont-platform-demo-'));
  for (const [path, text] of Object.entries(converted.files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  cpSync(join(DEMO_SITE, 'assets'), join(dir, 'assets'), { recursive: true });
  return { dir, converted };
}
