/**
 * A mines round: `mines_bet` opens it (optionally revealing tiles at once),
 * `mines_next` reveals more, `mines_cashout` ends it. `active` stays true
 * while the round is open; `state.mines` is null until it ends.
 */
import type { PlacedBet } from './documents/fragments.js';
import { MinesBet, MinesCashout, MinesNext, type MinesState } from '../games/mines/site.js';
import { bet_basics, type BetInput } from './bets.js';
import { check_input, check_options, send_bet, type OperationOptions, type OperationsClient } from './runner.js';
import { identifier_or_new } from './validate/identifier.js';
import { MINES_TILES, check_mines_count, check_mines_fields } from './validate/games.js';

/** Inputs of `client.mines_bet()`. */
export interface MinesBetInput extends BetInput {
  /** 1–24 mines. */
  readonly minesCount: number;
  /** Tiles 0–24 to reveal at once (distinct, fewer than the safe tiles). */
  readonly fields?: readonly number[];
}

/** Inputs of `client.mines_next()`. */
export interface MinesNextInput {
  /** Tiles 0–24 to reveal now, distinct. */
  readonly fields: readonly number[];
  /** Sent as this step's `identifier`; generated when omitted. */
  readonly identifier?: string;
}

/** Inputs of `client.mines_cashout()`. */
export interface MinesCashoutInput {
  readonly identifier?: string;
}

/** Opens a mines round (`MinesBet`). */
export async function place_mines_bet(client: OperationsClient, input: MinesBetInput, options?: OperationOptions): Promise<PlacedBet<MinesState>> {
  const given = check_input(input, 'mines_bet');
  const opts = check_options(options);
  const { amount, currency, identifier } = bet_basics(client, given);
  const minesCount = check_mines_count(given['minesCount']);
  const variables = given['fields'] === undefined
    ? { amount, currency, minesCount, identifier }
    : { amount, currency, minesCount, identifier, fields: check_mines_fields(given['fields'], 1, MINES_TILES - minesCount) };
  return send_bet(client, MinesBet, variables, identifier, (r) => r.minesBet, opts);
}

/** Reveals tiles of the open round (`MinesNext`). */
export async function place_mines_next(client: OperationsClient, input: MinesNextInput, options?: OperationOptions): Promise<PlacedBet<MinesState>> {
  const given = check_input(input, 'mines_next');
  const opts = check_options(options);
  const fields = check_mines_fields(given['fields'], 1);
  const identifier = identifier_or_new(given['identifier']);
  return send_bet(client, MinesNext, { fields, identifier }, identifier, (r) => r.minesNext, opts);
}

/** Cashes the open round out (`MinesCashout`). */
export async function place_mines_cashout(client: OperationsClient, input: MinesCashoutInput = {}, options?: OperationOptions): Promise<PlacedBet<MinesState>> {
  const given = check_input(input, 'mines_cashout');
  const opts = check_options(options);
  const identifier = identifier_or_new(given['identifier']);
  return send_bet(client, MinesCashout, { identifier }, identifier, (r) => r.minesCashout, opts);
}
