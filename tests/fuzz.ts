/**
 * Long local fuzzing: `npm run fuzz -- --runs N [--seed S] [--only TEXT]`.
 *
 * Runs every engine property (tests/properties/suite.ts), the expression model property and the
 * differential suite against @squarespace/template-engine (well-formed and malformed
 * templates), each for N runs (default 10,000), in chunks of 1,000 so progress shows. The base
 * seed is printed first; a failure prints fast-check's report with the chunk's seed and the
 * counterexample path, and the script exits with status 1. CI runs the quick versions
 * (`vitest run tests/properties tests/differential`).
 */
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
  return 0;
}

process.exitCode = main();
