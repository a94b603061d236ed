/**
 * Rounds that span several requests: blackjack, hilo, mines step by step and
 * video poker. `start` opens a round, `act` plays one step, `cashout` ends a
 * round that has one, `active_bet` reads the open round. Every input is
 * checked before anything leaves; each call sends its document once (a
 * mutation is never retried, so an `act` whose answer is lost is an unknown
 * outcome: read `active_bet` and the bet history, never send it again).
 *
 * The client remembers the latest answer of each game's round only to refuse
 * a step that cannot be (hilo `higher` on a king); it never refuses `start`
 * on its belief that a round is open: the site decides, and its
 * `existingGame` becomes a RoundOpenError naming `active_bet`.
 */
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import type { CasinoBet } from './documents/fragments.js';
import { bet_basics } from './bets.js';
import { bet_of, check_input, check_options, on_the_wire, type OperationOptions, type OperationsClient } from './runner.js';
import { identifier_or_new } from './validate/identifier.js';
import { MINES_TILES, check_mines_count, check_mines_fields } from './validate/games.js';
import { RoundOpenError } from './round-error.js';
import { GraphQLError } from '../transport/errors/graphql-error.js';
import { StakeError } from '../transport/errors/stake-error.js';
import { BlackjackActiveBet, BlackjackBet, BlackjackNext, type BlackjackState } from '../games/blackjack/site.js';
import { check_blackjack_action, type BlackjackAction } from '../games/blackjack/round.js';
import { HiloActiveBet, HiloBet, HiloCashout, HiloNext, type HiloState } from '../games/hilo/site.js';
import { check_hilo_guess, type HiloGuess } from '../games/hilo/round.js';
import { MinesActiveBet, MinesBet, MinesCashout, MinesNext, type MinesState } from '../games/mines/site.js';
import { VideoPokerBet, VideoPokerNext, type VideoPokerState } from '../games/videopoker/site.js';
import { check_video_poker_held } from '../games/videopoker/round.js';
import { check_card, type SiteCard } from '../games/kernel/cards-input.js';
import type { AmountInput } from './game-site.js';

/** A game whose round spans several requests. */
export type RoundGame = 'blackjack' | 'hilo' | 'mines' | 'videoPoker';

/** Every round game, in our spelling. */
export const ROUND_GAMES: readonly RoundGame[] = Object.freeze(['blackjack', 'hilo', 'mines', 'videoPoker']);

/** Each round game's `state`. */
export interface RoundStates {
  blackjack: BlackjackState;
  hilo: HiloState;
  mines: MinesState;
  videoPoker: VideoPokerState;
}

interface Basics {
  readonly amount: AmountInput;
  readonly currency: string;
}

/** Each game's input of `client.start`. */
export interface RoundStartInputs {
  blackjack: Basics & { readonly identifier?: string };
  /** No GraphQL source sends an identifier with `HiloBet`. */
  hilo: Basics & { readonly startCard: SiteCard };
  /** Tiles are revealed with `act`; all at once is `client.play('mines', …)`. */
  mines: Basics & { readonly minesCount: number; readonly identifier?: string };
  /** No source sends an identifier with `VideoPokerBet`. */
  videoPoker: Basics;
}

/** Each game's step of `client.act`. */
export interface RoundActions {
  blackjack: { readonly action: BlackjackAction; readonly identifier?: string };
  hilo: { readonly guess: HiloGuess };
  mines: { readonly fields: readonly number[]; readonly identifier?: string };
  videoPoker: { readonly held: readonly SiteCard[]; readonly identifier?: string };
}

/** A game with a cashout. */
export type CashoutGame = 'hilo' | 'mines';
/** A game whose open round a public client reads (`activeCasinoBet(game:)`). */
export type ActiveBetGame = 'blackjack' | 'hilo' | 'mines';

/** One answer of a round: the site's bet, with the identifier sent (null where the document takes none). */
export type RoundBet<S> = CasinoBet<S> & { readonly identifier: string | null };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each game's document differs
type AnyDocument = TypedDocumentNode<any, any>;
interface Request {
  readonly document: AnyDocument;
  readonly field: string;
  readonly variables: Record<string, unknown>;
  readonly identifier: string | null;
}

