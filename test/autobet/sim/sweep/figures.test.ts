/**
 * A cell's figures from sessions written out here, each expected value
 * worked out by hand from the definitions in the issue: nearest-rank P10 and
 * P90, the median, CVaR 10 % (mean of the worst tenth), log-growth
 * exp(mean(log(1 + profit / bank))) − 1, the bust and win shares, and the
 * bankroll that keeps the bust share under the cap.
 */
import { describe, expect, it } from 'vitest';
import { cell_figures, type SessionSample } from '../../../../src/autobet/sim/sweep/figures.js';

const s = (profit: number, extra: Partial<SessionSample> = {}): SessionSample => ({
  profit, wagered: 1000, bets: 10, bust: false, longest_loss_streak: 3, need: 200, error: null, ...extra,
});

describe('cell figures', () => {
  // Ten sessions, bank 1000 units, 2 decimals (a currency of cents): profits in units.
  const samples = [
    s(-900, { bust: true, longest_loss_streak: 9, need: 5000 }), s(-500, { need: 700 }), s(-100, { need: 300 }), s(0), s(50),
    s(100, { need: 450 }), s(150), s(200), s(300), s(400, { wagered: 3000 }),
  ];
  const f = cell_figures(samples, 1000, 2, 0.1);

  it('profit percentiles, mean, median and the worst tenth', () => {
    expect(f.sessions).toBe(10);
    expect(f.median).toBe(0.75); // (50 + 100) / 2 units = 75 units = 0.75
    expect(f.mean).toBeCloseTo((-900 - 500 - 100 + 0 + 50 + 100 + 150 + 200 + 300 + 400) / 10 / 100, 12);
    expect(f.p10).toBe(-9); // rank ceil(0.1 × 10) = 1st
    expect(f.p90).toBe(3); // rank 9th
    expect(f.cvar10).toBe(-9); // the worst 1 of 10
  });

  it('shares, streak, wagered and log-growth', () => {
    expect(f.bust_share).toBe(0.1);
    expect(f.win_share).toBe(0.6);
    expect(f.longest_losing_streak).toBe(9);
    expect(f.wagered).toBe(12); // (9 × 1000 + 3000) / 10 units
    expect(f.wager_multiple).toBe(1.2);
    const logs = [-0.9, -0.5, -0.1, 0, 0.05, 0.1, 0.15, 0.2, 0.3, 0.4].map((x) => Math.log(1 + x));
    expect(f.log_growth).toBeCloseTo(Math.exp(logs.reduce((a, b) => a + b) / 10) - 1, 10);
  });

  it('the bankroll needed: the smallest start balance at which at most the cap busts', () => {
    // Needs sorted: 200 ×6, 300, 450, 700, bust (∞); a 10 % cap lets one bust: the 9th, 700 units.
    expect(f.bankroll_needed).toBe(7);
    // At 0 % every session must be paid: the bust one needed more than was simulated.
    expect(cell_figures(samples, 1000, 2, 0).bankroll_needed).toBeNull();
    // At 20 %: the 8th, 450.
    expect(cell_figures(samples, 1000, 2, 0.2).bankroll_needed).toBe(4.5);
  });

  it('sessions an error stopped are counted apart and left out', () => {
    const g = cell_figures([...samples, s(999_999, { error: 'error:strategy: boom' })], 1000, 2, 0.1);
    expect(g.errors).toBe(1);
    expect(g.sessions).toBe(10);
    expect(g.p90).toBe(f.p90);
    expect(g.bets).toBe(110);
  });
});
