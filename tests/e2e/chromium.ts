/**
 * Launching the system Chromium for e2e tests (docs/architecture.md, "Tests"): Debian's
 * `chromium` driven by playwright-core. With CI=true a missing browser is a failure; elsewhere
 * the e2e suites are skipped with a loud message, so `npm test` still works on a laptop.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** CHROMIUM_PATH overrides the Debian location; .ci/run checks and installs the same path. */
export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

const inCi = process.env['CI'] === 'true' || process.env['CI'] === '1';

/**
 * Whether the e2e suites can run here. Prints the loud skip message once when they cannot
 * outside CI; in CI returns true anyway so the launch fails and the suite goes red.
 */
export function chromiumAvailable(): boolean {
  if (existsSync(CHROMIUM_PATH)) return true;
  if (inCi) return true;
  console.warn(
    `\n${'!'.repeat(78)}\n!! e2e tests SKIPPED: no Chromium at ${CHROMIUM_PATH}.\n` +
      `!! Install it (apt-get install -y chromium) or set CHROMIUM_PATH. With CI=true this fails.\n` +
      `${'!'.repeat(78)}\n`,
  );
  return false;
}

export function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`CI=true and no Chromium at ${CHROMIUM_PATH}: e2e tests cannot run`);
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, timeout: 60_000 });
}
