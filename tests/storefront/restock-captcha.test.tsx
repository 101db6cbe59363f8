/**
 * The restock sign-up on the demo's sold-out mug set, and the captcha of forms and sign-ups
 * (jsdom, fake timers, user-event): the email texts, the default opt-in, success with the
 * owner's text or 'Signed up!', failure with the server's data.message and the email kept; the
 * captcha loaded once, compact under 320 px, required, reset on failure, destroyed on success,
 * and refused without a site key.
 *
 * @vitest-environment jsdom
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CommerceError } from '../../storefront/api/errors.js';
import {
  createCaptcha,
  testCaptchaProvider,
  TEST_CAPTCHA_TOKEN,
} from '../../storefront/widgets/forms/captcha.js';
import { attachForms } from '../../storefront/widgets/forms/form-controller.js';
import { F, FakeForms, FORM_ID, named, submitButton, summary } from './forms-support.js';
import { user, useWidgetClock } from './product-form.js';
import { logged, mountPage, SITE } from './support.js';

useWidgetClock();

const MUGS = '/shop/p/stoneware-mug-set';
const MUGS_ID = '65a0c3e8d1f2000000000009';
const MUGS_VARIANT = '66b1c3e8d1f2000000000008';
const base = `restock-${MUGS_VARIANT}`;

const readJson = (file: string) =>
  JSON.parse(readFileSync(join(SITE, file), 'utf8')) as Record<string, Record<string, unknown>>;
/** The demo's website data with a captcha site key. */
const withCaptcha = () => {
  const { website } = readJson('data/website.json');
  return { website: { ...website, captchaSettings: { siteKey: 'preview-key' } } };
};

async function open(path: string, extra: Record<string, unknown> = {}, width = 800) {
  const page = await mountPage(path, { extra });
  const forms = new FakeForms();
  const load = vi.fn(() => Promise.resolve(testCaptchaProvider()));
  const captcha = createCaptcha(load, () => width);
  await act(async () => {
    attachForms(document.body, page.runtime, { client: forms.client, captcha });
  });
  return { ...page, forms, load };
}

const email = () => document.getElementById(`${base}-email`) as HTMLInputElement;
const signUp = () => user().click(document.querySelector(`#${base} button[type=submit]`)!);
const shown = (id: string) => {
  const el = document.getElementById(id);
  return el === null || el.hidden ? null : el.textContent!.trim();
};

describe('the restock sign-up', () => {
  it('checks the email: blank, then malformed', async () => {
    const { forms } = await open(MUGS);
    expect(logged).toEqual([]);
    await signUp();
    expect(shown(`${base}-error`)).toBe('Email cannot be blank');
    expect(email().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email());
    await user().type(email(), 'a@b');
    await signUp();
    expect(shown(`${base}-error`)).toBe('Email is invalid');
    expect(forms.calls).toEqual([]);
  });

  it('signs up with the default opt-in and shows the owner’s success text', async () => {
    const { forms } = await open(MUGS);
    const optIn = document.querySelector<HTMLInputElement>(`#${base} [name=isJoinMailingList]`)!;
    expect(optIn.checked).toBe(true); // mailingListOptInByDefault
    await user().type(email(), '  shopper@example.com ');
    await signUp();
    const [body] = await forms.answer('restockSignup', 1);
    expect(body).toEqual({
      productId: MUGS_ID,
      variantId: MUGS_VARIANT,
      siteVisitorEmail: 'shopper@example.com',
      isJoinMailingList: true,
      language: 'en-US',
    });
    expect(document.querySelector(`#${base} form`)).toBeNull();
    expect(shown(`${base}-success`)).toBe('Thanks! We will email you when it is back.');
    expect(document.activeElement?.id).toBe(`${base}-success`);
  });

  it('says Signed up! when the owner wrote no success text', async () => {
    const { productMerchandisingContext } = readJson('data/merchandising.json');
    const mugs = productMerchandisingContext![MUGS_ID] as Record<string, Record<string, unknown>>;
    const extra = {
      productMerchandisingContext: {
        ...productMerchandisingContext,
        [MUGS_ID]: {
          ...mugs,
          mailingListOptInByDefault: false,
          restockNotificationMessages: { ...mugs.restockNotificationMessages, successText: '' },
        },
      },
    };
    const { forms } = await open(MUGS, extra);
    await user().type(email(), 'shopper@example.com');
    await signUp();
    const [body] = await forms.answer('restockSignup', 1);
    expect(body).toMatchObject({ isJoinMailingList: false });
    expect(shown(`${base}-success`)).toBe('Signed up!');
  });

  it('shows the server’s data.message on failure and keeps the email', async () => {
    const { forms } = await open(MUGS);
    await user().type(email(), 'shopper@example.com');
    await signUp();
    const error = new CommerceError('server', 'Invalid request', 400, {
      error: 'Invalid request',
      message: 'That product is no longer available.',
    });
    await forms.fail('restockSignup', error);
    expect(shown(`${base}-message`)).toBe('That product is no longer available.');
    expect(email().value).toBe('shopper@example.com');
    await signUp();
    await forms.answer('restockSignup', 2);
    expect(shown(`${base}-success`)).not.toBeNull();
  });
});

