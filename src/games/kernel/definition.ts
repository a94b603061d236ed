import { check_number } from './number.js';

/** How one game turns floats into its outcome; one module per game implements it. */
export interface GameDefinition<P, O> {
  /** The game's name as the site writes it in `CasinoBet.game`. */
  readonly name: string;
  /** Where the site publishes this game's translation. */
  readonly source: string;
  /** The translation in words, as the CLI shows it next to the floats. */
  readonly formula: string;
  /** Checks the game's parameters; throws TypeError/RangeError naming the field. */
  params(input: Record<string, unknown>): P;
  /** How many floats the outcome needs. */
  float_count(params: P): number;
  /** Turns the floats (drawn from cursor 0) into the outcome in the site's shape. */
  translate(floats: readonly number[], params: P): O;
}

/** Reads an integer parameter in [min, max] or throws naming it. */
export function int_param(input: Record<string, unknown>, name: string, min: number, max: number): number {
  return check_number(input[name], name, { min, max, integer: true, got: 'comma' });
}

/** Reads a parameter that must be one of `allowed` or throws naming it. */
export function enum_param<T extends string>(input: Record<string, unknown>, name: string, allowed: readonly T[]): T {
  const value = input[name];
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw new RangeError(`${name} must be one of ${allowed.join(', ')}, got ${typeof value === 'string' ? JSON.stringify(value) : typeof value}`);
  }
  return value as T;
}
