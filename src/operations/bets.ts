/**
 * One-request originals: `play(client, game, input)` for every game of the
 * registry (src/games/registry.ts): dice, limbo, keno, plinko, and mines with
 * every field at once. It checks every input before anything is sent
 * (RangeError/TypeError naming the field, by the game's own rules), sends the
 * game's document once (mutations are never retried), and returns the site's
 * `CasinoBet` with the identifier that was sent. The named functions are
 * sugar over it.
 */
import type { DiceInput, DiceState } from '../games/dice/site.js';
import type { KenoInput, KenoState } from '../games/keno/site.js';
import type { LimboInput, LimboState } from '../games/limbo/site.js';
import type { PlinkoInput, PlinkoState } from '../games/plinko/site.js';
import { GAMES, REGISTRY_GAMES, is_registry_game, type RegistryGame } from '../games/registry.js';
import { SITES, type PlayInputs, type PlayStates } from '../games/sites.js';
import type { PlacedBet } from './documents/fragments.js';
import type { GameSite } from './game-site.js';
import { check_input, check_options, send_bet, type BetRequest, type OperationOptions, type OperationsClient } from './runner.js';
import { check_currency, decimals_for, identifier_or_new, normalize_amount } from './validate/index.js';

export type { AmountInput, BetInput } from './game-site.js';
export type { PlayInputs, PlayStates } from '../games/sites.js';

/** The checked amount, currency and identifier of a bet. */
export function bet_basics(client: object, input: Record<string, unknown>): { amount: number; currency: string; identifier: string } {
  const currency = check_currency(input['currency']);
  const amount = normalize_amount(input['amount'], 'amount', currency, decimals_for(currency, client));
  return { amount, currency, identifier: identifier_or_new(input['identifier']) };
}

/** A game `play` places: every game of the registry. */
export type PlayGame = RegistryGame & keyof PlayInputs;

/** Every game's document and answer field (src/games/sites.ts), for checks of the registry against the site's documents. */
export const PLAY_DOCUMENTS: Readonly<Record<PlayGame, { readonly document: unknown; readonly field: string }>> = SITES;

/** Places one round of `game` (`client.play`). */
export async function play<G extends PlayGame>(client: OperationsClient, game: G, input: PlayInputs[G], options?: OperationOptions): Promise<PlacedBet<PlayStates[G]>> {
  const name: unknown = game;
  if (!is_registry_game(name)) throw new RangeError(`game must be one of ${REGISTRY_GAMES.join(', ')} (got ${typeof name === 'string' ? JSON.stringify(name.slice(0, 40)) : typeof name})`);
  const raw = check_input(input, game);
  const opts = check_options(options);
  const rules = GAMES[game] as { check: (i: Record<string, unknown>) => object; stake?: (p: object) => number };
  // A game whose stake is its chips (roulette, baccarat) takes no `amount`: it is then the chips' total.
  const given = raw['amount'] === undefined && rules.stake !== undefined ? { ...raw, amount: rules.stake(rules.check(raw)) } : raw;
  const { amount, currency, identifier } = bet_basics(client, given);
  const site = SITES[game];
  const checked: Readonly<Record<string, unknown>> = { ...GAMES[game].check(given) };
  const params = site.complete === undefined ? checked : site.complete(checked);
  // A game whose document takes no amount (roulette) is sent its chips only; `check` held amount to their sum.
  const variables = GAMES[game].transport.amount === false ? { currency, ...params, identifier } : { amount, currency, ...params, identifier };
  // Drill's, moles's and primedice-x's answer keys were never captured (SBOT reads the answer's only key):
  // an answer whose one key is not the expected name is still the bet, never dropped as empty.
  const pick = (r: Record<string, PlacedBet<PlayStates[G]>>): PlacedBet<PlayStates[G]> => {
    if (r[site.field] !== undefined) return r[site.field] as PlacedBet<PlayStates[G]>;
    const keys = Object.keys(r);
    const only = keys.length === 1 && keys[0] !== 'errors' ? r[keys[0] as string] : undefined;
    // Only an object can be a bet: anything else stays missing (the caller's bad-answer path).
    return (typeof only === 'object' && only !== null && !Array.isArray(only) ? only : undefined) as PlacedBet<PlayStates[G]>;
  };
  return send_bet(client, bet_request(site, client.prefers_rest === true), variables, identifier, pick, opts);
}

/** GraphQL where a document is sourced, REST where only a route is, REST for both with the client's `rest: true`. */
export function bet_request(site: GameSite, prefer_rest: boolean): BetRequest<Record<string, PlacedBet<never>>, object> {
  if (site.rest !== undefined && (site.document === null || prefer_rest)) return { kind: 'rest', path: site.rest.path };
  if (site.document === null) throw new TypeError(`no document or route for ${site.field}`);
  return { kind: 'graphql', document: site.document };
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
