/**
 * `bets.streak` and the hourly longest runs against the test's own count, bet
 * by bet: after syncs of the sandbox in small pages (runs cross pages, syncs
 * and two accounts share the file), and after writes through the store of
 * bets hours apart (the bet before a sequence's first one found through the
 * summary), out of order and with runs spoilt by hand.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sync_history, type SqliteDatabase } from '../../src/history/index.js';
import type { BetRow } from '../../src/history/record.js';
import { BetDatabase } from '../../src/history/bet-database.js';
import { WrittenRuns, page_streaks } from '../../src/history/streaks.js';
import { start_sandbox, type Sandbox } from '../../src/sandbox/index.js';
import { open_database } from '../../src/journal/index.js';
import { placeDice, sandboxUser, tempDatabase } from './helpers.js';

const H = 3_600_000;

let box: Sandbox;
beforeAll(async () => {
  box = await start_sandbox({ starting_balances: { btc: 10, usd: 100_000 } });
});
afterAll(async () => {
  await box.close();
});

interface Stored {
  id: string;
  site: string;
  user_id: string;
  game: string;
  currency: string;
  time_ms: number;
  iid_num: number;
  payout_multiplier: number;
  streak: number;
}

/** Every bet's run and each summary hour's longest runs as the test counts them, next to what the database holds. */
function check(db: SqliteDatabase): void {
  const bets = db.prepare('SELECT id, site, user_id, game, currency, time_ms, iid_num, payout_multiplier, streak FROM bets').all() as Stored[];
  bets.sort((a, b) => a.time_ms - b.time_ms || a.iid_num - b.iid_num || (a.id < b.id ? -1 : 1));
  const last = new Map<string, number>();
  const hours = new Map<string, { win_run: number; loss_run: number }>();
  for (const bet of bets) {
    const sequence = [bet.site, bet.user_id, bet.game, bet.currency].join('/');
    const before = last.get(sequence) ?? 0;
    const m = bet.payout_multiplier;
    const run = m > 1 ? (before > 0 ? before + 1 : 1) : m < 1 ? (before < 0 ? before - 1 : -1) : 0;
    last.set(sequence, run);
    expect(bet.streak, `${bet.id} (${sequence})`).toBe(run);
    const key = `${sequence}/${Math.floor(bet.time_ms / H)}`;
    const h = hours.get(key) ?? { win_run: 0, loss_run: 0 };
    hours.set(key, { win_run: Math.max(h.win_run, run), loss_run: Math.max(h.loss_run, -run) });
  }
  const summary = db.prepare('SELECT site, user_id, game, currency, hour, win_run, loss_run FROM bets_hourly WHERE bets > 0').all() as Array<
    Record<string, string | number>
  >;
  expect(summary).toHaveLength(hours.size);
  for (const row of summary) {
    expect({ win_run: row['win_run'], loss_run: row['loss_run'] }, JSON.stringify(row)).toEqual(
      hours.get([row['site'], row['user_id'], row['game'], row['currency'], row['hour']].join('/')),
    );
  }
}

