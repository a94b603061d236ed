/**
 * The library's errors tell a program what to call (`client.active_bet('hilo')`,
 * `client.act` …); a person at the command line needs the command to run
 * instead. Every message the CLI prints from the library goes through
 * {@link for_cli}, which rewrites those hints (our own wording, in
 * operations/round-error.ts and the round drivers) into `stakeql` commands.
 */

// The games `stakeql play --resume` plays on (video poker has no public way to read an open hand).
const RESUMABLE = /^(?:blackjack|hilo|mines)$/;

/** `message` with each library call a CLI user cannot make replaced by the command to run. */
export function for_cli(message: string): string {
  return message
    .replace(/read it with client\.active_bet\('([A-Za-z]{1,20})'\) and finish it with client\.act \/ client\.cashout/g, (whole, game: string) =>
      RESUMABLE.test(game) ? `finish it with 'stakeql play ${game} --resume'` : whole)
    .replace(/read (it|the round) with client\.active_bet\('([A-Za-z]{1,20})'\)/g, (whole, what: string, game: string) =>
      RESUMABLE.test(game) ? `read ${what} with 'stakeql play ${game} --resume'` : whole)
    .replace(/finish it with client\.act\('videoPoker', \{ held: \[\.\.\.\] \}\) \(no public client reads an open hand\)/g,
      "finish it on the site: no public client reads an open hand, so 'stakeql play' cannot resume it");
}
