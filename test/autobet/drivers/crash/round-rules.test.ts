/**
 * Round-aware Crash (issue 45 item 2): a settings rule over the rounds'
 * points ("after 2 rounds under 2×, bet") skips rounds on the sandbox, and
 * the simulator replaying the same chain (with the rounds before it as
 * history) shows the strategy the same rounds and places the same bets. Which
 * rounds must be bet is this test's own count, from the chain computed with
 * createHmac (test/support/crash-chain.ts), not the code under test.
 */
import { describe, expect, it } from 'vitest';
import { ClientDriver } from '../../../../src/autobet/drivers/client-driver.js';
import { Money, new_counters } from '../../../../src/autobet/engine/counters.js';
import type { Driver } from '../../../../src/autobet/engine/driver.js';
import { run_engine } from '../../../../src/autobet/engine/engine.js';
import type { BetLine } from '../../../../src/autobet/engine/events.js';
import { MemoryJournal } from '../../../../src/autobet/engine/journal-port.js';
import { check_limits } from '../../../../src/autobet/engine/limits.js';
import { SimDriver } from '../../../../src/autobet/drivers/sim-driver.js';
import { SettingsStrategy, check_settings } from '../../../../src/autobet/strategies/settings.js';
import type { Strategy, StrategyAnswer } from '../../../../src/autobet/strategies/strategy.js';
import { chain_from, sha, shown_point } from '../../../support/crash-chain.js';
import { world } from '../../helpers.js';

const SEED = sha('stakeql issue 45 round rules');
const btc = new Money(8);
const SETTINGS = { game: 'crash', bet: { amount: 0.0001, cashoutAt: 1.5 }, on_loss: { increase_pct: 100 }, rounds: { bet_after: 2, below: 2 } };

/** The settings strategy, with what it was shown and answered at each ask recorded. */
function recorded(): { strategy: Strategy; views: (number[] | null)[]; answers: StrategyAnswer[] } {
  const inner = new SettingsStrategy(check_settings(SETTINGS), { currency: 'btc' });
  const views: (number[] | null)[] = [];
  const answers: StrategyAnswer[] = [];
  return {
    views,
    answers,
    strategy: {
      name: 'rounds-rule',
      next: (s) => {
        views.push(s.rounds === undefined ? null : [...s.rounds]);
        const a = inner.next(s) as StrategyAnswer;
        answers.push(a);
        return a;
      },
      save: () => inner.save(),
      restore: (x) => inner.restore(x),
    },
  };
}

async function run(driver: Driver, strategy: Strategy): Promise<{ lines: BetLine[]; reason: string }> {
  const start = await driver.start('btc');
  const lines: BetLine[] = [];
  const stop = await run_engine({
    strategy, driver, journal: new MemoryJournal(), currency: 'btc', money: btc,
    limits: check_limits({ stop_loss: 0.5, max_bet: 0.01, max_bets: 4 }, true),
    counters: new_counters(btc.units(start.balance)), memory: {}, last: null, seq: 1, seeds: start.seeds,
    signal: AbortSignal.timeout(90_000), resolve_timeout_ms: 5_000, on_bet: (line) => lines.push(line),
  });
  return { lines, reason: stop.reason };
}

const compared = (l: BetLine) => ({ amount: l.amount, payout: l.payout, payoutMultiplier: l.payoutMultiplier, balance: l.balance, hash: (l.state as { hash: string }).hash, point: (l.state as { point: number }).point });

describe('crash: a settings rule over round points, sim ≡ sandbox', () => {
  it('bets only after 2 rounds under 2×, skips the others; the simulator on the same chain sees the same rounds and bets the same', async () => {
    const w = await world({ crash_round_ms: 150, crash_chain_seed: SEED });
    try {
      const live = recorded();
      const result = await run(new ClientDriver(w.client, 'sandbox'), live.strategy);
      expect(result.reason).toBe('max_bets');
      expect(result.lines).toHaveLength(4);

      // The chain as played (the sandbox's option: the seed, then each hash the SHA-256 of the one before, played from the end).
      const played = chain_from(SEED);
      const point = (i: number): number => shown_point(played[i]!, 0.01);
      // The first ask sees no rounds (the run has not looked at crash yet): it skips; the next sees the history and that round.
      expect(live.views[0]).toBeNull();
      const first = live.views[1]!;
      const m = first.length - 1;
      expect(first).toEqual(Array.from({ length: m + 1 }, (_, i) => point(i)));
      // The test's own count: round r (after m) is bet iff the two rounds before it were under 2×.
      const bet_rounds = result.lines.map((l) => played.indexOf((l.state as { hash: string }).hash));
      const last = bet_rounds.at(-1)!;
      const expected: number[] = [];
      for (let r = m + 1; r <= last; r++) if (r >= 2 && point(r - 2) < 2 && point(r - 1) < 2) expected.push(r);
      expect(bet_rounds).toEqual(expected);
      // Every round from m to the last bet was looked at once: a skip or a bet each.
      expect(live.answers.length).toBe(last - m + 1);

      // The simulator: the rounds before m as history, the chain from m on.
      const sim = recorded();
      const replay = await run(new SimDriver({ kind: 'random' }, 1, btc, { kind: 'replay', hashes: played.slice(m, last + 1), history: played.slice(0, m) }), sim.strategy);
      expect(replay.reason).toBe('max_bets');
      expect(replay.lines.map(compared)).toEqual(result.lines.map(compared));
      expect(sim.views).toEqual(live.views);
      expect(sim.answers).toEqual(live.answers);
    } finally {
      await w.close();
    }
  }, 120_000);

  it('refuses a rounds rule for a game without rounds, or written wrong, naming the field', () => {
    expect(() => check_settings({ game: 'dice', bet: { amount: 0, target: 50, condition: 'above' }, rounds: { bet_after: 2, below: 2 } })).toThrow(/settings: rounds is for crash and slide/);
    expect(() => check_settings({ ...SETTINGS, rounds: { bet_after: 0, below: 2 } })).toThrow(/rounds\.bet_after/);
    expect(() => check_settings({ ...SETTINGS, rounds: { bet_after: 2, below: 2, at_least: 3 } })).toThrow(/exactly one of below, at_least/);
  });
});
