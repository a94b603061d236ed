/**
 * The browser way in on the command line, against the sandbox's Kasada
 * emulation: `stakeql browser` starts Debian's chromium (through a wrapper
 * that adds only what a machine without a display needs: headless, no
 * sandbox) with a 0700 profile and a loopback DevTools URL the library
 * connects to — that one browser serves the whole file; `whoami --browser`
 * with nothing saved; the direct path refused with exit 4 at once; `doctor`
 * on each combination, its `--json` lines; no secret in any output.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StakeClient } from '../../src/facade/index.js';
import { start_sandbox, type Sandbox } from '../../src/sandbox/index.js';
import { HAVE_CHROMIUM, CHROMIUM } from '../transport/browser/chromium-cdp.js';
import { buildCli, closedPort, oneErrorLine, runCli, tempConfigDir, type CliResult } from './helpers/cli.js';

if (!HAVE_CHROMIUM) console.log(`skipping the CLI's browser tests: ${CHROMIUM} is missing`);

// `doctor` also tries impit when it is installed (CI installs it, it is not a
// dependency): known here by loading it ourselves, so each expected list
// names the impit line only where the command must print it.
const IMPIT = 'impit';
const HAVE_IMPIT = await import(IMPIT).then(
  (m: { Impit: new (options: object) => unknown }) => (new m.Impit({ browser: 'chrome' }), true),
  () => false,
);
/** The direct line, then the same verdict for impit when it is installed (it sends what the direct path sends). */
const direct_and_impit = (line: Record<string, unknown>): Record<string, unknown>[] =>
  HAVE_IMPIT ? [{ ...line, path: 'direct' }, { ...line, path: 'impit' }] : [{ ...line, path: 'direct' }];

