/** Realtime options are checked when the client is built; the backoff stays within its bounds. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StakeClient } from '../../src/facade/index.js';
import { full_jitter_delay } from '../../src/realtime/index.js';

describe('realtime options', () => {
  it.each([
    [{ websocket: 5 }, TypeError],
    [{ websocket: class NotASocket {} }, TypeError],
    [{ language: '' }, RangeError],
    [{ language: 7 }, TypeError],
    [{ retry_attempts: -1 }, RangeError],
    [{ retry_attempts: 1.5 }, RangeError],
    [{ base_delay_ms: 0 }, RangeError],
    [{ base_delay_ms: 100, max_delay_ms: 50 }, RangeError],
    [{ keep_alive_ms: Number.NaN }, RangeError],
    [{ keep_alive_ms: '10' }, TypeError],
    [{ init_fields: { accessToken: 'x' } }, RangeError],
    [{ init_fields: { lockdownToken: 5 } }, TypeError],
    [{ init_fields: [] }, TypeError],
    ['fast', TypeError],
  ])('%j is refused with %o and no client is made', (realtime, kind) => {
    expect(() => new StakeClient({ realtime: realtime as never })).toThrow(kind);
  });

  it('an option error never shows an init field value', () => {
    const secret = 'lockdown-secret-value';
    try {
      new StakeClient({ realtime: { init_fields: { lockdownToken: secret, accessToken: secret } } });
      expect.unreachable();
    } catch (error) {
      expect(String(error)).not.toContain(secret);
    }
  });
});

describe('full_jitter_delay', () => {
  it('is a whole number in [0, min(max, base·2^attempt))', () => {
    fc.assert(
      fc.property(fc.nat(100), fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 1, max: 1_000_000 }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (attempt, base, extra, r) => {
        const max = base + extra;
        const cap = Math.min(max, base * 2 ** attempt);
        const delay = full_jitter_delay(attempt, base, max, () => r);
        return Number.isInteger(delay) && delay >= 0 && delay < cap;
      }),
    );
  });

  it('grows with the attempt until the cap: random 0.999 gives just under base·2^n, then max', () => {
    const almost = () => 0.999;
    expect([0, 1, 2, 3, 4, 10].map((n) => full_jitter_delay(n, 500, 30_000, almost))).toEqual([499, 999, 1998, 3996, 7992, 29_970]);
    expect(full_jitter_delay(5, 500, 30_000, () => 0)).toBe(0);
  });
});
