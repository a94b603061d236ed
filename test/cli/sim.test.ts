/**
 * `stakeql sim` as a user runs it (real child processes): Monte Carlo
 * sessions across worker threads, a replay printing bet lines whose rolls
 * match `createHmac`, the --html page, and bad input refused with exit 2.
 */
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './helpers/cli.js';

let dir: string;
let strategy: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stakeql-sim-cli-'));
  strategy = path.join(dir, 'martingale.json');
  fs.writeFileSync(strategy, JSON.stringify({ game: 'dice', bet: { amount: 0.00000001, target: 50.5, condition: 'above' }, on_win: 'reset', on_loss: { increase_pct: 100 } }));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const lines = (text: string): Record<string, unknown>[] => text.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);
const run = (args: string[]) => runCli(args, { configDir: dir, timeoutMs: 60_000 });

function roll(server: string, client: string, nonce: number): number {
  const b = createHmac('sha256', server).update(`${client}:${nonce}:0`).digest();
  return Math.floor((b[0]! / 256 + b[1]! / 256 ** 2 + b[2]! / 256 ** 3 + b[3]! / 256 ** 4) * 10001) / 100;
}

describe('stakeql sim', () => {
  it('runs sessions on 2 workers: one JSON line per session, then the summary', async () => {
    const r = await run(['sim', strategy, '--balance', '0.0001', '--bets', '300', '--sessions', '40', '--workers', '2', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const out = lines(r.stdout);
    const sessions = out.filter((l) => l['event'] === 'session');
    expect(sessions).toHaveLength(40);
    expect(new Set(sessions.map((s) => s['index']))).toEqual(new Set([...Array(40).keys()]));
    expect(sessions.every((s) => (s['bets'] as number) <= 300)).toBe(true);
    const summary = out.at(-1) as Record<string, number>;
    expect(summary).toMatchObject({ event: 'summary', sessions: 40, theoretical_edge: -0.01 });
    const ends = sessions.map((s) => s['end_balance'] as number).sort((a, b) => a - b);
    expect(summary['p50']).toBe(ends[19]);
    expect(summary['bust_share']).toBe(sessions.filter((s) => s['reason'] === 'insufficient_balance').length / 40);
  }, 90_000);

  it('replays a seed pair: bet lines as autobet prints them, rolls equal to createHmac, and a stop line', async () => {
    const server = 'c'.repeat(64);
    const r = await run(['sim', strategy, '--balance', '1', '--bets', '25', '--server-seed', server, '--client-seed', 'mine', '--nonce', '7', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const out = lines(r.stdout);
    expect(out).toHaveLength(26);
    out.slice(0, 25).forEach((l, i) => {
      expect(l['nonce']).toBe(7 + i);
      expect((l['state'] as { result: number }).result).toBe(roll(server, 'mine', 7 + i));
    });
    expect(out[25]).toMatchObject({ event: 'stop', reason: 'max_bets', bets: 25 });
  }, 60_000);

  it('writes a self-contained page with the distribution and sample curves', async () => {
    const html = path.join(dir, 'sim.html');
    const r = await run(['sim', strategy, '--balance', '0.0001', '--bets', '200', '--sessions', '30', '--workers', '1', '--html', html]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/bust share/);
    const page = fs.readFileSync(html, 'utf8');
    expect(page).toContain('uPlot');
    expect(page).not.toMatch(/<script[^>]+src=/);
    const data = /const hist = (\{.*?\});/.exec(page)?.[1];
    expect((JSON.parse(data ?? '{}') as { y: number[] }).y.reduce((a, b) => a + b, 0)).toBe(30);
  }, 60_000);

  it('refuses bad input with exit 2 and runs nothing', async () => {
    const seeds = path.join(dir, 'seeds.txt');
    fs.writeFileSync(seeds, `${'a'.repeat(64)} one 0\nnot-a-seed two\n`);
    const cases: [string[], RegExp][] = [
      [['sim', strategy, '--bets', '10'], /--balance is required/],
      [['sim', strategy, '--balance', '0', '--bets', '10'], /start_balance must be a number above 0/],
      [['sim', strategy, '--balance', '1'], /--bets is required/],
      [['sim', strategy, '--balance', '1', '--bets', '10', '--seeds', seeds], /line 2/],
      [['sim', strategy, '--balance', '1', '--bets', '10', '--server-seed', 'a'.repeat(64)], /go together/],
      [['sim', path.join(dir, 'nope.lua'), '--balance', '1', '--bets', '10'], /no such file/],
    ];
    for (const [args, message] of cases) {
      const r = await run(args);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stdout).toBe('');
    }
  }, 90_000);
});
