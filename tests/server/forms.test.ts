import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FORM_RATE_LIMIT } from '../../server/commerce/forms.js';
import {
  FORM_MESSAGES,
  FormErrorsResponse,
  FormSubmissionKeyResponse,
  SaveFormSubmissionResponse,
} from '../../storefront/api/schemas.js';
import { Client, expectFieldError, expectShape, startApi, type TestServer } from './support.js';

const VALID = {
  name: ['Ada', 'Lovelace'],
  email: 'ada@example.com',
  message: 'short',
  mood: { 'Is it good?': '2' },
};

let server: TestServer;
let client: Client;
let clock = 1_700_000_000_000;
beforeEach(async () => {
  server = await startApi({ now: () => clock });
  client = await new Client(server.base).prime();
});
afterEach(() => server.close());

async function key(): Promise<string> {
  const reply = await client.post('/api/form/FormSubmissionKey');
  expect(reply.status).toBe(200);
  return expectShape(FormSubmissionKeyResponse, reply.body).data.key;
}

const save = async (values: unknown, extra: Record<string, unknown> = {}) =>
  client.post('/api/form/SaveFormSubmission', {
    formId: 'contact',
    form: JSON.stringify(values),
    key: await key(),
    pageTitle: 'Contact',
    pageId: 'p1',
    contentSource: 'c',
    pagePath: '/contact',
    ...extra,
  });

describe('POST /api/form/FormSubmissionKey', () => {
  it('returns a fresh data.key each time, and needs the crumb', async () => {
    expect(await key()).not.toBe(await key());
    expect(
      (await client.post('/api/form/FormSubmissionKey', undefined, { crumb: false })).status,
    ).toBe(401);
  });
});

describe('POST /api/rest/forms/validate/{formId}', () => {
  const validate = (values: unknown, form = 'contact') =>
    client.post(`/api/rest/forms/validate/${form}`, values);

  it('accepts valid values', async () => {
    expect(await validate(VALID)).toMatchObject({ status: 200, body: { valid: true } });
  });

  it('returns errors keyed by field id with the texts of docs/storefront.md, "Forms"', async () => {
    const reply = await validate({ name: ['', ' '], email: 'nope', message: 'far too long text' });
    expect(reply.status).toBe(400);
    expect(expectShape(FormErrorsResponse, reply.body)).toEqual({
      error: FORM_MESSAGES.invalid,
      errors: {
        name: FORM_MESSAGES.required,
        email: FORM_MESSAGES.badEmail,
        message: FORM_MESSAGES.tooLong,
      },
    });
    // Likert has no required check, sections are skipped, optional empty fields pass.
    expect((await validate({ ...VALID, mood: {}, message: '' })).status).toBe(200);
  });

  it('answers 404 for an unknown form and 400 for a malformed body', async () => {
    expect(await validate(VALID, 'missing')).toMatchObject({
      status: 404,
      body: { error: FORM_MESSAGES.notConfigured },
    });
    expectFieldError(await validate({ name: 42 }), 'name');
    expectFieldError(await validate(['x']), '_root');
  });
});

describe('POST /api/form/SaveFormSubmission', () => {
  it('stores a valid submission with its page fields', async () => {
    const reply = await save(VALID);
    expect(reply.status).toBe(200);
    expectShape(SaveFormSubmissionResponse, reply.body);
    const recorded = await client.get('/__recorded?kind=form-submission');
    expect(recorded.body.records).toHaveLength(1);
    expect(recorded.body.records[0].payload).toEqual({
      formId: 'contact',
      form: VALID,
      page: { pageTitle: 'Contact', pageId: 'p1', contentSource: 'c', pagePath: '/contact' },
    });
  });

  it("subscribes a newsletter form's address once, and nothing for other forms", async () => {
    const subscriptions = async () =>
      (await client.get('/__recorded?kind=newsletter-subscription')).body.records as unknown[];
    expect((await save(VALID)).status).toBe(200);
    expect(await subscriptions()).toEqual([]);
    const signUp = (email: string) =>
      save({ 'letters-email': email }, { formId: 'letters', pageTitle: 'Home', pagePath: '/' });
    expect((await signUp('reader@example.com')).status).toBe(200);
    expect((await signUp(' READER@example.com ')).status).toBe(200);
    expect((await signUp('not an address')).status).toBe(400);
    expect(await subscriptions()).toEqual([
      {
        id: 1,
        kind: 'newsletter-subscription',
        path: '/api/form/SaveFormSubmission',
        payload: { formId: 'letters', email: 'reader@example.com' },
        created: clock,
      },
    ]);
  });

  it('validates the payload (400 with field errors)', async () => {
    expectFieldError(await save(VALID, { key: undefined }), 'key', 'Required');
    expectFieldError(await save(VALID, { form: 'not json' }), 'form', FORM_MESSAGES.badFields);
    expectFieldError(await save(VALID, { contentSource: 'x' }), 'contentSource');
    expectFieldError(await save(VALID, { formId: '' }), 'formId');
  });

  it('answers field errors with 400 and data.errors', async () => {
    const reply = await save({ ...VALID, email: 'bad' });
    expect(reply).toMatchObject({
      status: 400,
      body: { errors: { email: FORM_MESSAGES.badEmail } },
    });
    expect((await save({ name: 7 })).body.error).toBe(FORM_MESSAGES.badFields);
  });

  it('answers 401 for an unknown, reused or expired key', async () => {
    expect((await save(VALID, { key: 'forged' })).status).toBe(401);
    const k = await key();
    expect((await save(VALID, { key: k })).status).toBe(200);
    const reused = await save(VALID, { key: k });
    expect(reused).toMatchObject({ status: 401, body: { error: FORM_MESSAGES.unauthorized } });
    const old = await key();
    clock += 3_600_001;
    expect((await save(VALID, { key: old })).status).toBe(401);
  });

  it('answers 404 for an unknown form and 400 without a captcha when one is required', async () => {
    expect((await save(VALID, { formId: 'missing' })).body.error).toBe(FORM_MESSAGES.notConfigured);
    expect((await save({}, { formId: 'guarded' })).body.error).toBe(FORM_MESSAGES.captcha);
    expect((await save({}, { formId: 'guarded', captchaKey: 'token' })).status).toBe(200);
  });

  it('answers 429 past the rate limit, until the window passes', async () => {
    for (let i = 0; i < FORM_RATE_LIMIT.max; i++) expect((await save(VALID)).status).toBe(200);
    const limited = await save(VALID);
    expect(limited).toMatchObject({ status: 429, body: { error: FORM_MESSAGES.rateLimited } });
    clock += FORM_RATE_LIMIT.windowMs + 1;
    expect((await save(VALID)).status).toBe(200);
  });
});
