// `npm run bench`: bundles bench/run.ts with esbuild and runs the bundle with plain node.
// Measuring through tsx would turn every imported binding into a getter and slow the hot
// paths in a way users never see; the bundle is what a built consumer runs.
import { build } from 'esbuild';
import process from 'node:process';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// One level below the root, so the suites' paths relative to bench/ still resolve.
const outfile = join(root, '.bench', 'run.mjs');

await build({
  entryPoints: [join(root, 'bench', 'run.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  packages: 'external',
  logLevel: 'warning',
});
// React picks its build when first loaded, and ES imports load before any code of the bundle
// runs: the production build (what users serve) must be chosen in the environment.
const result = spawnSync(process.execPath, [outfile, ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' },
});
process.exit(result.status ?? 1);
