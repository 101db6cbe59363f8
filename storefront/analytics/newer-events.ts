/**
 * Sending an event of the newer schema (docs/storefront.md, "Analytics"): `eventSchemaName` and
 * the serialised `eventContent` go to the events call, by beacon where possible. In validate mode
 * (the route data's `analyticsValidate`, for a site's developers) the content goes to the
 * validate call instead, and the server's verdict comes back: an invalid event is warned about
 * on the console with the server's errors; nothing is recorded as an event.
 */
import { ANALYTICS_PATHS, ANALYTICS_TEXTS, TRACKING_TIMEOUT_MS } from './constants.js';
import type { AnalyticsEnv } from './env.js';
import type { Identity } from './identity.js';
import { clankerContent, clankerUrl, type PageFacts } from './page.js';
import { post, request } from './transport.js';

export interface NewerEventExtra {
  destinationUrl?: string;
  objectIdentifier?: string;
}

export async function sendNewerEvent(
  env: AnalyticsEnv,
  facts: PageFacts,
  identity: Identity,
  schema: string,
  extra: NewerEventExtra = {},
): Promise<void> {
  const url = clankerUrl(env, facts.sourceEnvironment);
  // An unknown source environment is warned about and has no URL: nothing is sent.
  if (url === '') return;
  const content = clankerContent(env, facts, identity, { customSchemaName: schema, ...extra });
  const eventContent = JSON.stringify(content);
  if (!facts.validateEvents) {
    const body = { eventSchemaName: schema, eventContent };
    await post(env, url, { json: body }, { beacon: true });
    return;
  }
  const res = await request(env, ANALYTICS_PATHS.clankerValidate + encodeURIComponent(schema), {
    method: 'POST',
    body: JSON.stringify({ eventContent }),
    headers: { 'Content-Type': 'application/json' },
    timeoutMs: TRACKING_TIMEOUT_MS,
  });
  const verdict = (await res.json()) as { valid?: unknown; errors?: unknown };
  if (verdict.valid === false) {
    const errors = Array.isArray(verdict.errors) ? verdict.errors.map(String) : [];
    env.console.warn(ANALYTICS_TEXTS.invalidEvent(schema, errors));
  }
}
