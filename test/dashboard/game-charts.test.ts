/**
 * The history panel's charts per game, in Debian's chromium: a chart for
 * every game in the history database (dice, limbo, keno, plinko, mines and
 * the newer wheel, roulette, baccarat, pump, Crash and Slide), each canvas
 * painted, no console error, and each game's figures equal to the test's own
 * count of the bets it wrote (and to a count of the database's rows).
 * Skipped, saying why, only when /usr/bin/chromium is missing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start_dashboard, type Dashboard, type HistoryView } from '../../src/dashboard/index.js';
import { open_database } from '../../src/journal/index.js';
import { CHROMIUM, HAVE_CHROMIUM, canvas_colours, collect_page_errors, openChromium } from './chromium.js';
import { rawRequest, tempDatabase, tokenOf } from './helpers.js';

if (!HAVE_CHROMIUM) console.log(`skipping the dashboard's per-game chart test: ${CHROMIUM} is missing (apt-get install chromium; .ci/run installs it)`);

/** Games and how many bets of each; multipliers cycle through MULTIPLIERS. */
const GAMES: ReadonlyArray<readonly [string, number]> = [
  ['dice', 40], ['crash', 33], ['wheel', 27], ['roulette', 21], ['pump', 18], ['limbo', 15], ['slide', 12], ['baccarat', 9], ['keno', 7], ['plinko', 5], ['mines', 3],
];
const MULTIPLIERS = [0, 1.98, 0, 0.5, 3.3, 1, 0];
/** Wheel also has a few btc bets: its chart stays in usd, the currency most bet on it, and its bet count covers both. */
const WHEEL_BTC = 4;

interface Own {
  bets: number;
  wins: number;
  losses: number;
  usd_bets: number;
  usd_wagered: bigint;
  usd_profit: bigint;
}

/** Plain decimal of `units` cents (the test's own formatting: no exponent, no trailing zeros). */
function cents(units: bigint): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(3, '0');
  const fraction = digits.slice(-2).replace(/0+$/, '');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}${fraction === '' ? '' : `.${fraction}`}`;
}

describe.skipIf(!HAVE_CHROMIUM)('the dashboard: a chart per game', () => {
  let db: Awaited<ReturnType<typeof tempDatabase>>;
  let dashboard: Dashboard;
  let browser: Awaited<ReturnType<typeof openChromium>>;
  const errors: string[] = [];
  const own = new Map<string, Own>();

  beforeAll(async () => {
    db = await tempDatabase();
    const conn = open_database(db.file);
    const insert = conn.prepare(`INSERT INTO bets (id, iid, iid_num, site, user_id, game, currency, decimals, amount_units, payout_units,
      amount, payout, payout_multiplier, updated_at, time_ms, synced_at) VALUES (?, ?, ?, 'http://127.0.0.1:1', 'u', ?, ?, ?, ?, ?, ?, ?, ?, '', ?, 0)`);
    let n = 0;
    const write = (game: string, currency: 'usd' | 'btc', i: number): void => {
      const m = MULTIPLIERS[(n + i) % MULTIPLIERS.length] as number;
      const amount = 100 + (i % 3) * 50;
      const payout = Math.round(amount * m);
      const decimals = currency === 'usd' ? 2 : 8;
      insert.run(`b${n}`, `house:${n}`, n, game, currency, decimals, amount, payout, amount / 10 ** decimals, payout / 10 ** decimals, m, Date.UTC(2026, 0, 1) + n * 600_000);
      n++;
      const o = own.get(game) ?? { bets: 0, wins: 0, losses: 0, usd_bets: 0, usd_wagered: 0n, usd_profit: 0n };
      o.bets++;
      if (m > 1) o.wins++;
      if (m < 1) o.losses++;
      if (currency === 'usd') {
        o.usd_bets++;
        o.usd_wagered += BigInt(amount);
        o.usd_profit += BigInt(payout - amount);
      }
      own.set(game, o);
    };
    for (const [game, count] of GAMES) for (let i = 0; i < count; i++) write(game, 'usd', i);
    for (let i = 0; i < WHEEL_BTC; i++) write('wheel', 'btc', i);
    // The database agrees with the test's count.
    const counted = conn.prepare('SELECT game, count(*) AS n FROM bets GROUP BY game').all() as Array<{ game: string; n: number }>;
    expect(Object.fromEntries(counted.map((r) => [r.game, r.n]))).toEqual(Object.fromEntries([...own].map(([g, o]) => [g, o.bets])));
    conn.close();
    dashboard = await start_dashboard({ database: db.file, poll_ms: 100 });
    browser = await openChromium();
    collect_page_errors(browser.page, errors);
    await browser.page.goto(dashboard.url);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await dashboard?.close();
    await db?.remove();
  });

  it('the state carries every game, most bet on first, with the figures counted here', async () => {
    const answer = await rawRequest(dashboard.port, { path: `/api/state?token=${tokenOf(dashboard.url)}` });
    const games = (JSON.parse(answer.body) as { history: HistoryView }).history.games;
    const order = [...own].sort((a, b) => b[1].bets - a[1].bets || (a[0] < b[0] ? -1 : 1)).map(([g]) => g);
    expect(games.map((g) => g.game)).toEqual(order);
    for (const g of games) {
      const o = own.get(g.game)!;
      expect(g, g.game).toMatchObject({ bets: o.bets, wins: o.wins, losses: o.losses, currency: 'usd', currency_bets: o.usd_bets, wagered: cents(o.usd_wagered), profit: cents(o.usd_profit) });
      expect(g.curve.at(-1), g.game).toBeCloseTo(Number(o.usd_profit) / 100, 10);
    }
  });

  it('draws a painted chart per game in chromium, its caption the figures counted here, without a console error', async () => {
    const page = browser.page;
    await page.waitForFunction((n) => document.querySelectorAll('#game-charts figure canvas').length === n, own.size, { timeout: 30_000 });
    const figures = await page.locator('#game-charts figure').evaluateAll((els) =>
      els.map((el) => ({ game: el.getAttribute('data-game'), bets: el.getAttribute('data-bets'), caption: el.querySelector('figcaption')?.textContent ?? '', points: el.querySelector('.chart')?.getAttribute('data-points') })),
    );
    expect(new Set(figures.map((f) => f.game))).toEqual(new Set(own.keys()));
    for (const f of figures) {
      const o = own.get(f.game as string)!;
      expect(f.bets, f.game!).toBe(String(o.bets));
      const profit = cents(o.usd_profit);
      expect(f.caption).toContain(`${f.game}: ${o.bets} bets, ${o.wins} won, ${o.losses} lost; profit ${o.usd_profit > 0n ? '+' : ''}${profit} usd, wagered ${cents(o.usd_wagered)} usd`);
      expect(Number(f.points)).toBeGreaterThan(0);
    }
    expect(figures.find((f) => f.game === 'wheel')?.caption).toContain(`(its ${own.get('wheel')!.usd_bets} bets in usd)`);
    // Every canvas painted: axes, grid and a curve give many colours, a blank canvas one or two.
    const colours = await canvas_colours(page.locator('#game-charts figure canvas'));
    expect(colours).toHaveLength(own.size);
    for (const c of colours) expect(c).toBeGreaterThan(10);
    expect(errors).toEqual([]);
  }, 60_000);
});
