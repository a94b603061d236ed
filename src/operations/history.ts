/**
 * The user's bet history as an async iterator: one `MyBetList` query per
 * page (`houseBetList(offset, limit)`), newest first, stopping at the first
 * short page. Queries are retried by the client on network errors, 429 and
 * 5xx; a page that fails after that ends the iteration with the error.
 */
import { MAX_BET_PAGE, MyBetList, type HouseBet } from './documents/history.js';
import { check_options, type OperationOptions, type OperationsClient } from './runner.js';

/** Options of `client.bets()`. */
export interface BetHistoryOptions extends OperationOptions {
  /** Bets per request, 1–50 (the most public clients ask for); default 50. */
  readonly page_size?: number;
  /** Stop after this many bets; default: all of them. */
  readonly max?: number;
  /** Start this many bets back (skip the newest `offset`); default 0. */
  readonly offset?: number;
  /** Called after each page with the number of bets read so far. */
  readonly on_page?: (read: number) => void;
}

function count(value: unknown, field: string, min: number, max: number, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value)) throw new TypeError(`${field} must be an integer`);
  if (value < min || value > max) throw new RangeError(`${field} must be ${min} to ${max} (got ${value})`);
  return value;
}

/**
 * The user's bets, newest first, as an async iterable. Options are checked at
 * once (before the first request); requests start with the first `next()`.
 */
export function bet_history(client: OperationsClient, options: BetHistoryOptions = {}): AsyncIterable<HouseBet> {
  const opts = check_options(options) as BetHistoryOptions;
  const page_size = count(opts.page_size, 'page_size', 1, MAX_BET_PAGE, MAX_BET_PAGE);
  const max = count(opts.max, 'max', 0, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
  const start = count(opts.offset, 'offset', 0, Number.MAX_SAFE_INTEGER, 0);
  if (opts.on_page !== undefined && typeof opts.on_page !== 'function') throw new TypeError('on_page must be a function');
  return {
    async *[Symbol.asyncIterator]() {
      let read = 0;
      let offset = start;
      while (read < max) {
        const limit = Math.min(page_size, max - read);
        const data = await client.graphql(MyBetList, { offset, limit }, { signal: opts.signal ?? null });
        const page = data.user.houseBetList;
        for (const bet of page.slice(0, limit)) {
          read++;
          yield bet;
        }
        opts.on_page?.(read);
        if (page.length < limit) return;
        offset += page.length;
      }
    },
  };
}
