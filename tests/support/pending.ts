/**
 * The pending-list guard shared by the fixture suites (conformance, legacy-i18n): a fixture
 * listed as pending (id -> reason) is run too and must still fail the way the reasons record —
 * it compiles and renders, and its output differs from the expected one. A pending fixture that
 * passes fails the suite until it is removed from the list, so the list only ever shrinks; one
 * whose run throws fails the suite too (a crash is a new failure, not the recorded one).
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

/** Whether the outcome is a pass: no compile errors and the expected output. */
export function passes(outcome: FixtureOutcome): boolean {
  return outcome.compileErrors.length === 0 && outcome.actual === outcome.expected;
}

/**
 * When `fixture` is listed in `pending`, registers its `ID [pending: REASON]` test, which fails
 * once the fixture passes (pointing at `listFile`) or when its run throws, and returns true;
 * otherwise returns false.
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
    // Not caught: a run that throws fails this test with its error.
    const outcome = run(fixture);
    // Every recorded reason is about the output: the template itself compiles.
    expect(outcome.compileErrors, 'compile errors: not the recorded failure').toEqual([]);
    expect(passes(outcome), `${fixture.id} now passes: remove it from ${listFile}`).toBe(false);
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
