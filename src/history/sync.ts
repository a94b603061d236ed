/**
 * `sync_history`: the account's bets pulled from the site into the database.
 *
 * Pages of `houseBetList` (the `MyBetList` query `client.bets()` pages
 * through) are read newest first and written one page per transaction, the
 * next two pages already asked for while one is written; reading stops at the watermark of the last complete sync (see
 * {@link BetDatabase.watermark}), so a second sync asks only for the pages
 * that hold new bets. The watermark moves only when a sync reads through to
 * it (or to the end of the list): an interrupted sync is finished by the next
 * one. Then server seeds revealed since are filled in: seeds the pages carried,
 * the active pair's `previousServerSeed`, and for any other seed still missing
 * one `BetLookup` of a bet placed under it (bounded per sync).
 */
import { MyBetList, read_house_bets, type HouseBet } from '../operations/documents/my-bet-list.js';
import type { UserSeedPairResult } from '../operations/documents/seeds.js';
import type { OperationOptions, OperationsClient } from '../operations/runner.js';
import { start_checkpointer } from '../database/checkpointer.js';
import type { SqliteDatabase } from '../database/database.js';
import { BetLookup } from './lookup-document.js';
import { any_row_of, stored_arm, type BetRow } from './record.js';
import { lookup_rounds } from './rounds.js';
import { BetDatabase } from './bet-database.js';
import { optional_number } from '../games/kernel/number.js';

/** What `sync_history` needs of a client: a `StakeClient` is one. */
export interface HistoryClient extends OperationsClient {
  /** The site the client talks to; its origin keys the account's bets. */
  readonly base_url: string;
  active_seeds(options?: OperationOptions): Promise<UserSeedPairResult['user']>;
}

/** Options of {@link sync_history}. */
export interface SyncOptions {
  /** Bets per request, 1–50; default 50. */
  readonly page_size?: number;
  /** Ends the sync between requests (what was written stays; the next sync goes on from the old watermark). */
  readonly signal?: AbortSignal | null;
  /** Called after each page with the number of entries read so far. */
  readonly on_progress?: (read: number) => void;
  /** At most this many `BetLookup` requests for seeds still missing; default 100, 0 for none. */
  readonly max_seed_lookups?: number;
  /** At most this many `RoundLookup` requests for the rounds of Crash and Slide bets not looked up yet; default 1000, 0 for none. */
  readonly max_round_lookups?: number;
}

/** What a sync did. */
export interface SyncResult {
  /** The site's origin. */
  readonly site: string;
  /** The account, or null when it has no bets and the seed read failed. */
  readonly user_id: string | null;
  /** Entries of the site's list read. */
  readonly read: number;
  /** Bets not in the database before. */
  readonly added: number;
  /** Bets written (new ones and ones read again: an open round, bets above an interrupted sync). */
  readonly written: number;
  /** Crash and Slide bets whose round (hash, salt, number) this sync looked up. */
  readonly rounds_found: number;
  /** Entries that are not originals, Crash or Slide bets (other kinds of bet this library does not read). */
  readonly skipped: number;
  /** True when reading stopped at the previous sync's watermark (false on a first or interrupted-then-resumed sync). */
  readonly reached_watermark: boolean;
  /** Stored bets whose server seed this sync filled in. */
  readonly seeds_revealed: number;
  /** Why a seed lookup failed, when one did (the bets were synced all the same). */
  readonly notes: readonly string[];
}

function checkOptions(options: SyncOptions): { page_size: number; lookups: number; round_lookups: number } {
  if (options === null || typeof options !== 'object') throw new TypeError('options must be an object');
  if (options.on_progress !== undefined && typeof options.on_progress !== 'function') throw new TypeError('on_progress must be a function');
  return {
    page_size: optional_number(options.page_size, 'page_size', 50, { min: 1, max: 50, style: 'strict' }),
    lookups: optional_number(options.max_seed_lookups, 'max_seed_lookups', 100, { min: 0, max: 10_000, style: 'strict' }),
    round_lookups: optional_number(options.max_round_lookups, 'max_round_lookups', 1000, { min: 0, max: 100_000, style: 'strict' }),
  };
}

/** The origin of a client's base URL: the key its bets are stored under. */
export function site_of(base_url: string): string {
  return new URL(base_url).origin;
}

/**
 * Pulls the account's new bets into `db` (opened with `open_database`), and
 * fills in server seeds revealed since the last sync.
 * @throws TypeError / RangeError for bad options (before any request); the
 * client's errors (what was written before one stays written); JournalError
 * from the database.
 */
