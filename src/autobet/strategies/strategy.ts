/**
 * The one strategy interface every kind of strategy implements (settings,
 * JS/TS module, DiceBot Lua), and what the engine hands it. The engine owns
 * the counters and the limits; a strategy only proposes the next bet, and
 * whatever it proposes is checked against the limits before it is sent.
 */
import { REGISTRY_GAMES, type RegistryGame } from '../../games/registry.js';
import type { PlacedBet } from '../../operations/documents/fragments.js';
import type { PlayInputs } from '../../operations/bets.js';
import type { RoundStep, RoundView } from '../../games/kernel/round-view.js';
import { MULTIPLAYER_GAMES, type MultiplayerGame, type MultiplayerParams } from '../../games/crash/rules.js';
import { ROUND_BET_GAMES, type RoundBetGame, type RoundBetParams } from '../../games/round-bets.js';
import type { HuntSink } from './conditions/hunt-event.js';

/**
 * Games a strategy can bet on: every game of the registry, one request per
 * bet (mines with its `fields`, as the site's own auto mode); the multiplayer
 * games; hilo and blackjack rounds, played by a round policy (`round`).
 */
export type AutobetGame = RegistryGame | MultiplayerGame | RoundBetGame;

/** The games in a fixed order, for messages and checks. */
export const AUTOBET_GAMES: readonly AutobetGame[] = Object.freeze([...REGISTRY_GAMES, ...MULTIPLAYER_GAMES, ...ROUND_BET_GAMES]);

/** Fields every next bet has. The currency is the run's (`--currency`), never the strategy's. */
interface NextBetBase {
  /** In currency units, as the typed methods take it: a finite number >= 0 with no more decimals than the currency allows. */
  readonly amount: number;
  /**
   * Rotate the seed pair before this bet (DiceBot's `resetseed()`): live and on
   * the sandbox a new pair (nonce 0); in a Monte Carlo simulation a fresh random
   * pair; in a replay the next pair of the seed list (reason `seeds_exhausted` past the last).
   */
  readonly rotate_seed_pair?: boolean;
  /**
   * Move this much (currency units) from the balance into the vault before
   * the bet (`CreateVaultDeposit`; the simulator's own vault). It stays in the
   * account: the session's profit is unchanged, the balance lower. Never a withdrawal.
   */
  readonly vault?: number;
}

/** A bet of `G`: `client.play(G, input)`'s input with `game`, without currency and identifier (the run's). */
export type NextOf<G extends AutobetGame> = NextBetBase & { readonly game: G } & (G extends RegistryGame ? Omit<PlayInputs[G], 'amount' | 'currency' | 'identifier'> : G extends RoundBetGame ? RoundBetParams[G] : MultiplayerParams);

/** The next bet a strategy asks for: one of any game of the registry. */
export type NextBet = { [G in AutobetGame]: NextOf<G> }[AutobetGame];

/** A dice bet. */
export type DiceNext = NextOf<'dice'>;
/** A limbo bet. */
export type LimboNext = NextOf<'limbo'>;
/** A keno bet: 1–10 distinct numbers 0–39. */
export type KenoNext = NextOf<'keno'>;
/** A plinko ball. */
export type PlinkoNext = NextOf<'plinko'>;
/** A mines round played in one request: the tiles are revealed at once and cashed out unless one is a mine. */
export type MinesNext = NextOf<'mines'>;

/** A strategy's request to end the run (reason `strategy`; `stop` is shown as the stop line's `message`). */
export interface StopRequest {
  readonly stop: string;
}

/**
 * Crash and Slide: bet nothing in the next round. The strategy is asked again
 * once that round has ended (its point then last in `state.rounds`), with the
 * same `last` bet.
 */
export interface SkipRequest {
  readonly game: MultiplayerGame;
  readonly skip: true;
}

/** What a strategy answers. */
export type StrategyAnswer = NextBet | StopRequest | SkipRequest;

/** A settled bet as the typed methods return it (the site's fields plus the `identifier` sent). */
export type SettledBet = PlacedBet<Record<string, unknown>>;

