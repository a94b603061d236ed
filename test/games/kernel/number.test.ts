import { describe, expect, it } from 'vitest';
import { FieldError, FieldTypeError, check_number, optional_number } from '../../../src/games/kernel/number.js';

/** The refusal `fn` throws, for its class, message and field. */
function refusal(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal');
}

describe('check_number', () => {
  it('returns an allowed value unchanged', () => {
    expect(check_number(7, 'count', { min: 1, max: 10, integer: true })).toBe(7);
    expect(optional_number(undefined, 'count', 3, { min: 1 })).toBe(3);
    expect(optional_number(null, 'count', 3, { min: 1 }, true)).toBe(3);
  });

  it('carries the field as data: a RangeError out of range, a TypeError for a non-number', () => {
    const range = refusal(() => check_number(11, 'retry.limit', { min: 0, max: 10, integer: true }));
    expect(range).toBeInstanceOf(RangeError);
    expect(range).toBeInstanceOf(FieldError);
    expect((range as FieldError).field).toBe('retry.limit');
    expect((range as Error).message).toBe('retry.limit must be an integer from 0 to 10');
    const type = refusal(() => check_number('3', 'retry.limit', { min: 0 }));
    expect(type).toBeInstanceOf(TypeError);
    expect(type).toBeInstanceOf(FieldTypeError);
    expect((type as FieldTypeError).field).toBe('retry.limit');
    expect((type as Error).message).toBe('retry.limit must be a number');
  });

  it('refuses NaN, infinities and non-integers where whole numbers are asked', () => {
    for (const bad of [Number.NaN, Infinity, -Infinity]) expect(() => check_number(bad, 'x')).toThrow(RangeError);
    expect(() => check_number(1.5, 'x', { integer: true })).toThrow('x must be an integer');
    expect(() => check_number(2 ** 53, 'x', { integer: true, min: 0 })).toThrow('x must be an integer of at least 0');
  });

  it('strict style: any non-integer is a TypeError, the range names both bounds and the value', () => {
    expect(refusal(() => check_number(1.5, 'page_size', { min: 1, max: 50, style: 'strict' }))).toBeInstanceOf(FieldTypeError);
    expect(() => check_number(51, 'page_size', { min: 1, max: 50, style: 'strict' })).toThrow(new RangeError('page_size must be 1 to 50 (got 51)'));
  });

  it('says the unit and quotes the value as asked', () => {
    expect(() => check_number('1', 'delay', { unit: 'milliseconds' })).toThrow(new TypeError('delay must be a number of milliseconds'));
    expect(() => check_number(-1, 'delay', { min: 0, max: 9, unit: 'milliseconds' })).toThrow('delay must be a finite number of milliseconds from 0 to 9');
    expect(() => check_number(-1, 'n', { min: 0, integer: true, got: 'comma' })).toThrow('n must be an integer of at least 0, got -1');
    expect(() => check_number(Infinity, 'n', { got: 'paren' })).toThrow('n must be a finite number (got Infinity)');
  });

  it('takes a bound to be strictly above', () => {
    expect(check_number(1e-9, 'timeout_ms', { above: 0, max: 10, unit: 'milliseconds' })).toBe(1e-9);
    expect(() => check_number(0, 'timeout_ms', { above: 0, max: 10, unit: 'milliseconds' })).toThrow(
      new RangeError('timeout_ms must be a finite number of milliseconds above 0 and at most 10'),
    );
    expect(() => check_number(0, 'multiplier', { above: 0, got: 'paren' })).toThrow('multiplier must be a finite number above 0 (got 0)');
    expect(() => check_number(Number.NaN, 'multiplier', { above: 0 })).toThrow(RangeError);
  });
});
