/**
 * A doubling martingale on dice at 49.5 % (a win pays exactly 2×), started
 * with the sum of a k-step ladder: it busts exactly when k losses in a row
 * end before the last bet (the balance it wins meanwhile is too little to
 * reach step k + 1 in so few bets). The probability of that is computed
 * here by its own recursion over the current losing run, with the win
 * chance counted from the published dice formula; the sweep's `ruin_exact`
 * must equal it, and its Monte Carlo bust share must lie within four sigma.
 */
import { describe, expect, it } from 'vitest';
import { rank_cells, sweep, type CellLine } from '../../../../src/autobet/sim/sweep/index.js';

/** Rolls are floor(float × 10001) / 100, i.e. r / 100 for r = 0 … 10000; "above 50.5" wins for r ≥ 5051. */
const P_WIN = [...Array(10_001).keys()].filter((r) => r / 100 > 50.5).length / 10_001;

/** P(a run of k losses within n independent bets), by the chance of each current run length. */
function run_of_losses(k: number, n: number, p: number): number {
  let runs = new Array<number>(k).fill(0);
  runs[0] = 1;
  let hit = 0;
  for (let t = 0; t < n; t++) {
    const next = new Array<number>(k).fill(0);
    for (let s = 0; s < k; s++) {
      next[0]! += runs[s]! * p;
      if (s + 1 === k) hit += runs[s]! * (1 - p);
      else next[s + 1]! += runs[s]! * (1 - p);
    }
    runs = next;
  }
  return hit;
}

const BETS = 36;
const SESSIONS = 2000;
const MART = { game: 'dice', bet: { amount: 0.00000001, target: 50.5, condition: 'above' }, on_win: 'reset', on_loss: { increase_pct: 100 } };
// 63 units: 1+2+…+32 (six steps of 1 unit), or 2+4+…+32 = 62 (five steps of 2 units).
const spec = (amounts: number[]) => ({ strategy: MART, params: { 'bet.amount': amounts }, sessions: SESSIONS, bets: BETS, balance: 0.00000063, seed: 'ruin-test' });

describe('exact ruin of a martingale ladder', () => {
  let cells: readonly CellLine[] = [];

  it('equals the closed form, and the Monte Carlo bust share is within four sigma of it', async () => {
    expect(P_WIN).toBe(4950 / 10_001);
    const result = await sweep({ spec: spec([0.00000001, 0.00000002]), workers: 1 });
    cells = result.cells;
    expect(cells.map((c) => c.params['bet.amount'])).toEqual([0.00000001, 0.00000002]);
    // The last loss of the run must leave a bet to ask for: within the first BETS − 1 bets.
    for (const [cell, k] of [[cells[0]!, 6], [cells[1]!, 5]] as const) {
      const exact = run_of_losses(k, BETS - 1, P_WIN);
      expect(cell.ruin_exact).toBeCloseTo(exact, 12);
      const sigma = Math.sqrt((exact * (1 - exact)) / SESSIONS);
      expect(Math.abs(cell.bust_share - exact)).toBeLessThan(4 * sigma);
      expect(cell.sessions).toBe(SESSIONS);
      expect(cell.errors).toBe(0);
    }
    // A shorter ladder ruins more often.
    expect(cells[1]!.ruin_exact!).toBeGreaterThan(cells[0]!.ruin_exact!);
  });

  it('on a ladder whose wins pay rounded-down odd amounts (+50 % a loss, 2.475×), the exact figure and the Monte Carlo agree within four sigma', async () => {
    const odd = { ...MART, bet: { ...MART.bet, target: 60 }, on_loss: { increase_pct: 50 } };
    const result = await sweep({ spec: { ...spec([0.00000001]), strategy: odd }, workers: 1 });
    const cell = result.cells[0]!;
    const exact = cell.ruin_exact!;
    expect(exact).toBeGreaterThan(0.01);
    expect(Math.abs(cell.bust_share - exact)).toBeLessThan(4 * Math.sqrt((exact * (1 - exact)) / SESSIONS));
  });

  it('a cell run alone (its own spec, the same seed) gives the same line', async () => {
    const alone = await sweep({ spec: spec([0.00000002]), workers: 1 });
    expect({ ...alone.cells[0], index: 1 }).toEqual(cells[1]);
  });

  it('ranking under a bust cap keeps only the cells at or under it, best median first', () => {
    const [a, b] = cells as [CellLine, CellLine];
    const cap = (a.bust_share + b.bust_share) / 2;
    const low = a.bust_share < b.bust_share ? a : b;
    expect(rank_cells(cells, { max_bust: cap }).map((c) => c.index)).toEqual([low.index]);
    expect(rank_cells(cells, { max_bust: 1 }).map((c) => c.index)).toEqual([...cells].sort((x, y) => y.median - x.median || y.mean - x.mean).map((c) => c.index));
    expect(rank_cells(cells, { max_bust: 1, min_sessions: SESSIONS + 1 })).toEqual([]);
  });
});
