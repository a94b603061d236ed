/**
 * Why `run_autobet` / `resume_autobet` would not start. Nothing was sent
 * when one of these is thrown. (Strategy problems are `StrategyError`s;
 * database problems `JournalError`s.)
 */
export type AutobetErrorCode =
  /** Another run holds this account's lock. */
  | 'locked'
  /** No such session to resume, show or stop. */
  | 'not_found'
  /** An option is missing or wrong (the message names it). */
  | 'bad_input'
  /** Another session on this account left bets whose outcome is not known: resume or abandon it first. */
  | 'unfinished'
  /** The session is running in another process (abandon). */
  | 'running';

/** A run that did not start; `code` says why. */
export class AutobetError extends Error {
  readonly code: AutobetErrorCode;

  constructor(code: AutobetErrorCode, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'AutobetError';
    this.code = code;
  }
}
