/**
 * The reference's own micro-benchmarks (docs/benchmarks.md, "Micro-suites"): seven snippets, each
 * padded to 32 characters with `x` and repeated 1 … 4096 times, compiled and rendered by both
 * engines. Compile: our `compile` vs the reference's `Compiler.parse`. Render: our `render` of
 * precompiled code vs the reference's `execute` of pre-parsed code plus `ctx.render()`.
 */
import { Compiler } from '@squarespace/template-engine';

import { compile, render } from '../../index.js';
import { runPairs, type BenchOptions, type BenchSuite, type PairCase } from '../suite.js';

/** Snippet name -> template text before padding. */
export const SNIPPETS: ReadonlyArray<readonly [name: string, source: string]> = [
  ['eval', '{.eval 17.5 * max(-2, 3) == "a"}'],
  ['text', ''],
  ['text+variable', 'foo {bar} '],
  ['formatters', '{a|html}{b}{c|html|json}{d}{e}'],
  ['section', '{.section c}{x}{.end}'],
  ['repeated', '{.repeated section items}{@}{.end}'],
  ['bindvar+json', '{.var @v c}{@v|json}'],
];

/** Small JSON that every snippet finds its names in. */
export const DATA = {
  a: 'a <b> & "c"',
  b: 'plain',
  bar: 'baz',
  c: { x: 42, y: 'why' },
  d: 17.5,
  e: true,
  items: [1, 2, 3],
};

/** `source` padded to 32 characters with `x`, repeated `reps` times. */
export function snippetTemplate(source: string, reps: number): string {
  return source.padEnd(32, 'x').repeat(reps);
}

/** Reference compiler: all built-in plugins, as its benchmarks use it. */
const reference = new Compiler();

function cases(options: BenchOptions, stage: 'compile' | 'render'): PairCase[] {
  const out: PairCase[] = [];
  for (const [snippet, source] of SNIPPETS) {
    for (const reps of options.sizes) {
      const text = snippetTemplate(source, reps);
      if (stage === 'compile') {
        out.push({
          snippet,
          reps,
          ours: () => compile(text),
          theirs: () => reference.parse(text),
          outputs: () => ({
            ours: JSON.stringify(compile(text).code),
            theirs: JSON.stringify(reference.parse(text).code),
          }),
        });
      } else {
        const ourCode = compile(text).code;
        const theirCode = reference.parse(text).code;
        const theirs = (): string =>
          reference.execute({ code: theirCode, json: DATA, enableExpr: true }).ctx.render();
        out.push({
          snippet,
          reps,
          ours: () => render(ourCode, DATA).html,
          theirs,
          outputs: () => ({ ours: render(ourCode, DATA).html, theirs: theirs() }),
        });
      }
    }
  }
  return out;
}

export const compileSuite: BenchSuite = {
  name: 'compile',
  run: (options) => runPairs('Compile (micro-suites)', cases(options, 'compile'), options),
};

export const renderSuite: BenchSuite = {
  name: 'render',
  run: (options) => runPairs('Render (micro-suites)', cases(options, 'render'), options),
};
