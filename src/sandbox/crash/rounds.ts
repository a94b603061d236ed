/**
 * The round clock of one multiplayer game (Crash or Slide) in the sandbox:
 * `pending` (the betting window, `crash_round_ms` long, `nextRoundIn`
 * counting down) → Crash: `in_progress` (the multiplier rises for another
 * `crash_round_ms`, as point^(elapsed / crash_round_ms), so every round
 * lasts the same at a test's pace) → `crash`; Slide: → `result`. Then the
 * next round's window opens at once. Sequence after site-coverage.md §2.6
 * (BOT4's `web.js`).
 *
 * Bets are taken only in the window, one per user per round; a bet whose
 * `cashoutAt` the round reaches is paid `cashoutAt` (result `autocashout`,
 * the site's value), a manual Crash cashout pays the multiplier at that
 * moment (result `cashout`), and a bet the round busts is paid nothing:
 * result `bust`, ours, since no public source logged the site's loss value.
 * Each bet is listed in the user's `houseBetList` from the moment it is taken
 * (src/sandbox/bets.ts), as an open mines round is.
 */
import { randomUUID } from 'node:crypto';
import type { SandboxEvents } from '../events.js';
import type { Ledger } from '../ledger.js';
import { applyMultiplier, betUnits, fromMinorUnits, requireCurrency } from '../money.js';
import { SiteRefusal, checkRange } from '../refusals.js';
import { type MultiplayerGame, RoundChain, round_point } from './chain.js';


export type { MultiplayerBet, MultiplayerFrame, MultiplayerRound, RoundStatus } from './frames.js';
import type { MultiplayerBet, MultiplayerFrame, MultiplayerRound } from './frames.js';

const MAX_CASHOUT_AT = 1_000_000;
const TICKS = 4;
// A sandbox left running keeps a bounded round history.
const MAX_HISTORY = 1_000;

/** One game's clock; stopped by {@link stop}. */
export class RoundClock {
  readonly game: MultiplayerGame;
  readonly #ledger: Ledger;
  readonly #events: SandboxEvents;
  readonly #round_ms: number;
  readonly #chain: RoundChain;
  readonly #history: MultiplayerRound[] = [];
  #current: MultiplayerRound | null = null;
  #phase_start = 0;
  #played = 0;
  #timer: NodeJS.Timeout | null = null;
  #stopped = false;

  constructor(game: MultiplayerGame, ledger: Ledger, events: SandboxEvents, round_ms: number, chain_seed: string | undefined) {
    this.game = game;
    this.#ledger = ledger;
    this.#events = events;
    this.#round_ms = round_ms;
    this.#chain = new RoundChain(chain_seed);
    this.#open();
  }

