/**
 * One run per account, whatever the data directory (issue 42): the lock is
 * keyed by the site's account id in one per-user place, so two runs on one
 * account from two data directories exclude each other (the second exits 2,
 * sending nothing); once the first ends, the second runs. And "sandbox" is
 * the sandbox's own marker, not a loopback address: a loopback proxy in
 * front of it that does not answer the marker is labelled live. Real CLI
 * children, a real SIGINT, the sandbox over loopback, real SQLite journals.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { driver_kind } from '../../src/autobet/run/run-setup.js';
import { SANDBOX_MARKER_PATH } from '../../src/sandbox/marker.js';
import { Database } from '../support/sqlite.js';
import { useAutobetWorld } from './helpers/autobet-world.js';
import { buildCli } from './helpers/cli.js';

const world = useAutobetWorld('locked', 'stakeql-account-lock-');

interface Run { code: number | null; stdout: string; stderr: string }

/** A CLI child with its own data directory and the world's HOME (so the same per-user lock directory). */
function start(data: string, args: string[], on_bet?: () => void): { done: Promise<Run>; signal: (s: NodeJS.Signals) => void } {
  const child = spawn(process.execPath, [bin, ...args], {
    env: {
      PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: world.dir, STAKEQL_CONFIG_DIR: path.join(world.dir, 'config'), STAKEQL_STORE: 'file',
      STAKEQL_DATA_DIR: path.join(world.dir, data), ...world.stake_env(),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 60_000,
  });
  let stdout = '';
  let stderr = '';
  let told = false;
  child.stdout.setEncoding('utf8').on('data', (d: string) => {
    stdout += d;
    if (!told && on_bet !== undefined && stdout.includes('"event":"bet"')) {
      told = true;
      on_bet();
    }
  });
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const done = new Promise<Run>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
  return { done, signal: (s) => child.kill(s) };
}

let bin = '';

describe('the account lock', () => {
  it('two data directories on one account exclude each other; the second runs once the first has stopped', async () => {
    bin = await buildCli();
    await world.slow_down(30);
    const args = ['autobet', world.strategy, '--stop-loss', '0.001', '--max-bet', '0.0001', '--yes', '--json', '--base-url', world.sandbox.url];
    let betting!: () => void;
    const first_bet = new Promise<void>((resolve) => (betting = resolve));
    const first = start('data-a', [...args, '--max-bets', '1000'], () => betting());
    await first_bet;
    const dice = (): number => world.sandbox.stats().by_operation['DiceRoll'] ?? 0;
    // The second, on its own database: refused before any bet.
    const second = await start('data-b', [...args, '--max-bets', '3']).done;
    expect(second.code).toBe(2);
    expect(second.stderr).toContain('another autobet run is using this account');
    expect(second.stdout).not.toContain('"event":"bet"');
    first.signal('SIGINT');
    const ended = await first.done;
    expect(ended.code).toBe(130);
    const before = dice();
    const again = await start('data-b', [...args, '--max-bets', '3']).done;
    expect(again.code, again.stderr).toBe(0);
    expect(dice() - before).toBe(3);
    // Each data directory has its own journal; only the second run's is in data-b.
    const db = new Database(path.join(world.dir, 'data-b', 'stakeql.db'), { readonly: true });
    try {
      expect(db.prepare('SELECT COUNT(*) FROM sessions').pluck().get()).toBe(1);
      // The sandbox answered its marker: the session is labelled so.
      expect(db.prepare('SELECT driver FROM sessions').pluck().get()).toBe('sandbox');
    } finally {
      db.close();
    }
  }, 120_000);

  it('"sandbox" only where the marker answers: a loopback proxy to the site that does not is live, and so is any other host', async () => {
    expect(await driver_kind(world.sandbox.url)).toBe('sandbox');
    // A local proxy in front of "the site": forwards everything but knows no marker (the site has none).
    const seen: string[] = [];
    const proxy = http.createServer((req, res) => {
      seen.push(req.url ?? '');
      if (req.url === SANDBOX_MARKER_PATH) {
        res.writeHead(404);
        res.end();
        return;
      }
      const upstream = http.request(new URL(req.url ?? '/', world.sandbox.url), { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      expect(await driver_kind(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}`)).toBe('live');
      expect(seen).toEqual([SANDBOX_MARKER_PATH]);
    } finally {
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    }
    // Not loopback: never asked (no request leaves; .invalid never resolves).
    expect(await driver_kind('https://stake.invalid')).toBe('live');
  });
});
