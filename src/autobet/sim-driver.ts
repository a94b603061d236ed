/**
 * The simulator's driver: outcomes drawn by `stakeql/fairness` from a seed
 * pair (the site's own function, never a generic random generator), paid by
 * the same rules the sandbox pays by (each game's `settle` in src/games/<game>/rules.ts), no network. A
 * bet comes back in the shape the client returns, so the engine, the
 * strategy and the limits cannot tell it from a sandbox bet: a replay of a
 * sandbox run's revealed seeds gives the same bets, bet by bet.
 */
import { randomBytes } from 'node:crypto';
import { prepare_seed_pair, server_seed_hash, type GameName, type PreparedSeedPair } from '../fairness/index.js';
import { payout_remainder, payout_units } from '../games/kernel/payout.js';
import { GAMES } from '../games/registry.js';
import type { Money } from './counters.js';
import type { DepositOutcome, Adoption, Driver, DriverStart, PlaceOutcome, ResolveOutcome, SeedView } from './driver.js';
import type { PlannedBet } from './planned-bet.js';
import { Stop } from './stop.js';
import type { SettledBet } from './strategy.js';
import { is_multiplayer_game } from '../games/crash/rules.js';
import { SimRounds, type ChainSource } from './crash/sim-rounds.js';
import type { RegistryGame } from '../games/registry.js';
import { is_round_bet_game, type RoundBetGame } from '../games/round-bets.js';
import type { Refusal } from './limit-rules.js';
import { sim_round_at, type SimRoundPlay } from './rounds/sim-round.js';

/** A seed pair to replay, from `nonce` on (default 0). */
export interface ReplaySeeds {
  readonly server_seed: string;
  readonly client_seed: string;
  readonly nonce?: number;
}

/** Where the simulator's seed pairs come from: fresh random ones, or a list to replay in order. */
export type SeedSource = { readonly kind: 'random' } | { readonly kind: 'replay'; readonly pairs: readonly ReplaySeeds[] };

/** Nonces drawn ahead at once for dice and limbo. */
const AHEAD = 256;

const USER = Object.freeze({ id: 'simulator', name: 'simulator' });
const EPOCH = new Date(0).toUTCString();

const BATCHED = new Map<RegistryGame, boolean>();

/** Whether `game`'s outcome is one float whatever its parameters (dice, limbo, wheel, roulette): then nonces ahead are hashed in batches. */
function batched(game: RegistryGame): boolean {
  let known = BATCHED.get(game);
  if (known === undefined) {
    const rules = GAMES[game];
    // A game whose float count follows its parameters (plinko's rows, pump's difficulty) gives no 1 without them: it is drawn bet by bet.
    try {
      known = rules.outcome !== null && rules.outcome.float_count({}) === 1;
    } catch {
      known = false;
    }
    BATCHED.set(game, known);
  }
  return known;
}

/** Whether two outcome parameter objects hold the same values (a handful of primitives each). */
function same_params(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  if (a === b) return true;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) if (a[key] !== b[key]) return false;
  return true;
}

/** A fresh random pair, as the site makes one: a 64-hex server seed and a random client seed. */
function randomPair(): ReplaySeeds {
  return { server_seed: randomBytes(32).toString('hex'), client_seed: randomBytes(8).toString('hex'), nonce: 0 };
}

/** The simulator: one session's seed pairs and balance. */
export class SimDriver implements Driver {
  readonly kind = 'simulator' as const;
  readonly #source: SeedSource;
  readonly #money: Money;
  readonly #balance: number;
  #next = 0;
  #pair!: PreparedSeedPair;
  #hash = '';
  #nonce = 0;
  #count = 0;
  /** Outcomes of the nonces ahead for a one-float game (dice, limbo), hashed in batches: `#ahead[i]` is nonce `#aheadFrom + i`. */
  #ahead: unknown[] = [];
  #aheadGame = '';
  /** The outcome parameters the outcomes ahead were drawn with (wheel's segments). */
  #aheadParams: Record<string, unknown> = {};
  #aheadFrom = 0;
  /** The simulated vault, in units: deposits land here, as the site's vault would hold them. */
  #vault = 0;
  /**
   * What rounding payouts down to the currency's unit kept from the player, in
   * ten-thousandths of a unit (each bet's remainder is below 10 000, so the sum
   * stays exact far past any session's length).
   */
  #rounded = 0;
  #play: SimRoundPlay | null = null;
  #held: Refusal | null = null;

  /** Crash and Slide rounds: a replayed chain or a random one (src/autobet/crash/sim-rounds.ts). */
  readonly #rounds: SimRounds;

  /** @throws RangeError for a replay with no pair or a malformed seed or hash (naming the field). */
  constructor(source: SeedSource, start_balance: number, money: Money, chain: ChainSource = { kind: 'random' }) {
    this.#source = source;
    this.#rounds = new SimRounds(chain);
    this.#money = money;
    this.#balance = start_balance;
    if (source.kind === 'replay' && source.pairs.length === 0) throw new RangeError('seeds: a replay needs at least one seed pair');
    this.#use(this.#take() as ReplaySeeds);
  }

  #take(): ReplaySeeds | null {
    if (this.#source.kind === 'random') return randomPair();
    return this.#source.pairs[this.#next++] ?? null;
  }

