/**
 * The client's game methods: every bet, round and multiplayer call is a thin
 * call of a function in src/operations/ (or src/realtime/ for the round feeds)
 * taking the client. They live apart from the transport and the account's
 * reads in client.ts, which extends this class with `graphql`, `rest` and
 * the options these need.
 */
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import type { CasinoBet, DiceInput, DiceState, KenoInput, KenoState, LimboInput, LimboState, MinesState, PlacedBet, PlinkoInput, PlinkoState } from '../operations/documents/index.js';
import { play, type PlayGame, type PlayInputs, type PlayStates } from '../operations/bets.js';
import { place_mines_bet, place_mines_cashout, place_mines_next, type MinesBetInput, type MinesCashoutInput, type MinesNextInput } from '../operations/mines.js';
import { act_round, active_round, cashout_round, start_round, type ActiveBetGame, type CashoutGame, type RoundActions, type RoundBet, type RoundGame, type RoundStartInputs, type RoundStates } from '../operations/rounds.js';
import { crash_bet, crash_cashout, crash_history, find_round_bet, slide_bet, slide_history, type RoundBetLook, type CrashGame, type MultiplayerBet, type MultiplayerBetInput, type RoundHistoryOptions, type SlideGame } from '../operations/multiplayer.js';
import type { OperationOptions, OperationsClient } from '../operations/runner.js';
import type { BetHistoryOptions } from '../operations/bet-pages.js';
import type { HouseBet } from '../operations/documents/my-bet-list.js';
import { watch_crash, watch_slide, type MultiplayerFrame } from '../realtime/multiplayer.js';

/** The games of the client; `StakeClient` is the class to use. */
export abstract class GameMethods implements OperationsClient {
  /** See `StakeClient.graphql`. */
  abstract graphql<Result, Variables>(document: TypedDocumentNode<Result, Variables>, variables?: Variables | null, options?: OperationOptions): Promise<Result>;
  /** See `StakeClient.rest`. */
  abstract rest<T = unknown>(path: string, body: Readonly<Record<string, unknown>>, options?: OperationOptions): Promise<T>;
  /** See `StakeClient.prefers_rest`. */
  abstract get prefers_rest(): boolean;
  /** See `StakeClient.bets`. */
  abstract bets(options?: BetHistoryOptions): AsyncIterable<HouseBet>;

  // Bets: inputs are checked before anything is sent (RangeError/TypeError
  // naming the field); each sends one mutation, never retried; the result and
  // any error carry the `identifier` sent (given, or 21 random characters).
  // See src/operations/.

  /**
   * Places one round of `game`, any game of the registry (src/games/registry.ts):
   * `dice`, `limbo`, `keno`, `plinko`, and `mines` with every field at once
   * (cashed out unless one is a mine). `input` is the site's variables with
   * `amount`, `currency` and an optional `identifier`, typed per game; the
   * result is the `PlacedBet` the named methods return (they are sugar over this).
   */
  play<G extends PlayGame>(game: G, input: PlayInputs[G], options?: OperationOptions): Promise<PlacedBet<PlayStates[G]>> {
    return play(this, game, input, options);
  }

  /** Rolls the dice (`DiceRoll`): `{ amount, currency, target, condition, identifier? }`. */
  dice(input: DiceInput, options?: OperationOptions): Promise<PlacedBet<DiceState>> {
    return this.play('dice', input, options);
  }

  /** Plays limbo (`LimboBet`): `{ amount, currency, multiplierTarget, identifier? }`. */
  limbo(input: LimboInput, options?: OperationOptions): Promise<PlacedBet<LimboState>> {
    return this.play('limbo', input, options);
  }

  /** Opens a mines round (`MinesBet`): `{ amount, currency, minesCount, fields?, identifier? }`. */
  mines_bet(input: MinesBetInput, options?: OperationOptions): Promise<PlacedBet<MinesState>> {
    return place_mines_bet(this, input, options);
  }

  /** Reveals tiles of the open mines round (`MinesNext`): `{ fields, identifier? }`. */
  mines_next(input: MinesNextInput, options?: OperationOptions): Promise<PlacedBet<MinesState>> {
    return place_mines_next(this, input, options);
  }

  /** Cashes the open mines round out (`MinesCashout`). */
  mines_cashout(input: MinesCashoutInput = {}, options?: OperationOptions): Promise<PlacedBet<MinesState>> {
    return place_mines_cashout(this, input, options);
  }

