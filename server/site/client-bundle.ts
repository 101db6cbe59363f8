/**
 * The browser script served at /__client.js. From a source checkout it is bundled from
 * storefront/preview-client.ts with esbuild (a devDependency, present after `npm install`) the
 * first time it is asked for; an installed package uses the copy `npm run build` put in
 * dist/client/. Either way it is built once per process. It bundles React and the browser
 * runtime (react-renderer/browser.ts: executor, formatters, predicates — never the compiler).
 * React's production build by default; the development build reports hydration mismatches in
 * detail (tests). The prebuilt copy is always the production build.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BuildOptions } from 'esbuild';

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

/** Which React build the client script carries. */
export type ClientBuild = 'production' | 'development';

const pending = new Map<ClientBuild, Promise<string>>();

/** The client script's text (cached for the life of the process, per build). */
export function clientBundle(build: ClientBuild = 'production'): Promise<string> {
  let text = pending.get(build);
  if (text === undefined) {
    text = buildClient(build).catch((err: unknown) => {
      pending.delete(build); // let the next request retry
      throw err;
    });
    pending.set(build, text);
  }
  return text;
}

/** esbuild options of the client script (tests read its import graph with them). */
export function clientBuildOptions(build: ClientBuild): BuildOptions {
  const root = packageRoot();
  return {
    absWorkingDir: root,
    entryPoints: [join(root, ENTRY)],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2020',
    define: { 'process.env.NODE_ENV': JSON.stringify(build) },
    logLevel: 'silent',
  };
}

async function buildClient(build: ClientBuild): Promise<string> {
  const root = packageRoot();
  const entry = join(root, ENTRY);
  if (existsSync(entry)) {
    try {
      const esbuild = await import('esbuild');
      const result = await esbuild.build({
        ...clientBuildOptions(build),
        write: false,
        sourcemap: 'inline',
      });
      return result.outputFiles![0]!.text;
    } catch (err) {
      // No esbuild (production install): fall through to the prebuilt copy if there is one.
      if (!existsSync(join(root, PREBUILT))) throw err;
    }
  }
  return readFileSync(join(root, PREBUILT), 'utf8');
}
