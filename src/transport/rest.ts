/**
 * The REST request kind: `POST {base}/_api/casino/{path}` with the variables
 * as the JSON body, the way the web app places originals (operations.md §1,
 * "Two transports for Originals"; site-coverage.md §2.1). It is one more
 * kind of `Call` for the same attempt loop as GraphQL: the same headers and
 * cookies, redaction, identifiers and "a mutation is never resent" rule; only
 * the URL and the answer's envelope (no `data` wrapper) differ.
 */
import type { Call } from './call.js';
import type { ClientCore } from './core.js';
import { run_call } from './call-loop.js';

// Lower-case words joined by `-`, segments joined by `/` (`dice/roll`, `dragon-tower/bet`): each step is
// one character class with a fixed separator, so matching is linear.
const REST_PATH = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*){0,3}$/;

/** Checks a casino REST path (`dice/roll`); throws RangeError naming `path`. */
export function check_rest_path(path: unknown): string {
  if (typeof path !== 'string') throw new TypeError('path must be a string such as "dice/roll"');
  if (path.length > 80 || !REST_PATH.test(path)) {
    throw new RangeError(`path must be a casino route such as "dice/roll" (lower-case words, "-" and "/"; got ${JSON.stringify(path.slice(0, 40))})`);
  }
  return path;
}

/**
 * Sends one REST casino request and resolves to the answer object
 * (`{ diceRoll: {...} }`). A REST call places a bet, so it is a mutation:
 * never retried, and a lost answer is a TransportError whose
 * `may_have_reached_server` says whether it may have run.
 */
export function run_rest(core: ClientCore, path: string, body: Readonly<Record<string, unknown>>, signal: AbortSignal | null): Promise<unknown> {
  const checked = check_rest_path(path);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new TypeError('body must be an object');
  const call: Call = {
    op: { kind: 'mutation', operation_name: checked },
    body: JSON.stringify(body),
    signal,
    rest_url: `${core.opts.base_url}/_api/casino/${checked}`,
    attempt: 0,
    maybe_ran: false,
  };
  return run_call(core, call);
}
