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
const result = spawnSync(process.execPath, [outfile, ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
