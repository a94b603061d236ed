/**
 * What the engine needs of the world it bets in. Three drivers implement it:
 * a `StakeClient` on the live site or on the sandbox (client-driver.ts), and
 * the simulator, which draws outcomes from `stakeql/fairness`. The engine's
 * loop is the same for all three; only this interface differs.
 */
import type { MultiplayerGame } from '../../games/crash/rules.js';
import type { MayHaveRunCause } from '../../operations/request-fate.js';
import type { PlannedBet } from './planned-bet.js';
import type { DriverKind, SettledBet } from '../strategies/strategy.js';

/** The active seed pair as a bettor sees it. */
export interface SeedView {
  readonly server_seed_hash: string;
  readonly client_seed: string;
  /** The nonce the next bet of this pair takes. */
  readonly nonce: number;
}

/** Where a session starts. */
export interface DriverStart {
  /** The balance of the run's currency, in currency units. */
  readonly balance: number;
  readonly seeds: SeedView;
}

/** A bet's intent as the journal holds it: what a driver needs to find the bet again. */
export interface IntentRef {
  readonly identifier: string;
  readonly game: string;
  readonly amount: number;
  readonly seed_hash: string | null;
  readonly nonce_expected: number | null;
  /** The parameters sent with the amount (a dice target, a limbo multiplier): a bet in the history must show the same. */
  readonly params?: Readonly<Record<string, unknown>>;
  /**
   * When the settle period ends (ms since the epoch): until then an unmoved
   * nonce does not prove the bet was never placed (the request may still sit
   * in a queue in front of the site). Absent: now.
   */
  readonly settle_until?: number;
  /**
   * The site's id of the bet, when an answer gave it (a round's opening):
   * the bet is then found by it whatever its amount grew to, and is never
   * "not placed" (the site said it exists).
   */
  readonly bet_id?: string;
}

/**
 * A stop a bet's round asked for (a step that would pass a limit, a policy's
 * bad answer: drivers/rounds/play-round.ts), given with the bet's outcome:
 * the run makes it before its next bet, or names it when the round was left open.
 */
export interface HeldStop {
  readonly reason: string;
  readonly message?: string;
}

/** The answer to one bet request: the site's bet, or what the failure tells (src/operations/request-fate.ts, the one rule). */
export type PlaceOutcome =
  /** The site booked it and answered. */
  | { readonly kind: 'placed'; readonly bet: SettledBet; readonly then_stop?: HeldStop | null }
  /** The site refused it with an errorType and no data: nothing was booked. */
  | { readonly kind: 'refused'; readonly error_type: string; readonly message: string }
  /** The request certainly never reached the site (connection refused, DNS, the client's own check). */
  | { readonly kind: 'not_sent'; readonly message: string }
  /**
   * It may have been booked: a time-out, a drop, a 5xx, an answer without the
   * bet, a typeless GraphQL error (`settle`: looked for through the settle
   * period), or a 429 or a challenge (looked for once, after the wait).
   */
  | { readonly kind: 'unknown'; readonly cause: MayHaveRunCause; readonly settle: boolean; readonly message: string; readonly retry_after_ms: number | null }
  /** The credentials were refused: nothing can be done without the user (the intent stays open for a resume to resolve). */
  | { readonly kind: 'auth'; readonly message: string };

/** What looking a bet up found. */
export type ResolveOutcome =
  | { readonly kind: 'placed'; readonly bet: SettledBet; readonly by: string; readonly then_stop?: HeldStop | null }
  | { readonly kind: 'not_placed'; readonly by: string }
  | { readonly kind: 'unknown'; readonly why: string };

/** Bets the site booked that the journal never recorded (the site's nonce ahead of the journal's). */
export interface Adoption {
  readonly bets: readonly SettledBet[];
  /** Why nothing or not everything could be adopted (the history did not reach back far enough). */
  readonly gap: string | null;
}

/** The answer to a vault deposit. */
export type DepositOutcome =
  | { readonly kind: 'deposited' }
  | { readonly kind: 'refused'; readonly error_type: string; readonly message: string }
  | { readonly kind: 'not_sent'; readonly message: string }
  /** It may have run (request-fate.ts): the vault's balance tells, watched through the settle period when `settle`. */
  | { readonly kind: 'unknown'; readonly message: string; readonly settle?: boolean };

/** The answer to a rakeback claim: the amounts claimed per currency, or why not. */
export type ClaimOutcome =
  | { readonly kind: 'claimed'; readonly amounts: readonly { readonly currency: string; readonly amount: number }[] }
  | { readonly kind: 'refused'; readonly error_type: string; readonly message: string }
  | { readonly kind: 'not_sent'; readonly message: string }
  /** It may have run (request-fate.ts): the rakeback available tells, watched through the settle period when `settle`. */
  | { readonly kind: 'unknown'; readonly message: string; readonly settle: boolean };

/** A world the engine can bet in. */
export interface Driver {
  readonly kind: DriverKind;
  /** The start balance and the active seed pair, read before the first bet. */
  start(currency: string): Promise<DriverStart>;
  /** Sends one bet; never retries it. */
  place(bet: PlannedBet, currency: string, identifier: string): Promise<PlaceOutcome>;
  /** The same, synchronously, for a driver that needs no I/O (the simulator's hot path). */
  place_now?(bet: PlannedBet, currency: string, identifier: string): PlaceOutcome;
  /** Finds out whether the bet of `intent` exists, within `deadline` (ms since the epoch). */
  resolve(intent: IntentRef, deadline: number, signal: AbortSignal): Promise<ResolveOutcome>;
  /**
   * The bets of the seed pair `seed_hash` from nonce `from` on that the site
   * holds, oldest first: called when the site's nonce is ahead of the journal's.
   */
  adopt(seed_hash: string, from: number, deadline: number, signal: AbortSignal): Promise<Adoption>;
  /** The active seed pair now (null when it cannot be read: the network is down). */
  seeds(signal: AbortSignal): Promise<SeedView | null>;
  /** Rotates the seed pair; `exhausted` when a replay has no pair left. */
  rotate_seed_pair(): Promise<SeedView | { readonly exhausted: true }>;
  /** Waits `ms` (the simulator does not). */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  /** Moves `amount` (currency units) from the balance into the vault; never retried. Absent where there is no vault. */
  deposit?(amount: number, currency: string): Promise<DepositOutcome>;
  /** The vault's balance of `currency` now (null when it cannot be read). */
  vault_balance?(currency: string, signal: AbortSignal): Promise<number | null>;
  /** Claims the account's available rakeback (every currency at once); never retried. Absent where there is none (the simulator). */
  claim_rakeback?(): Promise<ClaimOutcome>;
  /** The rakeback of `currency` available to claim now (null when it cannot be read). */
  rakeback_available?(currency: string, signal: AbortSignal): Promise<number | null>;
  /**
   * Crash and Slide: the points of `game`'s last rounds (oldest first, at most
   * 100), or null before the run has looked at that game. What it returns is
   * what the strategy is shown: a skip then waits for the round after it.
   */
  rounds?(game: MultiplayerGame): readonly number[] | null;
  /** Crash and Slide: bets nothing in the round after the last one `rounds` showed; resolves once it has ended. */
  skip_round?(game: MultiplayerGame, signal: AbortSignal): Promise<void>;
  /** The identifier of the next bet; default 21 random characters, as the web app sends. */
  identifier?(): string;
}