/**
 * What a strategy sees before each bet. The counters are the engine's (the
 * ones the limits are checked against), in currency units.
 */
export interface StrategyState {
  readonly bets: number;
  readonly wins: number;
  readonly losses: number;
  /** Sum of payout − amount over the session's bets. */
  readonly profit: number;
  /** Sum of the amounts placed. */
  readonly wagered: number;
  /** The balance after the last bet (the start balance before the first). */
  readonly balance: number;
  /** Positive: wins in a row; negative: losses in a row; 0 before the first bet. */
  readonly streak: number;
  /** The highest `profit` reached (starts at 0). */
  readonly peak_profit: number;
  /** The last bet as the typed method returned it; null before the first. */
  readonly last: SettledBet | null;
  /** The run's currency. */
  readonly currency: string;
  /**
   * Crash and Slide: the points of the last rounds of the game the strategy
   * bets (at most 100, oldest first), from its first crash or slide answer on:
   * the rounds finished before the run began (the site's round history; in
   * `sim`, the chain's history given) and every round since, bet on or not.
   */
  readonly rounds?: readonly number[];
  /**
   * A plain JSON object the strategy may change in place; journaled with each
   * bet before the strategy is asked again, and restored on resume.
   */
  memory: Record<string, unknown>;
}

/** Which driver a strategy runs on. */
export type DriverKind = 'live' | 'sandbox' | 'simulator';

/** What a strategy is told when it is loaded. */
export interface StrategyContext {
  readonly driver: DriverKind;
  readonly currency: string;
  /** The balance the session starts with. */
  readonly start_balance: number;
  /** The session's first seed pair as the user can see it before betting (seeds a script's `math.random`). */
  readonly client_seed: string;
  readonly server_seed_hash: string;
  /** Where a script's `print` goes (stderr on the CLI: stdout stays JSON lines). */
  readonly print: (line: string) => void;
  /** Where a condition's `notify` action goes (the run's notification sinks); none in a simulation. */
  readonly hunt?: HuntSink;
  /**
   * A resume of a session a hunting condition stopped: the bet that met it is
   * looked at again (its counts go on), but does not stop the run again.
   */
  readonly resumed_after_condition?: boolean;
}

/**
 * A loaded strategy. `next` is asked before every bet; everything the
 * strategy remembers must come back from `save()` as JSON, because that is
 * what is journaled with each bet and handed to `restore()` on resume.
 */
export interface Strategy {
  /** Shown in the run's header and the session list: e.g. `settings`, `martingale.mjs`, `dalembert.lua`. */
  readonly name: string;
  /** The next bet, or a stop. A throw (or garbage) stops the run with reason `error:strategy`. */
  next(state: StrategyState): StrategyAnswer | Promise<StrategyAnswer>;
  /** A JSON-serialisable snapshot of the strategy's own state (not the engine's counters). */
  save(): unknown;
  /** Restores a snapshot `save()` returned, before the first `next()` of a resumed run. */
  restore(snapshot: unknown): void;
  /** Releases what the strategy holds (a Lua VM). */
  /**
   * A strategy module's `round(view)` export: the step to play in an open
   * round (blackjack, hilo, mines step by step), asked after each step until
   * the round ends (rounds/play-round.ts; docs/strategies.md).
   */
  round?(view: RoundView): RoundStep | Promise<RoundStep>;
  close?(): void | Promise<void>;
}

/**
 * A strategy error. `phase: 'load'` (the file does not parse, a setting is
 * wrong, the script fails at its top level) is exit 2 before anything is
 * sent; `phase: 'run'` (a throw or a bad answer later) stops the run with
 * reason `error:strategy`. `field` names the setting or value at fault;
 * `line` the script line, when known.
 */
export class StrategyError extends Error {
  readonly phase: 'load' | 'run';
  readonly field: string | null;
  readonly line: number | null;

  constructor(phase: 'load' | 'run', message: string, options: { field?: string | null; line?: number | null; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'StrategyError';
    this.phase = phase;
    this.field = options.field ?? null;
    this.line = options.line ?? null;
  }
}