export async function sync_history(client: HistoryClient, db: SqliteDatabase, options: SyncOptions = {}): Promise<SyncResult> {
  const { page_size, lookups, round_lookups } = checkOptions(options);
  const signal = options.signal ?? null;
  const site = site_of(client.base_url);
  const store = new BetDatabase(db);
  // The write lock, taken and let go: a database another process holds fails here (SQLITE_BUSY), before any request.
  db.transaction(() => undefined).immediate();
  const now = Date.now();
  const state: PageState = {
    user: null, watermark: null, candidate: null, reached: false, read: 0, skipped: 0, written: 0, added: 0,
    oldest: Number.POSITIVE_INFINITY, carried: new Map(),
  };
  // Checkpoints off this thread, as for autobet: SQLite's automatic one fsyncs on the committing
  // connection, and a first sync writes thousands of pages (unless the caller already runs one).
  // Every CHECKPOINT_MS, not autobet's second: a first sync writes thousands of pages a second, and what the last
  // checkpoint is left with the sync waits for (10,000 bets took 36 ms to checkpoint at the end, 17 ms so).
  const checkpointer =
    db.memory || db.pragma('wal_autocheckpoint', { simple: true }) === 0 ? null : start_checkpointer(db, db.name, CHECKPOINT_MS);
  // The checkpointer's last checkpoint (the pages since its last one: all of a short sync's) runs on its thread
  // while the runs are set and the seeds asked for, instead of before them; it is waited for before returning.
  const finishWrites = (): Promise<void> => {
    const stopped = checkpointer?.stop() ?? Promise.resolve();
    try {
      // After a failure too: the pages written count in the statistics at once.
      if (state.user !== null && state.oldest !== Number.POSITIVE_INFINITY) store.update_streaks(site, state.user.id, state.oldest);
    } catch (error) {
      return stopped.then(() => Promise.reject(error));
    }
    return stopped;
  };
  try {
    await readPages(client, store, state, { site, page_size, signal, now, on_progress: options.on_progress });
  } catch (error) {
    await finishWrites();
    throw error;
  }
  const stopped = finishWrites();
  const { user } = state;
  let seeds;
  let rounds;
  try {
    if (user !== null) store.set_watermark(site, user.id, user.name, state.candidate ?? (state.reached ? state.watermark : null), now);
    seeds = await revealSeeds(client, store, site, user?.id ?? null, state.carried, lookups, signal);
    rounds = await lookup_rounds(client, db, site, user?.id ?? seeds.user_id, round_lookups, signal);
  } finally {
    await stopped;
  }
  return {
    site,
    user_id: user?.id ?? seeds.user_id,
    read: state.read,
    added: state.added,
    written: state.written,
    skipped: state.skipped,
    reached_watermark: state.reached,
    seeds_revealed: seeds.revealed,
    rounds_found: rounds.found,
    notes: [...seeds.notes, ...rounds.notes],
  };
}

/** What reading the pages found. */
interface PageState {
  user: { id: string; name: string | null } | null;
  /** Where the last complete sync stopped. */
  watermark: string | null;
  /** The newest bet read such that no bet at or below it was still open: next time's stop. */
  candidate: string | null;
  reached: boolean;
  read: number;
  skipped: number;
  written: number;
  /** Bets written that were not in the database before. */
  added: number;
  /** The oldest time written: runs are set again from there on. */
  oldest: number;
  /** Seeds the pages carried, by hash. */
  carried: Map<string, string>;
}

/**
 * Reads pages of `MyBetList` until the watermark or the end of the list. Up to
 * {@link PAGES_AHEAD} pages are asked for before this one is written: the
 * database write overlaps the site's answers instead of adding to them. The
 * first page is asked for alone (a sync that finds the watermark there, the
 * usual second sync, sends one request); after the last page at most one
 * request was sent for nothing, and its answer is dropped.
 */
