/**
 * Drives a DiceBot Lua strategy with synthetic settled dice bets: each bet's
 * roll is given by the test, and whether it won follows from the roll against
 * the target and condition the strategy asked for, computed here.
 */
import type { DiceNext, SettledBet, Strategy, StrategyAnswer, StrategyContext, StrategyState } from '../../../../src/autobet/strategies/strategy.js';

/** A context for tests: the simulator unless told, prints collected in `printed`. */
export function test_context(overrides: Partial<StrategyContext> = {}): StrategyContext & { printed: string[] } {
  const printed: string[] = [];
  return {
    driver: 'simulator',
    currency: 'btc',
    start_balance: 1,
    client_seed: 'client-seed',
    server_seed_hash: 'a'.repeat(64),
    print: (line: string) => printed.push(line),
    ...overrides,
    printed,
  };
}

/** A dice bet as the engine would hand it back. */
export interface Placed {
  readonly amount: number;
  readonly target: number;
  readonly condition: 'above' | 'below';
  readonly result: number;
  readonly win: boolean;
  readonly rotate?: boolean;
}

/** The engine's counters, updated bet by bet as the engine does. */
export class EngineState implements StrategyState {
  bets = 0;
  wins = 0;
  losses = 0;
  profit = 0;
  wagered = 0;
  balance: number;
  streak = 0;
  peak_profit = 0;
  last: SettledBet | null = null;
  currency: string;
  memory: Record<string, unknown> = {};
  private nonce = 0;
  private pair = 0;

  constructor(start_balance = 1, currency = 'btc') {
    this.balance = start_balance;
    this.currency = currency;
  }

  /** Settles `next` with `roll`; returns what was placed. */
  settle(next: DiceNext, roll: number): Placed {
    if (next.rotate_seed_pair === true) {
      this.pair += 1;
      this.nonce = 0;
    }
    const win = next.condition === 'above' ? roll > next.target : roll < next.target;
    const chance = next.condition === 'above' ? 100 - next.target : next.target;
    const multiplier = win ? 99 / chance : 0;
    this.record('dice', next.amount, next.amount * multiplier, multiplier, { result: roll, target: next.target, condition: next.condition }, {
      won: win,
      bet: { nonce: this.nonce, clientSeed: { seed: `client-${this.pair}` }, serverSeed: { seedHash: `hash-${this.pair}`, seed: null } },
    });
    this.nonce += 1;
    return { amount: next.amount, target: next.target, condition: next.condition, result: roll, win, ...(next.rotate_seed_pair === true ? { rotate: true } : {}) };
  }
  /** Counts a settled bet of `game` as the engine counts it and makes it the last one the strategy sees. */
  record(game: string, amount: number, payout: number, multiplier: number, state: unknown, options: RecordOptions = {}): void {
    const won = options.won ?? multiplier > 1;
    this.bets += 1;
    if (won) this.wins += 1;
    else this.losses += 1;
    this.profit += payout - amount;
    this.wagered += amount;
    this.balance += payout - amount;
    this.peak_profit = Math.max(this.peak_profit, this.profit);
    this.streak = won ? (this.streak > 0 ? this.streak + 1 : 1) : this.streak < 0 ? this.streak - 1 : -1;
    this.last = {
      id: `bet-${this.bets}`, identifier: `ident-${this.bets}`, active: false, payoutMultiplier: multiplier, amountMultiplier: 1,
      amount, payout, updatedAt: 'Tue, 25 Nov 2025 00:00:00 GMT', currency: this.currency, game, user: { id: 'u', name: 'tester' },
      state, ...options.bet,
    } as SettledBet;
  }

}

/** How {@link EngineState.record} counts a bet beyond its amounts: whether it won (default: it paid above 1×), and more of the bet's fields. */
export interface RecordOptions {
  readonly won?: boolean;
  readonly bet?: Readonly<Record<string, unknown>>;
}

/** True when the answer is a dice bet. */
export function is_dice(answer: StrategyAnswer): answer is DiceNext {
  return 'game' in answer && answer.game === 'dice';
}

/** The bet the strategy asks for, as [amount, target, condition] (plus 'rotate' when it rotates the seed pair). */
export type BetTuple = readonly [number, number, 'above' | 'below'] | readonly [number, number, 'above' | 'below', 'rotate'];

function tuple(next: DiceNext): BetTuple {
  return next.rotate_seed_pair === true ? [next.amount, next.target, next.condition, 'rotate'] : [next.amount, next.target, next.condition];
}

/**
 * For each roll: asks for a bet and settles it with that roll; then asks once
 * more. Returns every bet asked for (one more than the rolls unless it
 * stopped) and the stop, if the strategy stopped.
 */
export async function drive(strategy: Strategy, rolls: readonly number[], state = new EngineState()): Promise<{ bets: BetTuple[]; stop: string | null; state: EngineState }> {
  const bets: BetTuple[] = [];
  for (let i = 0; i <= rolls.length; i += 1) {
    const answer = await strategy.next(state);
    if (!is_dice(answer)) return { bets, stop: (answer as { stop: string }).stop, state };
    bets.push(tuple(answer));
    if (i < rolls.length) state.settle(answer, rolls[i]!);
  }
  return { bets, stop: null, state };
}

/** A labouchere script in the wild's style (table.getn, table.insert/remove), used by several tests. */
export const LABOUCHERE = `
unit = 0.00000100
list = {1, 2, 3}
chance = 49.5
bethigh = false
function betsize()
  local n = table.getn(list)
  if n == 0 then list = {1, 2, 3}; n = 3 end
  if n == 1 then return list[1] * unit end
  return (list[1] + list[n]) * unit
end
nextbet = betsize()
function dobet()
  local n = table.getn(list)
  if win then
    if n <= 2 then list = {} else table.remove(list, n); table.remove(list, 1) end
  else
    table.insert(list, list[1] + list[n])
  end
  nextbet = betsize()
end
`;
