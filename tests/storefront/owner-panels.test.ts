/**
 * The owner page's panels (storefront/owner/panels.ts) over the demo's own template markup and the
 * real API: each form's buttons make their owner calls and put the result, or the failure's
 * text, into the `ownerPanels` store the template renders; text typed as JSON is checked first;
 * store creation gives the url ids of docs/storefront.md, "Store creation"; without the owner
 * session every write fails with the server's text.
 *
 * @vitest-environment jsdom
 */
import { resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOwnerClient } from '../../storefront/api/owner.js';
import { attachOwnerPanels, OWNER_PANEL_TEXTS } from '../../storefront/owner/panels.js';
import { createRuntime, type StorefrontRuntime } from '../../storefront/runtime.js';
import { emptyCart } from '../../storefront/state/cart-store.js';
import { OWNER_MESSAGES } from '../../server/commerce/owner.js';
import { siteFolder } from '../../server/preview/site-folder.js';
import { startApi, type TestServer } from '../server/support.js';
import { browserJar, type BrowserJar } from './browser-jar.js';

const SITE = resolve(import.meta.dirname, '../../fixtures/site');
const WEBSITE = 'preview-website';

/** The owner page's panels as the demo's template renders them. */
function ownerMarkup(): string {
  const outcome = siteFolder(SITE).render({
    pathname: '/owner',
    extra: { owner: { websiteId: WEBSITE } },
  });
  if (outcome.status !== 200) throw new Error(`owner page: ${outcome.status}`);
  const doc = new DOMParser().parseFromString(outcome.html, 'text/html');
  return doc.querySelector('[data-owner-panels]')!.outerHTML;
}

let server: TestServer;
let runtime: StorefrontRuntime;
let stop: (() => void) | undefined;
beforeEach(async () => {
  server = await startApi();
  document.body.innerHTML = ownerMarkup();
  runtime = createRuntime(emptyCart(), {});
});
afterEach(async () => {
  stop?.();
  stop = undefined;
  await server.close();
});

/** A browser's cookies: with the owner session (the one-time link opened) or without. */
async function jarOf(withOwner: boolean): Promise<BrowserJar> {
  const jar = browserJar(server.base);
  if (withOwner) {
    await jar.seams.fetch(server.base + server.handler.owner.linkPath(), { redirect: 'manual' });
  }
  await jar.seams.fetch(`${server.base}/api/commerce/shopping-cart`); // the crumb
  return jar;
}

function attach(jar: BrowserJar, takenUrlIds: string[] = []): void {
  const client = createOwnerClient({ ...jar.seams, events: new EventTarget() });
  const data = { owner: { websiteId: WEBSITE, takenUrlIds } };
  stop = attachOwnerPanels(document, runtime, data, client);
}

const form = (name: string) =>
  document.querySelector<HTMLFormElement>(`[data-owner-form="${name}"]`)!;
const input = (id: string) => document.getElementById(id) as HTMLInputElement;

/** Submits `name`'s form with its button `action` and resolves once the panels are idle. */
async function submit(name: string, action: string): Promise<Record<string, unknown>> {
  const button = form(name).querySelector<HTMLButtonElement>(`button[value="${action}"]`)!;
  form(name).requestSubmit(button);
  expect(runtime.ownerPanels.get()?.busy).toBe(true);
  await new Promise<void>((done) => {
    const off = runtime.ownerPanels.subscribe(() => {
      if (runtime.ownerPanels.get()?.busy === false) {
        off();
        done();
      }
    });
  });
  return runtime.ownerPanels.get()!;
}

