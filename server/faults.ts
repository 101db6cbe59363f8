/**
 * Fault injection for tests: per path (and optionally method), answer with an error status,
 * add latency, or drop the connection, a limited number of times or until cleared. Plans are
 * given in code (`ApiOptions.faults`) or at run time over HTTP (`/__faults`), which is how the
 * Chromium e2e tests make the cart answer 429 or the form endpoint 500.
 */
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import { z } from 'zod';

export interface FaultRule {
  /** Exact pathname (no query), or a pattern tested against the pathname. */
  path: string | RegExp;
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

/** The JSON form of a rule for `POST /__faults` (a RegExp travels as `pattern`). */
export const FaultRuleJson = z
  .object({
    path: z.string().startsWith('/').optional(),
    pattern: z.string().optional(),
    method: z.string().optional(),
    status: z.number().int().min(100).max(599).optional(),
    latencyMs: z.number().int().min(0).max(60_000).optional(),
    drop: z.boolean().optional(),
    times: z.number().int().min(1).optional(),
    body: z.unknown().optional(),
  })
  .refine((r) => (r.path === undefined) !== (r.pattern === undefined), {
    message: 'Give exactly one of path and pattern',
  })
  .refine((r) => r.pattern === undefined || isRegExp(r.pattern), {
    message: 'Invalid pattern',
    path: ['pattern'],
  });
export const FaultPlanJson = z.object({ rules: z.array(FaultRuleJson) });

function isRegExp(source: string): boolean {
  try {
    new RegExp(source);
    return true;
  } catch {
    return false;
  }
}

export function ruleFromJson(json: z.infer<typeof FaultRuleJson>): FaultRule {
  const { pattern, path, ...rest } = json;
  return { ...rest, path: pattern !== undefined ? new RegExp(pattern) : path! };
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

  /** The active rules, RegExps shown by source (for `GET /__faults`). */
  describe(): unknown[] {
    return this.rules.map((r) => ({
      ...r,
      path: r.path instanceof RegExp ? `/${r.path.source}/${r.path.flags}` : r.path,
    }));
  }

  /** The first rule matching the request, consuming one of its `times`. */
  private take(method: string, pathname: string): FaultRule | undefined {
    const index = this.rules.findIndex(
      (r) =>
        (r.method === undefined || r.method.toUpperCase() === method) &&
        (r.path instanceof RegExp ? r.path.test(pathname) : r.path === pathname),
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
