/**
 * `bet_seeds` (schema v9): each account's server seed hashes, the span of
 * time its bets under each were placed in, and whether any of them still
 * lacks the seed. A sync adds a page's seeds here (one row a page, mostly);
 * a revealed seed is written into the account's bets of that span only,
 * found through `bets_account` (v8), instead of an index holding every
 * bet's 64-character hash.
 */
import type { SqliteDatabase } from '../database/database.js';
import type { BetRow } from './record.js';

/** How a page's (or the pending bets') span of a seed joins the one stored. */
const MERGE = `ON CONFLICT (server_seed_hash, site, user_id) DO UPDATE SET first_ms = min(first_ms, excluded.first_ms),
  last_ms = max(last_ms, excluded.last_ms), unrevealed = max(unrevealed, excluded.unrevealed)`;

/** The seeds of the bets another writer inserted (`summarised = 0`), added before they are marked summarised. */
export const ADD_PENDING_SEEDS = `
  INSERT INTO bet_seeds (server_seed_hash, site, user_id, first_ms, last_ms, iid, unrevealed)
  SELECT server_seed_hash, site, user_id, min(time_ms), max(time_ms), min(iid), max(server_seed IS NULL)
  FROM bets WHERE summarised = 0 AND server_seed_hash IS NOT NULL GROUP BY server_seed_hash, site, user_id
  ${MERGE};`;

/** One seed of a page: its span and a bet under it. */
interface PageSeed {
  readonly hash: string;
  readonly site: string;
  readonly user_id: string;
  first: number;
  last: number;
  readonly iid: string;
  unrevealed: number;
}

/** The statements on `bet_seeds` of one connection. */
export class SeedSpans {
  readonly #add;
  readonly #spans;
  readonly #fill;
  readonly #revealed;
  readonly #unrevealed;

  constructor(db: SqliteDatabase) {
    this.#add = db.prepare(`INSERT INTO bet_seeds (server_seed_hash, site, user_id, first_ms, last_ms, iid, unrevealed)
      VALUES (?, ?, ?, ?, ?, ?, ?) ${MERGE}`);
    this.#spans = db.prepare('SELECT site, user_id, first_ms, last_ms FROM bet_seeds WHERE server_seed_hash = ? AND unrevealed = 1').raw();
    this.#fill = db.prepare(`UPDATE bets SET server_seed = ?
      WHERE user_id = ? AND time_ms BETWEEN ? AND ? AND site = ? AND server_seed_hash = ? AND server_seed IS NULL`);
    this.#revealed = db.prepare('UPDATE bet_seeds SET unrevealed = 0 WHERE server_seed_hash = ?');
    this.#unrevealed = db.prepare('SELECT server_seed_hash AS hash, iid FROM bet_seeds WHERE site = ? AND user_id = ? AND unrevealed = 1 LIMIT ?');
  }

  /** Adds the seeds of `rows` (written in the caller's transaction): a page is mostly one seed pair, one statement. */
  add(rows: readonly BetRow[]): void {
    const seeds: PageSeed[] = [];
    let last: PageSeed | undefined;
    for (const row of rows) {
      const hash = row.server_seed_hash;
      if (hash === null) continue;
      // A page's bets come in runs of one seed: the last seed seen is the one to look at first.
      let seed = last !== undefined && last.hash === hash && last.site === row.site && last.user_id === row.user_id ? last : undefined;
      seed ??= seeds.find((s) => s.hash === hash && s.site === row.site && s.user_id === row.user_id);
      if (seed === undefined) {
        seed = { hash, site: row.site, user_id: row.user_id, first: row.time_ms, last: row.time_ms, iid: row.iid, unrevealed: 0 };
        seeds.push(seed);
      }
      seed.first = Math.min(seed.first, row.time_ms);
      seed.last = Math.max(seed.last, row.time_ms);
      if (row.server_seed === null) seed.unrevealed = 1;
      last = seed;
    }
    for (const s of seeds) this.#add.run(s.hash, s.site, s.user_id, s.first, s.last, s.iid, s.unrevealed);
  }

  /** Writes `seed` into every stored bet placed under `seed_hash` that lacks it; the number of bets changed. */
  reveal(seed_hash: string, seed: string): number {
    let changed = 0;
    for (const [site, user_id, first, last] of this.#spans.all(seed_hash) as Array<[string, string, number, number]>) {
      changed += this.#fill.run(seed, user_id, first, last, site, seed_hash).changes;
    }
    this.#revealed.run(seed_hash);
    return changed;
  }

  /** Seed hashes of this account's bets still without their seed, each with one bet's iid (at most `limit`). */
  unrevealed(site: string, user_id: string, limit: number): Array<{ hash: string; iid: string }> {
    return this.#unrevealed.all(site, user_id, limit) as Array<{ hash: string; iid: string }>;
  }
}
