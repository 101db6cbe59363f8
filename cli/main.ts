/** Entry point of the `jsont` binary (dist/cli/main.js); all logic lives in run.ts. */
import { processIO } from './io.js';
import { runCli } from './run.js';

try {
  process.exitCode = await runCli(process.argv.slice(2), processIO());
} catch (err) {
  // A bug, not bad input: say so in one line; JSONT_DEBUG=1 shows the stack.
  const detail = process.env['JSONT_DEBUG'] && err instanceof Error ? err.stack : String(err);
  process.stderr.write(`jsont: internal error: ${detail}\n`);
  process.exitCode = 70;
}
