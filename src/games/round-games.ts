/**
 * Every round game (one round over several requests), one line each: the
 * pure half of its description (src/games/<game>/round.ts, a `RoundRules`);
 * its documents are the other half (src/games/round-sites.ts). Every list of
 * round games stakeql keeps is derived here from the rules objects, so a
 * new round game is its folder and a line in each of the two registries
 * (docs/design.md, "Adding a game").
 *
 * Video poker's pay table is in no public source found (docs/round-rules.md
 * lists the searches), and stakeql never pays by invented rules: the sandbox
 * and the simulator refuse it, and it is played live with `client.start` /
 * `act`. Blackjack's and hilo's rules are public (docs/round-rules.md): the
 * sandbox plays them, and autobet and sim play them with a round policy
 * (round-policies.ts).
 */
import type { RoundRules } from './kernel/round-rules.js';
import { is_registry_game } from './registry.js';
import { blackjack_round } from './blackjack/round.js';
import { hilo_round } from './hilo/round.js';
import { mines_round } from './mines/round.js';
import { video_poker_round } from './videopoker/round.js';

export type { PlayLine, RoundOpeningOption, RoundRules, StepRequest } from './kernel/round-rules.js';

/** The round games' rules, in the order they are listed. */
export const ROUND_RULES = Object.freeze({
  blackjack: blackjack_round,
  hilo: hilo_round,
  mines: mines_round,
  videoPoker: video_poker_round,
});

/** A game whose round spans several requests, in our spelling. */
export type RoundGame = keyof typeof ROUND_RULES;

/** Each round game's `state`, read from its rules object's type. */
export type RoundStates = { [G in RoundGame]: (typeof ROUND_RULES)[G] extends RoundRules<infer S> ? S : never };

/** Every round game, in order. */
export const ROUND_GAMES: readonly RoundGame[] = Object.freeze(Object.keys(ROUND_RULES) as RoundGame[]);

/** Whether `name` is a round game. */
export function is_round_game(name: unknown): name is RoundGame {
  return typeof name === 'string' && Object.hasOwn(ROUND_RULES, name);
}

/** The rules of `game`, its state unknown (each caller holds a state the site sent for that game). */
export function round_rules(game: RoundGame): RoundRules<unknown> {
  return ROUND_RULES[game] as RoundRules<unknown>;
}

const where = (keep: (rules: RoundRules<unknown>) => boolean): readonly RoundGame[] => Object.freeze(ROUND_GAMES.filter((g) => keep(round_rules(g))));

/** The round games that are rounds only (mines is also the registry's single request that reveals every tile at once). */
export const ROUND_ONLY_GAMES: readonly RoundGame[] = where((r) => !is_registry_game(r.name));

/** The round games with a cashout (`client.cashout`). */
export const CASHOUT_GAMES: readonly RoundGame[] = where((r) => r.cashout);

/** The round games whose open round a public client reads (`client.active_bet`, `play --resume`). */
export const OPEN_ROUND_GAMES: readonly RoundGame[] = where((r) => r.open_round_unread === null);

/** The round games the sandbox plays (by their public rules); the others it refuses. */
export const SANDBOX_ROUND_GAMES: readonly RoundGame[] = where((r) => r.rules_not_public === null);

/** Why each round game without public rules is refused by the sandbox and the simulator. */
export const RULES_NOT_PUBLIC: Readonly<Partial<Record<RoundGame, string>>> = Object.freeze(Object.fromEntries(
  ROUND_GAMES.flatMap((g) => {
    const why = round_rules(g).rules_not_public;
    return why === null ? [] : [[g, why]];
  }),
));

/** The sentence autobet and `sim` add when a strategy names a round-only game, or null for any other name. */
export function round_game_refusal(game: unknown): string | null {
  if (!is_round_game(game) || !ROUND_ONLY_GAMES.includes(game)) return null;
  const why = round_rules(game).rules_not_public;
  if (why !== null) {
    return `${game} is a round over several requests that autobet and sim do not play: ${why}, so the sandbox and the simulator refuse it; play it live with client.start / act`;
  }
  return `${game} is a round over several requests that autobet and sim do not play as a single bet; play it with client.start / act / cashout (the sandbox plays it by its public rules)`;
}

/** Every game `play` opens (a round over several requests), mines first: the list `play --help` and docs/rounds.md give. */
export const PLAYED_ROUND_GAMES: readonly RoundGame[] = Object.freeze([...ROUND_GAMES.filter((g) => !ROUND_ONLY_GAMES.includes(g)), ...ROUND_ONLY_GAMES]);

/** Whether the sandbox plays `game` (a round game): those with public rules. */
export function sandbox_plays_round(game: string): boolean {
  return !is_round_game(game) || round_rules(game).rules_not_public === null;
}

function listed(games: readonly string[]): string {
  return games.length <= 1 ? games.join('') : `${games.slice(0, -1).join(', ')} and ${games[games.length - 1]}`;
}

/**
 * Which round games the sandbox plays and which are live only, with why: one
 * sentence `play --help` and docs/rounds.md both print (scripts/games-readme.mjs
 * writes it there), so the two cannot disagree.
 */
export function round_games_sentence(): string {
  const played = PLAYED_ROUND_GAMES.filter(sandbox_plays_round);
  const live = PLAYED_ROUND_GAMES.filter((g) => !sandbox_plays_round(g));
  const why = live.map((g) => RULES_NOT_PUBLIC[g]).join('; ');
  return `The sandbox plays ${listed(played)} by their public rules (docs/round-rules.md)` +
    (live.length === 0 ? '.' : `; ${listed(live)} ${live.length === 1 ? 'is' : 'are'} played live only: ${why}, so the sandbox refuses ${live.length === 1 ? 'it' : 'them'}.`);
}
