/**
 * The pay tables the sandbox and the simulator pay by are the site's public
 * ones (test/fixtures/pay-tables.json, with their sources), and each one's
 * return to player, computed exactly from the fairness distribution (the
 * hypergeometric draw of keno, the binomial bucket of plinko), stands within
 * 0.6 percentage points of the site's 99 % (games.md § Pay tables).
 */
import { describe, expect, it } from 'vitest';
import { KENO_TABLE_SOURCE, KENO_TABLES } from '../../src/games/keno/table.js';
import { PLINKO_TABLE_SOURCE, PLINKO_TABLES } from '../../src/games/plinko/table.js';
import { GAMES } from '../../src/games/registry.js';
import { PAY_TABLES } from '../support/pay-tables.js';

/** C(n, k) as an exact integer in a double (n ≤ 40 here). */
function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let c = 1;
  for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
  return Math.round(c);
}

/** Keno: 10 of 40 drawn; P(h hits of k picks) = C(10, h) C(30, k − h) / C(40, k). */
function keno_rtp(row: readonly number[]): number {
  const picks = row.length - 1;
  return row.reduce((sum, m, hits) => sum + (m * choose(10, hits) * choose(30, picks - hits)) / choose(40, picks), 0);
}

/** Plinko: each row left or right with probability ½; P(bucket b of n rows) = C(n, b) / 2^n. */
function plinko_rtp(row: readonly number[]): number {
  const rows = row.length - 1;
  return row.reduce((sum, m, bucket) => sum + (m * choose(rows, bucket)) / 2 ** rows, 0);
}

const SITE_RTP = 0.99;
const TOLERANCE = 0.006;

describe('keno and plinko pay tables', () => {
  it('the shipped tables are the public ones, value for value, with the same source', () => {
    expect(JSON.parse(JSON.stringify(KENO_TABLES))).toEqual(PAY_TABLES.keno.tables);
    expect(KENO_TABLE_SOURCE).toBe(PAY_TABLES.keno.source);
    expect(JSON.parse(JSON.stringify(PLINKO_TABLES))).toEqual(PAY_TABLES.plinko.tables);
    expect(PLINKO_TABLE_SOURCE).toBe(PAY_TABLES.plinko.source);
    expect(GAMES.keno.pay).toMatchObject({ table: true, source: PAY_TABLES.keno.source });
    expect(GAMES.plinko.pay).toMatchObject({ table: true, source: PAY_TABLES.plinko.source });
  });

  it('every keno table (4 risks × 1–10 picks) returns 99 % ± 0.6 points; the public tables give 98.65–99.04 %', () => {
    const rtps: number[] = [];
    for (const [risk, byPicks] of Object.entries(PAY_TABLES.keno.tables)) {
      expect(Object.keys(byPicks).map(Number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      for (const [picks, row] of Object.entries(byPicks)) {
        expect(row, `${risk} ${picks}`).toHaveLength(Number(picks) + 1);
        const rtp = keno_rtp(row);
        expect(Math.abs(rtp - SITE_RTP), `keno ${risk} ${picks} picks: ${(rtp * 100).toFixed(2)} %`).toBeLessThanOrEqual(TOLERANCE);
        rtps.push(rtp);
      }
    }
    expect(rtps).toHaveLength(40);
    expect(Math.min(...rtps)).toBeCloseTo(0.9865, 3);
    expect(GAMES.keno.rtp).toBe(SITE_RTP);
  });

  it('every plinko table (3 risks × 8–16 rows) returns 99 % ± 0.6 points', () => {
    let count = 0;
    for (const [risk, byRows] of Object.entries(PAY_TABLES.plinko.tables)) {
      expect(Object.keys(byRows).map(Number)).toEqual([8, 9, 10, 11, 12, 13, 14, 15, 16]);
      for (const [rows, row] of Object.entries(byRows)) {
        expect(row, `${risk} ${rows}`).toHaveLength(Number(rows) + 1);
        const rtp = plinko_rtp(row);
        expect(Math.abs(rtp - SITE_RTP), `plinko ${risk} ${rows} rows: ${(rtp * 100).toFixed(2)} %`).toBeLessThanOrEqual(TOLERANCE);
        count++;
      }
    }
    expect(count).toBe(27);
    expect(GAMES.plinko.rtp).toBe(SITE_RTP);
  });

  it('the checker itself: an invented table off by a point fails the tolerance', () => {
    expect(Math.abs(keno_rtp([0, 3.96]) - SITE_RTP)).toBeLessThan(1e-12);
    expect(Math.abs(keno_rtp([0, 3.96 * 1.01]) - SITE_RTP)).toBeGreaterThan(TOLERANCE);
    expect(plinko_rtp([1, 1, 1, 1, 1, 1, 1, 1, 1])).toBeCloseTo(1, 12);
  });

  it('plinko expert is taken live but has no table: the rules say so, naming the risk', () => {
    expect(GAMES.plinko.check({ rows: 8, risk: 'expert' })).toEqual({ rows: 8, risk: 'expert' });
    expect(GAMES.plinko.unpayable!({ rows: 8, risk: 'expert' })).toMatch(/^risk "expert": .*not public/);
    expect(GAMES.plinko.unpayable!({ rows: 8, risk: 'high' })).toBeNull();
    expect(() => GAMES.plinko.settle({ path: [0, 0, 0, 0, 0, 0, 0, 0], bucket: 0 }, { rows: 8, risk: 'expert' })).toThrow(/not public/);
  });
});
