/**
 * What one game is, apart from the network: the shape every
 * `src/games/<game>/rules.ts` exports and `src/games/registry.ts` lists.
 * Pure (no import beyond the games' own pure files), so `stakeql/fairness`,
 * the simulator and the CLI read it without the client.
 */
import type { Comparison } from './compare.js';
import type { GameDefinition } from './definition.js';

/** One input of a game, as the site's variable names it. */
export interface GameInput {
  /** The site's variable name (`target`, `numbers`, ...). */
  readonly name: string;
  /** What it takes, in words (`1–10 distinct integers 0–39`). */
  readonly takes: string;
  /** False when the site takes the bet without it. */
  readonly required: boolean;
}

/** How the site takes the game's bet: its GraphQL operation, its REST route, and the answer's field. */
export interface GameTransport {
  /** The GraphQL operation's name, or null when no public source gives a document (REST only). */
  readonly operation: string | null;
  readonly field: string;
  /** The REST route (`snakes/bet`: `POST {base}/_api/casino/snakes/bet`), where a public source gives one. */
  readonly rest?: string;
  /**
   * False for a game whose document takes no `amount` (roulette: the stake is
   * the chips). The bet's `amount` is then our name for the chips' total: the
   * rules' `check` refuses an `amount` that is not their sum, it is not sent,
   * and the sandbox's `check` returns it as `amount` from the chips.
   */
  readonly amount?: false;
}

/** How a bet is paid: a table (with its public source) or a rule (with the source of the rule). */
export interface GamePay {
  /** The rule, in words (`99 / chance`), or where the table is. */
  readonly rule: string;
  /** Where the site publishes the rule or the table. */
  readonly source: string;
  /** True when the payout is read from a table (keno, plinko), false for a formula. */
  readonly table: boolean;
}

/** Whether the sandbox and the simulator play the game (they need its table or rule from a public source). */
export interface GameOffline {
  readonly sandbox: boolean;
  readonly simulator: boolean;
  /** What of the game they do not play, in words (plinko: risk `expert`), when something. */
  readonly except?: string;
}

/**
 * How the scanner (`stakeql scan`, `stakeql/fairness` `scan`) reduces a game's
 * outcome to one number it compares.
 */
export interface ScanSpec {
  /** The number, in words (for help and errors). */
  readonly result: string;
  /** For a game of one float: the number from that float (no outcome object built). */
  readonly single: ((float: number, params: Record<string, unknown>) => number) | null;
  /** For the others: the number from the outcome's floats. */
  readonly value: (floats: number[], params: Record<string, unknown>) => number;
  /** The outcome parameters the scan takes (`rows`), as the site's variables name them. */
  readonly params: readonly string[];
}

/** A game whose outcome the scanner reduces to one number. */
export interface Scannable {
  readonly scan: ScanSpec;
}

/** One option of `stakeql bet GAME`: a flag that fills one input. */
export interface CliOption {
  /** The flag without `--`. */
  readonly flag: string;
  /** The input it fills (the site's variable name). */
  readonly input: string;
  /**
   * `number`: a plain decimal; `word`: as typed; `list`: comma-separated whole
   * numbers; `chips`: repeatable `VALUE=AMOUNT`, each chip `{ value, amount }`
   * put in the input list its value belongs to ({@link GameCli.chip_list}; `input` is unused).
   */
  readonly kind: 'number' | 'word' | 'list' | 'chips';
  /** Used when the flag is not given; without it the flag is required. */
  readonly default?: string;
  /** Optional input the bet is sent without when the flag is absent. */
  readonly optional?: boolean;
  /** For `stakeql bet --help`. */
  readonly help: string;
}

/** How `stakeql bet GAME` reads, shows and reports one bet of the game. */
export interface GameCli<P, S> {
  readonly options: readonly CliOption[];
  /** The bet in words after `AMOUNT CURRENCY on`, for the prompt (`dice, roll above 50.5`). */
  describe(params: P): string;
  /** Win chance and payout in words, where they have a closed form. */
  odds?(params: P): string;
  /** The outcome in words from the site's `state` (`result 42.17`). */
  outcome(state: S): string;
  /** For a `chips` option: the input list a chip of `value` goes in (roulette: `number17` → `numbers`), null when no chip has that value. */
  chip_list?(value: string): string | null;
}

/** A settled one-request bet: the multiplier in ten-thousandths and the `state` in the site's field names. */
export interface Settlement<S> {
  readonly multiplier: number;
  readonly state: S;
}

/**
 * A game played in one request (mines with every field at once). `P` is the
 * checked input without amount, currency and identifier; `O` the fairness
 * outcome; `S` the site's `state`.
 */
export interface GameRules<P extends object, O, S extends object> {
  /** Our name of the game, also the site's `CasinoBet.game`. */
  readonly name: string;
  /** The fairness translation (floats to outcome); null when no public source gives it (`verify` cannot check the game). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly outcome: GameDefinition<any, O> | null;
  /** The inputs beside amount, currency and identifier, in the order the site's document lists them. */
  readonly inputs: readonly GameInput[];
  /** Checks the inputs; throws TypeError/RangeError naming the field (the message's first word). */
  check(input: Readonly<Record<string, unknown>>): P;
  /**
   * For a game whose document takes no `amount` (`transport.amount: false`):
   * the stake its checked input makes (roulette's chips' total), the bet's
   * `amount` when the caller gives none.
   */
  stake?(params: P): number;
  /** The parameters the fairness translation takes from the checked input (`{ rows }`, `{ minesCount }`). */
  outcome_params(params: P): Record<string, unknown>;
  /**
   * Why the sandbox and the simulator cannot pay this bet (its table is not
   * public), or null; absent when they pay every bet the game takes.
   */
  unpayable?(params: P): string | null;
  /**
   * Compares the outcome the seeds produce with a bet's recorded `state`, in
   * the site's field names (`verify`); a field that is not there is not
   * compared (`ok: null`).
   */
  compare(expected: O, state: Readonly<Record<string, unknown>> | null): Comparison;
  /** What the bet pays, and the `state` the site returns, from the outcome; throws RangeError for a bet `unpayable` names. */
  settle(outcome: O, params: P): Settlement<S>;
  /** The share of the wager the site pays back on average (its stated figure); null when no public source states it. */
  readonly rtp: number | null;
  readonly pay: GamePay;
  readonly offline: GameOffline;
  readonly transport: GameTransport;
  readonly cli: GameCli<P, S>;
}