const LATEST = new WeakMap<object, Map<RoundGame, unknown>>();

function latest<G extends RoundGame>(client: object, game: G): RoundStates[G] | null {
  return (LATEST.get(client)?.get(game) as RoundStates[G] | undefined) ?? null;
}

function remember(client: object, game: RoundGame, bet: CasinoBet<unknown> | null): void {
  let games = LATEST.get(client);
  if (games === undefined) LATEST.set(client, (games = new Map()));
  if (bet === null || !bet.active) games.delete(game);
  else games.set(game, bet.state);
}

function check_game(value: unknown, what: string, games: readonly string[]): void {
  if (typeof value !== 'string' || !games.includes(value)) {
    const got = typeof value === 'string' ? JSON.stringify(value.slice(0, 40)) : typeof value;
    throw new RangeError(`${what}: game must be one of ${games.join(', ')} (got ${got})`);
  }
}

function start_request(client: object, game: RoundGame, given: Record<string, unknown>): Request {
  const { amount, currency, identifier } = bet_basics(client, given);
  switch (game) {
    case 'blackjack':
      return { document: BlackjackBet, field: 'blackjackBet', variables: { amount, currency, identifier }, identifier };
    case 'hilo':
      if (given['identifier'] !== undefined) throw new RangeError('identifier: HiloBet takes none (no public client sends one)');
      return { document: HiloBet, field: 'hiloBet', variables: { amount, currency, startCard: check_card(given['startCard'], 'startCard') }, identifier: null };
    case 'mines': {
      if (given['fields'] !== undefined) throw new RangeError("fields: reveal tiles with client.act('mines', { fields }) (all at once is client.play('mines', …))");
      const minesCount = check_mines_count(given['minesCount']);
      return { document: MinesBet, field: 'minesBet', variables: { amount, currency, minesCount, identifier }, identifier };
    }
    case 'videoPoker':
      if (given['identifier'] !== undefined) throw new RangeError('identifier: VideoPokerBet takes none (no public client sends one)');
      return { document: VideoPokerBet, field: 'videoPokerBet', variables: { amount, currency }, identifier: null };
  }
}

function act_request(client: object, game: RoundGame, given: Record<string, unknown>): Request {
  switch (game) {
    case 'blackjack': {
      const action = check_blackjack_action(given['action']);
      const identifier = identifier_or_new(given['identifier']);
      return { document: BlackjackNext, field: 'blackjackNext', variables: { action, identifier }, identifier };
    }
    case 'hilo':
      if (given['identifier'] !== undefined) throw new RangeError('identifier: HiloNext takes none (the site finds the round by the session)');
      return { document: HiloNext, field: 'hiloNext', variables: { guess: check_hilo_guess(given['guess'], latest(client, 'hilo')) }, identifier: null };
    case 'mines': {
      const fields = check_mines_fields(given['fields'], 1, MINES_TILES - 1);
      const identifier = identifier_or_new(given['identifier']);
      return { document: MinesNext, field: 'minesNext', variables: { fields, identifier }, identifier };
    }
    case 'videoPoker': {
      const held = check_video_poker_held(given['held'], latest(client, 'videoPoker'));
      const identifier = identifier_or_new(given['identifier']);
      return { document: VideoPokerNext, field: 'videoPokerNext', variables: { held, identifier }, identifier };
    }
  }
}

async function send(client: OperationsClient, game: RoundGame, request: Request, options: OperationOptions): Promise<RoundBet<unknown>> {
  let bet: CasinoBet<unknown>;
  try {
    // A step's answer without the round (a null field) is a lost answer, never "not sent" (request-fate.ts).
    bet = await on_the_wire(async () => bet_of((await client.graphql(request.document, request.variables, { signal: options.signal ?? null }) as Record<string, CasinoBet<unknown>>)[request.field]));
  } catch (error) {
    if (request.identifier !== null && StakeError.is(error) && Object.isExtensible(error)) {
      Object.defineProperty(error, 'identifier', { value: request.identifier, enumerable: true, writable: false, configurable: true });
    }
    throw error;
  }
  remember(client, game, bet);
  return { ...bet, identifier: request.identifier };
}

