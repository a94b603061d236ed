/**
 * Amounts as the site must receive them: a finite number ≥ 0 with no more
 * decimals than the currency allows, sent as the shortest decimal of the
 * value the caller meant.
 *
 * "The value the caller meant": a JS number is often the result of float
 * arithmetic (`0.1 + 0.2` is 0.30000000000000004). We scale it to the
 * currency's minor units; when it lies within 1e-14 (relative: float noise, a few units in the last place) of a whole
 * number of them, that whole number is what was meant, and we send
 * `units / 10^decimals`, which JSON prints as the short decimal (0.3). When
 * it does not (0.123456789 BTC has 9 decimals), the amount is refused rather
 * than silently rounded: rounding money is the caller's decision. An amount
 * above 0 but below one minor unit (1e-12 usd) is refused the same way, never
 * sent as 0. A decimal
 * string ("0.3") is read exactly, digit by digit.
 */

/** Relative distance to a whole number of minor units still taken as that number. */
export const AMOUNT_TOLERANCE = 1e-14;

// Plain decimal text: digits, optionally a point and more digits. Linear, no backtracking.
const DECIMAL_TEXT = /^[0-9]{1,20}(?:\.[0-9]{1,20})?$/;

/**
 * The amount to send for `value` in a currency with `decimals` decimals.
 * @param field the name used in error messages (`amount`, ...).
 * @throws TypeError when not a number or decimal string; RangeError when not
 * finite, negative, too large, or more precise than the currency allows.
 */
export function normalize_amount(value: unknown, field: string, currency: string, decimals: number): number {
  if (typeof value === 'string') return from_text(value, field, currency, decimals);
  if (typeof value !== 'number') throw new TypeError(`${field} must be a number or a decimal string`);
  if (!Number.isFinite(value)) throw new RangeError(`${field} must be a finite number (got ${value})`);
  if (value < 0) throw new RangeError(`${field} must be at least 0 (got ${value})`);
  const scale = 10 ** decimals;
  const units = value * scale;
  if (units > Number.MAX_SAFE_INTEGER) throw new RangeError(`${field} is too large`);
  const whole = Math.round(units);
  // Below one minor unit nothing was meant but a smaller amount: the absolute tolerance
  // must not turn 1e-12 usd into a bet of 0 (0 itself, a free bet, is what was meant only when given).
  if (Math.abs(units - whole) > AMOUNT_TOLERANCE * Math.max(1, units) || (whole === 0 && value !== 0)) {
    throw new RangeError(`${field} ${value} has more decimals than ${currency} allows (${decimals})`);
  }
  if (whole === 0) return 0; // not -0
  // An exact integer divided by a power of ten rounds once, to the double nearest the decimal:
  // its shortest form (what JSON prints) is that decimal.
  return whole / scale;
}

function from_text(text: string, field: string, currency: string, decimals: number): number {
  if (!DECIMAL_TEXT.test(text)) {
    // Name the rule a sign or a size breaks, not only the shape.
    const body = text.startsWith('-') ? text.slice(1) : text;
    if (body !== text && DECIMAL_TEXT.test(body)) throw new RangeError(`${field} must be at least 0 (got ${JSON.stringify(text.slice(0, 32))})`);
    if (/^[0-9]{21,}(?:\.[0-9]+)?$/.test(body)) throw new RangeError(`${field} is too large`);
    throw new RangeError(`${field} must be a plain decimal such as "0.0001" (got ${JSON.stringify(text.slice(0, 32))})`);
  }
  const point = text.indexOf('.');
  let fraction = point < 0 ? '' : text.slice(point + 1);
  let end = fraction.length;
  while (end > 0 && fraction[end - 1] === '0') end--;
  fraction = fraction.slice(0, end);
  if (fraction.length > decimals) {
    throw new RangeError(`${field} ${text} has more decimals than ${currency} allows (${decimals})`);
  }
  const integer = point < 0 ? text : text.slice(0, point);
  const units = Number(integer + fraction.padEnd(decimals, '0'));
  if (!Number.isSafeInteger(units)) throw new RangeError(`${field} is too large`);
  return units / 10 ** decimals;
}
