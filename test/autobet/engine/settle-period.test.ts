/** The settle period and the resolve timeout of a run (issue 36): their floors, defaults and errors, checked by hand. */
import { describe, expect, it } from 'vitest';
import { run_autobet } from '../../../src/autobet/index.js';
import { DEFAULT_SETTLE_MS, resolve_period, settle_period } from '../../../src/autobet/engine/reconcile.js';
import { MARTINGALE, world } from '../helpers.js';

describe('the settle period', () => {
  it('defaults to 30 s, or twice the request timeout when that is longer; a given one below twice the timeout is refused naming settle_ms', () => {
    expect(DEFAULT_SETTLE_MS).toBe(30_000);
    expect(settle_period(undefined, 3000)).toBe(30_000);
    expect(settle_period(undefined, 30_000)).toBe(60_000);
    expect(settle_period(6000, 3000)).toBe(6000);
    expect(() => settle_period(5999, 3000)).toThrow(RangeError);
    expect(() => settle_period(5999, 3000)).toThrow(/^settle_ms \(5999 ms\) must be at least twice the request timeout \(3000 ms\)/);
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => settle_period(bad, 1)).toThrow(/^settle_ms must be a finite number/);
  });

  it('the resolve timeout is at least the settle period: by default the larger of 60 s and the period plus one request timeout', () => {
    expect(resolve_period(undefined, 30_000, 3000)).toBe(60_000);
    expect(resolve_period(undefined, 60_000, 30_000)).toBe(90_000);
    expect(resolve_period(6000, 6000, 3000)).toBe(6000);
    expect(() => resolve_period(5000, 6000, 3000)).toThrow(/^resolve_timeout_ms \(5000 ms\) must be at least the settle period \(6000 ms\)/);
  });

  it('run_autobet refuses a settle period below twice the client timeout before anything is sent', async () => {
    const w = await world({}, 1000);
    try {
      const before = w.sandbox.stats().requests;
      await expect(run_autobet({ client: w.client, database: w.database, strategy: MARTINGALE, limits: { stop_loss: 1, max_bet: 1 }, settle_ms: 1500 })).rejects.toThrow(RangeError);
      await expect(run_autobet({ client: w.client, database: w.database, strategy: MARTINGALE, limits: { stop_loss: 1, max_bet: 1 }, settle_ms: 2000, resolve_timeout_ms: 1000 })).rejects.toThrow(/resolve_timeout_ms/);
      expect(w.sandbox.stats().requests).toBe(before);
    } finally {
      await w.close();
    }
  });
});