/** Whether `error` is the site saying a round of `game` is already open. */
function is_round_open(game: RoundGame, error: unknown): error is GraphQLError {
  if (!GraphQLError.is(error)) return false;
  const refusal = error as GraphQLError;
  if (refusal.error_type === 'existingGame') return true;
  // Video poker's refusal is only known by its message (StakeBOT): "active … video poker".
  const message = (refusal.server_message ?? '').toLowerCase();
  return game === 'videoPoker' && message.includes('active') && (message.includes('video poker') || message.includes('videopoker'));
}

/** Opens a round of `game` (`client.start`). */
export async function start_round<G extends RoundGame>(client: OperationsClient, game: G, input: RoundStartInputs[G], options?: OperationOptions): Promise<RoundBet<RoundStates[G]>> {
  check_game(game, 'start', ROUND_GAMES);
  const given = check_input(input, `start('${game}')`);
  const opts = check_options(options);
  const request = start_request(client, game, given);
  try {
    return (await send(client, game, request, opts)) as RoundBet<RoundStates[G]>;
  } catch (error) {
    if (is_round_open(game, error)) throw new RoundOpenError(game, error);
    throw error;
  }
}

/** Plays one step of the open round (`client.act`). */
export async function act_round<G extends RoundGame>(client: OperationsClient, game: G, action: RoundActions[G], options?: OperationOptions): Promise<RoundBet<RoundStates[G]>> {
  check_game(game, 'act', ROUND_GAMES);
  const given = check_input(action, `act('${game}')`);
  const opts = check_options(options);
  return (await send(client, game, act_request(client, game, given), opts)) as RoundBet<RoundStates[G]>;
}

const CASHOUT_GAMES: readonly CashoutGame[] = Object.freeze(['hilo', 'mines']);

/** Ends the open round at its running multiplier (`client.cashout`); blackjack and video poker have none. */
export async function cashout_round<G extends CashoutGame>(client: OperationsClient, game: G, input: { readonly identifier?: string } = {}, options?: OperationOptions): Promise<RoundBet<RoundStates[G]>> {
  if (game === ('blackjack' as string)) throw new RangeError("cashout: blackjack has none; end the hand with client.act('blackjack', { action: 'stand' })");
  if (game === ('videoPoker' as string)) throw new RangeError("cashout: video poker has none; draw with client.act('videoPoker', { held })");
  check_game(game, 'cashout', CASHOUT_GAMES);
  const given = check_input(input, `cashout('${game}')`);
  const opts = check_options(options);
  const identifier = identifier_or_new(given['identifier']);
  const request: Request = game === 'hilo'
    ? { document: HiloCashout, field: 'hiloCashout', variables: { identifier }, identifier }
    : { document: MinesCashout, field: 'minesCashout', variables: { identifier }, identifier };
  return (await send(client, game, request, opts)) as RoundBet<RoundStates[G]>;
}

const ACTIVE_GAMES: readonly ActiveBetGame[] = Object.freeze(['blackjack', 'hilo', 'mines']);
const ACTIVE_DOCUMENTS = { blackjack: BlackjackActiveBet, hilo: HiloActiveBet, mines: MinesActiveBet } as const;

/** The open round of `game`, or null (`client.active_bet`); a query, so retried like any read. */
export async function active_round<G extends ActiveBetGame>(client: OperationsClient, game: G, options?: OperationOptions): Promise<CasinoBet<RoundStates[G]> | null> {
  if (game === ('videoPoker' as string)) {
    throw new RangeError("active_bet: no public client reads an open video poker hand; the site's refusal of a new bet says one is open, and act('videoPoker', { held }) finishes it");
  }
  check_game(game, 'active_bet', ACTIVE_GAMES);
  const opts = check_options(options);
  const result = await client.graphql(ACTIVE_DOCUMENTS[game] as AnyDocument, {}, { signal: opts.signal ?? null }) as { user: { activeCasinoBet: CasinoBet<RoundStates[G]> | null } };
  const bet = result.user.activeCasinoBet;
  remember(client, game, bet);
  return bet;
}