describe('runs', () => {
  it('are every bet’s run after syncs in small pages, an interrupted one, and a second account in the same file', async () => {
    const temp = tempDatabase();
    const db = temp.open();
    const a = sandboxUser(box).client;
    const b = sandboxUser(box).client;
    try {
      await placeDice(a, 23, 'btc');
      await placeDice(a, 9, 'usd');
      await placeDice(a, 14, 'btc');
      await sync_history(a, db, { page_size: 7 });
      check(db);
      await placeDice(b, 30, 'btc');
      await sync_history(b, db, { page_size: 5 });
      check(db);
      // New bets continue the runs the last sync left; a sync stopped after two pages is finished by the next.
      await placeDice(a, 11, 'btc');
      await placeDice(a, 6, 'usd');
      const stop = new AbortController();
      await expect(sync_history(a, db, { page_size: 4, signal: stop.signal, on_progress: (read) => read >= 8 && stop.abort() })).rejects.toThrow();
      check(db);
      await placeDice(a, 5, 'btc');
      expect(await sync_history(a, db, { page_size: 3 })).toMatchObject({ reached_watermark: true });
      check(db);
      expect(db.prepare('SELECT count(*) FROM bets').pluck().get()).toBe(23 + 9 + 14 + 30 + 11 + 6 + 5);
    } finally {
      db.close();
      await a.close();
      await b.close();
      temp.remove();
    }
  });

  it('continue the run of a sequence’s bet hours before, and are set again where a page or a hand got them wrong', () => {
    const temp = tempDatabase();
    const db = temp.open();
    try {
      const store = new BetDatabase(db);
      let n = 0;
      // Wins and losses in an irregular pattern, two games, bets minutes to hours apart.
      const bet = (game: string, time_ms: number): BetRow => {
        n++;
        const m = [2, 2, 0, 2, 0, 0, 0, 1, 2, 0.5][(n * 7) % 10] as number;
        return {
          id: `bet-${n}`, iid: `house:${n}`, iid_num: n, site: 'https://stake.com', user_id: 'u', user_name: null, game, currency: 'btc',
          decimals: 8, amount_units: 100n, payout_units: BigInt(100 * m), amount: 0.000001, payout: 0.000001 * m, payout_multiplier: m,
          amount_multiplier: 1, active: 0, nonce: n, client_seed: 'c', server_seed_hash: 'h', server_seed: null, state: null,
          updated_at: new Date(time_ms).toUTCString(), time_ms, synced_at: 0,
        };
      };
      const sync = (rows: BetRow[], page: number): void => {
        // Newest first, in pages, as a sync writes them; then the runs from the oldest written.
        const newest = [...rows].reverse();
        for (let i = 0; i < newest.length; i += page) store.upsert(newest.slice(i, i + page));
        store.update_streaks('https://stake.com', 'u', Math.min(...rows.map((r) => r.time_ms)));
      };
      const first: BetRow[] = [];
      for (let i = 0; i < 40; i++) first.push(bet(i % 3 === 0 ? 'limbo' : 'dice', 10 * H + i * 5 * 60_000));
      sync(first, 6);
      check(db);
      // Dice only, five hours later: limbo's bet before is hours back, found through the summary's last hour of it.
      const later: BetRow[] = [];
      for (let i = 0; i < 12; i++) later.push(bet(i === 11 ? 'limbo' : 'dice', 20 * H + i * 60_000));
      sync(later, 5);
      check(db);
      // A page listed out of bet order (the site's list is not sorted by time for a round that ended late).
      const shuffled = [bet('dice', 21 * H), bet('dice', 21 * H + 1000), bet('limbo', 21 * H + 2000), bet('dice', 21 * H + 3000)];
      store.upsert([shuffled[1], shuffled[3], shuffled[0], shuffled[2]] as BetRow[]);
      store.update_streaks('https://stake.com', 'u', 21 * H);
      check(db);
      // Runs spoilt by hand from the middle on are set again from there; the ones before are left as they are.
      db.prepare('UPDATE bets SET streak = 99 WHERE time_ms >= ?').run(15 * H);
      store.update_streaks('https://stake.com', 'u', 15 * H);
      check(db);
    } finally {
      db.close();
      temp.remove();
    }
  });
});

