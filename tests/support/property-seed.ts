/**
 * The seed `npm run fuzz` (tests/fuzz.ts) runs a vitest property file with: imported by such
 * files, it makes every property in them start from that seed, so that a failure it prints can
 * be run again.
 */
import fc from 'fast-check';

const seed = process.env['JSONT_PROPERTY_SEED'];
if (seed !== undefined) fc.configureGlobal({ seed: Number(seed) });
