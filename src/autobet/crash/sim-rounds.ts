/**
 * The simulator's Crash and Slide rounds: a revealed chain replayed in
 * order (the hashes as the rounds were played, e.g. from `crash_history`,
 * oldest first), or a random chain: a random 64-hex hash and then each next
 * hash the SHA-256 of the one before. That is a real chain read from its
 * start rather than its end; each round's point has the same distribution,
 * which is all a Monte Carlo run needs. Points from `stakeql/fairness`.
 */
import { randomBytes } from 'node:crypto';
import { previous_game_hash } from '../../games/crash/outcome.js';
import { type MultiplayerGame, round_point, settle_multiplayer } from '../../games/crash/rules.js';
import { payout_units } from '../../games/kernel/payout.js';
import type { Money } from '../counters.js';
import type { PlannedBet } from '../planned-bet.js';
import { Stop } from '../stop.js';
import type { SettledBet } from '../strategy.js';
import { multiplayer_settled } from './settled.js';

/** Where the simulator's rounds come from. */
export type ChainSource = { readonly kind: 'random' } | { readonly kind: 'replay'; readonly hashes: readonly string[] };

const USER = Object.freeze({ id: 'simulator', name: 'simulator' });
const EPOCH = new Date(0).toUTCString();

/** One session's rounds (one chain for both games, as one strategy bets one game). */
export class SimRounds {
  readonly #source: ChainSource;
  #next = 0;
  #hash: string;

  /** @throws RangeError naming a malformed hash of a replay. */
  constructor(source: ChainSource) {
    this.#source = source;
    if (source.kind === 'replay') {
      source.hashes.forEach((h, i) => {
        if (typeof h !== 'string' || !/^[0-9a-f]{64}$/.test(h)) throw new RangeError(`chain: hashes[${i}] must be 64 lower-case hex digits`);
      });
    }
    this.#hash = randomBytes(32).toString('hex');
  }

  #take(): string | null {
    if (this.#source.kind === 'replay') return this.#source.hashes[this.#next++] ?? null;
    const hash = this.#hash;
    this.#hash = previous_game_hash(hash);
    return hash;
  }

  /** The bet settled on the next round; Stop `seeds_exhausted` past the replay's last round. */
  settle(bet: PlannedBet, currency: string, identifier: string, money: Money, n: number): SettledBet {
    const game = bet.game as MultiplayerGame;
    const hash = this.#take();
    if (hash === null) throw new Stop('seeds_exhausted', 'the replayed chain has no round left');
    const point = round_point(game, hash);
    const cashoutAt = (bet.params as { cashoutAt: number }).cashoutAt;
    const multiplier = settle_multiplayer({ cashoutAt }, point);
    const payout = payout_units(bet.amount_units, Math.round(multiplier * 10_000));
    return multiplayer_settled(
      game,
      { id: `sim-${n}`, amount: bet.amount, payout: money.amount(payout), payoutMultiplier: multiplier, currency, updatedAt: EPOCH, user: USER },
      { cashoutAt, point, hash, gameId: `sim-round-${n}` },
      identifier,
    );
  }
}
