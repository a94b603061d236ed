/**
 * The dashboard stays small whatever the database holds: 120,000 journal
 * rows in one session and 100,000 stored bets give a curve of at most 2,000
 * points and history series of at most 1,000, each point checked against the
 * profits the test wrote (its own oracle), the totals against sums computed
 * here. Counts and sizes are asserted, not times.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CURVE_POINTS, start_dashboard, type Dashboard, type HistoryView, type SessionView } from '../../src/dashboard/index.js';
import { MAX_PERIODS } from '../../src/dashboard/history-view.js';
import { CURVE_SQL } from '../../src/dashboard/session-view.js';
import { open_database } from '../../src/journal/index.js';
import { rawRequest, seedSession, tempDatabase, tokenOf } from './helpers.js';

const JOURNAL_ROWS = 120_000;
const HISTORY_BETS = 100_000;

/** The multiplier bars as `stakeql history stats` draws them, written out here: 0, (0, 1), [1, 2), [2, 3), [3, 5), [5, 10), [10, 100), [100, 1000), ≥ 1000. */
function barOf(m: number): number {
  if (m === 0) return 0;
  const uppers = [1, 2, 3, 5, 10, 100, 1000];
  const i = uppers.findIndex((u) => m < u);
  return i === -1 ? 8 : i + 1;
}

/** A multiplier for bet i: mostly losses, a spread of wins up to 1000×. */
function multiplierOf(i: number): number {
  const cycle = [0, 0, 1.98, 0, 1.2, 3.5, 0, 12, 0, 150, 1, 2.5, 0.5, 6, 1000];
  return cycle[i % cycle.length] as number;
}

describe('bounded output with 120,000 journal rows and 100,000 stored bets', () => {
  let db: Awaited<ReturnType<typeof tempDatabase>>;
  let dashboard: Dashboard;
  let profits: number[];
  let state: { session: SessionView; history: HistoryView };
  let bytes: number;
  const expected = { usd: 0, btc: 0, bars: [0, 0, 0, 0, 0, 0, 0, 0, 0] };

  beforeAll(async () => {
    db = await tempDatabase();
    profits = seedSession(db.file, JOURNAL_ROWS).profits;
    const conn = open_database(db.file);
    const insert = conn.prepare(`INSERT INTO bets (id, iid, iid_num, site, user_id, game, currency, decimals, amount_units, payout_units,
      amount, payout, payout_multiplier, updated_at, time_ms, synced_at) VALUES (?, ?, ?, 'http://127.0.0.1:1', 'u1', 'dice', ?, ?, ?, ?, ?, ?, ?, ?, ?, 0)`);
    const start = Date.UTC(2026, 0, 1);
    conn.transaction(() => {
      for (let i = 0; i < HISTORY_BETS; i++) {
        const usd = i % 4 !== 0;
        const decimals = usd ? 2 : 8;
        const amount = usd ? 100 : 1000;
        const m = multiplierOf(i);
        const payout = Math.round(amount * m);
        expected[usd ? 'usd' : 'btc'] += payout - amount;
        expected.bars[barOf(m)] = (expected.bars[barOf(m)] as number) + 1;
        // 100,000 bets 30 s apart: 834 hours, drawn by the hour.
        const time = start + i * 30_000;
        insert.run(`b${i}`, `house:${i}`, i, usd ? 'usd' : 'btc', decimals, amount, payout, amount / 10 ** decimals, payout / 10 ** decimals, m, new Date(time).toISOString(), time);
      }
    })();
    conn.close();
    dashboard = await start_dashboard({ database: db.file });
    const answer = await rawRequest(dashboard.port, { path: `/api/state?token=${tokenOf(dashboard.url)}` });
    bytes = Buffer.byteLength(answer.body);
    state = JSON.parse(answer.body);
  }, 120_000);
  afterAll(async () => {
    await dashboard?.close();
    await db?.remove();
  });

  it('the profit curve: at most 2,000 points, from (0, 0) to the last bet, each equal to the profit written', () => {
    const { x, y } = state.session.curve;
    expect(x.length).toBeLessThanOrEqual(MAX_CURVE_POINTS);
    expect(x.length).toBeGreaterThan(MAX_CURVE_POINTS / 2);
    expect(x[0]).toBe(0);
    expect(y[0]).toBe(0);
    expect(x[x.length - 1]).toBe(JOURNAL_ROWS);
    for (let i = 1; i < x.length; i++) {
      expect(x[i] as number).toBeGreaterThan(x[i - 1] as number);
      expect(y[i]).toBe((profits[(x[i] as number) - 1] as number) / 100);
    }
  });

  it('the curve is looked up by the journal key, never by walking the session', async () => {
    const conn = open_database(db.file);
    try {
      const plan = (conn.prepare(`EXPLAIN QUERY PLAN ${CURVE_SQL}`).all({ step: 60, last: JOURNAL_ROWS, session: 1 }) as { detail: string }[]).map((r) => r.detail);
      expect(plan).toContain('SEARCH j USING INTEGER PRIMARY KEY (rowid=?)');
      expect(plan.some((d) => d.startsWith('SCAN j'))).toBe(false);
    } finally {
      conn.close();
    }
  });

  it('the session: counters of the last bet, limits left from them, the last 25 bets', () => {
    const final = (profits[JOURNAL_ROWS - 1] as number) / 100;
    expect(state.session.counters.bets).toBe(JOURNAL_ROWS);
    expect(state.session.counters.profit).toBe(final);
    expect(state.session.counters.wagered).toBe(JOURNAL_ROWS);
    const left = Object.fromEntries(state.session.limits.map((l) => [l.name, l.left]));
    expect(left).toEqual({ stop_loss: 50 + final, max_bet: null, max_bets: 1_000_000 - JOURNAL_ROWS, take_profit: 30 - final });
    expect(state.session.bets.map((b) => b['seq'])).toEqual(Array.from({ length: 25 }, (_, i) => JOURNAL_ROWS - i));
  });

  it('history: at most 1,000 points per currency, ending at the sum of every bet; multiplier bars counted exactly', () => {
    const h = state.history;
    expect(h.bets).toBe(HISTORY_BETS);
    expect(h.period).toBe('hour');
    expect(h.series.map((s) => s.currency)).toEqual(['usd', 'btc']);
    for (const s of h.series) {
      expect(s.t.length).toBeLessThanOrEqual(MAX_PERIODS);
      // 834 hours, plus the curve's start at 0 at the first bet (issue 48: the chart spans the bets' own time).
      expect(s.t.length).toBe(835);
      for (let i = 1; i < s.t.length; i++) expect(s.t[i] as number).toBeGreaterThan(s.t[i - 1] as number);
    }
    expect(h.series[0]?.profit.at(-1)).toBe(expected.usd / 100);
    expect(h.series[1]?.profit.at(-1)).toBe(expected.btc / 1e8);
    expect(h.series[0]?.bets).toBe(HISTORY_BETS * 0.75);
    expect(h.multipliers.counts).toEqual(expected.bars);
    expect(h.multipliers.labels).toEqual(['0', '0–1', '1–2', '2–3', '3–5', '5–10', '10–100', '100–1000', '≥ 1000']);
  });

  it('the whole state is a few tens of kilobytes', () => {
    expect(bytes).toBeLessThan(150_000);
  });
});
