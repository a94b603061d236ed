/**
 * How a run ends inside the engine: a `Stop` thrown from anywhere in a turn
 * carries the reason, and becomes the stop line where the run is caught.
 */
import type { Counters, Money } from './counters.js';
import { stop_line, type StopLine } from './events.js';

/** A strategy's throw or bad answer as the stop it causes. */
export function strategyStop(error: unknown): Stop {
  if (error instanceof Stop) return error;
  const message = error instanceof Error ? error.message : 'the strategy threw a non-error value';
  return new Stop('error:strategy', message.slice(0, 500));
}

/** Why `settle` or `place` ended the run. */
export class Stop {
  constructor(readonly reason: string, readonly message?: string, readonly identifier?: string) {}
}

/** A failure thrown by a driver as a stop: the site's errorType when it has one, else the error's kind. */
export function as_stop(error: unknown): Stop {
  if (!(error instanceof Error)) return new Stop('error:unknown', 'a non-error value was thrown');
  const type = (error as { error_type?: unknown }).error_type;
  const kind = typeof type === 'string' ? type
    : error.name === 'AuthenticationError' ? 'notAuthenticated'
    : error.name === 'ChallengeError' ? 'challenge'
    : error.name === 'RateLimitError' ? 'rateLimited'
    : error.name === 'TransportError' ? 'network'
    : 'internal';
  return new Stop(`error:${kind}`, error.message.slice(0, 500));
}

/** The stop line for what ended a run: a `Stop`'s reason, or a failure as `error:<kind>`. */
export function stop_line_of(error: unknown, c: Counters, money: Money): StopLine {
  const stop = error instanceof Stop ? error : as_stop(error);
  return stop_line(stop.reason, c, money, {
    ...(stop.message === undefined ? {} : { message: stop.message }),
    ...(stop.identifier === undefined ? {} : { identifier: stop.identifier }),
  });
}
