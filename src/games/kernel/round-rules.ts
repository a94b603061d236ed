/**
 * What a round game (one round over several requests: blackjack, hilo, mines
 * step by step, video poker) is, beside its documents: the pure half of its
 * description, as `GameRules` is a single-request game's. Each game's folder
 * exports one (src/games/<game>/round.ts); src/games/round-games.ts lists
 * them, and the round player, `stakeql play`, autobet's round setup and the
 * client's `start` / `act` read them instead of switching on the game's name.
 * Pure, at the ground: no I/O, no engine, no documents (those are the game's
 * `RoundSite`, src/games/<game>/site.ts).
 */
import type { RoundStep } from './round-view.js';

/** A step as the client sends it: an `act` input, or the cashout. */
export type StepRequest =
  | { readonly kind: 'act'; readonly input: Readonly<Record<string, unknown>>; readonly label: string }
  | { readonly kind: 'cashout'; readonly label: 'cashout' };

/** A line of `stakeql play` read as a step: an `act` input, a cashout, or the end of prompting. */
export type PlayLine = { readonly act: Record<string, unknown> } | { readonly cashout: true } | { readonly quit: true };

/** An option of `stakeql play GAME AMOUNT CURRENCY` that gives one of the opening bet's inputs. */
export interface RoundOpeningOption {
  /** The flag without dashes (`mines`, `start-card`). */
  readonly flag: string;
  /** A number (read as a strict decimal by the CLI) or a card written rank then suit (`10S`). */
  readonly kind: 'number' | 'card';
  /** The opening input it fills (`minesCount`, `startCard`). */
  readonly input: string;
  /** The refusal when the flag is missing, or null when an empty value is checked like any other. */
  readonly missing: string | null;
  /** Checks the value read; throws TypeError/RangeError naming the input (the CLI renames it to the flag). */
  readonly check: (value: unknown) => unknown;
}

/** The pure rules of one round game. */
export interface RoundRules<State = unknown> {
  /** Our spelling (the client's `start('hilo', …)`). */
  readonly name: string;
  /** The actions a policy may answer in `state` (`RoundView.actions`). */
  actions(state: State): readonly string[];
  /** The round's multiplier so far (1 before a step, or for a game without one). */
  multiplier(state: State): number;
  /** How many steps `state` shows were played (a lost step landed when this grew). */
  progress(state: State): number;
  /** A policy's answer as a request; throws RangeError naming what was wrong (the client checks it again). */
  step_request(step: RoundStep): StepRequest;
  /** What `request` adds to the round's stake, in whole units, given the opening bet's units (rounded up: a limit is never passed by a rounding). */
  added_units(request: StepRequest, opening_units: number): number;
  /**
   * The step that ends the round (or brings it nearer its end) without
   * adding to its stake, read from `state`; null where there is none (the
   * round is then left open and the run stops saying so). Without a state:
   * the step a round with any progress takes.
   */
  safe_step(state?: State): RoundStep | null;
  /** What its first step is called where the safe step needs one played first (`reveal`, `guess`), else null. */
  readonly first_step: string | null;
  /** Whether the round has a cashout (`client.cashout`). */
  readonly cashout: boolean;
  /** Why no public client reads its open round (`activeCasinoBet`), or null when one does (`client.active_bet`, `play --resume`). */
  readonly open_round_unread: string | null;
  /** Whether the opening request carries our identifier (a document without one is told by the round's id). */
  readonly start_identifier: boolean;
  /** Whether a step (`act`) carries an identifier (hilo's `HiloNext` takes none: the site finds the round by the session). */
  readonly step_identifier: boolean;
  /** Why the sandbox and the simulator refuse it (its rules are in no public source), or null: they play it by its public rules. */
  readonly rules_not_public: string | null;
  /** The opening request's input (beside amount and currency) from a planned bet's parameters; `identifier` is the bet's. */
  start_input(params: Readonly<Record<string, unknown>>, identifier: string): Record<string, unknown>;
  /**
   * A strategy's bet may name the game (the round's opening bet; its steps
   * are the round policy's): the bet's inputs beside amount, and their
   * check (throws TypeError/RangeError naming the field). Null: no strategy
   * bets it as a round (mines is bet as the registry's single request).
   */
  readonly strategy_bet: {
    readonly inputs: readonly string[];
    check(bet: Readonly<Record<string, unknown>>): Record<string, unknown>;
  } | null;
  /** What `stakeql play` shows and reads. */
  readonly cli: {
    /** The opening bet's options. */
    readonly opening: readonly RoundOpeningOption[];
    /** The state, in one line. */
    describe(state: State): string;
    /** The actions a line may name; with the round's `state`, those it allows now. */
    allowed(state?: State): string;
    /** Reads a line's words (not `quit`, not a lone `cashout` of a game with one); throws RangeError naming what was wrong. */
    parse(words: readonly string[], line: string, state: State): PlayLine;
  };
}

/** Progress counted as the rounds a state lists (mines, hilo). */
export function rounds_progress(state: { readonly rounds: readonly unknown[] }): number {
  return state.rounds.length;
}

/** The last round's multiplier (mines, hilo), 1 before any. */
export function last_round_multiplier(state: { readonly rounds: readonly { readonly payoutMultiplier: number }[] }): number {
  const last = state.rounds[state.rounds.length - 1];
  return last === undefined ? 1 : last.payoutMultiplier;
}
