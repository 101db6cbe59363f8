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
