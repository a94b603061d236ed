/**
 * The simulator's Crash and Slide rounds: a revealed chain replayed in
 * order (the hashes as the rounds were played, e.g. from `crash_history`,
 * oldest first), or a random chain: a random 64-hex hash and then each next
 * hash the SHA-256 of the one before. That is a real chain read from its
 * start rather than its end; each round's point has the same distribution,
 * which is all a Monte Carlo run needs. Points from `stakeql/fairness`.
 */
import { randomBytes } from 'node:crypto';
import { previous_game_hash } from '../../../games/crash/outcome.js';
import { type MultiplayerGame, round_point, settle_multiplayer } from '../../../games/crash/rules.js';
import { payout_units } from '../../../games/kernel/payout.js';
import type { Money } from '../../engine/counters.js';
import type { PlannedBet } from '../../engine/planned-bet.js';
import { Stop } from '../../engine/stop.js';
import type { SettledBet } from '../../strategies/strategy.js';
import { multiplayer_settled } from './settled.js';

/**
 * Where the simulator's rounds come from. A replay's `history`: the hashes of
 * the rounds played before its first (oldest first), whose points the
 * strategy is shown as the site's round history.
 */
export type ChainSource = { readonly kind: 'random' } | { readonly kind: 'replay'; readonly hashes: readonly string[]; readonly history?: readonly string[] };

/** The most round points a strategy is shown (as crash/round-betting.ts). */
const MAX_POINTS = 100;
/** Rounds skipped in a row before a simulation gives up on the strategy (a random chain never runs out). */
const MAX_SKIPS = 1_000_000;

const USER = Object.freeze({ id: 'simulator', name: 'simulator' });
const EPOCH = new Date(0).toUTCString();

/** One session's rounds (one chain for both games, as one strategy bets one game). */
export class SimRounds {
  readonly #source: ChainSource;
  #next = 0;
  #hash: string;
  /** The points shown to the strategy, per game, once it has looked at that game (a bet or a skip). */
  readonly #points = new Map<MultiplayerGame, number[]>();
  #skips = 0;

  /** @throws RangeError naming a malformed hash of a replay. */
  constructor(source: ChainSource) {
    this.#source = source;
    if (source.kind === 'replay') {
      source.hashes.forEach((h, i) => {
        if (typeof h !== 'string' || !/^[0-9a-f]{64}$/.test(h)) throw new RangeError(`chain: hashes[${i}] must be 64 lower-case hex digits`);
      });
      (source.history ?? []).forEach((h, i) => {
        if (typeof h !== 'string' || !/^[0-9a-f]{64}$/.test(h)) throw new RangeError(`chain_history: hashes[${i}] must be 64 lower-case hex digits`);
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

  /** The game's points as the strategy sees them (the history, then every round played), or null before it looked at the game. */
  view(game: MultiplayerGame): readonly number[] | null {
    return this.#points.get(game) ?? null;
  }

  /** The points of `game`, opened with the replay's history on first use. */
  #open(game: MultiplayerGame): number[] {
    let points = this.#points.get(game);
    if (points === undefined) {
      const history = this.#source.kind === 'replay' ? (this.#source.history ?? []) : [];
      points = history.slice(-MAX_POINTS).map((h) => round_point(game, h));
      this.#points.set(game, points);
    }
    return points;
  }

  #played(game: MultiplayerGame, point: number): void {
    const points = this.#open(game);
    points.push(point);
    if (points.length > MAX_POINTS) points.shift();
  }

  /** A round bet nothing in: its hash is taken, its point shown next. */
  skip(game: MultiplayerGame): void {
    this.#open(game);
    if (++this.#skips > MAX_SKIPS) throw new Stop('error:strategy', `the strategy skipped ${MAX_SKIPS} rounds in a row`);
    const hash = this.#take();
    if (hash === null) throw new Stop('seeds_exhausted', 'the replayed chain has no round left');
    this.#played(game, round_point(game, hash));
  }

  /** The bet settled on the next round; Stop `seeds_exhausted` past the replay's last round. */
  settle(bet: PlannedBet, currency: string, identifier: string, money: Money, n: number): SettledBet {
    const game = bet.game as MultiplayerGame;
    this.#open(game);
    this.#skips = 0;
    const hash = this.#take();
    if (hash === null) throw new Stop('seeds_exhausted', 'the replayed chain has no round left');
    const point = round_point(game, hash);
    this.#played(game, point);
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
