/**
 * The simulator's driver: outcomes drawn by `stakeql/fairness` from a seed
 * pair (the site's own function, never a generic random generator), paid by
 * the same rules the sandbox pays by (each game's `settle` in src/games/<game>/rules.ts), no network. A
 * bet comes back in the shape the client returns, so the engine, the
 * strategy and the limits cannot tell it from a sandbox bet: a replay of a
 * sandbox run's revealed seeds gives the same bets, bet by bet.
 */
import { randomBytes } from 'node:crypto';
import { prepare_seed_pair, server_seed_hash, type PreparedSeedPair } from '../../fairness/index.js';
import { floats_of_words } from '../../fairness/rng.js';
import type { GameDefinition } from '../../games/kernel/definition.js';
import { payout_remainder, payout_units } from '../../games/kernel/payout.js';
import { GAMES } from '../../games/registry.js';
import type { Money } from '../engine/counters.js';
import type { DepositOutcome, Adoption, Driver, DriverStart, PlaceOutcome, ResolveOutcome, SeedView } from '../engine/driver.js';
import type { PlannedBet } from '../engine/planned-bet.js';
import { Stop } from '../engine/stop.js';
import type { SettledBet } from '../strategies/strategy.js';
import { is_multiplayer_game, type MultiplayerGame } from '../../games/crash/rules.js';
import { SimRounds, type ChainSource } from './crash/sim-rounds.js';
import type { RegistryGame } from '../../games/registry.js';
import { is_round_bet_game, type RoundBetGame } from '../../games/round-bets.js';
import type { Refusal } from '../engine/limit-rules.js';
import { sim_round_at, type SimRoundPlay } from './rounds/sim-round.js';

/** A seed pair to replay, from `nonce` on (default 0). */
export interface ReplaySeeds {
  readonly server_seed: string;
  readonly client_seed: string;
  readonly nonce?: number;
}

/**
 * Where the simulator's seed pairs come from: fresh random ones, a list to replay in order, or pairs
 * derived from the session's position (a sweep's: `pair(k)` is the k-th pair, each from nonce 0, so a
 * cell's sessions can be run again alone and give the same bets).
 */
export type SeedSource =
  | { readonly kind: 'random' }
  | { readonly kind: 'replay'; readonly pairs: readonly ReplaySeeds[] }
  | { readonly kind: 'derived'; readonly pair: (k: number) => ReplaySeeds };

/**
 * Nonces hashed ahead at most at once (their first rounds: the floats of every game that draws at most 8).
 * A session starts with one pass of the four lanes and doubles each refill, so that a short session
 * (many sessions of a few bets) does not hash nonces it never plays.
 */
const AHEAD = 256;
const FIRST_AHEAD = 4;
/** Floats in a nonce's first round (32 bytes). */
const FIRST_ROUND_FLOATS = 8;

const USER = Object.freeze({ id: 'simulator', name: 'simulator' });
const EPOCH = new Date(0).toUTCString();

/**
 * What a bet's parameters mean to the simulator, worked out once for a
 * parameters object and kept while the engine plans the same one (a
 * strategy that bets the same game the same way gets the same frozen object
 * back from the planner): the refusal of a bet it cannot pay, the outcome's
 * checked parameters, how many floats it draws.
 */
interface ParamsPlan {
  readonly game: RegistryGame;
  readonly params: Readonly<Record<string, unknown>>;
  readonly unpayable: string | null;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly definition: GameDefinition<any, unknown> | null;
  readonly checked: unknown;
  /** Floats of the outcome; above 8 they are drawn nonce by nonce. */
  readonly floats: number;
}

