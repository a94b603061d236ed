/**
 * Autobet on Crash and Slide through the one engine: a sandbox run bets one
 * round at a time in the betting window (a run started while a round runs
 * bets in the next), and the simulator replaying the same rounds' hashes
 * gives the same bets, bet by bet. Payouts are checked against the chain
 * computed here with createHmac (the published algorithm, bitcointalk topic
 * 5162888), not the fairness module.
 */
import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ClientDriver } from '../../../../src/autobet/drivers/client-driver.js';
import { Money, new_counters } from '../../../../src/autobet/engine/counters.js';
import type { Driver } from '../../../../src/autobet/engine/driver.js';
import { run_engine } from '../../../../src/autobet/engine/engine.js';
import type { BetLine } from '../../../../src/autobet/engine/events.js';
import { MemoryJournal } from '../../../../src/autobet/engine/journal-port.js';
import { check_limits, type Limits } from '../../../../src/autobet/engine/limits.js';
import { SimDriver } from '../../../../src/autobet/drivers/sim-driver.js';
import { FunctionStrategy } from '../../../../src/autobet/strategies/module.js';
import type { StrategyAnswer, StrategyState } from '../../../../src/autobet/strategies/strategy.js';
import type { MultiplayerRoundFrame } from '../../../../src/realtime/multiplayer.js';
import { world } from '../../helpers.js';

const BLOCK_584500 = '0000000000000000001b34dc6a1e86083f95500b096231436e9b25cbdd0075c4';
const SEED = createHash('sha256').update('stakeql autobet crash chain').digest('hex');
const btc = new Money(8);

function shown_point(hash: string, edge: number): number {
  const n = createHmac('sha256', hash).update(BLOCK_584500).digest().readUInt32BE(0);
  return Math.floor(Math.max(1, (2 ** 32 / (n + 1)) * (1 - edge)) * 100) / 100;
}

/** Six bets: targets in turn, the amount doubled after a loss (a martingale), then stop. */
function strategy(game: 'crash' | 'slide'): FunctionStrategy {
  const targets = [1.5, 2, 1.2, 3, 1.01, 1.8];
  return new FunctionStrategy((s: StrategyState): StrategyAnswer => {
    if (s.bets >= targets.length) return { stop: 'done' };
    const lost = s.last !== null && s.last.payoutMultiplier === 0;
    const amount = lost ? Math.round((s.last!.amount * 2) / 1e-8) * 1e-8 : 0.0001;
    return { game, amount, cashoutAt: targets[s.bets]! } as StrategyAnswer;
  }, `six-${game}`);
}

async function run(driver: Driver, game: 'crash' | 'slide', limits: Limits = {}, settle_ms?: number): Promise<{ lines: BetLine[]; reason: string; message?: string }> {
  const start = await driver.start('btc');
  const lines: BetLine[] = [];
  const counters = new_counters(btc.units(start.balance));
  const stop = await run_engine({
    strategy: strategy(game),
    driver,
    journal: new MemoryJournal(),
    currency: 'btc',
    money: btc,
    limits: check_limits({ stop_loss: 0.5, max_bet: 0.01, ...limits }, true),
    counters,
    memory: {},
    last: null,
    seq: 1,
    seeds: start.seeds,
    signal: AbortSignal.timeout(60_000),
    resolve_timeout_ms: 5_000,
    ...(settle_ms === undefined ? {} : { settle_ms }),
    on_bet: (line) => lines.push(line),
  });
  return { lines, reason: stop.reason, ...(stop.message === undefined ? {} : { message: stop.message }) };
}

const compared = (l: BetLine) => ({ amount: l.amount, payout: l.payout, payoutMultiplier: l.payoutMultiplier, balance: l.balance, state: { ...(l.state as object), gameId: undefined } });

