/**
 * The games whose round spans several requests, and why autobet, `sim` and
 * the sandbox do not play three of them: their rules and payouts are in no
 * public source (research/site-coverage.md, pay-tables.json, and a search of
 * public pages and code on 2026-11-27), and stakeql never pays by invented
 * rules. They are played live with `client.start` / `act` / `cashout`.
 */

/** Why each round game without public rules is refused by the sandbox and the simulator. */
export const RULES_NOT_PUBLIC: Readonly<Record<string, string>> = Object.freeze({
  blackjack: "blackjack's table rules and payouts are in no public source",
  hilo: "hilo's multiplier rule is in no public source",
  videoPoker: "video poker's pay table is in no public source",
});

/** The sentence autobet and `sim` add when a strategy names a round game, or null for any other name. */
export function round_game_refusal(game: unknown): string | null {
  if (typeof game !== 'string' || !Object.prototype.hasOwnProperty.call(RULES_NOT_PUBLIC, game)) return null;
  return `${game} is a round over several requests that autobet and sim do not play: ${RULES_NOT_PUBLIC[game]}, so the sandbox and the simulator refuse it; play it live with client.start / act`;
}