function params_plan(game: RegistryGame, params: Readonly<Record<string, unknown>>): ParamsPlan {
  const rules = GAMES[game];
  const definition = rules.outcome;
  const unpayable = ('unpayable' in rules ? (rules.unpayable?.(params as never) ?? null) : null) ?? (definition === null ? 'no public source gives its outcome' : null);
  if (unpayable !== null || definition === null) return { game, params, unpayable, definition: null, checked: null, floats: 0 };
  const checked = definition.params(rules.outcome_params(params as never) as Record<string, unknown>);
  return { game, params, unpayable, definition, checked, floats: definition.float_count(checked) };
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
  /** The pair's `clientSeed` and `serverSeed` as every bet under it shows them: one frozen copy per pair, not one per bet. */
  #clientSeed: { readonly seed: string } = Object.freeze({ seed: '' });
  #serverSeed: { readonly seedHash: string; readonly seed: null } = Object.freeze({ seedHash: '', seed: null });
  #nonce = 0;
  #count = 0;
  /** The first rounds of the nonces ahead: nonce `#aheadFrom + i`'s words at `#ahead[i * 8 …]`, `#aheadCount` of them. */
  readonly #ahead = new Int32Array(AHEAD * FIRST_ROUND_FLOATS);
  #aheadFrom = 0;
  #aheadCount = 0;
  /** How many the next refill hashes. */
  #aheadNext = FIRST_AHEAD;
  /** A one-float outcome's floats (its translation keeps none). */
  readonly #one = [0];
  #plan: ParamsPlan | null = null;
  /** The simulated vault, in units: deposits land here, as the site's vault would hold them. */
  #vault = 0;
  /**
   * What rounding payouts down to the currency's unit kept from the player, in
   * ten-thousandths of a unit (each bet's remainder is below 10 000, so the sum
   * stays exact far past any session's length).
   */
  #rounded = 0;
  #play: SimRoundPlay | null = null;
  /** The stop the round just played asked for: handed to the engine with its outcome. */
  #held: Refusal | null = null;

  /** Crash and Slide rounds: a replayed chain or a random one (src/autobet/drivers/crash/sim-rounds.ts). */
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
    if (this.#source.kind === 'derived') return this.#source.pair(this.#next++);
    return this.#source.pairs[this.#next++] ?? null;
  }

  #use(pair: ReplaySeeds): void {
    this.#pair = prepare_seed_pair({ server_seed: pair.server_seed, client_seed: pair.client_seed });
    this.#hash = server_seed_hash(pair.server_seed);
    this.#clientSeed = Object.freeze({ seed: this.#pair.client_seed });
    this.#serverSeed = Object.freeze({ seedHash: this.#hash, seed: null });
    this.#nonce = pair.nonce ?? 0;
    this.#aheadCount = 0;
  }

  /** The outcome of `plan` at `nonce`: from the first rounds hashed ahead when it draws at most 8 floats. */
  #outcome(plan: ParamsPlan, nonce: number): unknown {
    const definition = plan.definition as NonNullable<ParamsPlan['definition']>;
    const n = plan.floats;
    if (n > FIRST_ROUND_FLOATS) return definition.translate(this.#pair.floats(nonce, n), plan.checked);
    let i = nonce - this.#aheadFrom;
    if (i < 0 || i >= this.#aheadCount) {
      this.#aheadCount = Math.min(this.#aheadNext, Number.MAX_SAFE_INTEGER - nonce + 1);
      this.#aheadNext = Math.min(AHEAD, this.#aheadNext * 2);
      this.#pair.first_rounds(nonce, this.#aheadCount, this.#ahead);
      this.#aheadFrom = nonce;
      i = 0;
    }
    return definition.translate(floats_of_words(this.#ahead, i * FIRST_ROUND_FLOATS, n, n === 1 ? this.#one : new Array<number>(n)), plan.checked);
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
    const settled = this.settle(bet, currency, identifier);
    const held = this.#held;
    if (held === null) return { kind: 'placed', bet: settled };
    this.#held = null;
    return { kind: 'placed', bet: settled, then_stop: held };
  }

  /** The bet at the pair's next nonce, synchronously (the simulator's hot path). */
  settle(bet: PlannedBet, currency: string, identifier: string): SettledBet {
    if (is_multiplayer_game(bet.game)) return this.#rounds.settle(bet, currency, identifier, this.#money, ++this.#count);
    if (is_round_bet_game(bet.game)) return this.#round_bet(bet, currency, identifier);
    const game: RegistryGame = bet.game;
    const rules = GAMES[game];
    const params = bet.params as never;
    let plan = this.#plan;
    if (plan === null || plan.params !== bet.params || plan.game !== game) this.#plan = plan = params_plan(game, bet.params);
    if (plan.unpayable !== null) {
      throw new Stop('error:strategy', `the simulator cannot play this ${game} bet: ${plan.unpayable}`);
    }
    const nonce = this.#nonce++;
    // A live-only game never gets here: its `unpayable` stops the run first.
    const outcome = this.#outcome(plan, nonce);
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
      clientSeed: this.#clientSeed,
      serverSeed: this.#serverSeed,
      state,
      identifier,
    } as SettledBet;
  }

  /** Crash and Slide: the round points the strategy is shown (crash/sim-rounds.ts). */
  rounds(game: MultiplayerGame): readonly number[] | null {
    return this.#rounds.view(game);
  }

  /** Crash and Slide: the next round passes with nothing bet. */
  skip_round(game: MultiplayerGame): Promise<void> {
    this.#rounds.skip(game);
    return Promise.resolve();
  }

  /** Plays hilo and blackjack bets as rounds with `play` (the run's round policy or its module's `round`). */
  play_rounds(play: SimRoundPlay | null): void {
    this.#play = play;
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
