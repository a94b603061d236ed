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
import { RoundOpenError } from './round-error.js';
import { GraphQLError } from '../transport/errors/graphql-error.js';
import { StakeError } from '../transport/errors/stake-error.js';
import { CASHOUT_GAMES, OPEN_ROUND_GAMES, ROUND_GAMES, round_rules, type RoundGame, type RoundStates } from '../games/round-games.js';
import { ROUND_SITES, type RoundActions, type RoundStartInputs } from '../games/round-sites.js';

export { ROUND_GAMES, type RoundActions, type RoundGame, type RoundStartInputs, type RoundStates };

/** A game with a cashout (its rules' `cashout`; test/games/round-registry.test.ts holds the two equal). */
export type CashoutGame = 'hilo' | 'mines';
/** A game whose open round a public client reads (`activeCasinoBet(game:)`; its rules' `open_round_unread` is null). */
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

function latest(client: object, game: RoundGame): unknown {
  return LATEST.get(client)?.get(game) ?? null;
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
  const { start } = ROUND_SITES[game];
  if (!round_rules(game).start_identifier) {
    if (given['identifier'] !== undefined) throw new RangeError(`identifier: ${start.operation} takes none (no public client sends one)`);
    return { document: start.document, field: start.field, variables: { amount, currency, ...start.inputs(given) }, identifier: null };
  }
  return { document: start.document, field: start.field, variables: { amount, currency, ...start.inputs(given), identifier }, identifier };
}

function act_request(client: object, game: RoundGame, given: Record<string, unknown>): Request {
  const { act } = ROUND_SITES[game];
  if (!round_rules(game).step_identifier) {
    if (given['identifier'] !== undefined) throw new RangeError(`identifier: ${act.operation} takes none (the site finds the round by the session)`);
    return { document: act.document, field: act.field, variables: act.inputs(given, latest(client, game)), identifier: null };
  }
  const inputs = act.inputs(given, latest(client, game));
  const identifier = identifier_or_new(given['identifier']);
  return { document: act.document, field: act.field, variables: { ...inputs, identifier }, identifier };
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
  const open_refusal = ROUND_SITES[game].open_refusal;
  return open_refusal !== undefined && open_refusal(refusal.server_message ?? '');
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

/** Ends the open round at its running multiplier (`client.cashout`); blackjack and video poker have none. */
export async function cashout_round<G extends CashoutGame>(client: OperationsClient, game: G, input: { readonly identifier?: string } = {}, options?: OperationOptions): Promise<RoundBet<RoundStates[G]>> {
  const cashout = Object.hasOwn(ROUND_SITES, game) ? ROUND_SITES[game as RoundGame].cashout : null;
  if (cashout !== null && 'none' in cashout) throw new RangeError(cashout.none);
  check_game(game, 'cashout', CASHOUT_GAMES);
  const given = check_input(input, `cashout('${game}')`);
  const opts = check_options(options);
  const identifier = identifier_or_new(given['identifier']);
  const { document, field } = cashout as { readonly document: AnyDocument; readonly field: string };
  return (await send(client, game, { document, field, variables: { identifier }, identifier }, opts)) as RoundBet<RoundStates[G]>;
}

/** The open round of `game`, or null (`client.active_bet`); a query, so retried like any read. */
export async function active_round<G extends ActiveBetGame>(client: OperationsClient, game: G, options?: OperationOptions): Promise<CasinoBet<RoundStates[G]> | null> {
  const active = Object.hasOwn(ROUND_SITES, game) ? ROUND_SITES[game as RoundGame].active : null;
  if (active !== null && 'none' in active) throw new RangeError(active.none);
  check_game(game, 'active_bet', OPEN_ROUND_GAMES);
  const opts = check_options(options);
  const result = await client.graphql((active as { readonly document: AnyDocument }).document, {}, { signal: opts.signal ?? null }) as { user: { activeCasinoBet: CasinoBet<RoundStates[G]> | null } };
  const bet = result.user.activeCasinoBet;
  remember(client, game, bet);
  return bet;
}
