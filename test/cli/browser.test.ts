/**
 * The browser way in on the command line, against the sandbox's Kasada
 * emulation. `stakeql browser` opens Debian's chromium (through a wrapper
 * that adds only what a machine without a display needs: headless, no
 * sandbox) on a 0700 profile, driven over a pipe: no process of the browser
 * listens on any TCP port, so no other process can attach; `--browser own`
 * then starts it on that profile for each command. A browser the user
 * started with a DevTools port (chromium-cdp.ts) serves the rest of the
 * file: `whoami --browser URL` with nothing saved; the direct path refused
 * with exit 4 at once; `doctor` on each combination, its `--json` lines and
 * the way it names; no secret in any output.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start_sandbox, type Sandbox } from '../../src/sandbox/index.js';
import { HAVE_CHROMIUM, CHROMIUM, start_chromium, type RunningChromium } from '../transport/browser/chromium-cdp.js';
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
  let wrapper: string;
  let mine: RunningChromium | undefined;
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
    wrapper = path.join(config.dir, 'chromium-headless');
    fs.writeFileSync(wrapper, `#!/bin/sh\nexec ${CHROMIUM} --headless=new --no-sandbox --disable-gpu --disable-background-networking "$@"\n`, { mode: 0o755 });
    // The third way: a browser the user started with a DevTools port (and a profile of its own).
    mine = await start_chromium();
    cdp_url = mine.http_url;
    user = await chromium.connectOverCDP(cdp_url);
    const tab = user.contexts()[0]?.pages()[0] ?? (await user.contexts()[0]?.newPage());
    if (tab === undefined) throw new Error('chromium opened no tab');
    await tab.goto(`${kasada.url}/login?user=cli-browser-user`);
    token = (await tab.context().cookies(kasada.url)).find((c) => c.name === 'session')?.value ?? '';
  }, 90_000);

  afterAll(async () => {
    await user?.close();
    await mine?.close();
    await kasada?.close();
    await plain?.close();
    // Chromium's helper processes may outlive the main one by a moment, still writing into the profile.
    if (data !== undefined) fs.rmSync(data, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    await config?.remove();
  });

  /** The pids of `root` and all its descendants, from /proc. */
  function tree(root: number): number[] {
    const parent = new Map<number, number>();
    for (const name of fs.readdirSync('/proc')) {
      if (!/^[0-9]+$/.test(name)) continue;
      try {
        const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
        parent.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      } catch {
        // Gone meanwhile.
      }
    }
    const found = [root];
    for (let i = 0; i < found.length; i++) for (const [pid, ppid] of parent) if (ppid === found[i]) found.push(pid);
    return found;
  }

  /** The socket inodes every TCP listener of this machine holds (/proc/net/tcp and tcp6, state 0A). */
  function listening_inodes(): Set<string> {
    const inodes = new Set<string>();
    for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
      if (!fs.existsSync(file)) continue;
      for (const line of fs.readFileSync(file, 'utf8').split('\n').slice(1)) {
        const cols = line.trim().split(/\s+/);
        if (cols[3] === '0A' && cols[9] !== undefined) inodes.add(cols[9]);
      }
    }
    return inodes;
  }

  /** The socket inodes a process holds open. */
  function socket_inodes(pid: number): string[] {
    try {
      return fs.readdirSync(`/proc/${pid}/fd`).flatMap((fd) => {
        try {
          const link = fs.readlinkSync(`/proc/${pid}/fd/${fd}`);
          return link.startsWith('socket:[') ? [link.slice(8, -1)] : [];
        } catch {
          return [];
        }
      });
    } catch {
      return [];
    }
  }

  it('`stakeql browser` opens one on a 0700 profile over a pipe: no DevTools port, nothing to attach to; --browser own then uses that profile', async () => {
    const bin = await buildCli();
    const child = spawn(process.execPath, [bin, 'browser', '--executable', wrapper, '--site', kasada.url], {
      env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: config.dir, STAKEQL_CONFIG_DIR: config.dir, STAKEQL_STORE: 'file', STAKEQL_DATA_DIR: data },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 60_000,
    });
    let stdout = '';
    let stderr = '';
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    await new Promise<void>((resolve, reject) => {
      child.stdout.setEncoding('utf8').on('data', (d: string) => {
        stdout += d;
        if (stdout.includes('Close the window')) resolve();
      });
      void exited.then(() => reject(new Error(`stakeql browser exited: ${stderr}`)));
    });
    const profile = path.join(data, 'browser-profile');
    expect(fs.statSync(profile).mode & 0o777).toBe(0o700);
    expect(stdout).toContain('no DevTools port is open');
    // The browser's processes: started over the pipe, and none of them listens on any TCP port.
    const pids = tree(child.pid as number);
    const cmdline = (pid: number): string[] => {
      try {
        return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      } catch {
        return [];
      }
    };
    // The browser's main process (Debian's chromium is a script that execs the binary): on the profile, no --type=.
    const browser = pids.filter((pid) => cmdline(pid).includes(`--user-data-dir=${profile}`) && !cmdline(pid).some((a) => a.startsWith('--type=')));
    expect(browser.length).toBeGreaterThan(0);
    expect(pids.length).toBeGreaterThan(browser.length);
    const main = cmdline(browser[0] as number);
    expect(main).toContain('--remote-debugging-pipe');
    expect(main.some((a) => a.startsWith('--remote-debugging-port'))).toBe(false);
    const listening = listening_inodes();
    for (const pid of pids) for (const inode of socket_inodes(pid)) expect(listening.has(inode), `pid ${pid} listens`).toBe(false);
    // The same look finds the port of the browser the user started with one (so it would see one here).
    expect(tree(mine?.child.pid as number).some((pid) => socket_inodes(pid).some((inode) => listening.has(inode)))).toBe(true);
    // No DevToolsActivePort file either: a second process has nothing to find or attach to.
    expect(fs.existsSync(path.join(profile, 'DevToolsActivePort'))).toBe(false);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stdout).toContain('closed');
    // The user logged in in that window (done here with playwright on the same profile, once it is closed).
    const login = await chromium.launchPersistentContext(profile, { executablePath: wrapper, headless: false });
    try {
      await (login.pages()[0] ?? (await login.newPage())).goto(`${kasada.url}/login?user=own-profile-user`);
    } finally {
      await login.close();
    }
    const env = { STAKEQL_BROWSER_EXECUTABLE: wrapper };
    const who = await run(['whoami', '--browser', 'own', '--base-url', kasada.url, '--json'], env);
    expect(who.code, who.stderr).toBe(0);
    expect(JSON.parse(who.stdout)).toMatchObject({ name: 'own-profile-user' });
    const doctor = await run(['doctor', '--browser', 'own', '--base-url', kasada.url], env);
    expect(doctor.stdout).toMatch(/the browser way: own: .*no DevTools port, no other process can attach/);
    // The children here have no DISPLAY: doctor says the own way runs headless and how to log in without a display.
    expect(doctor.stdout).toMatch(/No display here \(DISPLAY and WAYLAND_DISPLAY are unset\): commands given --browser own start the browser headless .*xvfb-run/);
    // --port is refused, saying why.
    const port = await run(['browser', '--executable', wrapper, '--port', '9222']);
    expect(port.code).toBe(2);
    expect(oneErrorLine(port)).toContain('no longer opens a DevTools port');
  }, 120_000);

  it('`stakeql browser` without a display (DISPLAY and WAYLAND_DISPLAY unset) says so, with chromium\'s own words and how to run without one', async () => {
    // Debian's chromium with a window (not headless); --no-sandbox only because these tests may run as root.
    const headed = path.join(config.dir, 'chromium-headed');
    fs.writeFileSync(headed, `#!/bin/sh\nexec ${CHROMIUM} --no-sandbox --disable-gpu "$@"\n`, { mode: 0o755 });
    const result = await runCli(['browser', '--executable', headed, '--site', kasada.url], {
      configDir: config.dir, env: { STAKEQL_DATA_DIR: path.join(config.dir, 'no-display-data') }, timeoutMs: 45_000,
    });
    expect(result.code).toBe(1);
    const line = oneErrorLine(result);
    expect(line).toContain('there is no display here (DISPLAY and WAYLAND_DISPLAY are unset)');
    // What chromium itself printed on stderr (ui/ozone/platform/x11/ozone_platform_x11.cc), not playwright's bare "closed".
    expect(line).toContain('(it said: Missing X server or $DISPLAY)');
    expect(line).not.toContain('Target page, context or browser has been closed');
    expect(line).toContain('--browser own start the browser headless');
    expect(line).toContain("'xvfb-run -n 99 stakeql browser'");
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

  it('`--browser URL` uses the site its tab is on, not the profile\'s; a refusal names the site it tried; tabs on several other sites are a usage error', async () => {
    const kasada_origin = new URL(kasada.url).origin;
    const plain_origin = new URL(plain.url).origin;
    // login --browser with no --base-url saves the tab's site (the only tab is on the Kasada sandbox), not stake.com.
    const saved = await run(['login', '--browser', cdp_url, '--profile', 'tab-site']);
    expect(saved.code, saved.stderr).toBe(0);
    expect(saved.stderr).toContain(`has a tab on ${kasada_origin}: using that site (not https://stake.com; --base-url chooses)`);
    const profiles = JSON.parse(fs.readFileSync(path.join(config.dir, 'profiles.json'), 'utf8')) as { profiles: Record<string, Record<string, unknown>> };
    expect(profiles.profiles['tab-site']).toMatchObject({ browser: cdp_url, base_url: kasada_origin });
    // A profile saved for another site: the browser's tab decides, and stderr says so.
    const other = await run(['login', '--browser', cdp_url, '--base-url', plain.url, '--profile', 'plain-site']);
    expect(other.code, other.stderr).toBe(0);
    const who = await run(['whoami', '--profile', 'plain-site', '--json']);
    expect(who.code, who.stderr).toBe(0);
    expect(JSON.parse(who.stdout)).toMatchObject({ name: 'cli-browser-user' });
    expect(who.stderr).toContain(`has a tab on ${kasada_origin}: using that site (not ${plain_origin}; --base-url chooses)`);
    // --base-url given: that site, in a new tab where nobody logged in; the refusal names it.
    const refused = await run(['whoami', '--browser', cdp_url, '--base-url', plain.url]);
    expect(refused.code).toBe(4);
    expect(oneErrorLine(refused)).toContain(`authentication refused in the browser on ${plain.url}: log in to ${plain.url} in that browser`);
    // Tabs on two sites, neither the profile's: nothing is guessed, both are named.
    const second = await user?.contexts()[0]?.newPage();
    try {
      await second?.goto(`${plain.url}/`);
      const gone = `http://127.0.0.1:${await closedPort()}`;
      const saved_gone = await run(['login', '--browser', cdp_url, '--base-url', gone, '--profile', 'gone-site']);
      expect(saved_gone.code, saved_gone.stderr).toBe(0);
      const ambiguous = await run(['whoami', '--profile', 'gone-site']);
      expect(ambiguous.code).toBe(2);
      const line = oneErrorLine(ambiguous);
      expect(line).toContain(kasada_origin);
      expect(line).toContain(plain_origin);
      expect(line).toContain(`none on ${gone}: say which site with --base-url`);
    } finally {
      await second?.close();
    }
  });

  it('`--browser auto` finds the browser by a planted DevToolsActivePort, says to allow the connection, and doctor names the way', async () => {
    const chrome = path.join(config.dir, 'profiles', 'google-chrome');
    fs.mkdirSync(chrome, { recursive: true });
    fs.writeFileSync(path.join(chrome, 'DevToolsActivePort'), `${new URL(mine?.ws_url as string).port}\n${new URL(mine?.ws_url as string).pathname}\n`);
    const env = { STAKEQL_BROWSER_PROFILE_DIRS: chrome };
    const who = await run(['whoami', '--browser', 'auto', '--base-url', kasada.url, '--json'], env);
    expect(who.code, who.stderr).toBe(0);
    expect(JSON.parse(who.stdout)).toMatchObject({ name: 'cli-browser-user' });
    expect(who.stderr).toContain('click Allow');
    const doctor = await run(['doctor', '--browser', 'auto', '--base-url', kasada.url, '--json'], env);
    expect(doctor.stdout.trim().split('\n').map((l) => JSON.parse(l) as unknown)).toContainEqual({ path: 'browser', ok: true, reason: 'ok', way: 'auto' });
    noSecret(who, token, new URL(mine?.ws_url as string).pathname);
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
      { path: 'browser', ok: true, reason: 'ok', way: 'port' },
    ]);
    noSecret(both, login.access_token, token);
    // In words, the way in use and what an open port hands out.
    const said = await run(['doctor', '--base-url', kasada.url, '--browser', cdp_url], env);
    expect(said.stdout).toMatch(/the browser way: port: .*any program of any user on this machine can attach/);
    // Nothing works: Kasada on the direct path, no browser at the port given.
    const none = await run(['doctor', '--base-url', kasada.url, '--browser', `http://127.0.0.1:${await closedPort()}`, '--json'], env);
    expect(none.code).toBe(4);
    expect(lines(none)).toEqual([
      ...direct_and_impit({ ok: false, reason: 'kasada', status: 403 }),
      { path: 'browser', ok: false, reason: 'unreachable', way: 'port' },
    ]);
    // Without --browser, in words: the direct refusal, and what to do.
    const words = await run(['doctor', '--base-url', kasada.url], env);
    expect(words.code).toBe(4);
    expect(words.stdout).toContain('kasada');
    expect(words.stdout).toContain('stakeql browser');
    expect(words.stdout).toContain("No display here (DISPLAY and WAYLAND_DISPLAY are unset): commands given --browser own start the browser headless by themselves, but logging in once with 'stakeql browser' needs a window: run it under a display server, e.g. 'xvfb-run -n 99 stakeql browser'");
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
