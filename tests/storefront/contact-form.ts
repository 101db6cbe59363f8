import { expect } from 'vitest';

/** The demo contact form's id and its fields' ids (fixtures/site/data/pages/contact.json). */
export const FORM_ID = '6d18a7b2c4e9f01d3a5b7c90';
/** Field ids by what they ask. */
export const F = {
  name: 'name-yui_3_17_2_1',
  email: 'email-yui_3_17_2_2',
  subject: 'text-yui_3_17_2_3',
  message: 'textarea-yui_3_17_2_4',
  phone: 'phone-yui_3_17_2_6',
  address: 'address-yui_3_17_2_7',
  website: 'website-yui_3_17_2_8',
  twitter: 'twitter-yui_3_17_2_9',
  number: 'number-yui_3_17_2_10',
  date: 'date-yui_3_17_2_11',
  time: 'time-yui_3_17_2_12',
  currency: 'currency-yui_3_17_2_13',
  password: 'password-yui_3_17_2_14',
  topic: 'radio-yui_3_17_2_15',
  interests: 'checkbox-yui_3_17_2_16',
  heard: 'select-yui_3_17_2_17',
  likert: 'likert-yui_3_17_2_18',
  hidden: 'hidden-yui_3_17_2_19',
};

/** A contact form post (form-encoded) that passes every rule, with `token` as its crumb. */
export const validContactPost = (token: string) =>
  new URLSearchParams({
    'jsont-form': FORM_ID,
    crumb: token,
    [`${F.name}-fname`]: 'Ada',
    [F.email]: 'ada@example.com',
    [F.subject]: 'Hi',
    [F.message]: 'Hello',
    [F.topic]: 'Wholesale',
  });

/**
 * What a server answering contact form posts without JavaScript must show: a refused post's
 * values escaped, `max` saved posts, then the rate limit text. `post` sends a body to /contact.
 */
export async function expectPostsUpToTheRateLimit(
  post: (body: URLSearchParams) => Promise<{ body: string }>,
  token: string,
  max: number,
): Promise<void> {
  const hostile = validContactPost(token);
  hostile.set(F.subject, '"><script>alert(1)</script>');
  hostile.set(F.email, 'not-an-email');
  const refused = await post(hostile);
  expect(refused.body).not.toContain('<script>alert(1)');
  expect(refused.body).toContain('&quot;&gt;&lt;script&gt;');
  for (let i = 0; i < max; i++) {
    expect((await post(validContactPost(token))).body).toContain('Thanks for writing!');
  }
  expect((await post(validContactPost(token))).body).toContain(
    'Unable to submit form. Submission rate limit exceeded. Please try again later.',
  );
}
