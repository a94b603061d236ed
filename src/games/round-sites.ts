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

/** Every round game on the wire. */
export const ROUND_SITES: Readonly<Record<RoundGame, RoundSite>> = Object.freeze({ blackjack, hilo, mines, videoPoker });
