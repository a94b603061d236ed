/**
 * The history panel shows one account's bets when it is given one (finding 25:
 * the CLI passes the account of its credentials), and every stored bet when
 * not. Two accounts' bets are written here; the counts are the test's own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start_dashboard, type HistoryView } from '../../src/dashboard/index.js';
import { open_database } from '../../src/journal/index.js';
import { rawRequest, tempDatabase, tokenOf } from './helpers.js';

const SITE = 'http://127.0.0.1:1';
const BETS = { u1: 12, u2: 5 };

describe("the history panel's account", () => {
  let db: Awaited<ReturnType<typeof tempDatabase>>;
  beforeAll(async () => {
    db = await tempDatabase();
    const conn = open_database(db.file);
    const insert = conn.prepare(`INSERT INTO bets (id, iid, iid_num, site, user_id, game, currency, decimals, amount_units, payout_units,
      amount, payout, payout_multiplier, updated_at, time_ms, synced_at) VALUES (?, ?, ?, ?, ?, 'dice', 'usd', 2, 100, ?, 1, ?, ?, '', ?, 0)`);
    let n = 0;
    for (const [user, count] of Object.entries(BETS)) {
      for (let i = 0; i < count; i++, n++) insert.run(`b${n}`, `house:${n}`, n, SITE, user, i % 2 === 0 ? 198 : 0, i % 2 === 0 ? 1.98 : 0, i % 2 === 0 ? 1.98 : 0, Date.UTC(2026, 0, 1) + n * 60_000);
    }
    conn.close();
  });
  afterAll(async () => {
    await db?.remove();
  });

  async function historyOf(options: Parameters<typeof start_dashboard>[0]): Promise<HistoryView> {
    const dashboard = await start_dashboard(options);
    try {
      const answer = await rawRequest(dashboard.port, { path: `/api/state?token=${tokenOf(dashboard.url)}` });
      return (JSON.parse(answer.body) as { history: HistoryView }).history;
    } finally {
      await dashboard.close();
    }
  }

  it("one account: only its bets, and its name", async () => {
    const history = await historyOf({ database: db.file, history_account: { site: SITE, user_id: 'u1', label: 'alice on the sandbox' } });
    expect(history.bets).toBe(BETS.u1);
    expect(history.account).toBe('alice on the sandbox');
    // u1's six wins of 0.98 and six losses of 1: the last point of the profit curve.
    expect(history.series[0]?.profit.at(-1)).toBeCloseTo(6 * 0.98 - 6, 10);
  });

  it('no account given: every stored bet', async () => {
    const history = await historyOf({ database: db.file });
    expect(history.bets).toBe(BETS.u1 + BETS.u2);
    expect(history.account).toBeNull();
  });

  it('a malformed account is a TypeError before anything starts', async () => {
    await expect(start_dashboard({ database: db.file, history_account: { site: SITE } as never })).rejects.toThrow(TypeError);
  });
});
