/**
 * The round games a strategy bets beside the registry's (mines is in the
 * registry as a single-request bet): hilo and blackjack, whose rules are
 * public (docs/round-rules.md). A strategy's bet of one is the round's
 * opening request's input; its steps are the round policy's (autobet
 * `--round`, or a strategy module's `round(view)`). Pure: autobet and the
 * simulator read this list.
 */
import { check_card, type SiteCard } from './kernel/cards-input.js';

/** A round game a strategy's bet may name. */
export type RoundBetGame = 'hilo' | 'blackjack';

/** The round games a strategy bets, in order. */
export const ROUND_BET_GAMES: readonly RoundBetGame[] = Object.freeze(['hilo', 'blackjack']);

/** Each round game's opening parameters besides amount (hilo's start card is the player's choice, as on the site). */
export const ROUND_BET_INPUTS: Readonly<Record<RoundBetGame, readonly string[]>> = Object.freeze({ hilo: ['startCard'], blackjack: [] });

/** A round bet's parameters besides amount. */
export interface RoundBetParams {
  hilo: { readonly startCard: SiteCard };
  blackjack: Record<never, never>;
}

/** Whether `game` is a round game a strategy bets. */
export function is_round_bet_game(game: unknown): game is RoundBetGame {
  return typeof game === 'string' && (ROUND_BET_GAMES as readonly string[]).includes(game);
}

/** Checks a round bet's opening parameters; throws TypeError/RangeError naming the field. */
export function check_round_bet(game: RoundBetGame, bet: Readonly<Record<string, unknown>>): Record<string, unknown> {
  if (game === 'hilo') return { startCard: check_card(bet['startCard'], 'startCard') };
  return {};
}
