/**
 * One-request originals: `play(client, game, input)` for every game of the
 * registry (src/games/registry.ts): dice, limbo, keno, plinko, and mines with
 * every field at once. It checks every input before anything is sent
 * (RangeError/TypeError naming the field, by the game's own rules), sends the
 * game's document once (mutations are never retried), and returns the site's
 * `CasinoBet` with the identifier that was sent. The named functions are
 * sugar over it.
 */
import type { DiceCondition, DiceState } from '../games/dice/site.js';
import type { KenoRisk, KenoState } from '../games/keno/site.js';
import type { LimboState } from '../games/limbo/site.js';
import type { MinesState } from '../games/mines/site.js';
import type { PlinkoRisk, PlinkoState } from '../games/plinko/site.js';
import { GAMES, REGISTRY_GAMES, is_registry_game, type RegistryGame } from '../games/registry.js';
import { SITES } from '../games/sites.js';
import type { PlacedBet } from './documents/fragments.js';
import { check_input, check_options, send_bet, type OperationOptions, type OperationsClient } from './runner.js';
import { check_currency, decimals_for, identifier_or_new, normalize_amount } from './validate/index.js';

/** An amount: a number (read as the value meant, see validate/amount.ts) or a decimal string. */
export type AmountInput = number | string;

/** Inputs every bet takes. */
export interface BetInput {
  readonly amount: AmountInput;
  /** As `CurrencyEnum` spells it: `btc`, `usdt`, ... */
  readonly currency: string;
  /** Sent as the bet's `identifier`; 21 random URL-safe characters when omitted. */
  readonly identifier?: string;
}

/** Inputs of `client.dice()`. */
export interface DiceInput extends BetInput {
  readonly target: number;
  readonly condition: DiceCondition;
}

/** Inputs of `client.limbo()`. */
export interface LimboInput extends BetInput {
  readonly multiplierTarget: number;
}

/** Inputs of `client.keno()`: 1–10 distinct numbers 0–39. */
export interface KenoInput extends BetInput {
  readonly numbers: readonly number[];
  readonly risk?: KenoRisk;
}

/** Inputs of `client.plinko()`. */
export interface PlinkoInput extends BetInput {
  readonly rows: number;
  readonly risk: PlinkoRisk;
}

/** The checked amount, currency and identifier of a bet. */
export function bet_basics(client: object, input: Record<string, unknown>): { amount: number; currency: string; identifier: string } {
  const currency = check_currency(input['currency']);
  const amount = normalize_amount(input['amount'], 'amount', currency, decimals_for(currency, client));
  return { amount, currency, identifier: identifier_or_new(input['identifier']) };
}

/** Inputs of `play('mines', …)`: a whole round in one request, cashed out unless a field is a mine. */
export interface MinesPlayInput extends BetInput {
  readonly minesCount: number;
  /** 1 to 25 − minesCount distinct tiles 0–24. */
  readonly fields: readonly number[];
}

/** Each game's input for {@link play}. */
export interface PlayInputs {
  dice: DiceInput;
  limbo: LimboInput;
  keno: KenoInput;
  plinko: PlinkoInput;
  mines: MinesPlayInput;
}

/** Each game's `state`, as the site returns it. */
export interface PlayStates {
  dice: DiceState;
  limbo: LimboState;
  keno: KenoState;
  plinko: PlinkoState;
  mines: MinesState;
}

/** A game `play` places: every game of the registry. */
export type PlayGame = RegistryGame & keyof PlayInputs;

/** Every game's document and answer field (src/games/sites.ts), for checks of the registry against the site's documents. */
export const PLAY_DOCUMENTS: Readonly<Record<PlayGame, { readonly document: unknown; readonly field: string }>> = SITES;

/** Places one round of `game` (`client.play`). */
export async function play<G extends PlayGame>(client: OperationsClient, game: G, input: PlayInputs[G], options?: OperationOptions): Promise<PlacedBet<PlayStates[G]>> {
  const name: unknown = game;
  if (!is_registry_game(name)) throw new RangeError(`game must be one of ${REGISTRY_GAMES.join(', ')} (got ${typeof name === 'string' ? JSON.stringify(name.slice(0, 40)) : typeof name})`);
  const given = check_input(input, game);
  const opts = check_options(options);
  const { amount, currency, identifier } = bet_basics(client, given);
  const params = GAMES[game].check(given);
  const { document, field } = SITES[game];
  const variables = { amount, currency, ...params, identifier };
  return send_bet(client, document, variables, identifier, (r: Record<string, PlacedBet<PlayStates[G]>>) => r[field] as PlacedBet<PlayStates[G]>, opts);
}

/** Rolls the dice (`DiceRoll`). */
export function place_dice(client: OperationsClient, input: DiceInput, options?: OperationOptions): Promise<PlacedBet<DiceState>> {
  return play(client, 'dice', input, options);
}

/** Plays limbo (`LimboBet`). */
export function place_limbo(client: OperationsClient, input: LimboInput, options?: OperationOptions): Promise<PlacedBet<LimboState>> {
  return play(client, 'limbo', input, options);
}

/** Plays keno (`KenoBet`); numbers are 0-based, as the site sends them. */
export function place_keno(client: OperationsClient, input: KenoInput, options?: OperationOptions): Promise<PlacedBet<KenoState>> {
  return play(client, 'keno', input, options);
}

/** Drops a plinko ball (`PlinkoBet`). */
export function place_plinko(client: OperationsClient, input: PlinkoInput, options?: OperationOptions): Promise<PlacedBet<PlinkoState>> {
  return play(client, 'plinko', input, options);
}
