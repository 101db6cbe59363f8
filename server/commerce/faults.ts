/**
 * Fault injection for tests: per path (and optionally method), answer with an error status,
 * add latency, or drop the connection, a limited number of times or until cleared. Plans are
 * given in code (`ApiOptions.faults`) or at run time over HTTP (`/__faults`, only when the
 * server was started with its test hooks), which is how the Chromium e2e tests make the cart
 * answer 429 or the form endpoint 500. A plan sent over HTTP matches paths exactly or by a glob,
 * never by a regular expression: a hostile one could block the event loop for seconds.
 */
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import { z } from 'zod';

/** Longest glob a plan sent over HTTP may carry. */
export const MAX_GLOB_LENGTH = 200;

/**
 * A path pattern where `*` matches any run of characters (slashes included) and everything else
 * matches itself. Matching takes the pieces between stars in order, each at its first place
 * after the previous one (the leftmost choice never loses for `*`), so there is no backtracking:
 * at most a path's length times the glob's.
 */
export class Glob {
  private readonly pieces: string[];

  constructor(readonly source: string) {
    this.pieces = source.split('*');
  }

  test(path: string): boolean {
    const { pieces } = this;
    const first = pieces[0]!;
    if (pieces.length === 1) return path === first;
    const last = pieces[pieces.length - 1]!;
    if (!path.startsWith(first) || path.length < first.length + last.length) return false;
    let from = first.length;
    const end = path.length - last.length;
    for (const piece of pieces.slice(1, -1)) {
      const at = path.indexOf(piece, from);
      if (at < 0 || at + piece.length > end) return false;
      from = at + piece.length;
    }
    return path.endsWith(last);
  }
}

export interface FaultRule {
  /** Exact pathname (no query), or a pattern tested against it (a RegExp only from code). */
  path: string | RegExp | Glob;
  method?: string;
  status?: number;
  latencyMs?: number;
  /** Destroy the socket without a response (the client sees a network error). */
  drop?: boolean;
  /** How many matching requests the rule affects; unlimited when absent. */
  times?: number;
  /** JSON body sent with `status`; default `{ error: <status text> }`. */
  body?: unknown;
}
export type FaultPlan = FaultRule[];

/** What the injector did; `continue` means the request proceeds normally (maybe delayed). */
export type FaultOutcome = 'continue' | 'answered' | 'dropped';

/** The JSON form of a rule for `POST /__faults`: an exact `path` or a `glob`. */
export const FaultRuleJson = z
  .strictObject({
    path: z.string().startsWith('/').optional(),
    glob: z.string().max(MAX_GLOB_LENGTH).optional(),
    method: z.string().optional(),
    status: z.number().int().min(100).max(599).optional(),
    latencyMs: z.number().int().min(0).max(60_000).optional(),
    drop: z.boolean().optional(),
    times: z.number().int().min(1).optional(),
    body: z.unknown().optional(),
  })
  .refine((r) => (r.path === undefined) !== (r.glob === undefined), {
    message: 'Give exactly one of path and glob',
  });
export const FaultPlanJson = z.object({ rules: z.array(FaultRuleJson).max(100) });

export function ruleFromJson(json: z.infer<typeof FaultRuleJson>): FaultRule {
  const { glob, path, ...rest } = json;
  return { ...rest, path: glob !== undefined ? new Glob(glob) : path! };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class FaultInjector {
  private rules: FaultRule[];

  constructor(plan: FaultPlan = []) {
    this.rules = plan.map((r) => ({ ...r }));
  }

  replace(plan: FaultPlan): void {
    this.rules = plan.map((r) => ({ ...r }));
  }

  clear(): void {
    this.rules = [];
  }

  /** The active rules, patterns shown by source (for `GET /__faults`). */
  describe(): unknown[] {
    return this.rules.map(({ path, ...r }) =>
      path instanceof Glob
        ? { ...r, glob: path.source }
        : { ...r, path: path instanceof RegExp ? `/${path.source}/${path.flags}` : path },
    );
  }

  /** The first rule matching the request, consuming one of its `times`. */
  private take(method: string, pathname: string): FaultRule | undefined {
    const index = this.rules.findIndex(
      (r) =>
        (r.method === undefined || r.method.toUpperCase() === method) &&
        (typeof r.path === 'string' ? r.path === pathname : r.path.test(pathname)),
    );
    const rule = this.rules[index];
    if (rule === undefined) return undefined;
    if (rule.times !== undefined && --rule.times <= 0) this.rules.splice(index, 1);
    return rule;
  }

  async apply(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<FaultOutcome> {
    const rule = this.take((req.method ?? 'GET').toUpperCase(), pathname);
    if (rule === undefined) return 'continue';
    if (rule.latencyMs !== undefined && rule.latencyMs > 0) await sleep(rule.latencyMs);
    if (rule.drop === true) {
      req.socket.destroy();
      return 'dropped';
    }
    if (rule.status === undefined) return 'continue';
    const body = JSON.stringify(rule.body ?? { error: STATUS_CODES[rule.status] ?? 'Error' });
    res.writeHead(rule.status, {
      'Content-Type': 'application/json; charset=utf-8',
      ...(rule.status === 429 ? { 'Retry-After': '1' } : {}),
    });
    res.end(body);
    return 'answered';
  }
}
