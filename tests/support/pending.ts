/**
 * The pending-list guard shared by the fixture suites (conformance, legacy-i18n): a fixture
 * listed as pending (id -> reason) is run too and must still fail, so a pending fixture that
 * passes fails the suite until it is removed from the list, and the list only ever shrinks.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

import { CONFORMANCE_DIR, type Fixture } from './fixtures.js';

export type PendingList = Readonly<Record<string, string>>;

/** The part of a fixture run the pass/fail verdict looks at. */
export interface FixtureOutcome {
  compileErrors: string[];
  actual: string;
  expected: string;
}

/** Whether the fixture compiles without errors and renders its expected output (a throw fails). */
export function passes(fixture: Fixture, run: (fixture: Fixture) => FixtureOutcome): boolean {
  try {
    const outcome = run(fixture);
    return outcome.compileErrors.length === 0 && outcome.actual === outcome.expected;
  } catch {
    return false;
  }
}

/**
 * When `fixture` is listed in `pending`, registers its `ID [pending: REASON]` test, which fails
 * once the fixture passes (pointing at `listFile`), and returns true; otherwise returns false.
 */
export function itStillPending(
  fixture: Fixture,
  pending: PendingList,
  listFile: string,
  run: (fixture: Fixture) => FixtureOutcome,
): boolean {
  const reason = pending[fixture.id];
  if (reason === undefined) return false;
  it(`${fixture.id} [pending: ${reason}]`, () => {
    expect(passes(fixture, run), `${fixture.id} now passes: remove it from ${listFile}`).toBe(
      false,
    );
  });
  return true;
}

/** Registers the test that every pending entry names an existing fixture. */
export function itPendingEntriesExist(pending: PendingList): void {
  it('every pending entry names an existing fixture', () => {
    const missing = Object.keys(pending).filter((id) => !existsSync(join(CONFORMANCE_DIR, id)));
    expect(missing).toEqual([]);
  });
}
