/**
 * Long local fuzzing: `npm run fuzz -- --runs N [--seed S] [--only TEXT]`.
 *
 * Runs every engine property (tests/properties/suite.ts), the expression model property and the
 * differential suite against @squarespace/template-engine (well-formed and malformed
 * templates), each for N runs (default 10,000), in chunks of 1,000 so progress shows. Then the
 * React path's properties that need vitest (a jsdom document, React's development build): the
 * hydration properties (tests/react/hydrate-property.test.ts) and the parse5 properties of
 * foreign content (tests/react/html/foreign-content.test.ts), run by vitest with their run
 * counts scaled by N / 1,000 (JSONT_PROPERTY_SCALE: 10 by default, so the shop page's property
 * hydrates 400 pages instead of 40) and the base seed (JSONT_PROPERTY_SEED). The base seed is
 * printed first; a failure prints fast-check's report with the seed and the counterexample
 * path, and the script exits with status 1. CI runs the quick versions
 * (`vitest run tests/properties tests/differential tests/react`).
 */
import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { parseArgs } from 'node:util';
import { evaluate } from './engine/expressions/helpers.js';
import { expressionModelProperty } from './properties/expression-model.js';
import { PROPERTIES } from './properties/suite.js';
import { differentialProperty, emptyTally, type DeviationTally } from './differential/property.js';

const CHUNK = 1_000;

interface Job {
  name: string;
  property: () => fc.IProperty<unknown[]>;
}

function jobs(tally: DeviationTally): Job[] {
  return [
    ...PROPERTIES.map((spec) => ({
      name: spec.name,
      property: () => spec.property() as fc.IProperty<unknown[]>,
    })),
    {
      name: 'expressions agree with the model of docs/language.md, "Expressions"',
      property: () => expressionModelProperty(evaluate) as unknown as fc.IProperty<unknown[]>,
    },
    {
      name: 'differential: well-formed templates',
      property: () => differentialProperty(false, tally) as unknown as fc.IProperty<unknown[]>,
    },
    {
      name: 'differential: malformed templates',
      property: () => differentialProperty(true, tally) as unknown as fc.IProperty<unknown[]>,
    },
  ];
}

function main(): number {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '10000' },
      seed: { type: 'string' },
      only: { type: 'string' },
    },
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs <= 0) {
    console.error(`--runs must be a positive integer, got ${values.runs}`);
    return 2;
  }
  const baseSeed = values.seed !== undefined ? Number(values.seed) : Date.now() % 2 ** 31;
  console.log(`fuzz: ${runs} runs per property, base seed ${baseSeed}`);
  const tally: DeviationTally = emptyTally();
  for (const job of jobs(tally)) {
    if (values.only && !job.name.includes(values.only)) continue;
    const start = performance.now();
    for (let done = 0, chunk = 0; done < runs; done += CHUNK, chunk++) {
      const numRuns = Math.min(CHUNK, runs - done);
      const seed = baseSeed + chunk;
      try {
        fc.assert(job.property(), { numRuns, seed });
      } catch (failure) {
        console.error(`\nFAILED: ${job.name} (chunk seed ${seed})\n${String(failure)}`);
        return 1;
      }
      process.stdout.write(`\r  ${job.name}: ${done + numRuns}/${runs}`);
    }
    console.log(
      `\r  ✓ ${job.name}: ${runs} runs in ${((performance.now() - start) / 1000).toFixed(1)} s`,
    );
  }
  console.log(`differential cases explained by listed deviations: ${JSON.stringify(tally)}`);
  const scale = Math.max(1, Math.round(runs / CHUNK));
  for (const [name, file] of VITEST_JOBS) {
    if (values.only && !name.includes(values.only)) continue;
    console.log(`  ${name}: vitest, run counts x${scale}, seed ${baseSeed}`);
    const run = spawnSync('npx', ['vitest', 'run', file, '--testTimeout=0'], {
      stdio: 'inherit',
      env: {
        ...process.env,
        JSONT_PROPERTY_SCALE: String(scale),
        JSONT_PROPERTY_SEED: String(baseSeed),
      },
    });
    if (run.status !== 0) {
      console.error(`\nFAILED: ${name} (seed ${baseSeed}, run counts x${scale})`);
      return 1;
    }
  }
  return 0;
}

/** The properties run by vitest (see the header): a name for `--only`, and the file. */
const VITEST_JOBS: Array<[name: string, file: string]> = [
  ['hydration of the string path HTML (jsdom)', 'tests/react/hydrate-property.test.ts'],
  ['foreign content against parse5', 'tests/react/html/foreign-content.test.ts'],
];

process.exitCode = main();
