/**
 * The contact form of the demo store (jsdom, fake timers, user-event): every field type's
 * submitted value, the validation texts, the counter, the submit flow and its text per status,
 * the values kept through every failure, success and redirect, the captcha, the address
 * suggestions' combobox.
 *
 * @vitest-environment jsdom
 */
import { describe, expect, it } from 'vitest';
import { CommerceError } from '../../storefront/api/errors.js';
import { formValues } from '../../storefront/forms/form-rules.js';
import { pageOf } from '../../storefront/page-boot.js';
import { attachForms, FORM_SUCCESS_EVENT } from '../../storefront/widgets/forms/form-controller.js';
import { PLACES_DEBOUNCE_MS } from '../../storefront/widgets/forms/places.js';
import {
  F,
  FakeForms,
  fieldError,
  FORM_ID,
  named,
  submitButton,
  summary,
  textOf,
} from './forms-support.js';
import { advance, user, useWidgetClock } from './product-form.js';
import { logged, mountPage } from './support.js';

useWidgetClock();

const INVALID = 'One or more fields is invalid, please check your entries.';

async function openContact(query = '') {
  const page = await mountPage('/contact', { search: query });
  const forms = new FakeForms();
  const stop = attachForms(document.body, page.runtime, { client: forms.client });
  return { ...page, forms, stop };
}

async function submit(): Promise<void> {
  await user().click(submitButton());
}

async function fillRequired(): Promise<void> {
  const u = user();
  await u.type(named(`${F.name}-fname`), 'Ada');
  await u.type(named(`${F.name}-lname`), 'Lovelace');
  await u.type(named(F.email), 'ada@example.com');
  await u.type(named(F.subject), 'Wholesale');
  await u.type(named(F.message), 'Mugs to Canada?');
  await u.click(named(F.topic, 'Wholesale'));
}

/** Submits a valid form up to the save call, which it leaves waiting. */
async function submitValid(forms: FakeForms): Promise<void> {
  await fillRequired();
  await submit();
  await forms.answer('submissionKey', 'k1');
}

