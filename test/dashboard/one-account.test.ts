/**
 * Issue 48 items 1 and 5 (research/newcomer-2026-11-29.md §1, §8): the
 * dashboard is one account on one site. Two sandboxes, an autobet run and a
 * sync on the second, one database; `stakeql dashboard` (a child process)
 * for the first account, never synced, starts with its live balances and
 * neither shows the other account's session nor stops it; the second's shows
 * it. Read in Debian's chromium through playwright-core.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SessionsTable, open_database } from '../../src/journal/index.js';
import { start_sandbox, type Sandbox, type SandboxLogin } from '../../src/sandbox/index.js';
import { buildCli, cliEnv, runCli } from '../cli/helpers/cli.js';
import { CHROMIUM, HAVE_CHROMIUM, collect_page_errors, openChromium } from './chromium.js';
import { pageSession, rawRequest, tempDatabase } from './helpers.js';

if (!HAVE_CHROMIUM) console.log(`skipping the one-account dashboard test: ${CHROMIUM} is missing`);

const children: ChildProcessWithoutNullStreams[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

/** `stakeql dashboard` started with `env`; resolves once it printed its URL (read as it comes, no polling). */
async function dashboardFor(configDir: string, env: Record<string, string>): Promise<{ url: string; port: number; token: string; stderr: () => string }> {
  const bin = await buildCli();
  const child = spawn(process.execPath, [bin, 'dashboard'], { env: cliEnv(configDir, env), stdio: 'pipe', timeout: 90_000 });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const match = await new Promise<RegExpExecArray>((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      stdout += d;
      const found = /http:\/\/127\.0\.0\.1:(\d+)\/\?token=([A-Za-z0-9_-]{43})/.exec(stdout);
      if (found !== null) resolve(found);
    });
    child.on('close', (code) => reject(new Error(`dashboard exited ${code} before serving: ${stderr}`)));
  });
  return { url: match[0], port: Number(match[1]), token: match[2] as string, stderr: () => stderr };
}

describe.skipIf(!HAVE_CHROMIUM)('the dashboard: one account on one site', () => {
  let data: Awaited<ReturnType<typeof tempDatabase>>;
  let first: Sandbox;
  let second: Sandbox;
  let alice: SandboxLogin;
  let bob: SandboxLogin;
  const envOf = (sandbox: Sandbox, user: SandboxLogin) => ({
    STAKE_ACCESS_TOKEN: user.access_token, STAKE_SESSION_COOKIE: user.session_cookie, STAKE_BASE_URL: sandbox.url, STAKEQL_DATA_DIR: data.dir,
  });

  beforeAll(async () => {
    await buildCli();
    data = await tempDatabase();
    first = await start_sandbox({ starting_balances: { usd: 500 } });
    second = await start_sandbox({ starting_balances: { usd: 700 } });
    alice = first.login('alice');
    bob = second.login('bob');
    const strategy = path.join(data.dir, 'flat.json');
    await fs.writeFile(strategy, JSON.stringify({ game: 'dice', bet: { amount: 0.01, target: 50.5, condition: 'above' } }));
    const run = await runCli(['autobet', strategy, '--stop-loss', '5', '--max-bet', '1', '--max-bets', '3', '--currency', 'usd', '--yes'],
      { configDir: data.dir, env: envOf(second, bob), timeoutMs: 60_000 });
    expect(run.code, run.stderr).toBe(0);
    const sync = await runCli(['history', 'sync'], { configDir: data.dir, env: envOf(second, bob), timeoutMs: 60_000 });
    expect(sync.code, sync.stderr).toBe(0);
  }, 120_000);
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await data?.remove();
  });

  it("alice's dashboard starts though she never synced, with her balances, and neither shows nor stops bob's session", async () => {
    const dash = await dashboardFor(data.dir, envOf(first, alice));
    expect(dash.stderr()).toMatch(/history panel fills after 'stakeql history sync'/);
    const browser = await openChromium();
    const errors: string[] = [];
    try {
      collect_page_errors(browser.page, errors);
      await browser.page.goto(dash.url);
      await browser.page.waitForFunction(() => document.getElementById('feed')?.textContent === 'live', undefined, { timeout: 30_000 });
      const usd = await browser.page.locator('#balances tbody tr').filter({ hasText: 'usd' }).locator('td').allInnerTexts();
      expect(usd).toEqual(['usd', '500', '0']);
      expect(await browser.page.locator('#session-none').isVisible()).toBe(true);
      expect(await browser.page.locator('#session-body').isVisible()).toBe(false);
      expect(await browser.page.locator('body').innerText()).not.toMatch(/flat\.json/);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
    // Bob's session, asked to stop through alice's page: refused, and nothing written.
    const stop = await rawRequest(dash.port, {
      method: 'POST', path: '/api/stop', headers: { 'content-type': 'application/json', 'x-stakeql-token': dash.token, ...(await pageSession(dash.port, dash.token)) }, body: JSON.stringify({ session: 1 }),
    });
    expect(stop.status).toBe(409);
    const conn = open_database(path.join(data.dir, 'stakeql.db'));
    try {
      expect(new SessionsTable(conn).get(1)?.stop_requested).toBe(0);
    } finally {
      conn.close();
    }
  }, 120_000);

  it("bob's dashboard shows his session and his synced history", async () => {
    const dash = await dashboardFor(data.dir, envOf(second, bob));
    const browser = await openChromium();
    try {
      await browser.page.goto(dash.url);
      await browser.page.waitForFunction(() => document.getElementById('feed')?.textContent === 'live', undefined, { timeout: 30_000 });
      await browser.page.waitForFunction(() => document.getElementById('session-title')?.textContent?.startsWith('#1 ') === true, undefined, { timeout: 30_000 });
      expect(await browser.page.locator('#session-title').innerText()).toMatch(/^#1 flat\.json on dice in usd/);
      await browser.page.waitForFunction(() => /^3 stored bets of bob/.test(document.getElementById('history-title')?.textContent ?? ''), undefined, { timeout: 30_000 });
    } finally {
      await browser.close();
    }
  }, 120_000);
});
