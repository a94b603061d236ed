/**
 * The round games a strategy bets beside the registry's (mines is in the
 * registry as a single-request bet): those whose rules object has a
 * `strategy_bet` (hilo and blackjack, whose rules are public:
 * docs/round-rules.md). A strategy's bet of one is the round's opening
 * request's input; its steps are the round policy's (autobet `--round`, or
 * a strategy module's `round(view)`). Pure: autobet and the simulator read
 * this list.
 */
import type { RoundStartInputs } from './round-sites.js';
import { ROUND_GAMES, round_rules, type RoundGame } from './round-games.js';

/** A round game a strategy's bet may name. */
export type RoundBetGame = 'hilo' | 'blackjack';

/** The round games a strategy bets, in the round registry's order. */
export const ROUND_BET_GAMES: readonly RoundBetGame[] = Object.freeze(ROUND_GAMES.filter((g) => round_rules(g).strategy_bet !== null) as RoundBetGame[]);

/** Each round game's opening parameters besides amount. */
export const ROUND_BET_INPUTS: Readonly<Record<RoundBetGame, readonly string[]>> = Object.freeze(
  Object.fromEntries(ROUND_BET_GAMES.map((g) => [g, bet_of(g).inputs])) as Record<RoundBetGame, readonly string[]>,
);

/** A round bet's parameters besides amount: its opening input (round-sites.ts) without amount, currency and identifier. */
export type RoundBetParams = { [G in RoundBetGame]: Omit<RoundStartInputs[G], 'amount' | 'currency' | 'identifier'> };

function bet_of(game: RoundGame): NonNullable<ReturnType<typeof round_rules>['strategy_bet']> {
  const bet = round_rules(game).strategy_bet;
  if (bet === null) throw new RangeError(`${game}: no strategy bets it as a round`);
  return bet;
}

/** Whether `game` is a round game a strategy bets. */
export function is_round_bet_game(game: unknown): game is RoundBetGame {
  return typeof game === 'string' && (ROUND_BET_GAMES as readonly string[]).includes(game);
}

/** Checks a round bet's opening parameters; throws TypeError/RangeError naming the field. */
export function check_round_bet(game: RoundBetGame, bet: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return bet_of(game).check(bet);
}
