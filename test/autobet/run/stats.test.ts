/**
 * The stats line over a seeded sandbox run: luck and drawdown equal the
 * test's own count over the bets (each bet's chance from the games'
 * published rules: dice 100 − target above / target below, limbo 99 % ÷
 * target), profit, wagered and what is left of the limits equal the bets'
 * sums. The last stats line comes at the stop, so nothing here waits on time.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { run_autobet, type BetLine } from '../../../src/autobet/index.js';
import type { StatsLine } from '../../../src/autobet/run/stats.js';
import { SessionReader } from '../../../src/dashboard/session-view.js';
import { open_database } from '../../../src/journal/index.js';
import { world, type World } from '../helpers.js';

let w: World | undefined;
afterEach(async () => {
  await w?.close();
  w = undefined;
});

const units = (x: number): number => Math.round(x * 1e8);

/** Dice at three chances and limbo at two targets, by turns; the amount doubles after a loss, up to 16×. */
const MIXED = `
const plays = [
  { game: 'dice', target: 50.5, condition: 'above' },
  { game: 'limbo', multiplierTarget: 3 },
  { game: 'dice', target: 20, condition: 'below' },
  { game: 'limbo', multiplierTarget: 1.5 },
  { game: 'dice', target: 90, condition: 'above' },
];
export default (s) => {
  const lost = s.last !== null && s.last.payoutMultiplier <= 1;
  s.memory.k = lost ? Math.min((s.memory.k ?? 1) * 2, 16) : 1;
  return { ...plays[s.bets % plays.length], amount: Number((0.000001 * s.memory.k).toFixed(8)) };
};
`;

function chance(l: BetLine): number {
  const s = l.state as Record<string, unknown>;
  if (l.game === 'dice') return (s['condition'] === 'above' ? 100 - (s['target'] as number) : (s['target'] as number)) / 100;
  return 0.99 / (s['multiplierTarget'] as number);
}

describe('the stats line', () => {
  it('luck, drawdown, profit and limits left equal the test\'s own count over a seeded run', async () => {
    w = await world({ dice_seed: 'stats-line-seed' });
    const file = path.join(w.dir, 'mixed.mjs');
    fs.writeFileSync(file, MIXED);
    const lines: BetLine[] = [];
    const stats: StatsLine[] = [];
    const r = await run_autobet({
      client: w.client, database: w.database, strategy: file, limits: { stop_loss: 0.001, max_bet: 0.001, max_bets: 120, max_wagered: 1 },
      on_bet: (l) => lines.push(l), on_stats: (s) => stats.push(s),
    });
    expect(r.stop?.reason).toBe('max_bets');
    expect(lines).toHaveLength(120);
    const last = stats.at(-1) as StatsLine;
    let profit = 0;
    let peak = 0;
    let maxDown = 0;
    let wins = 0;
    let expected = 0;
    let wagered = 0;
    for (const l of lines) {
      profit += units(l.payout) - units(l.amount);
      wagered += units(l.amount);
      peak = Math.max(peak, profit);
      maxDown = Math.max(maxDown, peak - profit);
      if (l.payoutMultiplier > 1) wins++;
      expected += chance(l);
    }
    expect(last.event).toBe('stats');
    expect(last.bets).toBe(120);
    expect(units(last.profit)).toBe(profit);
    expect(units(last.wagered)).toBe(wagered);
    expect(units(last.drawdown)).toBe(peak - profit);
    expect(units(last.max_drawdown)).toBe(maxDown);
    expect(last.luck).toBeCloseTo((100 * wins) / expected, 2);
    expect(units(last.limits_left['stop_loss'] as number)).toBe(100_000 + profit);
    expect(last.limits_left['max_bets']).toBe(0);
    expect(units(last.limits_left['max_wagered'] as number)).toBe(1e8 - wagered);
    expect(last.seconds).toBeGreaterThanOrEqual(0);
    expect(Math.sign(last.profit_per_hour)).toBe(last.seconds > 0 ? Math.sign(profit) : 0);
    // The dashboard reads the same figures from the journal.
    const db = open_database(w.database);
    try {
      const view = new SessionReader(db).current();
      expect(units(view?.stats.drawdown ?? NaN)).toBe(peak - profit);
      expect(units(view?.stats.max_drawdown ?? NaN)).toBe(maxDown);
      expect(view?.stats.luck).toBeCloseTo((100 * wins) / expected, 2);
    } finally {
      db.close();
    }
  });

  it('refuses a stats interval out of range before anything is sent', async () => {
    w = await world();
    await expect(run_autobet({ client: w.client, database: w.database, strategy: { game: 'dice', bet: { amount: 0.00000001, target: 50.5, condition: 'above' } }, limits: { stop_loss: 0.01, max_bet: 0.001 }, on_stats: () => undefined, stats_every_ms: 5 }))
      .rejects.toThrow(/^stats_every_ms/);
    expect(w.sandbox.stats().mutations_executed).toBe(0);
  });
});
