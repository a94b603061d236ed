/**
 * Issue 48 item 5 (research/newcomer-2026-11-29.md §9): the history charts'
 * axes. Bets placed within 25 minutes are drawn over those 25 minutes (not a
 * dot on an axis of years), starting at 0 at the first bet; the payout
 * multiplier labels under the bars do not run into each other. Read from
 * the charts uPlot drew in Debian's chromium (playwright-core).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start_dashboard, type Dashboard } from '../../src/dashboard/index.js';
import { open_database } from '../../src/journal/index.js';
import { CHROMIUM, HAVE_CHROMIUM, collect_page_errors, openChromium } from './chromium.js';
import { tempDatabase } from './helpers.js';

if (!HAVE_CHROMIUM) console.log(`skipping the chart-axes test: ${CHROMIUM} is missing`);

const SITE = 'http://127.0.0.1:1';
const FIRST = Date.UTC(2026, 10, 29, 10, 3);
const STEP_MS = 50_000;
const COUNT = 30; // 30 bets, 50 s apart: 24 min 10 s
const LAST = FIRST + (COUNT - 1) * STEP_MS;
// Every bucket of the multiplier chart gets bets, the wide ones (10–100, 100–1000, ≥ 1000) included.
const MULTIPLIERS = [0, 0.5, 1.5, 2, 3, 7, 15, 150, 1500, 0];

describe.skipIf(!HAVE_CHROMIUM)('history chart axes in chromium', () => {
  let db: Awaited<ReturnType<typeof tempDatabase>>;
  let dashboard: Dashboard;
  let browser: Awaited<ReturnType<typeof openChromium>>;
  const errors: string[] = [];

  beforeAll(async () => {
    db = await tempDatabase();
    const conn = open_database(db.file);
    const insert = conn.prepare(`INSERT INTO bets (id, iid, iid_num, site, user_id, game, currency, decimals, amount_units, payout_units,
      amount, payout, payout_multiplier, updated_at, time_ms, synced_at) VALUES (?, ?, ?, ?, 'u1', 'dice', 'usd', 2, 100, ?, 1, ?, ?, '', ?, 0)`);
    for (let i = 0; i < COUNT; i++) {
      const m = MULTIPLIERS[i % MULTIPLIERS.length] as number;
      insert.run(`b${i}`, `house:${i}`, i, SITE, Math.round(100 * m), m, m, FIRST + i * STEP_MS);
    }
    conn.close();
    dashboard = await start_dashboard({ database: db.file, history_account: { site: SITE, user_id: 'u1', label: 'alice' } });
    browser = await openChromium();
    collect_page_errors(browser.page, errors);
    await browser.page.goto(dashboard.url);
    await browser.page.waitForSelector('#history-chart canvas', { timeout: 30_000 });
    await browser.page.waitForSelector('#multiplier-chart canvas', { timeout: 30_000 });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await dashboard?.close();
    await db?.remove();
  });

  it("profit over time spans the bets' 24 minutes, from 0 at the first bet to the last", async () => {
    const chart = await browser.page.evaluate(() => {
      const u = (window as unknown as { stakeqlCharts: Record<string, { plot: { scales: { x: { min: number; max: number } }; data: number[][] } }> }).stakeqlCharts['history-chart']!.plot;
      return { min: u.scales.x.min, max: u.scales.x.max, t: u.data[0], profit: u.data[1] };
    });
    expect(chart.t).toEqual([FIRST / 1000, LAST / 1000]);
    expect(chart.profit?.[0]).toBe(0);
    expect(chart.min).toBeLessThanOrEqual(FIRST / 1000);
    expect(chart.max).toBeGreaterThanOrEqual(LAST / 1000);
    // The axis is the bets' span with a little room: under an hour here, never years.
    expect(chart.max - chart.min).toBeLessThan(3600);
    expect(errors).toEqual([]);
  });

  it('the multiplier labels shown under the bars do not overlap', async () => {
    const shown = await browser.page.evaluate(() => {
      type Axis = { font: string; values: (u: unknown, splits: number[]) => string[] };
      const u = (window as unknown as { stakeqlCharts: Record<string, { plot: { axes: Axis[]; data: number[][]; valToPos: (v: number, s: string) => number } }> }).stakeqlCharts['multiplier-chart']!.plot;
      const splits = u.data[0]!;
      const texts = u.axes[0]!.values(u, splits);
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.font = '12px sans-serif';
      return splits.map((i, k) => ({ text: texts[k] as string, x: u.valToPos(i, 'x'), width: ctx.measureText(texts[k] as string).width })).filter((l) => l.text !== '');
    });
    expect(shown.length).toBeGreaterThan(1);
    for (let k = 1; k < shown.length; k++) {
      const a = shown[k - 1]!;
      const b = shown[k]!;
      // Centred labels: their half-widths must fit between their centres.
      expect(b.x - a.x, `${a.text} | ${b.text}`).toBeGreaterThan(a.width / 2 + b.width / 2);
    }
  });
});
