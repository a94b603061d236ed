/**
 * Following a fixture and the user's own slips.
 *
 * No public client subscribes to odds or market status (site-coverage.md
 * §0.3), so `watch_fixture` polls `FetchFixtureMarkets` every `interval_ms`
 * (default 5 s, never below 1 s: 12 requests a minute per fixture by
 * default, 60 at the floor) and yields only what changed since the last
 * read. `watch_sport_bets` is the site's own `SportBets` subscription.
 */
import { integer, name, object, signal as check_signal } from './check.js';
import { SportBets, type SportBetChange } from './documents/bets.js';
import type { FixtureMarkets } from './documents/read.js';
import { to_sports_error } from './errors.js';
import { fixture, type SportsCore } from './read.js';

/** Default and smallest polling interval of `watch_fixture`, in ms. */
export const DEFAULT_WATCH_INTERVAL_MS = 5_000;
export const MIN_WATCH_INTERVAL_MS = 1_000;

/** One change of a watched fixture. */
export type FixtureChange =
  | { readonly kind: 'odds'; readonly outcomeId: string; readonly market_id: string; readonly name: string; readonly odds: number; readonly previous: number }
  | { readonly kind: 'outcome_active'; readonly outcomeId: string; readonly market_id: string; readonly active: boolean }
  /** A market's status moved (`active`, `suspended`, `deactivated`), or it is gone from the groups read (`removed`) or new (`previous: null`). */
  | { readonly kind: 'market_status'; readonly market_id: string; readonly name: string; readonly status: string; readonly previous: string | null }
  | { readonly kind: 'fixture_status'; readonly status: string; readonly previous: string };

/** Options of `watch_fixture`. */
export interface WatchFixtureOptions {
  /** Time between reads, at least 1000 ms; default 5000. */
  readonly interval_ms?: number;
  /** Market groups to follow; default `['main']`. */
  readonly groups?: readonly string[];
  /** Ends the watch (the iterator returns). */
  readonly signal?: AbortSignal | null;
}

interface Snapshot {
  readonly status: string;
  readonly markets: Map<string, { name: string; status: string }>;
  readonly outcomes: Map<string, { market_id: string; name: string; odds: number; active: boolean }>;
}

function snapshot(f: FixtureMarkets): Snapshot {
  const markets = new Map<string, { name: string; status: string }>();
  const outcomes = new Map<string, { market_id: string; name: string; odds: number; active: boolean }>();
  for (const g of f.groups) {
    for (const t of g.templates) {
      for (const m of t.markets) {
        markets.set(m.id, { name: m.name, status: m.status });
        for (const o of m.outcomes) outcomes.set(o.id, { market_id: m.id, name: o.name, odds: o.odds, active: o.active });
      }
    }
  }
  return { status: f.status, markets, outcomes };
}

/** What changed from `a` to `b`, fixture first, then markets, then outcomes. */
export function diff(a: Snapshot, b: Snapshot): FixtureChange[] {
  const out: FixtureChange[] = [];
  if (a.status !== b.status) out.push({ kind: 'fixture_status', status: b.status, previous: a.status });
  for (const [id, m] of b.markets) {
    const before = a.markets.get(id);
    if (before === undefined || before.status !== m.status) out.push({ kind: 'market_status', market_id: id, name: m.name, status: m.status, previous: before?.status ?? null });
  }
  for (const [id, m] of a.markets) if (!b.markets.has(id)) out.push({ kind: 'market_status', market_id: id, name: m.name, status: 'removed', previous: m.status });
  for (const [id, o] of b.outcomes) {
    const before = a.outcomes.get(id);
    if (before === undefined) continue;
    if (before.odds !== o.odds) out.push({ kind: 'odds', outcomeId: id, market_id: o.market_id, name: o.name, odds: o.odds, previous: before.odds });
    if (before.active !== o.active) out.push({ kind: 'outcome_active', outcomeId: id, market_id: o.market_id, active: o.active });
  }
  return out;
}

/** Resolves after `ms`, or false at once when `abort` fires. */
function pause(ms: number, abort: AbortSignal | null): Promise<boolean> {
  if (abort?.aborted === true) return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = (value: boolean) => {
      clearTimeout(timer);
      abort?.removeEventListener('abort', stop);
      resolve(value);
    };
    const stop = () => done(false);
    const timer = setTimeout(() => done(true), ms);
    abort?.addEventListener('abort', stop, { once: true });
  });
}

/**
 * Polls one fixture and yields each change. The first read sets the
 * baseline and yields nothing. A read that fails ends the iteration with
 * its error (the client already retried it); an abort ends it quietly.
 * Options are checked at once.
 */
export function watch_fixture(core: SportsCore, slug: string, options: WatchFixtureOptions = {}): AsyncIterable<FixtureChange> {
  const o = object(options, 'options');
  const checked = name(slug, 'slug');
  const interval = integer(o['interval_ms'], 'interval_ms', MIN_WATCH_INTERVAL_MS, 24 * 3_600_000, DEFAULT_WATCH_INTERVAL_MS);
  const abort = check_signal(o['signal']);
  const groups = o['groups'] as readonly string[] | undefined;
  return {
    async *[Symbol.asyncIterator]() {
      const read = async () => snapshot(await fixture(core, checked, groups === undefined ? {} : { groups }));
      let last = await read();
      while (await pause(interval, abort)) {
        let next: Snapshot;
        try {
          next = await read();
        } catch (error) {
          if (abort?.aborted === true) return;
          throw error;
        }
        yield* diff(last, next);
        last = next;
      }
    },
  };
}

/** The site's `SportBets` subscription: each change of one of the user's own slips. */
export function watch_sport_bets(core: SportsCore, options: { readonly signal?: AbortSignal | null } = {}): AsyncIterable<SportBetChange> {
  const o = object(options, 'options');
  const abort = check_signal(o['signal']);
  return {
    async *[Symbol.asyncIterator]() {
      const feed = core.client.subscribe(SportBets, {}, abort === null ? {} : { signal: abort });
      try {
        for await (const data of feed) yield data.sportBets;
      } catch (error) {
        throw to_sports_error(error, false);
      }
    },
  };
}
