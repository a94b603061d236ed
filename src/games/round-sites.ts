/**
 * The network half of the round registry, one line per round game: each
 * game's documents of `client.start` / `act` / `cashout` / `active_bet`
 * (src/games/<game>/site.ts `round_site`). Its pure half, which every list
 * of round games is derived from, is src/games/round-games.ts.
 */
import type { RoundSite } from '../operations/game-site.js';
import type { RoundGame } from './round-games.js';
import { round_site as blackjack } from './blackjack/site.js';
import { round_site as hilo } from './hilo/site.js';
import { round_site as mines } from './mines/site.js';
import { round_site as videoPoker } from './videopoker/site.js';

/** Every round game on the wire (each entry keeps its input types: operations/rounds.ts reads them). */
export const ROUND_SITES = Object.freeze({ blackjack, hilo, mines, videoPoker } satisfies Record<RoundGame, RoundSite>);

type Sites = typeof ROUND_SITES;

/** Each round game's input of `client.start`, read from its site's type. */
export type RoundStartInputs = { [G in RoundGame]: Sites[G] extends RoundSite<infer S, unknown> ? S : never };

/** Each round game's step of `client.act`, read from its site's type. */
export type RoundActions = { [G in RoundGame]: Sites[G] extends RoundSite<unknown, infer A> ? A : never };
