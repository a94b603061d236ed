/**
 * What a DiceBot script sees of the engine's state: DiceBot's variables for
 * one settled dice bet, with `resetstats()` applied as offsets (the script's
 * counters restart at 0; the engine's, which the limits use, never do).
 */
import type { StrategyState } from '../strategy.js';
import type { StepValues } from './vm.js';

/** The counters at the last `resetstats()`: the script sees the engine's minus these. */
export interface StatsOffsets {
  bets: number;
  wins: number;
  losses: number;
  profit: number;
  wagered: number;
  /** The engine's streak at the reset, while that streak goes on (0 once it breaks). */
  streak: number;
}

/** No reset yet. */
export function zero_offsets(): StatsOffsets {
  return { bets: 0, wins: 0, losses: 0, profit: 0, wagered: 0, streak: 0 };
}

interface DiceFields {
  readonly result?: unknown;
  readonly target?: unknown;
  readonly condition?: unknown;
}

/** One step's values, and the amount and profit of the last bet. */
export interface StepInput {
  readonly values: StepValues;
  readonly amount: number;
  readonly bet_profit: number;
}

/** Builds each step's values; remembers the seeds it last handed over so unchanged ones are not pushed again. */
export class ScriptView {
  offsets: StatsOffsets = zero_offsets();
  private serverhash: string | undefined;
  private serverseed: string | null | undefined;
  private clientseed: string | undefined;

  /** DiceBot's variables after `state.last` (which must not be null). */
  step_input(state: StrategyState): StepInput {
    const last = state.last!;
    const dice = (last.state ?? {}) as DiceFields;
    const result = typeof dice.result === 'number' ? dice.result : 0;
    const target = typeof dice.target === 'number' ? dice.target : 0;
    const high = dice.condition === 'above';
    // The win follows from the roll against the target, as the game decides it.
    const win = typeof dice.result === 'number' && typeof dice.target === 'number'
      ? high ? result > target : result < target
      : last.payout > 0;
    const amount = last.amount;
    const bet_profit = last.payout - last.amount;
    const o = this.offsets;
    let streak = state.streak;
    if (o.streak !== 0 && Math.sign(streak) === Math.sign(o.streak) && Math.abs(streak) > Math.abs(o.streak)) {
      streak -= o.streak;
    } else {
      o.streak = 0;
    }
    const values: StepValues = {
      balance: state.balance,
      win,
      profit: state.profit - o.profit,
      currentprofit: bet_profit,
      currentstreak: streak,
      previousbet: amount,
      bets: state.bets - o.bets,
      wins: state.wins - o.wins,
      losses: state.losses - o.losses,
      wagered: state.wagered - o.wagered,
      roll: result,
      chance: high ? Math.round((100 - target) * 100) / 100 : target,
      high,
      nonce: last.nonce,
      id: String(last.id),
      serverhash: this.changed_hash(last.serverSeed?.seedHash),
      serverseed: this.changed_server_seed(last.serverSeed?.seed ?? null),
      clientseed: this.changed_client_seed(last.clientSeed?.seed),
    };
    return { values, amount, bet_profit };
  }

  /** `resetstats()` was called during the step that saw `state` (null: at the top level). */
  reset(state: StrategyState | null): void {
    this.offsets = state === null
      ? zero_offsets()
      : { bets: state.bets, wins: state.wins, losses: state.losses, profit: state.profit, wagered: state.wagered, streak: state.streak };
  }

  private changed_hash(value: string | undefined): string | undefined {
    if (value === undefined || value === this.serverhash) return undefined;
    this.serverhash = value;
    return value;
  }

  private changed_server_seed(value: string | null): string | null | undefined {
    if (value === this.serverseed) return undefined;
    this.serverseed = value;
    return value;
  }

  private changed_client_seed(value: string | undefined): string | undefined {
    if (value === undefined || value === this.clientseed) return undefined;
    this.clientseed = value;
    return value;
  }
}