  #use(pair: ReplaySeeds): void {
    this.#pair = prepare_seed_pair({ server_seed: pair.server_seed, client_seed: pair.client_seed });
    this.#hash = server_seed_hash(pair.server_seed);
    this.#nonce = pair.nonce ?? 0;
    this.#ahead = [];
  }

  /** The outcome at `nonce` of a game of one float and no parameters (dice, limbo), from the batch ahead (refilled 256 nonces at a time). */
  #single(game: RegistryGame, nonce: number, params: Record<string, unknown>): unknown {
    let i = nonce - this.#aheadFrom;
    if (game !== this.#aheadGame || !same_params(params, this.#aheadParams) || i < 0 || i >= this.#ahead.length) {
      // A live-only game never gets here: its `unpayable` stops the run first.
      this.#ahead = this.#pair.outcomes(game as GameName, nonce, AHEAD, params as never);
      this.#aheadGame = game;
      this.#aheadParams = params;
      this.#aheadFrom = nonce;
      i = 0;
    }
    return this.#ahead[i];
  }

  #view(): SeedView {
    return { server_seed_hash: this.#hash, client_seed: this.#pair.client_seed, nonce: this.#nonce };
  }

  identifier(): string {
    return `sim-${this.#count + 1}`;
  }

  /** What rounding payouts down to whole units cost so far, in currency units (exact payout minus paid payout). */
  get rounding_loss(): number {
    return this.#money.amount(this.#rounded / 10_000);
  }

  /** The simulated vault's balance. */
  get vaulted(): number {
    return this.#money.amount(this.#vault);
  }

  async deposit(amount: number): Promise<DepositOutcome> {
    this.#vault += this.#money.units(amount);
    return { kind: 'deposited' };
  }

  async vault_balance(): Promise<number> {
    return this.#money.amount(this.#vault);
  }

  async start(): Promise<DriverStart> {
    return { balance: this.#balance, seeds: this.#view() };
  }

  async place(bet: PlannedBet, currency: string, identifier: string): Promise<PlaceOutcome> {
    return this.place_now(bet, currency, identifier);
  }

  place_now(bet: PlannedBet, currency: string, identifier: string): PlaceOutcome {
    return { kind: 'placed', bet: this.settle(bet, currency, identifier) };
  }

  /** The bet at the pair's next nonce, synchronously (the simulator's hot path). */
  settle(bet: PlannedBet, currency: string, identifier: string): SettledBet {
    if (is_multiplayer_game(bet.game)) return this.#rounds.settle(bet, currency, identifier, this.#money, ++this.#count);
    if (is_round_bet_game(bet.game)) return this.#round_bet(bet, currency, identifier);
    const game: RegistryGame = bet.game;
    const rules = GAMES[game];
    const params = bet.params as never;
    const unpayable = 'unpayable' in rules ? (rules.unpayable?.(params) ?? null) : null;
    if (unpayable !== null) {
      throw new Stop('error:strategy', `the simulator cannot play this ${game} bet: ${unpayable}`);
    }
    const nonce = this.#nonce++;
    const outcome_params = rules.outcome_params(params);
    const outcome = batched(game)
      ? this.#single(game, nonce, outcome_params)
      : this.#pair.outcome(game as GameName, nonce, outcome_params as never);
    const { multiplier, state } = rules.settle(outcome as never, params);
    this.#count++;
    const payout = payout_units(bet.amount_units, multiplier);
    this.#rounded += payout_remainder(bet.amount_units, multiplier);
    return {
      id: `sim-${this.#count}`,
      active: false,
      payoutMultiplier: multiplier / 10_000,
      amountMultiplier: 1,
      amount: bet.amount,
      payout: this.#money.amount(payout),
      updatedAt: EPOCH,
      currency,
      game: game,
      user: USER,
      nonce,
      clientSeed: { seed: this.#pair.client_seed },
      serverSeed: { seedHash: this.#hash, seed: null },
      state,
      identifier,
    } as SettledBet;
  }

  /** Plays hilo and blackjack bets as rounds with `play` (the run's round policy or its module's `round`). */
  play_rounds(play: SimRoundPlay | null): void {
    this.#play = play;
  }

  /** The stop a round's limit or failure asked for, once (the engine asks before each bet). */
  held_stop(): Refusal | null {
    const held = this.#held;
    this.#held = null;
    return held;
  }

  /** A hilo or blackjack round at the pair's next nonce, played by the policy over its cards (rounds/sim-round.ts). */
  #round_bet(bet: PlannedBet, currency: string, identifier: string): SettledBet {
    const game = bet.game as RoundBetGame;
    if (this.#play === null) throw new Stop('error:no_round_policy', `a ${game} bet is a round over several requests: give the run a round policy (round: { game: '${game}', … }) or the strategy module a round(view)`);
    const nonce = this.#nonce++;
    const end = sim_round_at(this.#pair, nonce, game, bet, this.#play, this.#money);
    this.#held = end.held;
    this.#count++;
    return {
      id: `sim-${this.#count}`,
      active: false,
      payoutMultiplier: end.multiplier / 10_000,
      amountMultiplier: 1,
      amount: this.#money.amount(end.staked),
      payout: this.#money.amount(end.payout),
      updatedAt: EPOCH,
      currency,
      game,
      user: USER,
      nonce,
      clientSeed: { seed: this.#pair.client_seed },
      serverSeed: { seedHash: this.#hash, seed: null },
      state: end.state,
      identifier,
    } as SettledBet;
  }

  async resolve(): Promise<ResolveOutcome> {
    return { kind: 'not_placed', by: 'simulator' };
  }

  async adopt(): Promise<Adoption> {
    return { bets: [], gap: null };
  }

  async seeds(): Promise<SeedView> {
    return this.#view();
  }

  async rotate_seed_pair(): Promise<SeedView | { readonly exhausted: true }> {
    const pair = this.#take();
    if (pair === null) return { exhausted: true };
    this.#use({ ...pair, nonce: this.#source.kind === 'replay' ? (pair.nonce ?? 0) : 0 });
    return this.#view();
  }

  async sleep(): Promise<void> {}
}
