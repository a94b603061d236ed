/**
 * The games whose round spans several requests beside mines (blackjack,
 * hilo, video poker), and why the sandbox and the simulator refuse one of
 * them: video poker's pay table is in no public source found
 * (docs/round-rules.md lists the searches), and stakeql never pays by
 * invented rules; it is played live with `client.start` / `act`. Blackjack's
 * and hilo's rules are public (docs/round-rules.md): the sandbox plays them,
 * and autobet and sim play them with a round policy (round-bets.ts); video
 * poker is refused by them with a sentence saying why.
 */

/** The round games beside mines. */
export const ROUND_GAMES: readonly string[] = Object.freeze(['blackjack', 'hilo', 'videoPoker']);

/** Why each round game without public rules is refused by the sandbox and the simulator. */
export const RULES_NOT_PUBLIC: Readonly<Record<string, string>> = Object.freeze({
  videoPoker: "video poker's pay table is in no public source",
});

/** The sentence autobet and `sim` add when a strategy names a round game, or null for any other name. */
export function round_game_refusal(game: unknown): string | null {
  if (typeof game !== 'string' || !ROUND_GAMES.includes(game)) return null;
  if (Object.prototype.hasOwnProperty.call(RULES_NOT_PUBLIC, game)) {
    return `${game} is a round over several requests that autobet and sim do not play: ${RULES_NOT_PUBLIC[game]}, so the sandbox and the simulator refuse it; play it live with client.start / act`;
  }
  return `${game} is a round over several requests that autobet and sim do not play as a single bet; play it with client.start / act / cashout (the sandbox plays it by its public rules)`;
}

/** Every game `play` opens (a round over several requests), mines first: the list `play --help` and docs/rounds.md give. */
export const PLAYED_ROUND_GAMES: readonly string[] = Object.freeze(['mines', ...ROUND_GAMES]);

/** Whether the sandbox plays `game` (a round game): those with public rules. */
export function sandbox_plays_round(game: string): boolean {
  return !Object.prototype.hasOwnProperty.call(RULES_NOT_PUBLIC, game);
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
