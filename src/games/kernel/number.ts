/**
 * The one number checker every layer uses for its inputs (options, fault
 * methods, game parameters). It sits at the ground, in the games' kernel
 * (which `stakeql/fairness` may reach): it imports nothing, so transport,
 * the sandbox, fairness and the CLI can all use it.
 *
 * A refusal is a {@link FieldError} (a RangeError) or a {@link FieldTypeError}
 * (a TypeError) that carries the refused field as data, so a caller that must
 * say which field was wrong reads `error.field`, never the message's words.
 */

/** A value out of its field's range; `field` names the field as the caller spells it. */
export class FieldError extends RangeError {
  readonly #field: string;
  constructor(field: string, message: string) {
    super(message);
    this.#field = field;
  }

  /** The refused field (a getter, not an own property: the error compares and prints as before). */
  get field(): string {
    return this.#field;
  }
}

/** A value of the wrong type for its field; `field` names the field as the caller spells it. */
export class FieldTypeError extends TypeError {
  readonly #field: string;
  constructor(field: string, message: string) {
    super(message);
    this.#field = field;
  }

  /** The refused field (a getter, not an own property: the error compares and prints as before). */
  get field(): string {
    return this.#field;
  }
}

/** What {@link check_number} accepts, and how its refusal reads. */
export interface NumberRule {
  /** The smallest value allowed (default: no bound). */
  readonly min?: number;
  /** A bound the value must be strictly above (a timeout above 0), instead of `min`. */
  readonly above?: number;
  /** The largest value allowed (default: no bound). */
  readonly max?: number;
  /** Whole numbers only (safe integers). */
  readonly integer?: boolean;
  /**
   * `'strict'`: any non-integer is a FieldTypeError "must be an integer" and a
   * value out of range reads "must be MIN to MAX (got V)" (the wording of the
   * GraphQL Int fields). Default: a non-number is a FieldTypeError "must be a
   * number", anything else refused is a FieldError.
   */
  readonly style?: 'strict';
  /** What the number counts ("milliseconds"), said in both refusals. */
  readonly unit?: string;
  /** How the refused value is quoted at the end of the range refusal (default: not at all). */
  readonly got?: 'comma' | 'paren';
  /** The range refusal's words after the field, where the generated ones do not fit. */
  readonly words?: string;
  /** The type refusal's words after the field, where the generated ones do not fit. */
  readonly type_words?: string;
}

function range_words(rule: NumberRule): string {
  const { min = -Infinity, max = Infinity } = rule;
  const noun = rule.integer ? 'an integer' : `a finite number${rule.unit === undefined ? '' : ` of ${rule.unit}`}`;
  if (rule.above !== undefined) return max < Infinity ? `must be ${noun} above ${rule.above} and at most ${max}` : `must be ${noun} above ${rule.above}`;
  if (min > -Infinity && max < Infinity) return `must be ${noun} from ${min} to ${max}`;
  if (min > -Infinity) return `must be ${noun} of at least ${min}`;
  if (max < Infinity) return `must be ${noun} of at most ${max}`;
  return `must be ${noun}`;
}

function got(rule: NumberRule, value: number): string {
  if (rule.got === 'comma') return `, got ${value}`;
  if (rule.got === 'paren') return ` (got ${value})`;
  return '';
}

/**
 * `value` when it is a number that `rule` allows; otherwise a FieldTypeError
 * (not a number) or a FieldError (not finite, not whole, out of range) whose
 * message starts with `field`.
 */
export function check_number(value: unknown, field: string, rule: NumberRule = {}): number {
  const { min = -Infinity, max = Infinity } = rule;
  if (rule.style === 'strict') {
    if (typeof value !== 'number' || !Number.isInteger(value)) throw new FieldTypeError(field, `${field} must be an integer`);
    if (value < min || value > max) throw new FieldError(field, `${field} ${rule.words ?? `must be ${min} to ${max}`}${got({ got: 'paren' }, value)}`);
    return value;
  }
  if (typeof value !== 'number') {
    const type_words = rule.type_words ?? `must be a number${rule.unit === undefined ? '' : ` of ${rule.unit}`}`;
    throw new FieldTypeError(field, `${field} ${type_words}`);
  }
  const whole = rule.integer ? Number.isSafeInteger(value) : Number.isFinite(value);
  if (!whole || value < min || value > max || (rule.above !== undefined && !(value > rule.above))) throw new FieldError(field, `${field} ${rule.words ?? range_words(rule)}${got(rule, value)}`);
  return value;
}

/** As {@link check_number}, with `fallback` for an absent value (undefined; null too when `null_absent`). */
export function optional_number(value: unknown, field: string, fallback: number, rule: NumberRule = {}, null_absent = false): number {
  if (value === undefined || (null_absent && value === null)) return fallback;
  return check_number(value, field, rule);
}
