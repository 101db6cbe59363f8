/**
 * The browser script served at /__client.js. From a source checkout it is bundled from
 * storefront/preview-client.ts with esbuild (a devDependency, present after `npm install`) the
 * first time it is asked for; an installed package uses the copy `npm run build` put in
 * dist/client/. Either way it is built once per server.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ENTRY = join('storefront', 'preview-client.ts');
const PREBUILT = join('dist', 'client', 'preview-client.js');

/** The folder holding jsont-react's package.json, searched upwards from this module. */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg)) {
      try {
        if ((JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'jsont-react') {
          return dir;
        }
      } catch {
        // unreadable package.json: keep looking upwards
      }
    }
    dir = dirname(dir);
  }
  throw new Error('cannot find the jsont-react package folder');
}

let pending: Promise<string> | undefined;

/** The client script's text (cached for the life of the process). */
export function clientBundle(): Promise<string> {
  pending ??= buildClient().catch((err: unknown) => {
    pending = undefined; // let the next request retry
    throw err;
  });
  return pending;
}

async function buildClient(): Promise<string> {
  const root = packageRoot();
  const entry = join(root, ENTRY);
  if (existsSync(entry)) {
    try {
      const esbuild = await import('esbuild');
      const result = await esbuild.build({
        entryPoints: [entry],
        bundle: true,
        format: 'esm',
        platform: 'browser',
        target: 'es2020',
        write: false,
        sourcemap: 'inline',
        logLevel: 'silent',
      });
      return result.outputFiles[0]!.text;
    } catch (err) {
      // No esbuild (production install): fall through to the prebuilt copy if there is one.
      if (!existsSync(join(root, PREBUILT))) throw err;
    }
  }
  return readFileSync(join(root, PREBUILT), 'utf8');
}
