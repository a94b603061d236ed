/**
 * What a round policy sees between two steps of an open round (blackjack,
 * hilo, mines step by step): the game's state as the site answered it, the
 * actions allowed now, and the round's stake so far. Pure, at the ground, so
 * each game's policy (src/games/<game>/policy.ts) can take it without
 * importing the engine.
 */

/** The view of an open round handed to a policy (and to a strategy module's `round(state)`). */
export interface RoundView<State = unknown> {
  /** The game, in our spelling (`mines`, `hilo`, `blackjack`). */
  readonly game: string;
  /** The round's `state` as the site's latest answer has it. */
  readonly state: State;
  /** The actions a policy may answer now (`cashout`, `hit`, `higher`, `reveal` for mines, …). */
  readonly actions: readonly string[];
  /** The round's stake so far, in currency units (the opening bet plus any double, split or insurance). */
  readonly stake: number;
  /** The opening bet, in currency units. */
  readonly amount: number;
  /** The round's multiplier so far (1 before any step; hilo and mines). */
  readonly multiplier: number;
}

/**
 * A policy's answer: `'cashout'` (hilo, mines), a blackjack action, a hilo
 * guess, or mines `{ fields: [tile] }` (one or more tiles revealed in one step).
 */
export type RoundStep = string | { readonly fields: readonly number[] };

/** A built-in round policy: its settings checked once, then one answer a step. */
export interface RoundPolicyMaker<Settings = unknown> {
  /** The game it plays. */
  readonly game: string;
  /** Its name in the settings (`{ round: { policy: 'fields', … } }`). */
  readonly name: string;
  /** Checks the settings; throws TypeError/RangeError naming the field. */
  readonly check: (settings: unknown) => Settings;
  /** The step to play in `view`. */
  readonly make: (settings: Settings) => (view: RoundView) => RoundStep;
  /**
   * The single-request bet that settles as the whole round does, when the
   * policy's round is fixed before it starts (mines' `fields`): how the
   * simulator plays the policy. Absent: the simulator does not play it.
   */
  readonly one_shot?: (settings: Settings, bet: Readonly<Record<string, unknown>>) => Record<string, unknown>;
}