async function readPages(
  client: HistoryClient,
  store: BetDatabase,
  state: PageState,
  o: { site: string; page_size: number; signal: AbortSignal | null; now: number; on_progress: SyncOptions['on_progress'] },
): Promise<void> {
  const context = { site: o.site, decimals_owner: client, now_ms: o.now };
  const fetchPage = (offset: number): Promise<readonly HouseBet[]> => {
    const request = client.graphql(MyBetList, { offset, limit: o.page_size }, { signal: o.signal }).then(read_house_bets);
    // Awaited on the next turn; until then a failure must not count as unhandled.
    request.catch(() => undefined);
    return request;
  };
  // Pages are committed together for up to COMMIT_MS: a commit per page costs more than the page's rows on a fast
  // site, and the write lock is never held longer than that (an autobet writing its journal waits at most so long).
  let opened: number | null = null;
  // Also while waiting for a slow page: the lock is let go on time whatever the site does.
  let due: NodeJS.Timeout | null = null;
  const commit = (): void => {
    if (due !== null) clearTimeout(due);
    due = null;
    if (opened === null) return;
    opened = null;
    store.db.exec('COMMIT');
  };
  try {
    await pages();
    commit();
  } catch (error) {
    if (due !== null) clearTimeout(due);
    // The runs pass reads back what this sync wrote: some of it may be rolled back below.
    store.forget_written();
    // What was written is right: keep it, unless the database itself failed.
    if (store.db.inTransaction) store.db.exec(isClientFailure(error) ? 'COMMIT' : 'ROLLBACK');
    throw error;
  }

  async function pages(): Promise<void> {
    // The pages asked for and not read yet, oldest first, and the offset of the newest of them.
    const ahead = [fetchPage(0)];
    let asked = 0;
    for (;;) {
      const page = (await (ahead.shift() as Promise<readonly HouseBet[]>)).slice(0, o.page_size);
      let end = page.length;
      for (let i = 0; i < page.length; i++) {
        const bet = stored_arm(page[i] as HouseBet);
        if (bet === null) continue;
        if (state.user === null) {
          state.user = { id: bet.user.id, name: bet.user.name ?? null };
          state.watermark = store.watermark(o.site, bet.user.id);
        }
        if (bet.id === state.watermark) {
          end = i;
          state.reached = true;
          break;
        }
      }
      state.read += state.reached ? end + 1 : page.length;
      o.on_progress?.(state.read);
      const more = !state.reached && page.length === o.page_size;
      if (more) {
        while (ahead.length < PAGES_AHEAD) ahead.push(fetchPage((asked += o.page_size)));
        // Let the requests reach the socket before the synchronous write below holds the thread.
        await new Promise((resolve) => setImmediate(resolve));
      }
      const rows: BetRow[] = [];
      for (let i = 0; i < end; i++) {
        const entry = page[i] as HouseBet;
        const bet = stored_arm(entry);
        if (bet === null) {
          state.skipped++;
          continue;
        }
        const row = any_row_of(entry, bet, context);
        rows.push(row);
        if (row.active === 1) state.candidate = null;
        else state.candidate ??= bet.id;
        const seed = bet.__typename === 'CasinoBet' ? bet.serverSeed?.seed : undefined;
        if (typeof seed === 'string' && bet.__typename === 'CasinoBet' && bet.serverSeed.seedHash) state.carried.set(bet.serverSeed.seedHash, seed);
      }
      if (opened === null && rows.length > 0) {
        store.db.exec('BEGIN IMMEDIATE');
        opened = performance.now();
        due = setTimeout(commit, COMMIT_MS);
      }
      state.added += store.upsert(rows);
      for (const row of rows) state.oldest = Math.min(state.oldest, row.time_ms);
      state.written += rows.length;
      if (opened !== null && performance.now() - opened >= COMMIT_MS) commit();
      if (!more) return;
    }
  }
}

/**
 * Pages asked for ahead of the one being written. With one, the site's work and the database's alternated on this
 * 2-core machine (a trace showed the sandbox woken on the syncing thread's core, answering only once a page's write
 * had ended); with two, the site always has a page to work on. Against the live site it halves the wait for round
 * trips, and the site sees at most two reads of the account at once.
 */
const PAGES_AHEAD = 2;

/** The longest a sync holds the write lock over several pages, in milliseconds. */
const COMMIT_MS = 100;

/** How often the checkpointer copies the sync's pages into the database file, in milliseconds. */
const CHECKPOINT_MS = 200;

/** True for an error of the client or the site (not of SQLite): the pages written before it stand. */
function isClientFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return !(typeof code === 'string' && code.startsWith('SQLITE_'));
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function revealSeeds(
  client: HistoryClient,
  store: BetDatabase,
  site: string,
  known_user: string | null,
  carried: ReadonlyMap<string, string>,
  lookups: number,
  signal: AbortSignal | null,
): Promise<{ revealed: number; user_id: string | null; notes: string[] }> {
  let revealed = 0;
  const notes: string[] = [];
  for (const [hash, seed] of carried) revealed += store.reveal(hash, seed);
  const pair = await client.active_seeds({ signal });
  const user_id = known_user ?? pair.id;
  const previous = pair.previousServerSeed;
  if (previous !== null && typeof previous.seed === 'string') revealed += store.reveal(previous.seedHash, previous.seed);
  if (lookups === 0) return { revealed, user_id, notes };
  // The active seed cannot be revealed yet: asking about its bets would be a wasted request.
  const missing = store.unrevealed(site, user_id, lookups + 1).filter((m) => m.hash !== pair.activeServerSeed.seedHash).slice(0, lookups);
  for (const { hash, iid } of missing) {
    let found;
    try {
      found = (await client.graphql(BetLookup, { iid }, { signal })).bet.bet?.serverSeed;
    } catch (error) {
      if (signal?.aborted) throw error;
      notes.push(`looking up the server seed of ${iid} failed: ${message(error)}`);
      break;
    }
    if (found !== undefined && found.seedHash === hash && typeof found.seed === 'string') revealed += store.reveal(hash, found.seed);
  }
  return { revealed, user_id, notes };
}