describe('the owner panels', () => {
  it('save and load commerce preferences (websiteId stripped)', async () => {
    attach(await jarOf(true));
    input('owner-preferences-value').value = '{"minimumOrderSubtotal": 2500, "websiteId": "x"}';
    const saved = await submit('preferences', 'save');
    expect(saved.status).toBe('Saving the preferences: done.');
    expect(JSON.parse(String(saved.preferences))).toEqual({ minimumOrderSubtotal: 2500 });
    const loaded = await submit('preferences', 'load');
    expect(loaded.status).toBe('Loading the preferences: done.');
    expect(JSON.parse(String(loaded.preferences))).toEqual({ minimumOrderSubtotal: 2500 });
  });

  it('refuse preferences that are not a JSON object before any call', async () => {
    const jar = await jarOf(true);
    attach(jar);
    const calls = jar.sent.length;
    input('owner-preferences-value').value = '[1, 2]';
    const state = await submit('preferences', 'save');
    expect(state.status).toBe(`Saving the preferences failed: ${OWNER_PANEL_TEXTS.notJson}`);
    expect(jar.sent.length).toBe(calls);
  });

  it('load the multilingual settings, set the languages (the first the default), disconnect', async () => {
    attach(await jarOf(true));
    input('owner-multilingual-languages').value = 'de-DE, fr-FR';
    const set = await submit('multilingual', 'languages');
    expect(JSON.parse(String(set.multilingual))).toEqual({
      languages: [
        { code: 'de-DE', isDefault: true },
        { code: 'fr-FR', isDefault: false },
      ],
    });
    const loaded = JSON.parse(String((await submit('multilingual', 'load')).multilingual)) as {
      status: string;
      languages: unknown[];
    };
    expect(loaded.languages).toHaveLength(2);
    const off = await submit('multilingual', 'disconnect');
    expect(JSON.parse(String(off.multilingual))).toEqual({ status: 'DISCONNECTED' });
    input('owner-multilingual-languages').value = ' , ';
    expect((await submit('multilingual', 'languages')).status).toBe(
      `Saving the languages failed: ${OWNER_PANEL_TEXTS.noLanguages}`,
    );
  });

  it('save and load the header and footer', async () => {
    attach(await jarOf(true));
    input('owner-header').value = 'Header text';
    input('owner-footer').value = 'Footer text';
    await submit('header-footer', 'save');
    const loaded = await submit('header-footer', 'load');
    expect(JSON.parse(String(loaded.headerFooter))).toEqual({
      header: 'Header text',
      footer: 'Footer text',
    });
  });

  it('create stores with the url ids of the rules, added to the navigation when asked', async () => {
    const jar = await jarOf(true);
    attach(jar);
    input('owner-store-title-field').value = 'Spring Sale';
    expect((await submit('store', 'create')).store).toBe(
      OWNER_PANEL_TEXTS.created('Spring Sale', 'spring-sale'),
    );
    // Taken: the next free suffix. Too short a title: the fallback.
    expect((await submit('store', 'create')).store).toBe(
      OWNER_PANEL_TEXTS.created('Spring Sale', 'spring-sale-1'),
    );
    input('owner-store-title-field').value = 'Él';
    expect((await submit('store', 'create')).store).toBe(OWNER_PANEL_TEXTS.created('Él', 'store'));
    input('owner-store-navigation').checked = true;
    input('owner-store-title-field').value = 'Pottery';
    expect((await submit('store', 'create')).store).toBe(
      OWNER_PANEL_TEXTS.created('Pottery', 'pottery'),
    );
    const nav = jar.sent.find((s) => s.path === '/api/widget/UpdateNavigation')!;
    expect(nav.body).toMatchObject({ templateId: 'juniper-pine' });
    // Each store took one call: the ids created on the page count as taken, none was refused.
    const creations = jar.sent.filter((s) => s.path.endsWith(`/websites/${WEBSITE}/products`));
    expect(creations.map((s) => (s.body as { urlId: string }).urlId)).toEqual([
      'spring-sale',
      'spring-sale-1',
      'store',
      'pottery',
    ]);
  });

  it('start from the url ids the server said were in use when it served the page', async () => {
    const jar = await jarOf(true);
    attach(jar, ['pottery', 'pottery-1']);
    input('owner-store-title-field').value = 'Pottery';
    expect((await submit('store', 'create')).store).toBe(
      OWNER_PANEL_TEXTS.created('Pottery', 'pottery-2'),
    );
    const creations = jar.sent.filter((s) => s.path.endsWith(`/websites/${WEBSITE}/products`));
    expect(creations).toHaveLength(1);
  });

  it("without the owner session, writes fail with the server's text", async () => {
    attach(await jarOf(false));
    const state = await submit('store', 'create');
    expect(state.status).toBe(`Creating the store failed: ${OWNER_MESSAGES.required}`);
    expect(state.store).toBeUndefined();
    expect((await submit('header-footer', 'save')).status).toBe(
      `Saving the header and footer failed: ${OWNER_MESSAGES.required}`,
    );
  });
});
