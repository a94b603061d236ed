/** `to_units` against the decimal text of the same double, for amounts as the site sends them and for ones near every edge. */
import { describe, expect, it } from 'vitest';
import { to_units } from '../../src/history/index.js';
import { unitsOf } from './helpers.js';

describe('to_units', () => {
  it('is the decimal the double stands for, rounded to the unit, as toFixed writes it', () => {
    const values = [0, -0, 0.01, 0.1 + 0.2, 1.005, 2.675, 1.0000005, 123456.785, 0.000000015, 1e-9, 2 ** 40, 2 ** 40 + 0.5, 2 ** 53 + 2, 9.999e20];
    let x = 12345;
    for (let i = 0; i < 4000; i++) {
      x = (x * 1103515245 + 12345) & 0x7fffffff;
      // Cents and satoshis as read from JSON, random doubles, and halves of the last place.
      values.push((x % 100_000) / 100, (x % 10_000_000) / 1e8, x / 7919, (x % 1000) / 1000 + 0.0005, x * 1024.5);
    }
    const wrong: string[] = [];
    let compared = 0;
    for (const decimals of [0, 2, 3, 6, 8, 18]) {
      for (const v of values) {
        for (const value of [v, -v]) {
          if (Math.abs(value).toFixed(decimals).includes('e')) continue;
          compared++;
          const units = to_units(value, decimals, 'x');
          if (units !== unitsOf(value.toFixed(decimals), decimals)) wrong.push(`${value} at ${decimals}: ${units}`);
        }
      }
    }
    expect(compared).toBeGreaterThan(200_000);
    expect(wrong).toEqual([]);
  });

  it('refuses what is not a finite number', () => {
    for (const bad of [Number.NaN, Infinity, '1' as unknown as number]) expect(() => to_units(bad, 2, 'amount')).toThrow(/amount must be a finite number/);
  });
});