describe('the contact form', () => {
  it('submits every field type in the shape of the submission payload', async () => {
    const { forms } = await openContact('utm_campaign=spring');
    expect(logged).toEqual([]);
    const u = user();
    await fillRequired();
    await u.type(named(`${F.phone}-country`), '44');
    await u.type(named(`${F.phone}-areacode`), '503');
    await u.type(named(`${F.phone}-prefix`), '555');
    await u.type(named(`${F.phone}-line`), '0199');
    await u.type(named(`${F.address}-address1`), '1 Elm St');
    await u.type(named(`${F.address}-city`), 'Bend');
    await u.type(named(`${F.address}-country`), 'US');
    await u.type(named(F.website), 'https://example.com');
    await u.type(named(F.twitter), 'ada');
    await u.type(named(F.number), '4');
    await u.type(named(`${F.date}-month`), '12');
    await u.type(named(`${F.date}-day`), '5');
    await u.type(named(`${F.date}-year`), '2026');
    await u.type(named(`${F.time}-hour`), '9');
    await u.type(named(`${F.time}-minute`), '15');
    await u.selectOptions(named<HTMLSelectElement>(`${F.time}-ampm`), 'PM');
    await u.type(named(F.currency), '120.50');
    await u.type(named(F.password), 'open sesame');
    await u.click(named(F.interests, 'Ceramics'));
    await u.click(named(F.interests, 'Coffee club'));
    await u.selectOptions(named<HTMLSelectElement>(F.heard), 'Search');
    await u.click(named(`${F.likert}-1`, '2'));
    await u.click(named(`${F.likert}-3`, '-1'));
    await submit();
    await forms.answer('submissionKey', 'k1');
    const [body] = (await forms.answer('saveSubmission', 1)) as [Record<string, unknown>];
    expect(forms.lastSaved()).toEqual({
      [F.name]: ['Ada', 'Lovelace'],
      [F.email]: 'ada@example.com',
      [F.subject]: 'Wholesale',
      [F.message]: 'Mugs to Canada?',
      [F.phone]: ['44', '503', '555', '0199'],
      [F.address]: ['1 Elm St', '', 'Bend', '', '', 'US'],
      [F.website]: 'https://example.com',
      [F.twitter]: 'ada',
      [F.number]: '4',
      [F.date]: ['12', '5', '2026'],
      [F.time]: ['9', '15', '', 'PM'],
      [F.currency]: '120.50',
      [F.password]: 'open sesame',
      [F.topic]: 'Wholesale',
      [F.interests]: ['Ceramics', 'Coffee club'],
      [F.heard]: 'Search',
      [F.likert]: { Packaging: '2', 'Product quality': '-1' },
      [F.hidden]: 'spring', // from ?utm_campaign=, not its own value
    });
    expect(body).toMatchObject({
      formId: FORM_ID,
      key: 'k1',
      pagePath: '/',
      contentSource: 'c',
    });
    expect(body).not.toHaveProperty('captchaKey');
  });

  it('gives a three-part phone an empty first part, and a hidden field its own value', () => {
    const form = {
      id: 'f',
      fields: [
        { id: 'p', type: 'phone', showCountryCode: false },
        { id: 'h', type: 'hidden', key: 'utm_source', value: 'own' },
        { id: 's', type: 'section' },
      ],
    };
    const posted = new URLSearchParams('p-areacode=503&p-prefix=555&p-line=0199&h=own');
    expect(formValues(form, posted)).toEqual({ p: ['', '503', '555', '0199'], h: 'own' });
  });

  it('renders the hidden field from the query parameter of its key, else its own value', async () => {
    await mountPage('/contact');
    expect(named(F.hidden).value).toBe('site-contact');
  });

  it('refuses empty required fields with the texts, focuses the summary, links each message', async () => {
    const { forms } = await openContact();
    await submit();
    expect(summary()).toBe(INVALID);
    expect(document.activeElement?.id).toBe(`form-${FORM_ID}-errors`);
    for (const id of [F.name, F.email, F.subject, F.message, F.topic]) {
      expect(fieldError(id)).toBe('Required');
    }
    // Optional empty fields pass; likert has no required check.
    for (const id of [F.phone, F.address, F.interests, F.heard, F.likert, F.date]) {
      expect(fieldError(id)).toBe('');
    }
    const email = named(F.email);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')!.split(' ')).toContain(`${F.email}-error`);
    // The message sits above the field's title.
    const item = document.getElementById(F.email)!;
    expect(item.firstElementChild!.id).toBe(`${F.email}-error`);
    expect(forms.calls).toEqual([]);
  });

  it('checks the email format and the character limit, and counts characters', async () => {
    const { forms } = await openContact();
    await fillRequired();
    expect(textOf(`#${F.message}-counter`)).toBe('15 / 500');
    const message = named<HTMLTextAreaElement>(F.message);
    await user().clear(message);
    await user().click(message);
    await user().paste('x'.repeat(500));
    const counter = document.getElementById(`${F.message}-counter`)!;
    expect(counter.textContent).toBe('500 / 500');
    expect(counter.classList.contains('over-max')).toBe(false);
    await user().type(message, 'y');
    expect(counter.textContent).toBe('501 / 500');
    expect(counter.classList.contains('over-max')).toBe(true);
    await user().clear(named(F.email));
    await user().type(named(F.email), 'ada@home');
    await submit();
    expect(fieldError(F.email)).toBe(
      'Email is not valid. Email addresses should follow the format user@domain.com.',
    );
    expect(fieldError(F.message)).toBe('You have exceeded the character limit.');
    expect(summary()).toBe(INVALID);
    expect(named(F.email).value).toBe('ada@home');
    expect(forms.calls).toEqual([]);
  });

  it('locks as Submitting…, then shows the submission text and fires form-success', async () => {
    const { forms } = await openContact();
    const events: unknown[] = [];
    document.addEventListener(FORM_SUCCESS_EVENT, (e) => events.push((e as CustomEvent).detail));
    await fillRequired();
    await submit();
    expect(submitButton().textContent).toBe('Submitting…');
    expect(submitButton().disabled).toBe(true);
    await submit(); // locked: no second submission
    expect(forms.calls.map((c) => c.method)).toEqual(['submissionKey']);
    await forms.answer('submissionKey', 'k1');
    await forms.answer('saveSubmission', 7);
    expect(events).toEqual([{ formId: FORM_ID }]);
    expect(document.getElementById(`form-${FORM_ID}`)).toBeNull();
    expect(textOf(`#form-${FORM_ID}-success`)).toBe(
      'Thanks for writing! We answer within two working days.',
    );
    expect(document.activeElement?.id).toBe(`form-${FORM_ID}-success`);
  });

  it('goes to the success URL when the form has one', async () => {
    const { forms, runtime, navigate } = await openContact();
    const data = pageOf(runtime)!.boot.data as { form: { successRedirect: string } };
    data.form.successRedirect = '/thanks';
    await submitValid(forms);
    await forms.answer('saveSubmission', 1);
    expect(navigate).toHaveBeenCalledWith('/thanks');
  });

  it.each([
    [401, {}, 'Unable to submit form. Please try again later.'],
    [404, {}, 'This form has not been configured yet.'],
    [429, {}, 'Unable to submit form. Submission rate limit exceeded. Please try again later.'],
    [500, {}, 'Unable to send form. Please try again later.'],
    [503, { error: 'Down for maintenance' }, 'Down for maintenance'],
    [502, {}, 'Unknown error, please try again later.'],
    [undefined, undefined, 'Unknown error, please try again later.'],
  ])('shows the text of a %s answer, unlocks and keeps the values', async (status, data, text) => {
    const { forms } = await openContact();
    await submitValid(forms);
    await forms.fail('saveSubmission', new CommerceError('server', 'x', status, data));
    expect(summary()).toBe(text);
    expect(document.activeElement?.id).toBe(`form-${FORM_ID}-errors`);
    expect(submitButton().textContent).toBe('Send message');
    expect(submitButton().disabled).toBe(false);
    expect(named(`${F.name}-lname`).value).toBe('Lovelace');
    expect(named<HTMLTextAreaElement>(F.message).value).toBe('Mugs to Canada?');
    expect(named(F.topic, 'Wholesale').checked).toBe(true);
  });

  it('puts a 400 answer’s messages on their fields, with the texts above and below', async () => {
    const { forms } = await openContact();
    await submitValid(forms);
    const errors = { [F.subject]: 'Too short.' };
    await forms.fail('saveSubmission', new CommerceError('server', 'x', 400, { errors }));
    expect(fieldError(F.subject)).toBe('Too short.');
    expect(summary()).toBe('Your form has encountered a problem. Please scroll down to review.');
    expect(textOf(`#form-${FORM_ID}-errors-below`)).toBe(
      'Your form has encountered a problem. Please scroll up to review.',
    );
  });

  it('says so when no submission key comes', async () => {
    const { forms } = await openContact();
    await fillRequired();
    await submit();
    await forms.fail('submissionKey', new CommerceError('network', 'offline'));
    expect(summary()).toBe('Could not get a form submission key, please try again later.');
    expect(forms.calls.map((c) => c.method)).toEqual(['submissionKey']);
  });

  it('suggests places for the address: keyboard, then the details fill the parts', async () => {
    const { forms } = await openContact();
    const street = named(`${F.address}-address1`);
    expect(street.getAttribute('role')).toBe('combobox');
    expect(street.getAttribute('aria-expanded')).toBe('false');
    await user().type(street, '12 Ma');
    await advance(PLACES_DEBOUNCE_MS - 1);
    expect(forms.calls).toEqual([]); // debounced
    await advance(1);
    const [input, context] = await forms.answer('placePredictions', [
      { placeId: 'a', description: '12 Market Street, San Francisco' },
      { placeId: 'b', description: '12 Main Street, Bend' },
    ]);
    expect([input, context]).toEqual(['12 Ma', { productPage: '/', productSection: FORM_ID }]);
    expect(street.getAttribute('aria-expanded')).toBe('true');
    const options = [...document.querySelectorAll(`#${F.address}-places [role=option]`)];
    expect(options.map((o) => o.textContent)).toEqual([
      '12 Market Street, San Francisco',
      '12 Main Street, Bend',
    ]);
    await user().keyboard('{ArrowDown}{ArrowDown}');
    expect(street.getAttribute('aria-activedescendant')).toBe(`${F.address}-place-1`);
    expect(options[1]!.getAttribute('aria-selected')).toBe('true');
    await user().keyboard('{ArrowDown}'); // wraps
    expect(street.getAttribute('aria-activedescendant')).toBe(`${F.address}-place-0`);
    await user().keyboard('{ArrowUp}{Enter}');
    expect(street.getAttribute('aria-expanded')).toBe('false');
    expect(summary()).toBe(''); // Enter took the suggestion, it did not submit
    const [placeId] = await forms.answer('placeDetails', {
      address1: '12 Main Street',
      address2: '',
      city: 'Bend',
      state: 'OR',
      zip: '97701',
      country: 'United States',
    });
    expect(placeId).toBe('b');
    expect(street.value).toBe('12 Main Street');
    expect(named(`${F.address}-zip`).value).toBe('97701');
    await user().type(street, 'x');
    await advance(PLACES_DEBOUNCE_MS);
    await forms.answer('placePredictions', [{ placeId: 'c', description: 'C' }]);
    await user().keyboard('{Escape}');
    expect(street.getAttribute('aria-expanded')).toBe('false');
  });

  it('shows a post answered without JavaScript, and keeps its values once scripts run', async () => {
    const formStatus = {
      [FORM_ID]: {
        phase: 'failed',
        errors: { [F.email]: 'Required' },
        above: INVALID,
        below: null,
        values: { [F.subject]: 'Kept', [F.topic]: 'Workshops' },
      },
    };
    const page = await mountPage('/contact', { extra: { formStatus } });
    expect(logged).toEqual([]); // hydrated as rendered
    expect(summary()).toBe(INVALID);
    expect(named(F.subject).value).toBe('Kept');
    expect(named(F.topic, 'Workshops').checked).toBe(true);
    const forms = new FakeForms();
    attachForms(document.body, page.runtime, { client: forms.client });
    await submit();
    expect(named(F.subject).value).toBe('Kept');
    expect(fieldError(F.name)).toBe('Required');
  });

  it('renders each field type with a name on every input', async () => {
    await mountPage('/contact');
    const unnamed = [...document.querySelectorAll(`#form-${FORM_ID} :is(input, select, textarea)`)]
      .filter((el) => !el.getAttribute('name'))
      .map((el) => el.outerHTML);
    expect(unnamed).toEqual([]);
  });
});
