/**
 * How `autobet` says that the library refused to start (or to look up) a
 * session: each failure that means "not started" as a CLI error with its
 * exit code; anything else goes on as it is.
 */
import { CliError, EXIT_NOT_FOUND, EXIT_STORE, EXIT_USAGE } from '../exit-codes.js';

/** Library failures that mean "not started" as CLI errors with their exit codes. */
export function describe_start_failure(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  if (error.name === 'StrategyError') return new CliError(EXIT_USAGE, `strategy: ${error.message}`, { cause: error });
  if (error.name === 'AutobetError') {
    const code = (error as { code?: string }).code;
    return new CliError(code === 'not_found' ? EXIT_NOT_FOUND : EXIT_USAGE, error.message, { cause: error });
  }
  if (error.name === 'JournalError') return new CliError(EXIT_STORE, error.message, { cause: error });
  if (error instanceof RangeError || error instanceof TypeError) return new CliError(EXIT_USAGE, error.message, { cause: error });
  return error;
}
