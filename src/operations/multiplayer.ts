/**
 * Crash and Slide bets: one bet in the betting window of the round now
 * pending, paid `cashoutAt` if the round reaches it (Crash can also be cashed
 * out by hand while it runs).
 *
 * Money first: `MultiplayerCrashBet` carries no identifier, so a bet whose
 * answer is lost cannot be looked up by one. After a lost answer (anything
 * request-fate.ts says may have run) the bet is never sent again:
 * `activeCrashBet` (`activeSlideBet`) read once names it if it is already
 * there; otherwise the error's `outcome` is `unknown`. An empty read proves
 * nothing at once (the request may still be queued in front of the site):
 * only the round it was sent into, finished, with no bet of ours in it after
 * the settle period, does (`find_round_bet`, and autobet's crash driver).
 */
import { ActiveCrashBet, CrashGameListHistory, MultiplayerCrashBet, MultiplayerCrashCashout, type CrashGame, type MultiplayerBet } from '../games/crash/site.js';
import { ActiveSlideBet, MultiplayerSlideBet, SlideGameListHistory, type SlideGame } from '../games/slide/site.js';
import { request_fate } from './request-fate.js';
import { check_multiplayer } from '../games/crash/rules.js';
import { bet_basics } from './bets.js';
import { bet_of, check_input, check_options, on_the_wire, type OperationOptions, type OperationsClient } from './runner.js';

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

/**
 * What a lost answer turned out to be, on the error a bet rejects with: only
 * ever `unknown` here (a bet found at once is returned instead). `not_placed`
 * is kept in the type for callers that switch on it; it is never set.
 */
export type LostBetOutcome = 'not_placed' | 'unknown';

/** Options of the history reads. */
export interface RoundHistoryOptions extends OperationOptions {
  /** 1 to 50 rounds, newest first (default 10). */
  readonly limit?: number;
  readonly offset?: number;
}

type Game = 'crash' | 'slide';

async function active_bet(client: OperationsClient, game: Game, options: OperationOptions): Promise<MultiplayerBet | null> {
  const signal = options.signal ?? null;
  return game === 'crash'
    ? (await client.graphql(ActiveCrashBet, {}, { signal })).user.activeCrashBet
    : (await client.graphql(ActiveSlideBet, {}, { signal })).user.activeSlideBet;
}

/** Sends one bet; a lost answer is looked for once (module comment), never sent again. */
async function place(client: OperationsClient, game: Game, input: unknown, options?: OperationOptions): Promise<MultiplayerBet> {
  const given = check_input(input, `${game}_bet`);
  const opts = check_options(options);
  const { amount, currency, identifier } = bet_basics(client, given);
  const { cashoutAt } = check_multiplayer(given);
  try {
    return await on_the_wire(async () => bet_of(game === 'crash'
      ? (await client.graphql(MultiplayerCrashBet, { amount, currency, cashoutAt }, { signal: opts.signal ?? null })).multiplayerCrashBet
      : (await client.graphql(MultiplayerSlideBet, { amount, currency, cashoutAt, identifier }, { signal: opts.signal ?? null })).multiplayerSlideBet));
  } catch (error) {
    if (request_fate(error).kind !== 'may_have_run') throw error;
    let found: MultiplayerBet | null = null;
    try {
      found = await active_bet(client, game, {});
    } catch {
      // Unread: the outcome stays unknown.
    }
    if (found !== null) return found;
    const outcome: LostBetOutcome = 'unknown';
    if (Object.isExtensible(error)) Object.defineProperty(error, 'outcome', { value: outcome, enumerable: true, configurable: true });
    throw error;
  }
}

/** What looking for the user's bet in one round found. */
export interface RoundBetLook {
  /** The user's bet in the round (from the active bet, or the bet list), or null. */
  readonly bet: MultiplayerBet | null;
  /** The user's active bet when it is in another round (a request queued past its window lands in a later one), else null. */
  readonly elsewhere: MultiplayerBet | null;
  /** Whether the round has finished: it is in the round history, or a round that started after `sent_at` is. */
  readonly over: boolean;
  /** The finished round with its point and hash, when the history pages read still hold it. */
  readonly finished: CrashGame | SlideGame | null;
}

/** History pages read at most when looking for one round (50 rounds each). */
const ROUND_PAGES = 4;

/**
 * Looks for the user's bet in round `round_id` of `game`, sent at `sent_at`
 * (ms since the epoch): the round history (is it over?), the active bet,
 * then the newest page of the user's bets (`MyBetList` lists a multiplayer
 * bet from the moment it is taken). Rounds run one after another, so a
 * round that started after the bet was sent means the one it was sent into
 * is over, even once it has left the pages read. Any failure rejects.
 */
export async function find_round_bet(client: OperationsClient, game: Game, round_id: string, sent_at: number, list: () => Promise<readonly { bet: unknown }[]>, options?: OperationOptions): Promise<RoundBetLook> {
  const opts = check_options(options);
  const signal = opts.signal ?? null;
  let finished: CrashGame | SlideGame | null = null;
  let later = false;
  for (let page = 0; page < ROUND_PAGES && finished === null; page++) {
    const rounds: readonly (CrashGame | SlideGame)[] = game === 'crash'
      ? await crash_history(client, { limit: 50, offset: page * 50, signal })
      : await slide_history(client, { limit: 50, offset: page * 50, signal });
    finished = rounds.find((r) => r.id === round_id) ?? null;
    later ||= rounds.some((r) => Date.parse(r.startTime) > sent_at);
    const oldest = rounds[rounds.length - 1];
    if (rounds.length < 50 || oldest === undefined || Date.parse(oldest.startTime) < sent_at - 60_000) break;
  }
  const over = finished !== null || later;
  const active = await active_bet(client, game, opts);
  if (active !== null && active.gameId === round_id) return { bet: active, elsewhere: null, over, finished };
  const elsewhere = active;
  const typename = game === 'crash' ? 'MultiplayerCrashBet' : 'MultiplayerSlideBet';
  for (const entry of await list()) {
    const bet = entry.bet as (MultiplayerBet & { __typename?: string }) | null;
    if (bet !== null && bet.__typename === typename && bet.gameId === round_id) return { bet, elsewhere, over, finished };
  }
  return { bet: null, elsewhere, over, finished };
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