describe('the captcha', () => {
  const box = (key: string) =>
    document.querySelector<HTMLInputElement>(`[data-captcha-key="${key}"] input[type=checkbox]`);

  it('is loaded once, rendered per container, required, reset on failure, destroyed on success', async () => {
    const { forms, load } = await open(MUGS, withCaptcha());
    const key = `restock:${MUGS_ID}:${MUGS_VARIANT}`;
    expect(box(key)).not.toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
    await user().type(email(), 'shopper@example.com');
    await signUp();
    expect(shown(`${base}-message`)).toBe('Complete CAPTCHA before submitting.');
    expect(forms.calls).toEqual([]);
    await user().click(box(key)!);
    await signUp();
    await forms.fail('restockSignup', new CommerceError('server', 'x', 500, { message: 'Nope' }));
    expect(box(key)!.checked).toBe(false); // reset
    await user().click(box(key)!);
    await signUp();
    const [body] = await forms.answer('restockSignup', 1);
    expect(body).toMatchObject({ captchaToken: TEST_CAPTCHA_TOKEN });
    expect(box(key)).toBeNull(); // destroyed with the form
  });

  it('guards a form block too, and is compact below 320 px', async () => {
    const contact = readJson('data/pages/contact.json');
    const extra = { ...withCaptcha(), form: { ...contact.form, captchaEnabled: true } };
    const { forms, load } = await open('/contact', extra, 300);
    expect(document.querySelector('.test-captcha--compact')).not.toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
    await user().type(named(`${F.name}-fname`), 'Ada');
    await user().type(named(F.email), 'ada@example.com');
    await user().type(named(F.subject), 'Hi');
    await user().type(named(F.message), 'Hello');
    await user().click(named(F.topic, 'Wholesale'));
    await user().click(submitButton());
    expect(summary()).toBe('Complete CAPTCHA before submitting.');
    await user().click(box(FORM_ID)!);
    await user().click(submitButton());
    await forms.answer('submissionKey', 'k');
    const [body] = await forms.answer('saveSubmission', 1);
    expect(body).toMatchObject({ captchaKey: TEST_CAPTCHA_TOKEN });
  });

  it('refuses to render without a site key, and logs a rendering that throws', async () => {
    const captcha = createCaptcha(() => Promise.resolve(testCaptchaProvider()));
    const node = document.createElement('div');
    await expect(captcha.render(node, '')).rejects.toThrow('ReCaptcha has not been set up!');
    const failing = createCaptcha(() => Promise.reject(new Error('offline')));
    await expect(failing.render(node, 'k')).rejects.toThrow('ReCaptcha has not been set up!');
    const broken = createCaptcha(() =>
      Promise.resolve({
        ...testCaptchaProvider(),
        render: () => {
          throw new Error('bad node');
        },
      }),
    );
    await expect(broken.render(node, 'k')).rejects.toThrow('bad node');
    expect(logged[0]).toMatch(/^error: Error rendering captcha into node/);
    const widget = await captcha.render(node, 'k');
    expect(widget.size).toBe('normal');
    expect(await widget.execute()).toBe(TEST_CAPTCHA_TOKEN);
    expect(widget.response()).toBe(TEST_CAPTCHA_TOKEN);
    widget.reset();
    expect(widget.response()).toBe('');
    widget.destroy();
    expect(node.childElementCount).toBe(0);
  });
});
