/**
 * Crash and Slide bets: one bet in the betting window of the round now
 * pending, paid `cashoutAt` if the round reaches it (Crash can also be cashed
 * out by hand while it runs).
 *
 * Money first: `MultiplayerCrashBet` carries no identifier, so a bet whose
 * answer is lost cannot be looked up by one. Before sending, the newest
 * finished round is noted; after a lost answer the bet is found out, never
 * sent again: `activeCrashBet` (`activeSlideBet`) names it if it was placed;
 * when it names none and no round has finished since, the bet was not placed
 * (the round it was sent into is still pending or running); otherwise the
 * error says the outcome is unknown.
 */
import { ActiveCrashBet, CrashGameListHistory, MultiplayerCrashBet, MultiplayerCrashCashout, type CrashGame, type MultiplayerBet } from '../games/crash/site.js';
import { ActiveSlideBet, MultiplayerSlideBet, SlideGameListHistory, type SlideGame } from '../games/slide/site.js';
import { TransportError } from '../transport/errors/index.js';
import { check_multiplayer } from '../games/crash/rules.js';
import { bet_basics } from './bets.js';
import { check_input, check_options, type OperationOptions, type OperationsClient } from './runner.js';

export type { MultiplayerBet, CrashGame, SlideGame };

/** Inputs of `client.crash_bet()` / `client.slide_bet()`. */
export interface MultiplayerBetInput {
  readonly amount: number;
  readonly currency: string;
  /** The multiplier to cash out at: 1.01 to 1 000 000, sent with two decimals (as the web app sends it). */
  readonly cashoutAt: number;
  /** Slide only: sent as the bet's `identifier`; generated when omitted. */
  readonly identifier?: string;
}

/** What a lost answer turned out to be, on the error a bet rejects with. */
export type LostBetOutcome = 'not_placed' | 'unknown';

/** Options of the history reads. */
export interface RoundHistoryOptions extends OperationOptions {
  /** 1 to 50 rounds, newest first (default 10). */
  readonly limit?: number;
  readonly offset?: number;
}

type Game = 'crash' | 'slide';

async function newest_round(client: OperationsClient, game: Game, options: OperationOptions): Promise<string | null> {
  const rounds = game === 'crash' ? (await crash_history(client, { limit: 1, signal: options.signal ?? null })) : await slide_history(client, { limit: 1, signal: options.signal ?? null });
  return rounds[0]?.id ?? null;
}

async function active_bet(client: OperationsClient, game: Game, options: OperationOptions): Promise<MultiplayerBet | null> {
  const signal = options.signal ?? null;
  return game === 'crash'
    ? (await client.graphql(ActiveCrashBet, {}, { signal })).user.activeCrashBet
    : (await client.graphql(ActiveSlideBet, {}, { signal })).user.activeSlideBet;
}

/** Sends one bet; a lost answer is found out (module comment), never sent again. */
async function place(client: OperationsClient, game: Game, input: unknown, options?: OperationOptions): Promise<MultiplayerBet> {
  const given = check_input(input, `${game}_bet`);
  const opts = check_options(options);
  const { amount, currency, identifier } = bet_basics(client, given);
  const { cashoutAt } = check_multiplayer(given);
  const before = await newest_round(client, game, opts);
  try {
    return game === 'crash'
      ? (await client.graphql(MultiplayerCrashBet, { amount, currency, cashoutAt }, { signal: opts.signal ?? null })).multiplayerCrashBet
      : (await client.graphql(MultiplayerSlideBet, { amount, currency, cashoutAt, identifier }, { signal: opts.signal ?? null })).multiplayerSlideBet;
  } catch (error) {
    if (!(TransportError.is(error) && error.may_have_reached_server)) throw error;
    const found = await active_bet(client, game, {});
    if (found !== null) return found;
    const outcome: LostBetOutcome = (await newest_round(client, game, {})) === before ? 'not_placed' : 'unknown';
    if (Object.isExtensible(error)) Object.defineProperty(error, 'outcome', { value: outcome, enumerable: true, configurable: true });
    throw error;
  }
}

/** `MultiplayerCrashBet`. */
export function crash_bet(client: OperationsClient, input: MultiplayerBetInput, options?: OperationOptions): Promise<MultiplayerBet> {
  return place(client, 'crash', input, options);
}

/** `MultiplayerSlideBet`. */
export function slide_bet(client: OperationsClient, input: MultiplayerBetInput, options?: OperationOptions): Promise<MultiplayerBet> {
  return place(client, 'slide', input, options);
}

/** `MultiplayerCrashCashout`: never retried; a lost answer shows in `activeCrashBet`'s result. */
export async function crash_cashout(client: OperationsClient, options?: OperationOptions): Promise<MultiplayerBet> {
  const opts = check_options(options);
  return (await client.graphql(MultiplayerCrashCashout, {}, { signal: opts.signal ?? null })).multiplayerCrashCashout;
}

function history_args(options: RoundHistoryOptions | undefined): { limit: number; offset: number; signal: AbortSignal | null } {
  const o = check_options(options) as RoundHistoryOptions;
  const limit = o.limit ?? 10;
  const offset = o.offset ?? 0;
  if (!Number.isInteger(limit) || limit < 1 || limit > 50) throw new RangeError('limit must be an integer from 1 to 50');
  if (!Number.isInteger(offset) || offset < 0) throw new RangeError('offset must be an integer >= 0');
  return { limit, offset, signal: o.signal ?? null };
}

/** `CrashGameListHistory`: finished Crash rounds, newest first. */
export async function crash_history(client: OperationsClient, options?: RoundHistoryOptions): Promise<CrashGame[]> {
  const { limit, offset, signal } = history_args(options);
  return (await client.graphql(CrashGameListHistory, { limit, offset }, { signal })).crashGameList;
}

/** `SlideGameListHistory`: finished Slide rounds, newest first. */
export async function slide_history(client: OperationsClient, options?: RoundHistoryOptions): Promise<SlideGame[]> {
  const { limit, offset, signal } = history_args(options);
  return (await client.graphql(SlideGameListHistory, { limit, offset }, { signal })).slideGameList;
}
