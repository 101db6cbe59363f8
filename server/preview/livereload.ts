/**
 * Live reload for the preview: a Server-Sent Events hub that pages subscribe to
 * (`GET /__livereload`), and a recursive file watcher that debounces bursts of change events
 * (editors write a file in several steps) into one callback.
 */
import { watch, type FSWatcher } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * What the client receives: reload the page, or show these problems in the overlay. `version`
 * names the state of the site files (it changes with every save and every server start), so a
 * page can tell whether anything changed since it was rendered.
 */
export type LiveEvent =
  | { type: 'reload'; version: string }
  | { type: 'problems'; version: string; problems: readonly unknown[] }
  | { type: 'hello'; version: string };

export class LiveReloadHub {
  private readonly clients = new Set<ServerResponse>();
  private readonly heartbeat: NodeJS.Timeout;

  constructor() {
    // A comment line every 15 s keeps proxies and idle timeouts from closing the stream.
    this.heartbeat = setInterval(() => {
      for (const res of this.clients) res.write(': ping\n\n');
    }, 15_000);
    this.heartbeat.unref();
  }

  /**
   * After a save: the problems the site now has, or a reload when it has none (the open pages
   * show the overlay or the new page).
   */
  announceChange(version: string, problems: readonly unknown[], onReload: () => void): void {
    if (problems.length > 0) this.broadcast({ type: 'problems', version, problems });
    else {
      onReload();
      this.broadcast({ type: 'reload', version });
    }
  }

  get size(): number {
    return this.clients.size;
  }

  /** Takes over the request as an event stream until the browser goes away. */
  /** Subscribes a page, telling it at once of the current problems (or hello when none). */
  subscribeWithState(
    req: IncomingMessage,
    res: ServerResponse,
    version: string,
    problems: readonly unknown[],
  ): void {
    this.subscribe(
      req,
      res,
      problems.length > 0 ? { type: 'problems', version, problems } : { type: 'hello', version },
    );
  }

  subscribe(req: IncomingMessage, res: ServerResponse, initial: LiveEvent): void {
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    // Ask EventSource to retry quickly after the server restarts.
    res.write('retry: 500\n\n');
    this.clients.add(res);
    this.send(res, initial);
    const drop = () => this.clients.delete(res);
    req.on('close', drop);
    res.on('error', drop);
  }

  broadcast(event: LiveEvent): void {
    for (const res of this.clients) this.send(res, event);
  }

  /** Ends every stream (server shutdown); browsers will try to reconnect. */
  close(): void {
    clearInterval(this.heartbeat);
    for (const res of this.clients) res.end();
    this.clients.clear();
  }

  private send(res: ServerResponse, event: LiveEvent): void {
    res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
  }
}

export interface WatchOptions {
  /** Quiet period after the last change before `onChange` runs. */
  debounceMs?: number;
  /** Paths (relative to the folder) to ignore, e.g. the SQLite store under .data/. */
  ignore?: (relPath: string) => boolean;
}

/**
 * Watches `dir` recursively (Node 20 supports `recursive` on Linux, macOS and Windows) and calls
 * `onChange` with the changed relative paths once the burst is over. Returns the close function.
 */
export function watchFolder(
  dir: string,
  onChange: (paths: string[]) => void,
  options: WatchOptions = {},
): () => void {
  const debounceMs = options.debounceMs ?? 60;
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const watcher: FSWatcher = watch(dir, { recursive: true }, (_event, name) => {
    const rel = (name ?? '').toString().split('\\').join('/');
    if (options.ignore?.(rel)) return;
    pending.add(rel);
    clearTimeout(timer);
    timer = setTimeout(() => {
      const paths = [...pending];
      pending.clear();
      onChange(paths);
    }, debounceMs);
  });
  // A folder deleted under the watcher errors; the preview keeps serving what it can.
  watcher.on('error', () => undefined);
  return () => {
    clearTimeout(timer);
    watcher.close();
  };
}
