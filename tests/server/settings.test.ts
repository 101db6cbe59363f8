import { describe, expect, it } from 'vitest';
import {
  HeaderFooter,
  LanguagesResponse,
  MultilingualSettingsResponse,
  MultilingualStatusResponse,
  SiteLayoutResponse,
} from '../../storefront/api/schemas.js';
import { MISSING_NAVIGATION } from '../../storefront/api/store-url-id.js';
import { Client, expectFieldError, expectShape, useApi } from './support.js';

/** The writes here are owner calls; the owner reads the settings back too. */
let owner: Client;
useApi((api) => ({ owner } = api));

describe('multilingual', () => {
  it('starts disconnected with one default language', async () => {
    const settings = await owner.get('/api/multilingual/settings');
    expect(expectShape(MultilingualSettingsResponse, settings.body)).toMatchObject({
      enabled: false,
      defaultLanguage: 'en-US',
    });
    const status = await owner.get('/api/multilingual/status');
    expect(expectShape(MultilingualStatusResponse, status.body).status).toBe('DISCONNECTED');
    const languages = await owner.get('/api/multilingual/languages');
    expect(expectShape(LanguagesResponse, languages.body).languages).toHaveLength(1);
  });

  it('saves languages, connects, and disconnects on DELETE connection', async () => {
    const put = await owner.put('/api/multilingual/languages', {
      languages: [{ code: 'en-US' }, { code: 'fr-FR', isDefault: true }],
    });
    expect(put.status).toBe(200);
    expect(put.body.languages.map((l: { isDefault: boolean }) => l.isDefault)).toEqual([
      false,
      true,
    ]);
    expect((await owner.get('/api/multilingual/settings')).body).toMatchObject({
      enabled: true,
      defaultLanguage: 'fr-FR',
    });
    expect((await owner.get('/api/multilingual/status')).body.status).toBe('CONNECTED');
    const removed = await owner.delete('/api/multilingual/connection');
    expect(removed.body.status).toBe('DISCONNECTED');
    expect((await owner.get('/api/multilingual/languages')).body.languages).toHaveLength(1);
  });

  it('validates languages', async () => {
    expectFieldError(
      await owner.put('/api/multilingual/languages', { languages: [] }),
      'languages',
    );
    expectFieldError(
      await owner.put('/api/multilingual/languages', { languages: [{ code: 'EN_us' }] }),
      'languages.0.code',
    );
    const twoDefaults = await owner.put('/api/multilingual/languages', {
      languages: [
        { code: 'en', isDefault: true },
        { code: 'fr', isDefault: true },
      ],
    });
    expectFieldError(twoDefaults, 'languages');
  });
});

describe('site header/footer', () => {
  it('round-trips header and footer', async () => {
    expect((await owner.get('/api/site-header-footer')).body).toEqual({ header: {}, footer: {} });
    const value = { header: { layout: 'centered' }, footer: '<p>footer</p>' };
    expect((await owner.put('/api/site-header-footer', value)).body).toEqual(value);
    expect(expectShape(HeaderFooter, (await owner.get('/api/site-header-footer')).body)).toEqual(
      value,
    );
  });

  it('validates both parts', async () => {
    expectFieldError(await owner.put('/api/site-header-footer', { header: {} }), 'footer');
    expectFieldError(
      await owner.put('/api/site-header-footer', { header: 1, footer: {} }),
      'header',
    );
  });
});

describe('site layout and navigation', () => {
  const update = (fieldName: string, items: unknown) =>
    owner.post('/api/widget/UpdateNavigation', {
      fieldName,
      templateId: 't1',
      navigation: { items },
    });

  it('starts with an empty main navigation and saves new links', async () => {
    const layout = expectShape(
      SiteLayoutResponse,
      (await owner.get('/api/commondata/GetSiteLayout')).body,
    );
    expect(layout.layout[0]).toEqual({ identifier: 'mainNav', links: [] });
    const items = [{ collectionId: 'shop', children: [{ externalLink: 'https://example.com' }] }];
    expect((await update('mainNav', items)).status).toBe(200);
    const after = (await owner.get('/api/commondata/GetSiteLayout')).body;
    expect(after.layout[0].links).toEqual(items);
  });

  it('answers 404 with the missing-navigation text (docs/storefront.md, "Store creation") and 400 for bad payloads', async () => {
    expect(await update('footerNav', [])).toMatchObject({
      status: 404,
      body: { error: MISSING_NAVIGATION },
    });
    expectFieldError(await update('mainNav', 'x'), 'navigation.items');
    expectFieldError(
      await owner.post('/api/widget/UpdateNavigation', { fieldName: 'mainNav' }),
      'templateId',
    );
  });
});
