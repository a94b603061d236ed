/**
 * One simulated session: the engine with the simulator's driver and no
 * journal. Run by `simulate` on the main thread or in a worker.
 */
import type { ChainSource } from '../drivers/crash/sim-rounds.js';
import { decimals_for } from '../../operations/validate/currencies.js';
import { Money, new_counters } from '../engine/counters.js';
import { run_engine } from '../engine/engine.js';
import type { BetLine } from '../engine/events.js';
import type { EngineJournal } from '../engine/journal-port.js';
import type { Limits } from '../engine/limits.js';
import { SimDriver, type SeedSource } from '../drivers/sim-driver.js';
import { limit_rules, refusal_of } from '../engine/limit-rules.js';
import type { PreparedStrategy } from '../strategies/load.js';

/** One session's result line. Money in currency units. */
export interface SessionResult {
  readonly event: 'session';
  readonly index: number;
  readonly end_balance: number;
  readonly bets: number;
  /** Bets that paid more than they cost, and the others, as the stop line counts them. */
  readonly wins: number;
  readonly losses: number;
  readonly wagered: number;
  readonly profit: number;
  readonly peak_profit: number;
  readonly max_drawdown: number;
  readonly longest_loss_streak: number;
  /** Moved into the simulated vault (`vault_pct`, `{ vault }`, `invest()`). */
  readonly vaulted: number;
  /** What rounding payouts down to the currency's unit kept: the exact payouts minus the paid ones. */
  readonly rounding_loss: number;
  readonly reason: string;
  /** Words that go with the reason (the strategy's, an error's). */
  readonly message?: string;
  /** The bet the reason is about, when there is one (as on the stop line). */
  readonly identifier?: string;
}

/** A journal that keeps nothing: memory stays flat however many bets a session has. */
const NULL_JOURNAL: EngineJournal = {
  durable: false,
  intend: () => undefined,
  placed: () => undefined,
  adopted: () => undefined,
  not_placed: () => undefined,
  refused: () => undefined,
  deposited: () => undefined,
  stop_requested: () => false,
};

/** What one session needs. */
export interface SimSessionInput {
  readonly index: number;
  readonly prepared: PreparedStrategy;
  readonly limits: Limits;
  readonly start_balance: number;
  readonly currency: string;
  readonly seeds: SeedSource;
  /** Crash and Slide rounds: a replayed chain; default a random one. */
  readonly chain?: ChainSource;
  readonly signal: AbortSignal;
  readonly on_bet?: (line: BetLine) => void;
  readonly print?: (line: string) => void;
}

/** Runs one session to its stop. */
export async function run_sim_session(input: SimSessionInput): Promise<SessionResult> {
  const money = new Money(decimals_for(input.currency));
  const start_units = money.units_down(input.start_balance);
  const driver = new SimDriver(input.seeds, money.amount(start_units), money, input.chain ?? { kind: 'random' });
  const start = await driver.start();
  const strategy = await input.prepared.bind({
    driver: 'simulator',
    currency: input.currency,
    start_balance: start.balance,
    client_seed: start.seeds.client_seed,
    server_seed_hash: start.seeds.server_seed_hash,
    print: input.print ?? (() => undefined),
  });
  const counters = new_counters(start_units);
  // Hilo and blackjack bets are played as rounds by the strategy's round policy (rounds/sim-round.ts).
  const round = strategy.round?.bind(strategy);
  if (round !== undefined) driver.play_rounds({ decide: round, refusal: (units) => refusal_of(limit_rules(input.limits, money), counters, units) });
  try {
    const stop = await run_engine({
      strategy,
      driver,
      journal: NULL_JOURNAL,
      currency: input.currency,
      money,
      limits: input.limits,
      counters,
      memory: {},
      last: null,
      seq: 1,
      seeds: start.seeds,
      signal: input.signal,
      resolve_timeout_ms: 0,
      ...(input.on_bet === undefined ? {} : { on_bet: input.on_bet }),
    });
    return {
      event: 'session',
      index: input.index,
      end_balance: money.amount(counters.balance),
      bets: counters.bets,
      wins: stop.wins,
      losses: stop.losses,
      wagered: money.amount(counters.wagered),
      profit: money.amount(counters.profit),
      peak_profit: money.amount(counters.peak_profit),
      max_drawdown: money.amount(counters.max_drawdown),
      longest_loss_streak: counters.longest_loss_streak,
      vaulted: money.amount(counters.vaulted ?? 0),
      rounding_loss: driver.rounding_loss,
      reason: stop.reason,
      ...(stop.message === undefined ? {} : { message: stop.message }),
      ...(stop.identifier === undefined ? {} : { identifier: stop.identifier }),
    };
  } finally {
    await strategy.close?.();
  }
}
