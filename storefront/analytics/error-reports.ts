/**
 * Caught errors, reported to the error endpoint with the CSRF header (the crumb cookie): at most
 * ERROR_REPORTING.perPage per page load; at most `queued` waiting (later ones are dropped until
 * the queue is sent); sent together once no error came for `debounceMs`; stacks cut to
 * `stackChars`. Failures are silent.
 */
import { readCookie } from '../api/cookies.js';
import { ANALYTICS_COOKIES, ANALYTICS_PATHS, ERROR_REPORTING } from './constants.js';
import type { AnalyticsEnv } from './env.js';
import { post, quietly } from './transport.js';

/** The CSRF header mutating calls carry (the commerce client's name for it). */
export const CSRF_HEADER = 'X-CSRF-Token';

export interface ErrorReport {
  message: string;
  stack?: string;
  url?: string;
  line?: number;
  column?: number;
}

export interface ErrorReporter {
  report(error: unknown, where?: { stack?: string; line?: number; column?: number }): void;
  /** Sends what is queued now (the page is being hidden). */
  flush(): void;
}

export function toReport(
  error: unknown,
  url: string,
  where: { stack?: string; line?: number; column?: number } = {},
): ErrorReport {
  const err = error instanceof Error ? error : undefined;
  const message = (err ? `${err.name}: ${err.message}` : String(error)) || 'Error';
  const stack = where.stack ?? err?.stack;
  const whole = (n: number | undefined) =>
    n !== undefined && Number.isInteger(n) && n >= 0 ? n : undefined;
  const line = whole(where.line);
  const column = whole(where.column);
  return {
    message,
    ...(stack ? { stack: stack.slice(0, ERROR_REPORTING.stackChars) } : {}),
    url,
    ...(line !== undefined ? { line } : {}),
    ...(column !== undefined ? { column } : {}),
  };
}

export function createErrorReporter(env: AnalyticsEnv): ErrorReporter {
  const queue: ErrorReport[] = [];
  let accepted = 0;
  let timer: unknown;

  const send = () => {
    timer = undefined;
    if (queue.length === 0) return;
    const errors = queue.splice(0);
    const crumb = readCookie(env.cookies(), ANALYTICS_COOKIES.crumb) ?? '';
    quietly(
      post(env, ANALYTICS_PATHS.errors, { json: { errors }, headers: { [CSRF_HEADER]: crumb } }),
    );
  };

  return {
    report(error, where) {
      if (accepted >= ERROR_REPORTING.perPage || queue.length >= ERROR_REPORTING.queued) return;
      accepted++;
      queue.push(toReport(error, env.location().href, where));
      if (timer !== undefined) env.timers.clearTimeout(timer);
      timer = env.timers.setTimeout(send, ERROR_REPORTING.debounceMs);
    },
    flush() {
      if (timer !== undefined) env.timers.clearTimeout(timer);
      send();
    },
  };
}