describe('WrittenRuns (the runs pass without reading back what the store wrote)', () => {
  const SITE = 'https://stake.com';
  const row = (n: number, time_ms: number, m: number): BetRow => ({
    id: `w-${n}`, iid: `house:${n}`, iid_num: n, site: SITE, user_id: 'u', user_name: null, game: 'dice', currency: 'btc', decimals: 8,
    amount_units: 100n, payout_units: BigInt(100 * m), amount: 0.000001, payout: 0.000001 * m, payout_multiplier: m, amount_multiplier: 1,
    active: 0, nonce: n, client_seed: 'c', server_seed_hash: 'h', server_seed: null, state: null,
    updated_at: new Date(time_ms).toUTCString(), time_ms, synced_at: 0,
  });
  // Bets at 10:00, 10:01, …: win, win, loss, win; a page lists them newest first.
  const rows = [row(4, 10 * H + 3 * 60_000, 2), row(3, 10 * H + 2 * 60_000, 0), row(2, 10 * H + 60_000, 2), row(1, 10 * H, 2)];
  const from = 10 * H;

  function setup(): { db: SqliteDatabase; written: WrittenRuns; write: (page: BetRow[]) => void; done: () => void } {
    const temp = tempDatabase();
    const db = temp.open();
    const store = new BetDatabase(db);
    const written = new WrittenRuns(db);
    const write = (page: BetRow[]): void => {
      const known = new Set(db.prepare('SELECT id FROM bets').pluck().all());
      store.upsert(page);
      const rowid = db.prepare('SELECT rowid FROM bets WHERE id = ?').pluck();
      written.add(page, page_streaks(page), page.map((r) => (known.has(r.id) ? 0 : (rowid.get(r.id) as number))));
    };
    return { db, written, write, done: () => { db.close(); temp.remove(); } };
  }

  it('gives what it was told, in bet order, each with the run written, by rowid', () => {
    const { db, written, write, done } = setup();
    try {
      write(rows.slice(0, 2));
      write(rows.slice(2));
      const rowid = (id: string): number => db.prepare('SELECT rowid FROM bets WHERE id = ?').pluck().get(id) as number;
      expect(written.take(SITE, 'u', from, from)).toEqual([
        [rowid('w-1'), 'dice', 'btc', 2, 1, 10 * H],
        [rowid('w-2'), 'dice', 'btc', 2, 2, 10 * H + 60_000],
        [rowid('w-3'), 'dice', 'btc', 0, -1, 10 * H + 120_000],
        [rowid('w-4'), 'dice', 'btc', 2, 1, 10 * H + 180_000],
      ]);
      // Taken once: the account is forgotten.
      expect(written.take(SITE, 'u', from, from)).toBeNull();
      // A bet of one second and share id number with another: ordered by id, as SQLite orders text.
      const twins = [{ ...row(9, 11 * H, 2), id: 'w-10' }, row(9, 11 * H, 0.5)];
      write(twins);
      expect(written.take(SITE, 'u', 11 * H, 11 * H)?.map((b) => b[3])).toEqual([2, 0.5]);
    } finally {
      done();
    }
  });

  it('gives nothing, so the pass reads the bets, when something else may be there', () => {
    const { db, written, write, done } = setup();
    // New bets for each case: k hours on, four minutes apart, newest first.
    const batch = (k: number): BetRow[] =>
      [3, 2, 1, 0].map((i) => ({ ...row(100 * k + i, k * H + i * 60_000, i === 2 ? 0 : 2), id: `c${k}-${i}` }));
    try {
      // What it gives when nothing else is there (the control).
      write(batch(20));
      expect(written.take(SITE, 'u', 20 * H, 20 * H)).toHaveLength(4);
      // Another connection committed since (another process: autobet's journal, a second sync).
      write(batch(22));
      const second = open_database(db.name);
      second.prepare("INSERT INTO sync_state (site, user_id, synced_at) VALUES ('x', 'y', 0)").run();
      second.close();
      expect(written.take(SITE, 'u', 22 * H, 22 * H)).toBeNull();
      // This connection changed a row since.
      write(batch(24));
      db.prepare("UPDATE bets SET streak = 7 WHERE id = 'c24-1'").run();
      expect(written.take(SITE, 'u', 24 * H, 24 * H)).toBeNull();
      // The account has another bet from the hour's start on (an older one of the same hour, stored before).
      new BetDatabase(db).upsert([{ ...row(2699, 26 * H, 2), id: 'older' }]);
      write(batch(26).map((r) => ({ ...r, time_ms: r.time_ms + 30_000 })));
      expect(written.take(SITE, 'u', 26 * H + 30_000, 26 * H)).toBeNull();
      // Forgotten (a transaction holding some was rolled back).
      write(batch(28));
      written.clear();
      expect(written.take(SITE, 'u', 28 * H, 28 * H)).toBeNull();
      // Another account's bets: not these.
      write(batch(30));
      expect(written.take(SITE, 'v', 30 * H, 30 * H)).toBeNull();
      expect(written.take(SITE, 'u', 30 * H, 30 * H)).toHaveLength(4);
      // A bet read again (updated, its run left as stored) among them.
      write(batch(32));
      write(batch(32).slice(0, 1));
      expect(written.take(SITE, 'u', 32 * H, 32 * H)).toBeNull();
      // A bet older than where the pass starts again.
      write(batch(34));
      expect(written.take(SITE, 'u', 34 * H + 60_000, 34 * H)).toBeNull();
    } finally {
      done();
    }
  });
});