describe('autobet on crash through the engine', () => {
  it('a run started mid-round bets in the next window, one bet a round; sim on the same chain gives the same bets', async () => {
    const w = await world({ crash_round_ms: 200, crash_chain_seed: SEED });
    try {
      // Start while a round runs: its id must not be bet into.
      let running: string | null = null;
      for await (const f of w.client.watch_crash({ signal: AbortSignal.timeout(20_000) })) {
        if (f.__typename === 'MultiplayerCrash' && (f as MultiplayerRoundFrame).status === 'in_progress') {
          running = f.id;
          break;
        }
      }
      const live = await run(new ClientDriver(w.client, 'sandbox'), 'crash');
      expect(live.reason).toBe('strategy');
      expect(live.lines).toHaveLength(6);
      const rounds = live.lines.map((l) => (l.state as { gameId: string }).gameId);
      expect(new Set(rounds).size).toBe(6);
      expect(rounds).not.toContain(running);
      // Each bet paid by the chain computed here.
      for (const l of live.lines) {
        const s = l.state as { hash: string; cashoutAt: number; point: number };
        expect(s.point).toBe(shown_point(s.hash, 0.01));
        expect(l.payoutMultiplier).toBe(s.cashoutAt <= s.point ? s.cashoutAt : 0);
        expect(l.payout).toBeCloseTo(Math.floor(Math.round(l.amount * 1e8) * l.payoutMultiplier) / 1e8, 8);
      }
      // The sandbox's ledger agrees with the run's last balance.
      const balance = (await w.client.balances()).find((b) => b.available.currency === 'btc')!.available.amount;
      expect(balance).toBeCloseTo(live.lines.at(-1)!.balance, 8);
      // The simulator replaying those rounds' hashes: the same bets, bet by bet.
      const hashes = live.lines.map((l) => (l.state as { hash: string }).hash);
      const sim = await run(new SimDriver({ kind: 'random' }, 1, btc, { kind: 'replay', hashes }), 'crash');
      expect(sim.lines.map(compared)).toEqual(live.lines.map(compared));
    } finally {
      await w.close();
    }
  }, 60_000);

  it('limits hold as for every game: max_bet stops before the bet is sent', async () => {
    const w = await world({ crash_round_ms: 100, crash_chain_seed: SEED });
    try {
      const live = await run(new ClientDriver(w.client, 'sandbox'), 'crash', { max_bet: 0.00015 });
      // A loss doubles 0.0001 past max_bet: the run stops there, no bet above it sent.
      for (const l of live.lines) expect(l.amount).toBeLessThanOrEqual(0.00015);
      // Each bet booked once: the ledger's executed mutations (only crash bets here) are the run's lines. A request
      // that reached a window already closed (a loaded machine, 100 ms rounds) is refused by the sandbox, not booked,
      // and sent in the next window: so requests may outnumber the bets, never the other way round.
      const stats = w.sandbox.stats();
      expect(stats.mutations_executed).toBe(live.lines.length);
      expect(stats.by_operation['MultiplayerCrashBet'] ?? 0).toBeGreaterThanOrEqual(live.lines.length);
    } finally {
      await w.close();
    }
  }, 60_000);
});

describe('autobet on crash: lost answers', () => {
  it('an answer lost after the bet ran is found and counted once; a request lost before it ran bets in the next window', async () => {
    const w = await world({ crash_round_ms: 200, crash_chain_seed: SEED });
    try {
      w.sandbox.fail_next({ kind: 'drop_after_processing', operations: ['MultiplayerCrashBet'] });
      w.sandbox.fail_next({ kind: 'drop', operations: ['MultiplayerCrashBet'] });
      // The one dropped before it ran is "not placed" only once its round has finished and the settle period passed.
      const live = await run(new ClientDriver(w.client, 'sandbox'), 'crash', {}, 1_000);
      expect(live.reason).toBe('strategy');
      expect(live.lines).toHaveLength(6);
      // Seven requests: six bets booked, one dropped before it ran; none booked twice.
      expect(w.sandbox.stats().by_operation['MultiplayerCrashBet']).toBe(7);
      expect(new Set(live.lines.map((l) => (l.state as { gameId: string }).gameId)).size).toBe(6);
      const balance = (await w.client.balances()).find((b) => b.available.currency === 'btc')!.available.amount;
      expect(balance).toBeCloseTo(live.lines.at(-1)!.balance, 8);
    } finally {
      await w.close();
    }
  }, 60_000);
});

describe('autobet on slide', () => {
  it('six rounds in their windows, paid by the 2 % chain; sim replay equal', async () => {
    const w = await world({ crash_round_ms: 150, crash_chain_seed: SEED });
    try {
      const live = await run(new ClientDriver(w.client, 'sandbox'), 'slide');
      expect(live.lines).toHaveLength(6);
      for (const l of live.lines) {
        const s = l.state as { hash: string; point: number };
        expect(s.point).toBe(shown_point(s.hash, 0.02));
      }
      const hashes = live.lines.map((l) => (l.state as { hash: string }).hash);
      const sim = await run(new SimDriver({ kind: 'random' }, 1, btc, { kind: 'replay', hashes }), 'slide');
      expect(sim.lines.map(compared)).toEqual(live.lines.map(compared));
    } finally {
      await w.close();
    }
  }, 60_000);

  it('the simulator on a random chain: crash points follow the published distribution', async () => {
    const sim = new SimDriver({ kind: 'random' }, 1000, btc);
    const r = await run(sim, 'crash');
    expect(r.lines).toHaveLength(6);
    for (const l of r.lines) expect((l.state as { point: number }).point).toBe(shown_point((l.state as { hash: string }).hash, 0.01));
  });
});