describe.skipIf(!HAVE_CHROMIUM)('the browser way in on the command line', () => {
  let kasada: Sandbox;
  let plain: Sandbox;
  let config: { dir: string; remove: () => Promise<void> };
  let data: string;
  let cdp_url: string;
  let pid = 0;
  let user: Browser | undefined;
  let token: string;
  const run = (args: string[], env: Record<string, string> = {}): Promise<CliResult> =>
    runCli(args, { configDir: config.dir, env: { STAKEQL_DATA_DIR: data, ...env }, timeoutMs: 45_000 });
  const noSecret = (result: CliResult, ...secrets: string[]): void => {
    for (const secret of secrets) {
      expect(result.stdout).not.toContain(secret);
      expect(result.stderr).not.toContain(secret);
    }
  };

  beforeAll(async () => {
    await buildCli();
    kasada = await start_sandbox({ protection: 'kasada' });
    plain = await start_sandbox();
    config = await tempConfigDir();
    data = path.join(config.dir, 'data');
    const wrapper = path.join(config.dir, 'chromium-headless');
    fs.writeFileSync(wrapper, `#!/bin/sh\nexec ${CHROMIUM} --headless=new --no-sandbox --disable-gpu --disable-background-networking "$@"\n`, { mode: 0o755 });
    const started = await run(['browser', '--executable', wrapper, '--port', '0', '--site', kasada.url]);
    expect(started.code, started.stderr).toBe(0);
    const match = /cdp_url: (http:\/\/127\.0\.0\.1:\d+)/.exec(started.stdout);
    if (match === null) throw new Error(`no cdp_url in: ${started.stdout}`);
    cdp_url = match[1] as string;
    pid = Number(/\(pid (\d+)\)/.exec(started.stdout)?.[1] ?? 0);
    user = await chromium.connectOverCDP(cdp_url);
    const tab = user.contexts()[0]?.pages().find((p) => p.url().startsWith(kasada.url));
    if (tab === undefined) throw new Error('stakeql browser did not open the site');
    await tab.goto(`${kasada.url}/login?user=cli-browser-user`);
    token = (await tab.context().cookies(kasada.url)).find((c) => c.name === 'session')?.value ?? '';
  }, 90_000);

  afterAll(async () => {
    if (user !== undefined) {
      // The browser `stakeql browser` left running: closed through its own DevTools protocol.
      const session = await user.newBrowserCDPSession();
      await session.send('Browser.close').catch(() => {});
      await user.close();
    }
    // Wait (bounded) for the browser process to be gone, so its profile can be removed; then make sure of it.
    for (let i = 0; pid > 0 && i < 200; i++) {
      try {
        process.kill(pid, 0);
      } catch {
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    try {
      if (pid > 0) process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
    await kasada?.close();
    await plain?.close();
    // Chromium's helper processes may outlive the main one by a moment, still writing into the profile.
    if (data !== undefined) fs.rmSync(data, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    await config?.remove();
  });

  it('`stakeql browser` starts one with a 0700 profile in the data directory and a loopback URL the library connects to', async () => {
    const profile = path.join(data, 'browser-profile');
    expect(fs.statSync(profile).mode & 0o777).toBe(0o700);
    expect(new URL(cdp_url).hostname).toBe('127.0.0.1');
    const client = StakeClient.from_browser(cdp_url, { base_url: kasada.url });
    try {
      expect((await client.current_user()).name).toBe('cli-browser-user');
    } finally {
      await client.close();
    }
    // Refuses what it cannot use, before starting anything.
    const bad = await run(['browser', '--executable', '/bin/true', '--port', '70000']);
    expect(bad.code).toBe(2);
    oneErrorLine(bad);
  });

  it('`whoami --browser` works with nothing saved; a non-loopback --browser or STAKE_BROWSER is a usage error', async () => {
    const result = await run(['whoami', '--browser', cdp_url, '--base-url', kasada.url]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('cli-browser-user');
    noSecret(result, token);
    const env = await run(['whoami', '--base-url', kasada.url, '--json'], { STAKE_BROWSER: cdp_url });
    expect(env.code, env.stderr).toBe(0);
    expect(JSON.parse(env.stdout)).toMatchObject({ name: 'cli-browser-user' });
    const remote = await run(['whoami', '--browser', 'http://10.1.2.3:9222', '--base-url', kasada.url]);
    expect(remote.code).toBe(2);
    expect(oneErrorLine(remote)).toContain('--browser');
  });

  it('`login --browser` saves a profile with the URL and the site and no secret; commands use it with nothing else given', async () => {
    const saved = await run(['login', '--browser', cdp_url, '--base-url', kasada.url, '--profile', 'in-browser']);
    expect(saved.code, saved.stderr).toBe(0);
    const stored = fs.readFileSync(path.join(config.dir, 'profiles.json'), 'utf8');
    const profile = (JSON.parse(stored) as { profiles: Record<string, Record<string, unknown>> }).profiles['in-browser'];
    expect(profile).toMatchObject({ browser: cdp_url, base_url: kasada.url, access_token: null, session_cookie: null });
    expect(stored).not.toContain(token);
    const status = await run(['status', '--profile', 'in-browser']);
    expect(status.stdout).toContain(cdp_url);
    const who = await run(['whoami', '--profile', 'in-browser', '--json']);
    expect(who.code, who.stderr).toBe(0);
    expect(JSON.parse(who.stdout)).toMatchObject({ name: 'cli-browser-user' });
    const remote = await run(['login', '--browser', 'http://192.168.0.9:9222', '--profile', 'remote']);
    expect(remote.code).toBe(2);
    expect(oneErrorLine(remote)).toContain('loopback');
  });

  it('the direct path against Kasada exits 4 at once, after one request, naming --browser and stakeql browser', async () => {
    const login = kasada.login('direct-cli');
    const before = kasada.stats().requests;
    const result = await run(['whoami', '--base-url', kasada.url], { STAKE_ACCESS_TOKEN: login.access_token, STAKE_SESSION_COOKIE: login.session_cookie });
    expect(result.code).toBe(4);
    const line = oneErrorLine(result);
    expect(line).toContain('Kasada');
    expect(line).toContain('--browser');
    expect(line).toContain('stakeql browser');
    expect(kasada.stats().requests - before).toBe(1);
    noSecret(result, login.access_token, login.session_cookie);
    const help = await run(['--help']);
    expect(help.stdout).toContain('bot protection (Cloudflare or Kasada)');
  });

  it('`doctor` says which path works, one JSON line per path, exit 0 when one does and 4 when none does', async () => {
    const login = kasada.login('doctor-user');
    const env = { STAKE_ACCESS_TOKEN: login.access_token };
    const lines = (result: CliResult): unknown[] => result.stdout.trim().split('\n').map((l) => JSON.parse(l) as unknown);
    // Direct refused by Kasada, the browser works.
    const both = await run(['doctor', '--base-url', kasada.url, '--browser', cdp_url, '--json'], env);
    expect(both.code, both.stderr).toBe(0);
    expect(lines(both)).toEqual([
      ...direct_and_impit({ ok: false, reason: 'kasada', status: 403 }),
      { path: 'browser', ok: true, reason: 'ok' },
    ]);
    noSecret(both, login.access_token, token);
    // Nothing works: Kasada on the direct path, no browser at the port given.
    const none = await run(['doctor', '--base-url', kasada.url, '--browser', `http://127.0.0.1:${await closedPort()}`, '--json'], env);
    expect(none.code).toBe(4);
    expect(lines(none)).toEqual([
      ...direct_and_impit({ ok: false, reason: 'kasada', status: 403 }),
      { path: 'browser', ok: false, reason: 'unreachable' },
    ]);
    // Without --browser, in words: the direct refusal, and what to do.
    const words = await run(['doctor', '--base-url', kasada.url], env);
    expect(words.code).toBe(4);
    expect(words.stdout).toContain('kasada');
    expect(words.stdout).toContain('stakeql browser');
    noSecret(words, login.access_token);
    // A site that answers a plain client: the direct path works; a refused token is named.
    const good = plain.login('doctor-plain');
    const direct = await run(['doctor', '--base-url', plain.url, '--json'], { STAKE_ACCESS_TOKEN: good.access_token });
    expect(direct.code, direct.stderr).toBe(0);
    expect(lines(direct)).toEqual(direct_and_impit({ ok: true, reason: 'ok' }));
    const refused = await run(['doctor', '--base-url', plain.url, '--json'], { STAKE_ACCESS_TOKEN: 'f'.repeat(96) });
    expect(refused.code).toBe(4);
    // The site refuses a token in a GraphQL answer (HTTP 200, errorType notAuthenticated).
    expect(lines(refused)).toEqual(direct_and_impit({ ok: false, reason: 'unauthorized', status: 200 }));
  }, 60_000);
});
