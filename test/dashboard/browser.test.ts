/**
 * The dashboard in a real browser: Debian's chromium driven by
 * playwright-core, against a real sandbox, a real SQLite file and a real
 * autobet run. The page loads without a console error, shows the sandbox's
 * balances and charts with data, follows a bet placed by another client, and
 * its Stop button stops a running autobet with reason `user`.
 * Skipped, saying why, only when /usr/bin/chromium is missing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run_autobet } from '../../src/autobet/index.js';
import { StakeClient } from '../../src/facade/index.js';
import { start_dashboard, sim_view, type Dashboard } from '../../src/dashboard/index.js';
import { SessionCommands, SessionsTable, open_database } from '../../src/journal/index.js';
import { start_sandbox, type Sandbox } from '../../src/sandbox/index.js';
import { CHROMIUM, HAVE_CHROMIUM, canvas_colours, collect_page_errors, openChromium } from './chromium.js';
import { seedSession, tempDatabase } from './helpers.js';

if (!HAVE_CHROMIUM) console.log(`skipping the dashboard's browser tests: ${CHROMIUM} is missing (apt-get install chromium; .ci/run installs it)`);

const SEEDED_BETS = 50;

describe.skipIf(!HAVE_CHROMIUM)('the dashboard in chromium', () => {
  let sandbox: Sandbox;
  let client: StakeClient;
  let db: Awaited<ReturnType<typeof tempDatabase>>;
  let dashboard: Dashboard;
  let browser: Awaited<ReturnType<typeof openChromium>>;
  const errors: string[] = [];

  beforeAll(async () => {
    sandbox = await start_sandbox({ starting_balances: { usd: 1000 } });
    const login = sandbox.login('browser-tester');
    client = new StakeClient({ base_url: sandbox.url, access_token: login.access_token, session_cookie: login.session_cookie });
    db = await tempDatabase();
    const { id } = seedSession(db.file, SEEDED_BETS);
    const conn = open_database(db.file);
    new SessionsTable(conn).finish(id, 'max_bets', null, Date.now());
    const insert = conn.prepare(`INSERT INTO bets (id, iid, iid_num, site, user_id, game, currency, decimals, amount_units, payout_units,
      amount, payout, payout_multiplier, updated_at, time_ms, synced_at) VALUES (?, ?, ?, 'x', 'u', 'dice', 'usd', 2, 100, ?, 1, ?, ?, '', ?, 0)`);
    for (let i = 0; i < 300; i++) {
      const m = [0, 1.98, 0, 3.3, 0, 0, 9.9][i % 7] as number;
      insert.run(`b${i}`, `house:${i}`, i, Math.round(100 * m), m, m, Date.UTC(2026, 0, 1) + i * 3_600_000);
    }
    conn.close();
    const sim = await sim_view(
      (async function* () {
        for (let i = 0; i < 400; i++) yield JSON.stringify({ event: 'session', index: i, end_balance: 100 + ((i * 37) % 101) - 50 });
        yield JSON.stringify({ event: 'summary', sessions: 400, p5: 55, p50: 100, p95: 145 });
      })(),
      'sim.jsonl',
    );
    dashboard = await start_dashboard({ database: db.file, client, sim, poll_ms: 100 });
    browser = await openChromium();
    collect_page_errors(browser.page, errors);
    await browser.page.goto(dashboard.url);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await dashboard?.close();
    await client?.close();
    await sandbox?.close();
    await db?.remove();
  });

  const text = (selector: string): Promise<string> => browser.page.locator(selector).innerText();
  const usdRow = async (): Promise<string[]> => browser.page.locator('#balances tbody tr').filter({ hasText: 'usd' }).locator('td').allInnerTexts();
  /** Distinct colours drawn on a chart's canvas: a blank chart has one or two. */
  const colours = async (selector: string): Promise<number> => (await canvas_colours(browser.page.locator(`${selector} canvas`).first()))[0] as number;

  it('loads without console errors, shows the sandbox balances and charts with data', async () => {
    const page = browser.page;
    await page.waitForFunction(() => document.getElementById('feed')?.textContent === 'live', undefined, { timeout: 20_000 });
    expect(await usdRow()).toEqual(['usd', '1000', '0']);
    await page.waitForSelector(`#profit-chart[data-points="${SEEDED_BETS + 1}"] canvas`, { timeout: 20_000 });
    expect(await text('#session-status')).toBe('stopped: max_bets');
    expect(await page.locator('#bets tbody tr').count()).toBe(25);
    expect(await page.locator('#stop').isVisible()).toBe(false);
    await page.waitForSelector('#multiplier-chart[data-points="9"] canvas');
    await page.waitForSelector('#sim-chart[data-points="40"] canvas');
    // One bet an hour: one point an hour, and the start at 0 at the first bet.
    expect(await page.getAttribute('#history-chart', 'data-points')).toBe('301');
    expect(await text('#history-title')).toBe('300 stored bets');
    expect(await text('#sim-title')).toBe('400 simulated sessions from sim.jsonl');
    for (const chart of ['#profit-chart', '#history-chart', '#multiplier-chart', '#sim-chart']) expect(await colours(chart), chart).toBeGreaterThan(10);
    expect(errors).toEqual([]);
  });

  it('follows a bet another client places: the balance and the bet that moved it', async () => {
    const before = Number((await usdRow())[1]);
    const bet = await client.dice({ amount: 1, currency: 'usd', target: 50.5, condition: 'above' });
    const expected = Math.round((before - 1 + bet.payout) * 100) / 100;
    await browser.page.waitForFunction((id) => document.getElementById('last-change')?.textContent?.includes(id) === true, bet.identifier, { timeout: 20_000 });
    expect(await usdRow()).toEqual(['usd', String(expected), '0']);
    expect(await text('#last-change')).toMatch(/^Last change [+-]?[0-9.]+ usd \(bet /);
    expect(errors).toEqual([]);
  });

  it('the Stop button stops a running autobet after its bet in flight, reason user', async () => {
    const page = browser.page;
    let bets = 0;
    const safety = new AbortController();
    const timer = setTimeout(() => safety.abort('interrupted'), 60_000);
    const run = run_autobet({
      client,
      database: db.file,
      strategy: { game: 'dice', bet: { amount: 0.01, target: 50.5, condition: 'above' }, on_win: 'reset', on_loss: 'reset' },
      limits: { stop_loss: 500, max_bet: 1, max_bets_per_second: 20 },
      currency: 'usd',
      signal: safety.signal,
      on_bet: () => bets++,
    });
    try {
      await page.waitForFunction(() => document.getElementById('session-status')?.textContent === 'running', undefined, { timeout: 20_000 });
      await page.waitForFunction(() => Number(document.querySelector('#session-stats b')?.textContent) >= 3, undefined, { timeout: 20_000 });
      expect(await text('#session-title')).toMatch(/^#2 /);
      await page.click('#stop');
      const result = await run;
      expect(result.stop?.reason).toBe('user');
      expect(result.stop?.bets).toBe(bets);
      await page.waitForFunction(() => document.getElementById('session-status')?.textContent === 'stopped: user', undefined, { timeout: 20_000 });
      expect(await page.locator('#stop').isVisible()).toBe(false);
      expect(Number(await page.getAttribute('#profit-chart', 'data-points'))).toBe(bets + 1);
    } finally {
      clearTimeout(timer);
      safety.abort('interrupted');
      await run.catch(() => undefined);
    }
    const conn = open_database(db.file);
    try {
      const row = new SessionsTable(conn).get(2);
      expect(row?.status).toBe('stopped');
      expect(row?.stop_reason).toBe('user');
      expect(row?.stop_requested).toBe(1);
      // Journaled as a command from the dashboard, taken with the stop at the stop line's bet count.
      expect(new SessionCommands(conn).list(2).map((c) => [c.command, c.sender, c.status, c.bets_before])).toEqual([['stop', 'dashboard', 'applied', bets]]);
    } finally {
      conn.close();
    }
    expect(errors).toEqual([]);
  }, 90_000);
});
