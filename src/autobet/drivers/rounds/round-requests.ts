/**
 * The site as a round over several requests sees it (not to be confused with
 * a game's `RoundSite`, its documents: src/games/kernel): the four requests a
 * round sends (open, a step, a cashout, a read of the open round) and the
 * site's origin the steps journal is keyed by. The client driver gives it
 * (client-driver.ts `round_requests`), so the round driver reaches the site only
 * through the driver it plays over, never through a client of its own.
 * A request throws the client's typed errors; failure-outcome.ts reads them.
 */
import type { CasinoBet } from '../../../operations/documents/fragments.js';
import type { ActiveBetGame, RoundGame } from '../../../operations/rounds.js';

export interface RoundRequests {
  /** The site's origin (a round's steps are journaled under it). */
  readonly origin: string;
  /** Opens a round (the game's bet mutation). */
  start(game: RoundGame, input: Readonly<Record<string, unknown>>): Promise<CasinoBet<unknown>>;
  /** Plays one step of the open round. */
  act(game: RoundGame, input: Readonly<Record<string, unknown>>): Promise<CasinoBet<unknown>>;
  /** Cashes the open round out (mines, hilo). */
  cashout(game: 'mines' | 'hilo', input: Readonly<Record<string, unknown>>): Promise<CasinoBet<unknown>>;
  /** The round of `game` open now, or null. */
  active_bet(game: ActiveBetGame, options?: { readonly signal?: AbortSignal }): Promise<CasinoBet<unknown> | null>;
}
