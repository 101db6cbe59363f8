/**
 * The repository works on its own: a fresh clone has everything its tests read. The fixture
 * reader looks inside the repository and fails loudly when the fixtures are missing.
 */
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CONFORMANCE_DIR, conformanceFolder, loadFixtures } from './support/fixtures.js';

const REPO_ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));

describe('the conformance fixture reader', () => {
  it('reads the fixtures vendored inside the repository', () => {
    expect(relative(REPO_ROOT, CONFORMANCE_DIR)).toBe('tests/fixtures/conformance');
  });

  it('throws when a fixture folder is missing instead of finding nothing', () => {
    expect(() => conformanceFolder('no-such-folder')).toThrow(/conformance fixtures not found/);
    expect(() => loadFixtures('no-such-folder')).toThrow(/conformance fixtures not found/);
  });

  it('throws when no fixture matches instead of registering no tests', () => {
    expect(() => loadFixtures('core', () => false)).toThrow(/no matching conformance fixtures/);
  });
});
