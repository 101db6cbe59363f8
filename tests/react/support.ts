/** Helpers shared by the React tests. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildSync } from 'esbuild';
import { renderToString } from 'react-dom/server';
import { vi } from 'vitest';
import { render, renderToReact } from '../../index.js';
import { useGeneratedCode } from '../../react-renderer/codegen/generated-function.js';
import { dropImagePreloads, normalDom } from './dom-equal.js';

/** Both paths' HTML, normalised, plus React's dev warnings during renderToString. */
export function bothPaths(
  source: string,
  data: unknown = {},
): { string: string; react: string; reactHtml: string; warnings: string[] } {
  const html = render(source, data).html;
  const warnings: string[] = [];
  const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    warnings.push(args.map(String).join(' '));
  });
  let reactHtml: string;
  try {
    reactHtml = dropImagePreloads(renderToString(renderToReact(source, data).element), html);
  } finally {
    spy.mockRestore();
  }
  return { string: normalDom(html), react: normalDom(reactHtml), reactHtml, warnings };
}

/** React's HTML for a template, with elements as generated code or as closures. */
export function reactHtmlWith(generated: boolean, source: string, data: unknown): string {
  useGeneratedCode(generated);
  try {
    return renderToString(renderToReact(source, data).element);
  } finally {
    useGeneratedCode(undefined);
  }
}

/**
 * React's HTML for each `[template, data]`, rendered in a process of its own (`runElsewhere`)
 * with `flags` and `env`: the way to run React's production build, or a Node that forbids code
 * generation from strings. Prints whether elements are written as literals.
 */
export function renderElsewhere(
  cases: ReadonlyArray<readonly [string, unknown]>,
  flags: string[],
  env: Record<string, string>,
): { literal: boolean; html: string[] } {
  const here = (path: string): string => JSON.stringify(resolve(__dirname, path));
  const source =
    `import { renderToString } from 'react-dom/server';\n` +
    `import { jsx } from 'react/jsx-runtime';\n` +
    `import { renderToReact } from ${here('../../index.ts')};\n` +
    `import { inlineElementTag } from ${here('../../react-renderer/runtime/react-element-shape.ts')};\n` +
    `const cases = ${JSON.stringify(cases)};\n` +
    `const html = cases.map(([source, data]) => renderToString(renderToReact(source, data).element));\n` +
    `process.stdout.write(JSON.stringify({ literal: inlineElementTag(jsx) !== null, html }));\n`;
  return JSON.parse(runElsewhere(source, flags, env)) as { literal: boolean; html: string[] };
}

/**
 * Runs a TypeScript entry module in a process of its own (bundled with esbuild, React from the
 * repository; paths in `source` absolute) with `flags` and `env`; returns what it printed.
 */
export function runElsewhere(source: string, flags: string[], env: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'jsont-elsewhere-'));
  try {
    // The bundle's `import 'react'` resolves through a link to the repository's packages.
    symlinkSync(resolve(__dirname, '../../node_modules'), join(dir, 'node_modules'), 'dir');
    const entry = join(dir, 'entry.ts');
    writeFileSync(entry, source);
    const bundle = join(dir, 'entry.mjs');
    buildSync({
      entryPoints: [entry],
      bundle: true,
      platform: 'node',
      format: 'esm',
      outfile: bundle,
      external: ['react', 'react-dom'],
      logLevel: 'silent',
    });
    return execFileSync(process.execPath, [...flags, bundle], {
      encoding: 'utf8',
      env: { ...process.env, ...env },
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
