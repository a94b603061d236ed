/**
 * The scanner's condition, written as on the command line: `'>=99'`,
 * `'<=1.5'`, `'==50'`, `'between 10 20'` (both ends included). Read by a
 * character walk, not a regular expression, so any input is read in one pass.
 */

/** A parsed condition: a result r is a hit when `low ≤ r ≤ high`. */
export interface Where {
  /** The condition as given, trimmed. */
  readonly text: string;
  readonly low: number;
  readonly high: number;
}

const FORMS = "'>=X', '<=X', '==X' or 'between A B' (X, A, B numbers such as 99, 1.5, 1e6)";

function is_space(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13);
}

function is_digit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** A decimal number, optionally signed, with a fraction and an exponent; null for anything else. */
function number_of(word: string): number | null {
  let i = 0;
  const n = word.length;
  if (i < n && (word[i] === '-' || word[i] === '+')) i++;
  let digits = 0;
  while (i < n && is_digit(word.charCodeAt(i))) {
    i++;
    digits++;
  }
  if (i < n && word[i] === '.') {
    i++;
    while (i < n && is_digit(word.charCodeAt(i))) {
    i++;
    digits++;
  }
  }
  if (digits === 0) return null;
  if (i < n && (word[i] === 'e' || word[i] === 'E')) {
    i++;
    if (i < n && (word[i] === '-' || word[i] === '+')) i++;
    let exponent = 0;
    while (i < n && is_digit(word.charCodeAt(i))) {
      i++;
      exponent++;
    }
    if (exponent === 0) return null;
  }
  if (i !== n) return null;
  const value = Number(word);
  return Number.isFinite(value) ? value : null;
}

/** The words of `text`, split on white space. */
function words(text: string): string[] {
  const out: string[] = [];
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    const space = i === text.length || is_space(text.charCodeAt(i));
    if (space && start >= 0) {
      out.push(text.slice(start, i));
      start = -1;
    } else if (!space && start < 0) start = i;
  }
  return out;
}

/** Parses a condition; throws TypeError/RangeError naming `where`. */
export function parse_where(where: unknown): Where {
  if (typeof where !== 'string') throw new TypeError(`where must be a string: ${FORMS}`);
  const text = where.trim();
  const bad = () => new RangeError(`where must be ${FORMS}; got ${JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text)}`);
  const op = text.slice(0, 2);
  if (op === '>=' || op === '<=' || op === '==') {
    const value = number_of(text.slice(2).trim());
    if (value === null) throw bad();
    if (op === '>=') return { text, low: value, high: Infinity };
    if (op === '<=') return { text, low: -Infinity, high: value };
    return { text, low: value, high: value };
  }
  const parts = words(text);
  if (parts.length === 3 && parts[0]?.toLowerCase() === 'between') {
    const low = number_of(parts[1] as string);
    const high = number_of(parts[2] as string);
    if (low === null || high === null) throw bad();
    if (low > high) throw new RangeError(`where: 'between A B' needs A ≤ B; got ${low} > ${high}`);
    return { text, low, high };
  }
  throw bad();
}
