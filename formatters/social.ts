/**
 * The social formatters (docs/language.md, "Social formatters"): comment counts and links, the
 * comment thread and like button containers, share and follow buttons, twitter link activation and
 * the add-to-calendar link (docs/storefront.md, "Pages and links"). Fields are read from the
 * formatter's own value with `asString` (scalars in JS formatting; objects, arrays and null as "");
 * site settings (`website…`, `websiteSettings…`) are resolved through the frames, so a page-level
 * setting reaches an item rendered deep inside it.
 */
import type { Formatter, FormatterTable, RenderContext, Variable } from '../engine/plugin.js';
import { asNumber, asString, descendValue, isObject } from '../engine/values.js';
import { escapeHtml, valueFormatter } from './core-text.js';
import { templateFormatter } from './built-in-templates.js';
import { calendarNotNumber, calendarRange } from './error-texts.js';

/** `asString` of `value[key]`: the one way these formatters read a field of their value. */
function field(value: unknown, key: string): string {
  return asString(descendValue(value, key));
}

// --- activate-twitter-links -----------------------------------------------------------------

/*
 * URLs first, then @user and #tag: the handle and hashtag rules need a space (or the start of the
 * text) before the sigil, which no character of an anchor made by an earlier step provides, while
 * the URL rule would re-link the twitter.com addresses of the later steps if it ran after them.
 * Word characters are ASCII only, and only a plain space counts (not a newline or tab), as in the
 * reference.
 */
