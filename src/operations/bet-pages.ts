/**
 * The user's bet history as an async iterator: one `MyBetList` query per
 * page (`houseBetList(offset, limit)`), newest first, stopping at the first
 * short page. Queries are retried by the client on network errors, 429 and
 * 5xx; a page that fails after that ends the iteration with the error.
 */
import { MAX_BET_PAGE, MyBetList, read_house_bets, type HouseBet } from './documents/my-bet-list.js';
import { check_options, type OperationOptions, type OperationsClient } from './runner.js';
import { optional_number } from '../games/kernel/number.js';

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

/**
 * The user's bets, newest first, as an async iterable. Options are checked at
 * once (before the first request); requests start with the first `next()`.
 */
export function bet_history(client: OperationsClient, options: BetHistoryOptions = {}): AsyncIterable<HouseBet> {
  const opts = check_options(options) as BetHistoryOptions;
  const page_size = optional_number(opts.page_size, 'page_size', MAX_BET_PAGE, { min: 1, max: MAX_BET_PAGE, style: 'strict' });
  const max = optional_number(opts.max, 'max', Number.MAX_SAFE_INTEGER, { min: 0, max: Number.MAX_SAFE_INTEGER, style: 'strict' });
  const start = optional_number(opts.offset, 'offset', 0, { min: 0, max: Number.MAX_SAFE_INTEGER, style: 'strict' });
  if (opts.on_page !== undefined && typeof opts.on_page !== 'function') throw new TypeError('on_page must be a function');
  return {
    async *[Symbol.asyncIterator]() {
      let read = 0;
      let offset = start;
      while (read < max) {
        const limit = Math.min(page_size, max - read);
        const data = await client.graphql(MyBetList, { offset, limit }, { signal: opts.signal ?? null });
        const page = read_house_bets(data);
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