  // Rounds over several requests (src/operations/rounds.ts): blackjack, hilo,
  // mines step by step, video poker. The site decides whether a round is open.

  /** Opens a round (`BlackjackBet`, `HiloBet`, `MinesBet`, `VideoPokerBet`); the site's `existingGame` rejects with a RoundOpenError. */
  start<G extends RoundGame>(game: G, input: RoundStartInputs[G], options?: OperationOptions): Promise<RoundBet<RoundStates[G]>> {
    return start_round(this, game, input, options);
  }

  /** One step of the open round: `{ action }`, `{ guess }`, `{ fields }`, `{ held }`; a lost answer is an unknown outcome, never resent. */
  act<G extends RoundGame>(game: G, action: RoundActions[G], options?: OperationOptions): Promise<RoundBet<RoundStates[G]>> {
    return act_round(this, game, action, options);
  }

  /** Cashes the open hilo or mines round out (`HiloCashout`, `MinesCashout`). */
  cashout<G extends CashoutGame>(game: G, input: { readonly identifier?: string } = {}, options?: OperationOptions): Promise<RoundBet<RoundStates[G]>> {
    return cashout_round(this, game, input, options);
  }

  /** The open round of blackjack, hilo or mines, or null (`BlackjackActiveBet`, `HiloActiveBet`, `MinesActiveBet`). */
  active_bet<G extends ActiveBetGame>(game: G, options?: OperationOptions): Promise<CasinoBet<RoundStates[G]> | null> {
    return active_round(this, game, options);
  }

  /** Plays keno (`KenoBet`): `{ amount, currency, numbers (0-based), risk?, identifier? }`. */
  keno(input: KenoInput, options?: OperationOptions): Promise<PlacedBet<KenoState>> {
    return this.play('keno', input, options);
  }

  /** Drops a plinko ball (`PlinkoBet`): `{ amount, currency, rows, risk, identifier? }`. */
  plinko(input: PlinkoInput, options?: OperationOptions): Promise<PlacedBet<PlinkoState>> {
    return this.play('plinko', input, options);
  }

  /** The Crash round feed (`Crash`): round frames and bet events, told apart by `__typename`. */
  watch_crash(options?: { readonly signal?: AbortSignal | null }): AsyncIterableIterator<MultiplayerFrame> {
    return watch_crash(this, options);
  }

  /** The Slide round feed (`slide`). */
  watch_slide(options?: { readonly signal?: AbortSignal | null }): AsyncIterableIterator<MultiplayerFrame> {
    return watch_slide(this, options);
  }

  /** A Crash bet in the betting window now open (`MultiplayerCrashBet`); a lost answer is found out, never re-sent (src/operations/multiplayer.ts). */
  crash_bet(input: MultiplayerBetInput, options?: OperationOptions): Promise<MultiplayerBet> {
    return crash_bet(this, input, options);
  }

  /** Cashes the running Crash round's bet out now (`MultiplayerCrashCashout`). */
  crash_cashout(options?: OperationOptions): Promise<MultiplayerBet> {
    return crash_cashout(this, options);
  }

  /** A Slide bet in the betting window now open (`MultiplayerSlideBet`). */
  slide_bet(input: MultiplayerBetInput, options?: OperationOptions): Promise<MultiplayerBet> {
    return slide_bet(this, input, options);
  }

  /** Finished Crash rounds, newest first (`crashGameList`). */
  crash_history(options?: RoundHistoryOptions): Promise<CrashGame[]> {
    return crash_history(this, options);
  }

  /** Finished Slide rounds, newest first (`slideGameList`). */
  slide_history(options?: RoundHistoryOptions): Promise<SlideGame[]> {
    return slide_history(this, options);
  }

  /**
   * The user's bet in round `round_id` of Crash or Slide (the active bet, or
   * the newest page of the user's bets), and the round itself once finished:
   * how a bet whose answer was lost is found (src/operations/multiplayer.ts).
   */
  find_round_bet(game: 'crash' | 'slide', round_id: string, sent_at: number, options?: OperationOptions): Promise<RoundBetLook> {
    const list = async (): Promise<HouseBet[]> => {
      const out: HouseBet[] = [];
      for await (const bet of this.bets({ max: 50, page_size: 50, signal: options?.signal ?? null })) out.push(bet);
      return out;
    };
    return find_round_bet(this, game, round_id, sent_at, list, options);
  }

}
