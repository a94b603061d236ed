/**
 * A number as typed on the command line: a plain decimal (digits, an optional
 * point and digits; no sign, exponent, hex or blanks). A refusal names what is
 * wrong with the number rather than calling every bad one "not a plain
 * decimal": a minus sign is the option's rule ("must be 0 or more"), too many
 * digits is "too large", too many decimals is "too precise".
 */
import { printable } from './output.js';
import { usageError } from './exit-codes.js';

/** How many digits a number may have on each side of the point. */
export interface DecimalShape {
  readonly whole_digits: number;
  readonly fraction_digits: number;
}

/** The shape most options take: up to 15 digits before the point (what a double holds exactly) and 18 after. */
export const LIMIT_SHAPE: DecimalShape = { whole_digits: 15, fraction_digits: 18 };

// Each part checked on its own, linear: digits, then an optional point and digits.
const DIGITS = /^[0-9]+$/;

function shown(text: string): string {
  return JSON.stringify(printable(text).slice(0, 30));
}

/**
 * Why `text` is not a plain decimal of `shape`, or null when it is one.
 * `name` starts the sentence (`--stop-loss`, `amount`).
 */
export function decimal_problem(text: string, name: string, shape: DecimalShape): string | null {
  const negative = text.startsWith('-');
  const body = negative ? text.slice(1) : text;
  const point = body.indexOf('.');
  const whole = point < 0 ? body : body.slice(0, point);
  const fraction = point < 0 ? null : body.slice(point + 1);
  const plain = whole !== '' && DIGITS.test(whole) && (fraction === null || (fraction !== '' && DIGITS.test(fraction)));
  if (!plain) return `${name} must be a plain decimal number such as 0.5 (got ${shown(text)})`;
  if (negative) return `${name} must be 0 or more (got ${shown(text)})`;
  // Leading zeros say nothing about the size.
  const significant = whole.replace(/^0+(?=[0-9])/, '');
  if (significant.length > shape.whole_digits) return `${name} is too large (got ${significant.length} digits before the point; at most ${shape.whole_digits})`;
  if (fraction !== null && fraction.length > shape.fraction_digits) return `${name} has too many decimals (got ${fraction.length}; at most ${shape.fraction_digits})`;
  return null;
}

/** `text` read as a plain decimal of `shape`; a usage error (exit 2) naming `name` otherwise. */
export function read_decimal(text: unknown, name: string, shape: DecimalShape = LIMIT_SHAPE): number {
  if (typeof text !== 'string') throw usageError(`${name} needs a value`);
  const problem = decimal_problem(text, name, shape);
  if (problem !== null) throw usageError(problem);
  return Number(text);
}
