/**
 * The dashboard's controls in chromium (issue 46 item 2), against a real
 * sandbox, a real SQLite file and a real autobet run: Pause, Resume and
 * "Stop after the next win" reach the running session as journaled
 * commands from `dashboard`; a page without the token gets nothing, and a
 * write without the page's CSRF token or an unconfirmed start is refused with
 * nothing written; a simulation and a run of a saved strategy start only
 * after a confirmation that shows their limits.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run_autobet, session_commands, type AutobetResult } from '../../src/autobet/index.js';
import { dashboard_controls } from '../../src/cli/dashboard-controls.js';
import { StakeClient } from '../../src/facade/index.js';
import { start_dashboard, type Dashboard } from '../../src/dashboard/index.js';
import { SessionsTable, open_database } from '../../src/journal/index.js';
import { start_sandbox, type Sandbox } from '../../src/sandbox/index.js';
import { wait_until_async } from '../support/wait.js';
import { CHROMIUM, HAVE_CHROMIUM, collect_page_errors, openChromium } from './chromium.js';
import { tempDatabase } from './helpers.js';

if (!HAVE_CHROMIUM) console.log(`skipping the dashboard's controls test: ${CHROMIUM} is missing`);

describe.skipIf(!HAVE_CHROMIUM)('the dashboard controls in chromium', () => {
  let sandbox: Sandbox;
  let client: StakeClient;
  let db: Awaited<ReturnType<typeof tempDatabase>>;
  let dashboard: Dashboard;
  let controls: Awaited<ReturnType<typeof dashboard_controls>>;
  let browser: Awaited<ReturnType<typeof openChromium>>;
  let run: Promise<AutobetResult>;
  const errors: string[] = [];
  const strategies = () => path.join(db.dir, 'strategies');

  beforeAll(async () => {
    sandbox = await start_sandbox({ starting_balances: { btc: 1 }, bet_delay_ms: 5 });
    const login = sandbox.login('controls-tester');
    client = new StakeClient({ base_url: sandbox.url, access_token: login.access_token, session_cookie: login.session_cookie });
    db = await tempDatabase();
    fs.mkdirSync(strategies());
    fs.writeFileSync(path.join(strategies(), 'flat.json'), JSON.stringify({ game: 'dice', bet: { amount: 0.00000001, target: 50.5, condition: 'above' } }));
    run = run_autobet({ client, database: db.file, strategy: path.join(strategies(), 'flat.json'), limits: { stop_loss: 0.001, max_bet: 0.0001, max_bets: 20_000 } });
    controls = await dashboard_controls({ database: db.file, client, dir: strategies(), profile: null, note: () => undefined });
    dashboard = await start_dashboard({ database: db.file, controls: controls.controls, poll_ms: 100 });
    browser = await openChromium();
    collect_page_errors(browser.page, errors);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await controls?.close();
    await dashboard?.close();
    await client?.close();
    await sandbox?.close();
    await db?.remove();
  });

  const commands = () => session_commands(1, { database: db.file });
  const applied = (n: number) => wait_until_async(async () => (await commands()).filter((c) => c.status === 'applied').length >= n, `${n} commands applied`, 30_000);

  it('without the token the page is refused; with it, Pause / Resume / Stop after the next win steer the run, journaled from the dashboard', async () => {
    const page = browser.page;
    const bare = await page.goto(dashboard.url.replace(/\?token=.*/, ''));
    expect(bare?.status()).toBe(403);
    await page.goto(dashboard.url);
    await page.locator('#controls').waitFor({ state: 'visible', timeout: 30_000 });
    await page.click('#pause');
    await applied(1);
    await page.waitForFunction(() => document.getElementById('session-status')?.textContent === 'paused', undefined, { timeout: 30_000 });
    await page.click('#resume');
    await applied(2);
    await page.click('#stop-after-win');
    const result = await run;
    expect(result.stop?.reason).toBe('stop_after_win');
    const rows = await commands();
    expect(rows.map((c) => [c.command, c.sender, c.status])).toEqual([['pause', 'dashboard', 'applied'], ['resume', 'dashboard', 'applied'], ['stop_after_win', 'dashboard', 'applied']]);
    // Nothing was bet while paused.
    expect(rows[1]?.after_bet).toBe(rows[0]?.after_bet);
    expect(await page.locator('#control-note').innerText()).toMatch(/stop after the next win sent \(command 3/);
  }, 90_000);

  it('refuses, from the page itself, a write without its CSRF token and a start that was not confirmed; nothing is written', async () => {
    const page = browser.page;
    const answers = await page.evaluate(async (token) => {
      const csrf = document.querySelector('meta[name="stakeql-csrf"]')?.getAttribute('content') ?? '';
      const send = async (p: string, headers: Record<string, string>, body: object) => {
        const r = await fetch(p, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
        return [r.status, ((await r.json()) as { error?: string }).error ?? ''] as const;
      };
      return [
        await send('/api/command', { 'x-stakeql-token': token }, { session: 1, command: 'pause' }),
        await send('/api/command', { 'x-stakeql-csrf': csrf }, { session: 1, command: 'pause' }),
        await send('/api/start', { 'x-stakeql-token': token, 'x-stakeql-csrf': csrf }, { kind: 'run', strategy: 'flat.json', limits: { stop_loss: 0.001, max_bet: 0.0001 } }),
        await send('/api/start', { 'x-stakeql-token': token, 'x-stakeql-csrf': csrf }, { kind: 'run', strategy: '../flat.json', limits: { stop_loss: 0.001, max_bet: 0.0001 }, confirm: 'x' }),
      ];
    }, new URL(dashboard.url).searchParams.get('token') ?? '');
    expect(answers[0]).toEqual([403, expect.stringMatching(/CSRF/)]);
    expect(answers[1]).toEqual([403, expect.stringMatching(/token/)]);
    expect(answers[2]).toEqual([400, expect.stringMatching(/^confirm: not confirmed/)]);
    expect(answers[3]).toEqual([400, 'strategy: not one of the saved strategy files']);
    expect(await commands()).toHaveLength(3);
    const conn = open_database(db.file);
    try {
      expect(new SessionsTable(conn).list()).toHaveLength(1);
    } finally {
      conn.close();
    }
  }, 60_000);

  it('a simulation, then a run, of the saved strategy: each starts only after a confirmation showing its limits', async () => {
    const page = browser.page;
    // The refusals above were logged by the browser as failed loads; from here on, none is expected.
    errors.length = 0;
    await page.locator('#start-panel').waitFor({ state: 'visible' });
    expect(await page.locator('#start-strategy option').allInnerTexts()).toEqual(['flat.json']);
    await page.fill('#start-stop-loss', '0.001');
    await page.fill('#start-max-bet', '0.0001');
    await page.fill('#start-bets', '1000');
    await page.click('#review');
    await page.locator('#confirm-box').waitFor({ state: 'visible' });
    expect(await page.locator('#confirm-lines li').allInnerTexts()).toEqual([
      'simulate flat.json: 1000 bets from a balance of 1', 'limits: stop_loss 0.001, max_bet 0.0001', 'nothing is sent to the site',
    ]);
    await page.click('#confirm');
    await page.waitForFunction(() => document.getElementById('start-note')?.textContent === 'simulated flat.json', undefined, { timeout: 30_000 });
    // 1000 flat bets of 1 satoshi: 0.00001 wagered.
    const wagered = await page.locator('#start-summary div').filter({ hasText: /wagered$/ }).locator('b').innerText();
    expect(wagered).toBe('0.00001');

    await page.check('#start-run');
    await page.fill('#start-max-bets', '5');
    await page.click('#review');
    await page.waitForFunction(() => document.getElementById('confirm-lines')?.textContent?.startsWith('run flat.json') === true, undefined, { timeout: 30_000 });
    expect(await page.locator('#confirm-lines li').allInnerTexts()).toEqual([
      `run flat.json as controls-tester on ${sandbox.url}`, 'limits: stop_loss 0.001, max_bet 0.0001, max_bets 5', 'real bets until a limit, the strategy or a stop ends it',
    ]);
    const before = (await client.active_seeds()).activeServerSeed.nonce;
    await page.click('#confirm');
    await page.waitForFunction(() => /^started flat\.json as controls-tester/.test(document.getElementById('start-note')?.textContent ?? ''), undefined, { timeout: 30_000 });
    const conn = open_database(db.file);
    try {
      await wait_until_async(async () => new SessionsTable(conn).get(2)?.status === 'stopped', 'the started run to stop', 30_000);
      expect(new SessionsTable(conn).get(2)).toMatchObject({ stop_reason: 'max_bets', strategy_name: 'flat.json' });
    } finally {
      conn.close();
    }
    // The sandbox's ledger: exactly the 5 bets max_bets allowed.
    expect((await client.active_seeds()).activeServerSeed.nonce).toBe(before + 5);
    expect(errors).toEqual([]);
  }, 90_000);
});