  /** Finished rounds, newest first. */
  history(offset: number, limit: number): MultiplayerRound[] {
    const out: MultiplayerRound[] = [];
    for (let i = this.#history.length - 1 - offset; i >= 0 && out.length < limit; i--) out.push(this.#history[i] as MultiplayerRound);
    return out;
  }

  /** The round `id`, the one now or one of the kept history; null when forgotten. */
  round(id: string): MultiplayerRound | null {
    if (this.#current?.id === id) return this.#current;
    for (let i = this.#history.length - 1; i >= 0; i--) if ((this.#history[i] as MultiplayerRound).id === id) return this.#history[i] as MultiplayerRound;
    return null;
  }

  /** The user's bet in the round now pending or running, or null. */
  active_bet(user_id: string): MultiplayerBet | null {
    const round = this.#current;
    if (round === null || round.status === 'crash' || round.status === 'result') return null;
    return round.bets.find((b) => b.user_id === user_id) ?? null;
  }

  /** A bet of `user_id` in the window now open; refusals as the site's, nothing changes on one. */
  bet(user_id: string, args: { amount: number; currency: string; cashoutAt: number; identifier?: string | null }): MultiplayerBet {
    const info = requireCurrency(args.currency);
    const units = betUnits(args.amount, info);
    checkRange('cashoutAt', args.cashoutAt, 1.01, MAX_CASHOUT_AT);
    const round = this.#current;
    if (round === null || round.status !== 'pending') throw new SiteRefusal('invalidArgument', 'Bets are taken only before the round starts.');
    if (round.bets.some((b) => b.user_id === user_id)) throw new SiteRefusal('existingGame', 'You already have a bet in this round.');
    const user = this.#ledger.user(user_id);
    this.#ledger.debit(user_id, info, units);
    const bet: MultiplayerBet = {
      id: randomUUID(),
      iid: this.#ledger.bets.nextIid(),
      game_id: round.id,
      user_id,
      user_name: user?.name ?? '',
      units,
      info,
      cashout_at: Math.floor(args.cashoutAt * 100) / 100,
      identifier: args.identifier ?? null,
      result: 'pending',
      payout_multiplier: 0,
      payout_units: 0n,
      updated_at: new Date().toISOString(),
    };
    round.bets.push(bet);
    this.#ledger.bets.add_multiplayer({ game: this.game, bet, round });
    this.#balance(bet, -units);
    this.#frame({ kind: 'bet', bet });
    return bet;
  }

  /** A manual Crash cashout at the multiplier now. */
  cashout(user_id: string): MultiplayerBet {
    const round = this.#current;
    const bet = round?.bets.find((b) => b.user_id === user_id && b.result === 'pending');
    if (round === null || round.status !== 'in_progress' || bet === undefined) throw new SiteRefusal('notFound', 'You have no bet in a running round.');
    const now = this.#multiplier_now(round);
    if (now >= round.point) throw new SiteRefusal('notFound', 'You have no bet in a running round.');
    if (bet.cashout_at <= now) this.#settle(bet, bet.cashout_at, 'autocashout');
    else this.#settle(bet, now, 'cashout');
    return bet;
  }

  stop(): void {
    this.#stopped = true;
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
  }

  #open(): void {
    const hash = this.#chain.take();
    if (hash === null || this.#stopped) return;
    const round: MultiplayerRound = {
      id: randomUUID(),
      hash,
      number: this.#played++,
      point: round_point(this.game, hash),
      start_time: new Date().toISOString(),
      status: 'pending',
      multiplier: 1,
      elapsed: 0,
      bets: [],
    };
    this.#current = round;
    this.#phase_start = Date.now();
    this.#frame({ kind: 'round', round, next_round_in: this.#round_ms });
    this.#after(this.#round_ms, () => (this.game === 'crash' ? this.#run(round, 1) : this.#end(round)));
  }

  #run(round: MultiplayerRound, tick: number): void {
    if (tick === 1) {
      round.status = 'in_progress';
      this.#phase_start = Date.now();
    }
    const shown = Math.floor(round.point ** (Math.min(tick - 1, TICKS) / TICKS) * 100) / 100;
    if (tick > TICKS || shown >= round.point) return this.#end(round);
    round.multiplier = shown;
    round.elapsed = Date.now() - this.#phase_start;
    for (const bet of round.bets) if (bet.result === 'pending' && bet.cashout_at <= shown) this.#settle(bet, bet.cashout_at, 'autocashout');
    this.#frame({ kind: 'round', round, next_round_in: null });
    this.#after(this.#round_ms / TICKS, () => this.#run(round, tick + 1));
  }

  #end(round: MultiplayerRound): void {
    round.status = this.game === 'crash' ? 'crash' : 'result';
    round.multiplier = round.point;
    round.elapsed = Date.now() - this.#phase_start;
    for (const bet of round.bets) {
      if (bet.result !== 'pending') continue;
      if (bet.cashout_at <= round.point) this.#settle(bet, bet.cashout_at, 'autocashout');
      else this.#settle(bet, 0, 'bust');
    }
    this.#history.push(round);
    if (this.#history.length > MAX_HISTORY) this.#history.splice(0, this.#history.length - MAX_HISTORY);
    this.#frame({ kind: 'round', round, next_round_in: null });
    this.#open();
  }

  #multiplier_now(round: MultiplayerRound): number {
    const fraction = Math.min(1, (Date.now() - this.#phase_start) / this.#round_ms);
    return Math.floor(round.point ** fraction * 100) / 100;
  }

  #settle(bet: MultiplayerBet, multiplier: number, result: MultiplayerBet['result']): void {
    bet.result = result;
    bet.payout_multiplier = multiplier;
    bet.payout_units = applyMultiplier(bet.units, Math.round(multiplier * 10_000));
    bet.updated_at = new Date().toISOString();
    if (bet.payout_units > 0n) {
      this.#ledger.credit(bet.user_id, bet.info, bet.payout_units);
      this.#balance(bet, bet.payout_units);
    }
    this.#frame({ kind: 'bet', bet });
  }

  #balance(bet: MultiplayerBet, units: bigint): void {
    const after = this.#ledger.available(bet.user_id, bet.info);
    this.#events.emit('balance', {
      user_id: bet.user_id,
      currency: bet.info.name,
      amount: fromMinorUnits(units, bet.info),
      balance: fromMinorUnits(after, bet.info),
      identifier: bet.identifier,
    });
  }

  #frame(frame: MultiplayerFrame): void {
    this.#events.emit('multiplayer', { game: this.game, frame });
  }

  #after(ms: number, then: () => void): void {
    if (this.#stopped) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      if (!this.#stopped) then();
    }, ms);
  }
}
