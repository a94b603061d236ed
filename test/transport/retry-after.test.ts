import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { parse_retry_after } from '../../src/transport/retry-after.js';

const NOW = Date.UTC(2024, 0, 15, 12, 0, 0);

describe('parse_retry_after', () => {
  it('reads delta-seconds', () => {
    expect(parse_retry_after('0', NOW)).toBe(0);
    expect(parse_retry_after('1', NOW)).toBe(1000);
    expect(parse_retry_after(' 120 ', NOW)).toBe(120_000);
  });

  it('reads an HTTP-date relative to now', () => {
    expect(parse_retry_after('Mon, 15 Jan 2024 12:00:30 GMT', NOW)).toBe(30_000);
    expect(parse_retry_after('Mon, 15 Jan 2024 13:00:00 GMT', NOW)).toBe(3_600_000);
  });

  it('treats a date in the past as no wait', () => {
    expect(parse_retry_after('Sun, 14 Jan 2024 12:00:00 GMT', NOW)).toBe(0);
  });

  it('returns null for absent or unreadable values', () => {
    for (const v of [null, undefined, '', '  ', '-1', '1.5', 'soon', '12345678901', 'x'.repeat(100)]) {
      expect(parse_retry_after(v, NOW)).toBeNull();
    }
  });

  it('round-trips any date written in IMF-fixdate form', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 * 365 * 86_400 }), (seconds) => {
        const at = NOW + seconds * 1000;
        expect(parse_retry_after(new Date(at).toUTCString(), NOW)).toBe(seconds * 1000);
      }),
    );
  });

  it('is total: any string gives null or a finite wait of at least 0', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (text) => {
        const ms = parse_retry_after(text, NOW);
        expect(ms === null || (Number.isFinite(ms) && ms >= 0)).toBe(true);
      }),
    );
  });
});
