/**
 * Notification secrets off the command line (issue 42): the one systemd
 * example passes no URL on the command line, and its ExecStart, run for real
 * (a CLI child, the sandbox over loopback, local receivers) with the URLs in
 * STAKE_NOTIFY, prints no sink's secret on any stderr line, though a failing
 * sink is reported there (masked: host only). `--notify-file` is refused
 * unless only its owner can read it; `--notify URL` warns.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { useAutobetWorld } from './helpers/autobet-world.js';
import { buildCli } from './helpers/cli.js';
import { http_receiver, type HttpReceiver } from '../notify/receivers.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const UNIT = path.join(ROOT, 'examples', 'systemd', 'stakeql-autobet.service');
const world = useAutobetWorld('notified', 'stakeql-notify-secrets-');
let receivers: HttpReceiver[] = [];
afterEach(async () => {
  for (const r of receivers) await r.close();
  receivers = [];
});

interface Run { code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }

async function cli(args: string[], extra: Record<string, string> = {}, killOnBet = false): Promise<Run> {
  const bin = await buildCli();
  const env = {
    PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: world.dir, STAKEQL_CONFIG_DIR: path.join(world.dir, 'config'), STAKEQL_STORE: 'file',
    STAKEQL_DATA_DIR: path.join(world.dir, 'data'), ...world.stake_env(), ...extra,
  };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      stdout += d;
      if (killOnBet && stdout.includes('"event":"bet"')) child.kill('SIGKILL');
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

/** The unit's ExecStart, split into words (it has no quoting: a quote would mean a shell). */
function exec_start(): string[] {
  const line = fs.readFileSync(UNIT, 'utf8').split('\n').filter((l) => l.startsWith('ExecStart='));
  expect(line).toHaveLength(1);
  const words = (line[0] as string).slice('ExecStart='.length).trim().split(/\s+/);
  expect(words.join(' ')).not.toMatch(/["'$]/);
  return words;
}

const HOOK_ID = 'hookIdSECRET4242';
const TOPIC = 'topicSECRET7777';

describe('notification secrets', () => {
  it('there is one systemd example, and its command line holds no notification URL', () => {
    const units: string[] = [];
    const walk = (dir: string): void => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        if (e.isDirectory()) walk(path.join(dir, e.name));
        else if (e.name.endsWith('.service')) units.push(path.relative(ROOT, path.join(dir, e.name)));
      }
    };
    walk(path.join(ROOT, 'examples'));
    expect(units).toEqual([path.join('examples', 'systemd', 'stakeql-autobet.service')]);
    const words = exec_start();
    expect(words).not.toContain('--notify');
    expect(words.some((w) => /^[a-z]+s?:\/\//.test(w))).toBe(false);
    expect(fs.readFileSync(UNIT, 'utf8')).toMatch(/^#\s+STAKE_NOTIFY=/m);
  });

  it("the unit's ExecStart, run with STAKE_NOTIFY, reports a failing sink on stderr without any of its secrets", async () => {
    await world.slow_down(20);
    const failing = await http_receiver({ fail: ['/api/webhook/'] });
    const ntfy = await http_receiver();
    receivers.push(failing, ntfy);
    // A session to resume, as the user starts it by hand (killed mid-run, as by a reboot).
    const killed = await cli(['autobet', world.strategy, '--stop-loss', '0.001', '--max-bet', '0.0001', '--max-bets', '5', '--yes', '--json', '--base-url', world.sandbox.url], {}, true);
    expect(killed.signal).toBe('SIGKILL');
    const json_host = new URL(failing.base).host;
    const notify = `json://${json_host}/api/webhook/${HOOK_ID} ntfy://${new URL(ntfy.base).host}/${TOPIC}`;
    const words = exec_start();
    const at = words.indexOf('stakeql');
    expect(at).toBeGreaterThanOrEqual(0);
    const args = [...words.slice(at + 1), '--timeout', '2', '--settle', '4'];
    const run = await cli(args, { STAKE_NOTIFY: notify });
    expect(run.code, run.stderr).toBe(0);
    // STAKE_NOTIFY was used: the stop reached the ntfy topic and was tried on the webhook.
    expect(ntfy.requests.filter((r) => r.path === `/${TOPIC}`)).toHaveLength(1);
    expect(failing.requests.length).toBeGreaterThan(0);
    // The failure is said on stderr, masked to the host.
    expect(run.stderr).toContain(`json://${json_host}/***`);
    const lines = run.stderr.split('\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) {
      for (const secret of [HOOK_ID, TOPIC, `/api/webhook/${HOOK_ID}`]) expect(line).not.toContain(secret);
    }
    expect(run.stdout).not.toContain(HOOK_ID);
    expect(run.stdout).not.toContain(TOPIC);
    for (const secret of [HOOK_ID, TOPIC]) expect(args.join(' ')).not.toContain(secret);
  }, 120_000);

  it('--notify-file: refused when others can read it (exit 2, nothing sent); read when mode 0600; --notify warns', async () => {
    const rx = await http_receiver();
    receivers.push(rx);
    const file = path.join(world.dir, 'notify.urls');
    fs.writeFileSync(file, `# the run's sinks\n\nntfy://${new URL(rx.base).host}/${TOPIC}\n`, { mode: 0o644 });
    fs.chmodSync(file, 0o644);
    const limits = ['--stop-loss', '0.001', '--max-bet', '0.0001', '--max-bets', '2', '--yes', '--json', '--base-url', world.sandbox.url];
    const before = world.sandbox.stats().by_operation['DiceRoll'] ?? 0;
    const open = await cli(['autobet', world.strategy, ...limits, '--notify-file', file]);
    expect(open.code).toBe(2);
    expect(open.stderr).toContain('chmod 600');
    expect(open.stderr).not.toContain(TOPIC);
    expect(world.sandbox.stats().by_operation['DiceRoll'] ?? 0).toBe(before);
    fs.chmodSync(file, 0o600);
    const ok = await cli(['autobet', world.strategy, ...limits, '--notify-file', file]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(rx.requests.filter((r) => r.path === `/${TOPIC}`)).toHaveLength(1);
    expect(ok.stderr).not.toContain(TOPIC);
    const flag = await cli(['autobet', world.strategy, ...limits, '--notify', `ntfy://${new URL(rx.base).host}/${TOPIC}`]);
    expect(flag.code, flag.stderr).toBe(0);
    expect(flag.stderr).toMatch(/--notify puts the URL on the command line, which every local user can read/);
    expect(flag.stderr).not.toContain(TOPIC);
    // A bad URL in the file is named by its line, never quoted.
    fs.writeFileSync(file, `ntfy://${new URL(rx.base).host}/${TOPIC}\ntgram://${TOPIC}\n`);
    const bad = await cli(['autobet', world.strategy, ...limits, '--notify-file', file]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--notify-file line 2');
    expect(bad.stderr).not.toContain(TOPIC);
  }, 120_000);
});
