/**
 * Exit codes of the `stakeql` command, one per kind of outcome a script may
 * want to react to differently. `stakeql --help` lists them.
 */

/** Success. */
export const EXIT_OK = 0;
/** A runtime failure: network, server, clipboard, an unexpected error; also a declined confirmation (nothing was done). */
export const EXIT_FAILURE = 1;
/** A usage error: unknown command or option, a bad option value, a bad environment variable. */
export const EXIT_USAGE = 2;
/** Nothing usable in the paste, or the named profile does not exist. */
export const EXIT_NOT_FOUND = 3;
/** The server refused the credentials, or bot protection (Cloudflare or Kasada) refused the request. */
export const EXIT_AUTH = 4;
/** The credential store or the database failed (permissions, a corrupt, locked or newer file, no keyring). */
export const EXIT_STORE = 5;
/**
 * Interrupted by Ctrl-C (128 + SIGINT, as shells report it): while reading a
 * paste, or while a bet or deposit was in flight and its answer did not come.
 */
export const EXIT_INTERRUPTED = 130;

/** An exit code of the CLI. */
export type ExitCode =
  | typeof EXIT_OK
  | typeof EXIT_FAILURE
  | typeof EXIT_USAGE
  | typeof EXIT_NOT_FOUND
  | typeof EXIT_AUTH
  | typeof EXIT_STORE
  | typeof EXIT_INTERRUPTED;

/** The exit code table as `--help` prints it. */
export const EXIT_CODES_HELP = `Exit codes:
  0    ok
  1    runtime failure (network, server, clipboard), or a confirmation declined
  2    usage error (unknown command or option, bad value, bad STAKE_* variable)
  3    nothing found in the paste, or the profile does not exist
  4    authentication refused, or bot protection (Cloudflare or Kasada): refresh the
       credentials, or use your browser ('stakeql browser', then --browser own)
  5    credential store or database error (permissions, corrupt, locked or newer file, keyring unavailable)
  130  interrupted (Ctrl-C); with a bet or deposit in flight and no answer
       within 5 s, its outcome is unknown and the message names what to check`;

/**
 * A failure the CLI reports as one line (`stakeql: <message>`) with its exit
 * code. Messages are built from names and counts, never from a secret.
 */
export class CliError extends Error {
  /** The code the process exits with. */
  readonly exit_code: ExitCode;

  constructor(exit_code: ExitCode, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'CliError';
    this.exit_code = exit_code;
  }
}

/** A {@link CliError} with {@link EXIT_USAGE}. */
export function usageError(message: string): CliError {
  return new CliError(EXIT_USAGE, message);
}

/**
 * Runs `work`, turning a TypeError / RangeError it throws into a usage error
 * with the same message: for reading configuration the user wrote (a
 * `STAKE_*` or `STAKEQL_STORE` variable, an option value), whose checks throw
 * those with messages that name the variable, never its value.
 */
export async function badValueIsUsage<T>(work: () => Promise<T> | T): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof RangeError || error instanceof TypeError) throw new CliError(EXIT_USAGE, error.message, { cause: error });
    throw error;
  }
}
