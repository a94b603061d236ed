/**
 * One-shot originals bets: dice, limbo, keno, plinko. Each checks every input
 * before anything is sent (RangeError/TypeError naming the field), sends the
 * site's document once (mutations are never retried), and returns the site's
 * `CasinoBet` with the identifier that was sent.
 */
import { DiceRoll, type DiceCondition, type DiceState } from '../games/dice/site.js';
import type { PlacedBet } from './documents/fragments.js';
import { KenoBet, type KenoRisk, type KenoState } from '../games/keno/site.js';
import { LimboBet, type LimboState } from '../games/limbo/site.js';
import { PlinkoBet, type PlinkoRisk, type PlinkoState } from '../games/plinko/site.js';
import { check_input, check_options, send_bet, type OperationOptions, type OperationsClient } from './runner.js';
import { check_currency, decimals_for, identifier_or_new, normalize_amount } from './validate/index.js';
import { check_dice, check_keno, check_limbo, check_plinko } from './validate/games.js';

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

/** Rolls the dice (`DiceRoll`). */
export async function place_dice(client: OperationsClient, input: DiceInput, options?: OperationOptions): Promise<PlacedBet<DiceState>> {
  const given = check_input(input, 'dice');
  const opts = check_options(options);
  const { amount, currency, identifier } = bet_basics(client, given);
  const { target, condition } = check_dice(given['target'], given['condition']);
  return send_bet(client, DiceRoll, { amount, target, condition, currency, identifier }, identifier, (r) => r.diceRoll, opts);
}

/** Plays limbo (`LimboBet`). */
export async function place_limbo(client: OperationsClient, input: LimboInput, options?: OperationOptions): Promise<PlacedBet<LimboState>> {
  const given = check_input(input, 'limbo');
  const opts = check_options(options);
  const { amount, currency, identifier } = bet_basics(client, given);
  const multiplierTarget = check_limbo(given['multiplierTarget']);
  return send_bet(client, LimboBet, { amount, multiplierTarget, currency, identifier }, identifier, (r) => r.limboBet, opts);
}

/** Plays keno (`KenoBet`); numbers are 0-based, as the site sends them. */
export async function place_keno(client: OperationsClient, input: KenoInput, options?: OperationOptions): Promise<PlacedBet<KenoState>> {
  const given = check_input(input, 'keno');
  const opts = check_options(options);
  const { amount, currency, identifier } = bet_basics(client, given);
  const { numbers, risk } = check_keno(given['numbers'], given['risk']);
  const variables = risk === undefined ? { amount, currency, numbers, identifier } : { amount, currency, numbers, identifier, risk };
  return send_bet(client, KenoBet, variables, identifier, (r) => r.kenoBet, opts);
}

/** Drops a plinko ball (`PlinkoBet`). */
export async function place_plinko(client: OperationsClient, input: PlinkoInput, options?: OperationOptions): Promise<PlacedBet<PlinkoState>> {
  const given = check_input(input, 'plinko');
  const opts = check_options(options);
  const { amount, currency, identifier } = bet_basics(client, given);
  const { rows, risk } = check_plinko(given['rows'], given['risk']);
  return send_bet(client, PlinkoBet, { amount, currency, risk, rows, identifier }, identifier, (r) => r.plinkoBet, opts);
}
