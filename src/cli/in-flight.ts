/**
 * Ctrl-C while money is moving. Once a bet or a deposit has been sent, the
 * process must not end silently: the site may run it whatever we do. An
 * interrupt says what is in flight, waits a short while for the answer
 * (printed as usual when it comes), and otherwise ends with exit 130 saying
 * that the outcome is unknown, naming the identifier to look for.
 */
import type { CommandContext } from './context.js';
import { CliError, EXIT_INTERRUPTED } from './exit-codes.js';

/** How long an interrupted command still waits for the answer of what it sent. */
export const INTERRUPT_WAIT_MS = 5000;

/** What to say about the request in flight when interrupted. */
export interface InFlight {
  /** What was sent, e.g. `the bet (identifier X)`. */
  readonly what: string;
  /** The end of the message when no answer came, e.g. `look for identifier X with 'stakeql bets' before betting again`. */
  readonly unknown: string;
}

const STOPPED = Symbol('stopped');

/**
 * Resolves to what `send` resolves to. Ctrl-C (SIGINT / SIGTERM) is caught
 * from before the request leaves: the first says what is in flight on stderr
 * and waits up to {@link INTERRUPT_WAIT_MS} for the answer; a second, or no
 * answer by then, throws exit 130 saying the outcome is unknown. A failure
 * of `send` is thrown as it is.
 */
export async function answerOrInterrupt<T>(ctx: CommandContext, flight: InFlight, send: () => Promise<T>): Promise<T> {
  const { io } = ctx;
  const stopped = io.untilStopped().then(() => STOPPED);
  const answer = send();
  // Settled later or never read: a rejection after we gave up is not unhandled.
  answer.catch(() => undefined);
  if ((await Promise.race([answer, stopped])) !== STOPPED) return answer;
  io.stderr.write(
    `stakeql: interrupted while ${flight.what} is in flight; waiting up to ${INTERRUPT_WAIT_MS / 1000} s for its answer ` +
      '(Ctrl-C again to stop waiting)\n',
  );
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<typeof STOPPED>((resolve) => {
    timer = setTimeout(() => resolve(STOPPED), INTERRUPT_WAIT_MS);
  });
  try {
    const settled = await Promise.race([answer, waited, io.untilStopped().then(() => STOPPED)]);
    if (settled !== STOPPED) return settled as T;
  } finally {
    clearTimeout(timer);
  }
  throw new CliError(EXIT_INTERRUPTED, `interrupted: no answer for ${flight.what}, so its outcome is unknown; ${flight.unknown}`);
}
