/**
 * The owner page's panels (docs/storefront.md, "Owner panels"; templates/owner.html in the demo),
 * a chunk of its own loaded only by a page with `[data-owner-panels]`. Each panel's form submits
 * in place through the owner client (api/owner.ts): commerce preferences (load, save),
 * multilingual settings (load, set languages, disconnect), header and footer (load, save) and
 * store creation (from the url ids the server said were in use, and those created since, so the
 * first id tried is free). What a call returned, or the server's text when it failed, goes into the
 * runtime's `ownerPanels` store, which the template renders as `owner` (a status line and one
 * result per panel). The page itself is served only with the owner session.
 */
import { asCommerceError, CommerceError } from '../api/errors.js';
import { createOwnerClient, type OwnerClient } from '../api/owner.js';
import type { StorefrontRuntime } from '../runtime.js';

/** The result slots of `owner` in the page data, one per panel with calls. */
export type OwnerPanel = 'preferences' | 'multilingual' | 'headerFooter' | 'store';

export const OWNER_PANEL_TEXTS = {
  working: (label: string) => `${label}…`,
  done: (label: string) => `${label}: done.`,
  failed: (label: string, reason: string) => `${label} failed: ${reason}`,
  notJson: 'Enter a JSON object.',
  noLanguages: 'Enter at least one language code.',
  created: (title: string, urlId: string) => `Created the store “${title}” at /${urlId}.`,
} as const;

/** What each form's submit button (its `action`) does, with its status label. */
interface Action {
  panel: OwnerPanel;
  label: string;
  run(fields: FormData): Promise<string>;
}

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

/** A JSON object typed by the owner; anything else is refused with a text. */
function jsonObject(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    value = undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new CommerceError('server', OWNER_PANEL_TEXTS.notJson);
  }
  return value as Record<string, unknown>;
}

const field = (fields: FormData, name: string) => String(fields.get(name) ?? '').trim();

function actions(
  client: OwnerClient,
  websiteId: string,
  taken: Set<string>,
): Record<string, Action> {
  return {
    'preferences:load': {
      panel: 'preferences',
      label: 'Loading the preferences',
      run: async (f) => pretty(await client.preferences(field(f, 'namespace'))),
    },
    'preferences:save': {
      panel: 'preferences',
      label: 'Saving the preferences',
      run: async (f) =>
        pretty(await client.setPreferences(field(f, 'namespace'), jsonObject(field(f, 'value')))),
    },
    'multilingual:load': {
      panel: 'multilingual',
      label: 'Loading the multilingual settings',
      run: async () => {
        const [settings, status, languages] = await Promise.all([
          client.multilingualSettings(),
          client.multilingualStatus(),
          client.languages(),
        ]);
        return pretty({ settings, status, languages });
      },
    },
    'multilingual:languages': {
      panel: 'multilingual',
      label: 'Saving the languages',
      run: async (f) => {
        const codes = field(f, 'languages')
          .split(',')
          .map((c) => c.trim())
          .filter((c) => c !== '');
        if (codes.length === 0) throw new CommerceError('server', OWNER_PANEL_TEXTS.noLanguages);
        const languages = codes.map((code, i) => ({ code, isDefault: i === 0 }));
        return pretty({ languages: await client.setLanguages(languages) });
      },
    },
    'multilingual:disconnect': {
      panel: 'multilingual',
      label: 'Disconnecting',
      run: async () => pretty({ status: await client.disconnectMultilingual() }),
    },
    'header-footer:load': {
      panel: 'headerFooter',
      label: 'Loading the header and footer',
      run: async () => pretty(await client.headerFooter()),
    },
    'header-footer:save': {
      panel: 'headerFooter',
      label: 'Saving the header and footer',
      run: async (f) =>
        pretty(
          await client.setHeaderFooter({ header: field(f, 'header'), footer: field(f, 'footer') }),
        ),
    },
    'store:create': {
      panel: 'store',
      label: 'Creating the store',
      run: async (f) => {
        const title = field(f, 'title');
        const navigation = f.get('addToNavigation') === 'true';
        const { collection } = await client.createStore({
          title,
          websiteId,
          takenUrlIds: taken,
          description: field(f, 'description'),
          // The demo's layout template (the navigation call names the template it edits).
          ...(navigation ? { navigation: { templateId: field(f, 'templateId') } } : {}),
        });
        taken.add(collection.urlId);
        return OWNER_PANEL_TEXTS.created(collection.title, collection.urlId);
      },
    },
  };
}

/** Starts the owner panels on `doc`; returns the stop function. */
export function attachOwnerPanels(
  doc: Document,
  runtime: StorefrontRuntime,
  data: unknown,
  client: OwnerClient = createOwnerClient(),
): () => void {
  const owner = (data as { owner?: { websiteId?: unknown; takenUrlIds?: unknown } } | null)?.owner;
  const websiteId = typeof owner?.websiteId === 'string' ? owner.websiteId : '';
  // The store url ids in use when the page was served, and those created here since.
  const given = Array.isArray(owner?.takenUrlIds) ? owner.takenUrlIds : [];
  const taken = new Set(given.filter((id): id is string => typeof id === 'string'));
  const table = actions(client, websiteId, taken);
  let busy = false;
  const show = (patch: Record<string, unknown>) =>
    runtime.ownerPanels.set((current) => ({ ...(current ?? {}), ...patch }));

  const onSubmit = (event: SubmitEvent) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    const name = form.getAttribute('data-owner-form');
    if (name === null) return;
    event.preventDefault();
    const submitter = event.submitter as HTMLButtonElement | null;
    const action = table[`${name}:${submitter?.value ?? ''}`];
    if (action === undefined || busy) return;
    busy = true;
    const fields = new FormData(form);
    show({ busy: true, status: OWNER_PANEL_TEXTS.working(action.label) });
    action.run(fields).then(
      (text) => {
        busy = false;
        show({ busy: false, status: OWNER_PANEL_TEXTS.done(action.label), [action.panel]: text });
      },
      (err: unknown) => {
        busy = false;
        const reason = asCommerceError(err).message;
        show({ busy: false, status: OWNER_PANEL_TEXTS.failed(action.label, reason) });
      },
    );
  };
  doc.addEventListener('submit', onSubmit);
  return () => doc.removeEventListener('submit', onSubmit);
}
