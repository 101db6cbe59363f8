/**
 * `jsont preview [dir]`: serves a site folder with live reload and the template error overlay
 * (server/preview/site-server.ts). Listens on 4173 by default, or the next free port; Ctrl-C (or
 * SIGTERM) stops the server, the watcher and the store cleanly.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { createPlatformServer, type PlatformServer } from '../server/preview/platform-server.js';
import { createSiteServer, type SiteServer } from '../server/preview/site-server.js';
import { SqliteMissingError } from '../server/commerce/store/sqlite-driver.js';
import { parseCommandArgs, stringOption, type Command } from './args.js';
import { CliInputError, EXIT_OK, EXIT_USAGE, resolvePath, type CliIO } from './io.js';

export const DEFAULT_PORT = 4173;
/** Only this machine reaches a preview unless --host says otherwise (as Vite does). */
export const DEFAULT_HOST = 'localhost';
/** How many ports after the requested one are tried when it is taken. */
const PORT_ATTEMPTS = 20;

const HELP = `Usage: jsont preview [dir] [options]

Serves the site in [dir] (default: the current folder) at http://localhost:4173: pages are
rendered on the server from templates/, partials/ and data/ as site.json describes (a
developer-platform template folder, with template.conf, is served with sample content or its
snapshots/: docs/developer-platform.md), the commerce
API runs on an SQLite file in <dir>/.data/, and open pages reload when a file is saved. Template
errors are shown in the page and printed here with file:line:col and a code frame.

Owner calls (restock sign-up lists and sends, store creation, header/footer, navigation,
language and commerce-preference changes) need an owner session: open the one-time Owner link
printed at start in the browser you work in. Each link works once; the next one is printed
when it is used. Visitors never get it.

Options:
      --port <n>      port to listen on (default 4173; the next free one if taken; 0 = any)
      --host <name>   interface to listen on (default: localhost, so only this machine can
                      connect; --host 0.0.0.0 serves other devices on the network)
      --tweak <name=value>
                      a template folder's tweak set to a value (over its tweaks.json; may be
                      given more than once): --tweak accentColor=#c0392b
  -h, --help          show this help

Stop with Ctrl-C.`;

/** Hooks for running the command in-process (tests): stop it with `signal`. */
export interface PreviewHooks {
  signal?: AbortSignal;
  onListening?: (url: string, server: SiteServer) => void;
  /** For a developer-platform folder (template.conf), instead of onListening. */
  onPlatformListening?: (url: string, server: PlatformServer) => void;
}

export function parsePort(text: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text.trim()) || port > 65535) {
    throw new CliInputError(`--port must be a whole number from 0 to 65535, got '${text}'`, HELP);
  }
  return port;
}

/** `--tweak name=value` options as a map (a later one for a name wins). */
export function parseTweakOptions(given: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const option of Array.isArray(given) ? given : []) {
    const text = String(option);
    const eq = text.indexOf('=');
    if (eq <= 0) throw new CliInputError(`--tweak must be name=value, got '${text}'`, HELP);
    out[text.slice(0, eq).trim()] = text.slice(eq + 1);
  }
  return out;
}

/** Listens on `port`, or the next free port when it is taken; resolves to the URL. */
async function listenFrom(
  server: { listen: SiteServer['listen'] },
  port: number,
  host?: string,
): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await server.listen(port === 0 ? 0 : port + attempt, host);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'EADDRINUSE' || port === 0 || attempt + 1 >= PORT_ATTEMPTS) throw err;
    }
  }
}

export async function runPreview(
  argv: string[],
  io: CliIO,
  hooks: PreviewHooks = {},
): Promise<number> {
  const args = parseCommandArgs(
    argv,
    {
      port: { type: 'string' },
      host: { type: 'string' },
      tweak: { type: 'string', multiple: true },
    },
    { min: 0, max: 1, what: 'site folder' },
    HELP,
    io,
  );
  if (!args) return EXIT_OK;
  const dir = resolvePath(io, args.positionals[0] ?? '.');
  const platform = !existsSync(join(dir, 'site.json')) && existsSync(join(dir, 'template.conf'));
  if (!platform && !existsSync(join(dir, 'site.json'))) {
    throw new CliInputError(
      `'${args.positionals[0] ?? '.'}' is not a site folder (no site.json)`,
      HELP,
    );
  }
  const portText = stringOption(args, 'port');
  const port = portText === undefined ? DEFAULT_PORT : parsePort(portText);
  const host = stringOption(args, 'host') ?? DEFAULT_HOST;

  const tweaks = parseTweakOptions(args.values['tweak']);
  if (platform) return servePlatform(dir, port, host, io, hooks, tweaks);
  if (Object.keys(tweaks).length > 0)
    throw new CliInputError('--tweak is for developer-platform template folders', HELP);
  let server: SiteServer;
  try {
    server = createSiteServer({
      root: dir,
      preview: true,
      log: (message) => io.stderr.write(`${message}\n`),
    });
  } catch (err) {
    // An optional dependency the install left out: say what to install, not a stack.
    if (!(err instanceof SqliteMissingError)) throw err;
    io.stderr.write(`${err.message}\n`);
    return EXIT_USAGE;
  }
  let url: string;
  try {
    url = await listenFrom(server, port, host);
  } catch (err) {
    await server.close();
    throw new CliInputError(`cannot listen on port ${port}: ${(err as Error).message}`);
  }
  io.stdout.write(
    `jsont preview: serving ${dir}\n  ${url}\n` +
      `  Owner: ${server.ownerLink()}\n` +
      '  (a one-time link for you alone: it signs this browser in as the site owner, which\n' +
      '  restock lists, store creation and settings changes need; do not share it)\n' +
      '(Ctrl-C to stop)\n',
  );
  hooks.onListening?.(url, server);
  await untilStopped(hooks);
  await server.close();
  io.stdout.write('jsont preview: stopped\n');
  return EXIT_OK;
}

/** A developer-platform template folder (template.conf): server/preview/platform-server.ts. */
async function servePlatform(
  dir: string,
  port: number,
  host: string,
  io: CliIO,
  hooks: PreviewHooks,
  tweaks: Record<string, string>,
): Promise<number> {
  const server = createPlatformServer({
    root: dir,
    preview: true,
    tweaks,
    log: (message) => io.stderr.write(`${message}\n`),
  });
  let url: string;
  try {
    url = await listenFrom(server, port, host);
  } catch (err) {
    await server.close();
    throw new CliInputError(`cannot listen on port ${port}: ${(err as Error).message}`);
  }
  io.stdout.write(
    `jsont preview: serving the template folder ${dir} (sample content where it has no snapshots)\n` +
      `  ${url}\n(Ctrl-C to stop)\n`,
  );
  hooks.onPlatformListening?.(url, server);
  await untilStopped(hooks);
  await server.close();
  io.stdout.write('jsont preview: stopped\n');
  return EXIT_OK;
}

/** Resolves on Ctrl-C, SIGTERM or the hooks' abort signal. */
function untilStopped(hooks: PreviewHooks): Promise<void> {
  return new Promise<void>((stop) => {
    const onSignal = () => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      stop();
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
    if (hooks.signal?.aborted) onSignal();
    else hooks.signal?.addEventListener('abort', onSignal, { once: true });
  });
}

export const previewCommand: Command = {
  name: 'preview',
  summary: 'serve a site folder with live reload and the error overlay',
  help: HELP,
  run: (argv, io) => runPreview(argv, io),
};
