/**
 * The number of the legacy money markup (money.ts `formatAmountNative`) written digit by digit:
 * `1,234.50`, what en-US `Intl.NumberFormat` with exactly two decimals prints (half away from
 * zero; a minus sign whenever the amount is negative, zero included). The server entry installs
 * it (`useAmountWriter`): it runs for every price on every page, and `Intl` takes about a
 * microsecond per call.
 */
import type { Decimal } from './money.js';

/** A finite amount's text (special values are `Intl`'s: money.ts). */
export function writeAmountDigits(amount: Decimal): string {
  const { digits, exp } = amount;
  // The amount in cents, as digits, and whether the digits after the cents round it up.
  let cents: string;
  let up = false;
  if (exp >= 0) cents = digits === '0' ? '0' : digits + '0'.repeat(exp + 2);
  else if (exp >= -2) cents = digits + '0'.repeat(exp + 2);
  else {
    const kept = digits.length + exp + 2;
    cents = kept > 0 ? digits.slice(0, kept) : '0';
    // Digits past the cents: the first one decides (5 or more is half or more).
    up = kept >= 0 && digits.charCodeAt(kept) >= 53; /* '5' */
  }
  if (up) cents = incremented(cents);
  cents = cents.padStart(3, '0');
  const units = cents.slice(0, -2);
  return (amount.neg ? '-' : '') + grouped(units) + '.' + cents.slice(-2);
}

/** A decimal digit string plus one. */
function incremented(digits: string): string {
  let i = digits.length - 1;
  while (i >= 0 && digits[i] === '9') i--;
  if (i < 0) return '1' + '0'.repeat(digits.length);
  const next = String.fromCharCode(digits.charCodeAt(i) + 1);
  return digits.slice(0, i) + next + '0'.repeat(digits.length - i - 1);
}

/** Integer digits with en-US thousands separators. */
function grouped(units: string): string {
  if (units.length <= 3) return units;
  const head = units.length % 3 || 3;
  let out = units.slice(0, head);
  for (let i = head; i < units.length; i += 3) out += ',' + units.slice(i, i + 3);
  return out;
}