const URL_PATTERN = /\b(?:https?|ftp|file):\/\/[-A-Z0-9+&@#/%?=~_|!:,.;]*[-A-Z0-9+&@#/%=~_|]/gi;
const HANDLE_PATTERN = /(^| )@(\w+)/g;
const HASHTAG_PATTERN = /(^| )#(\w+)/g;

function activateTwitterLinks(text: string): string {
  // Nothing to link without one of these characters; skip the three regex scans.
  if (!/[:@#]/.test(text)) return text;
  return text
    .replace(URL_PATTERN, (url) => `<a target="new" href="${url}">${url}</a>`)
    .replace(
      HANDLE_PATTERN,
      (_m, lead: string, user: string) =>
        `${lead}<a target="new" href="https://twitter.com/${user}/">@${user}</a>`,
    )
    .replace(
      HASHTAG_PATTERN,
      (_m, lead: string, tag: string) =>
        `${lead}<a target="new" href="https://twitter.com/hashtag/${tag}?src=hash">#${tag}</a>`,
    );
}

// --- comment-count ------------------------------------------------------------------------------

/** `No Comments` / `1 Comment` / `N Comments`; the count is read loosely (`"3"` is 3, `"x"` is NaN). */
function commentCount(value: unknown): string {
  const count = asNumber(descendValue(value, 'publicCommentCount'));
  if (count === 0) return 'No Comments';
  return count === 1 ? '1 Comment' : `${String(count)} Comments`;
}

// --- google-calendar-url ------------------------------------------------------------------------

const pad2 = (n: number): string => (n < 10 ? `0${n}` : String(n));

/**
 * Epoch milliseconds (read loosely, fractions floored) as the UTC `YYYYMMDDTHHMMSSZ` stamp Google
 * Calendar expects, in the proleptic Gregorian calendar. Throws, like the reference, when the
 * value is not a number; also for years outside 0–9999, which have no four-digit stamp. (The
 * reference throws above year 8652, and before 1582 switches to Julian dates printed without
 * year padding; those stamps are not valid ISO 8601, so we do not copy them.)
 */
function calendarStamp(value: unknown): string {
  const ms = asNumber(value);
  if (Number.isNaN(ms)) throw new TypeError(calendarNotNumber(asString(value)));
  const date = new Date(Math.floor(ms));
  const year = date.getUTCFullYear();
  if (!(year >= 0 && year <= 9999)) throw new RangeError(calendarRange(ms));
  return (
    String(year).padStart(4, '0') +
    pad2(date.getUTCMonth() + 1) +
    pad2(date.getUTCDate()) +
    'T' +
    pad2(date.getUTCHours()) +
    pad2(date.getUTCMinutes()) +
    pad2(date.getUTCSeconds()) +
    'Z'
  );
}

const LOCATION_FIELDS = ['addressLine1', 'addressLine2', 'addressCountry'];

/** The event's address lines and country, trimmed, blanks dropped, joined with `, `. */
function calendarLocation(location: unknown): string {
  const parts: string[] = [];
  for (const key of LOCATION_FIELDS) {
    const part = field(location, key).trim();
    if (part !== '') parts.push(part);
  }
  return parts.join(', ');
}

/*
 * The title goes through legacy `escape()` (Latin-1 `%E9`, `%uXXXX` above it) while the location
 * goes through encodeURIComponent (UTF-8), exactly as the reference builds this link; the dates
 * are UTC whatever website.timeZone says.
 */
function googleCalendarUrl(event: unknown): string {
  const dates = `${calendarStamp(descendValue(event, 'startDate'))}/${calendarStamp(descendValue(event, 'endDate'))}`;
  let url = `http://www.google.com/calendar/event?action=TEMPLATE&text=${escape(field(event, 'title'))}&dates=${dates}`;
  const location = calendarLocation(descendValue(event, 'location'));
  if (location !== '') url += `&location=${encodeURIComponent(location)}`;
  return url;
}

// --- social-button, social-button-inline -------------------------------------------------------

/** True for a non-empty array or object: scalars never enable the buttons. */
function hasEntries(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  return isObject(value) && Object.keys(value).length > 0;
}

/** The share-button container (`div` + `button-style` or `span` + `inline-style`); "" unless enabled. */
function socialButton(tag: 'div' | 'span', style: string): Formatter {
  return {
    apply(_args: string[], vars: Variable[], ctx: RenderContext): void {
      const first = vars[0]!;
      const item = first.value;
      if (!hasEntries(ctx.resolveRef('website.shareButtonOptions'))) {
        first.set('');
        return;
      }
      // Only the title is attribute-escaped; the ids and URLs come from the platform as is.
      first.set(
        `<${tag} class="squarespace-social-buttons ${style}"` +
          ` data-system-data-id="${field(item, 'mainImageId')}"` +
          ` data-asset-url="${field(descendValue(item, 'mainImage'), 'assetUrl')}"` +
          ` data-record-type="${field(item, 'recordType')}"` +
          ` data-full-url="${field(item, 'fullUrl')}"` +
          ` data-title="${escapeHtml(field(item, 'title'), true)}"></${tag}>`,
      );
    },
  };
}

// --- twitter-follow-button ----------------------------------------------------------------------

const FOLLOW_SCRIPT =
  "<script>Y.use('squarespace-follow-buttons', function(Y) { Y.on('domready', function() { " +
  'Y.Squarespace.FollowButtonUtils.renderAll(); }); });</script>';

/** The account's `userName`, or else the last path segment of its `profileUrl`. */
function twitterFollowButton(account: unknown): string {
  let user = field(account, 'userName');
  if (user === '') {
    const url = field(account, 'profileUrl');
    user = url.slice(url.lastIndexOf('/') + 1);
  }
  return `${FOLLOW_SCRIPT}<div class="squarespace-follow-button" data-username="${user}"></div>`;
}

export const SOCIAL_FORMATTERS: FormatterTable = {
  'activate-twitter-links': valueFormatter((value) => activateTwitterLinks(asString(value))),
  'comment-count': valueFormatter(commentCount),
  'comment-link': templateFormatter('comment-link', false),
  comments: templateFormatter('comments', false),
  'google-calendar-url': valueFormatter(googleCalendarUrl),
  'like-button': templateFormatter('like-button', false),
  'social-button': socialButton('div', 'button-style'),
  'social-button-inline': socialButton('span', 'inline-style'),
  'twitter-follow-button': valueFormatter(twitterFollowButton),
};
