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

  it('a replay\'s stop line is the one autobet --json prints: wins and losses counted from the bet lines', async () => {
    const r = await run(['sim', strategy, '--balance', '1', '--bets', '40', '--server-seed', 'd'.repeat(64), '--client-seed', 'w', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const out = lines(r.stdout);
    const bets = out.filter((l) => l['event'] === 'bet');
    const won = bets.filter((l) => (l['payoutMultiplier'] as number) > 1).length;
    expect(bets).toHaveLength(40);
    expect(won).toBeGreaterThan(0);
    expect(won).toBeLessThan(40);
    const stop = out.at(-1) as Record<string, unknown>;
    // The same keys in the same order as events.ts's stop_line, as `autobet --json` prints it.
    expect(Object.keys(stop)).toEqual(['event', 'reason', 'bets', 'wins', 'losses', 'wagered', 'profit', 'vaulted']);
    expect(stop).toMatchObject({ event: 'stop', reason: 'max_bets', bets: 40, wins: won, losses: 40 - won });
    expect(stop['profit']).toBeCloseTo(bets.reduce((sum, l) => sum + (l['payout'] as number) - (l['amount'] as number), 0), 12);
  }, 60_000);

  it('a Lua script that fails before its first bet exits 2; one that fails later exits 1 with error:strategy', async () => {
    const script = (name: string, body: string): string => {
      const file = path.join(dir, name);
      fs.writeFileSync(file, body);
      return file;
    };
    const top = 'nextbet = 0.00000001\nchance = 49.5\nbethigh = true\n';
    const later = (call: string) => `${top}function dobet()\n  if bets >= 3 then ${call} end\nend\n`;
    const cases: [string, string, number, number, RegExp][] = [
      ['top-execute.lua', `os.execute("touch ${path.join(dir, 'pwned')}")\n${top}function dobet() end\n`, 2, 0, /os\.execute is not available/],
      ['top-io.lua', `${top}io.open("/etc/passwd")\nfunction dobet() end\n`, 2, 0, /io is not available/],
      // dobet() runs after each result: a script failing in its first call has one bet behind it.
      ['first-io.lua', `${top}function dobet()\n  io.open("/etc/passwd")\nend\n`, 1, 1, /io is not available/],
      ['later-execute.lua', later(`os.execute("touch ${path.join(dir, 'pwned')}")`), 1, 3, /os\.execute is not available/],
      ['later-io.lua', later('io.open("/etc/passwd")'), 1, 3, /io is not available/],
      ['later-withdraw.lua', later('withdraw(1, "bc1qaddress")'), 1, 3, /withdraw/],
      ['later-loop.lua', later('while true do end'), 1, 3, /time|limit|instructions/i],
    ];
    for (const [name, body, code, bets, message] of cases) {
      const r = await run(['sim', script(name, body), '--balance', '1', '--bets', '10', '--server-seed', 'e'.repeat(64), '--client-seed', 'lua', '--json', '--lua-timeout', '0.3']);
      expect(r.code, `${name}: ${r.stderr}`).toBe(code);
      const out = lines(r.stdout);
      if (code === 1 || bets > 0) {
        const stop = out.at(-1) as Record<string, unknown>;
        expect(stop, name).toMatchObject({ event: 'stop', reason: 'error:strategy', bets });
        expect(String(stop['message']), name).toMatch(message);
      } else {
        expect(r.stderr, name).toMatch(message);
      }
      expect(r.stderr, name).toMatch(message);
    }
    expect(fs.existsSync(path.join(dir, 'pwned'))).toBe(false);
  }, 120_000);

  it('plinko expert, whose table is not public, is refused with exit 2 before any bet', async () => {
    const expert = path.join(dir, 'expert.json');
    fs.writeFileSync(expert, JSON.stringify({ game: 'plinko', bet: { amount: 0.00000001, rows: 8, risk: 'expert' } }));
    const r = await run(['sim', expert, '--balance', '1', '--bets', '10', '--sessions', '2', '--workers', '1']);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/2 of 2 sessions stopped with error:strategy: .*expert.*not public/);
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
    const stopped = /<th>stopped by<\/th><td>([^<]*)<\/td>/.exec(page)?.[1] ?? '';
    expect(stopped.split(', ').reduce((n, p) => n + Number(/ (\d+)$/.exec(p)?.[1]), 0)).toBe(30);
  }, 60_000);

  it('Monte Carlo prints each stop reason with its count and the error messages (finding 18)', async () => {
    const failing = path.join(dir, 'fails.lua');
    fs.writeFileSync(failing, 'nextbet = 0.00000001\nchance = 49.5\nbethigh = true\nfunction dobet()\n  error("no luck today")\nend\n');
    const bad = await run(['sim', failing, '--balance', '1', '--bets', '10', '--sessions', '4', '--workers', '1']);
    expect(bad.code, bad.stderr).toBe(1);
    expect(bad.stdout).toMatch(/^stopped by {3}error:strategy 4$/m);
    expect(bad.stderr).toMatch(/4 × error:strategy: .*no luck today/);
    // Small balance, doubling: some sessions bust, the others reach --bets; the counts add up to the sessions.
    const json = await run(['sim', strategy, '--balance', '0.0000002', '--bets', '60', '--sessions', '30', '--workers', '1', '--json']);
    expect(json.code, json.stderr).toBe(0);
    const out = lines(json.stdout);
    const counted: Record<string, number> = {};
    for (const l of out.filter((x) => x['event'] === 'session')) counted[l['reason'] as string] = (counted[l['reason'] as string] ?? 0) + 1;
    expect((out.at(-1) as { stop_reasons: unknown }).stop_reasons).toEqual(counted);
    const text = await run(['sim', strategy, '--balance', '0.0000002', '--bets', '60', '--sessions', '30', '--workers', '1']);
    const line = /^stopped by {3}(.*)$/m.exec(text.stdout)?.[1] ?? '';
    const pairs = line.split(', ').map((p) => /^(\S+) (\d+)$/.exec(p));
    expect(pairs.every((p) => p !== null), line).toBe(true);
    expect(pairs.reduce((n, p) => n + Number(p?.[2]), 0)).toBe(30);
  }, 90_000);

  it('a replay prints its stop reason and totals, not percentiles of one session (finding 20)', async () => {
    const args = ['sim', strategy, '--balance', '1', '--bets', '25', '--server-seed', 'f'.repeat(64), '--client-seed', 'r'];
    const stop = lines((await run([...args, '--json'])).stdout).at(-1) as Record<string, number>;
    const r = await run(args);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toMatch(/p5/);
    expect(r.stdout).toMatch(/^replay stopped \(max_bets\) after 25 bets$/m);
    expect(r.stdout).toContain(`${stop['wins']} won, ${stop['losses']} lost`);
    expect(r.stdout).toContain(`profit       ${stop['profit']!.toFixed(8)} of ${stop['wagered']!.toFixed(8)} wagered`);
  }, 60_000);

  it('prints amounts with the currency\'s decimals: no float noise in USD percentiles (finding 20)', async () => {
    const usd = path.join(dir, 'usd.json');
    fs.writeFileSync(usd, JSON.stringify({ game: 'dice', bet: { amount: 0.37, target: 50.5, condition: 'above' }, on_loss: { increase_pct: 10 } }));
    const r = await run(['sim', usd, '--balance', '10000', '--bets', '200', '--sessions', '20', '--workers', '1', '--currency', 'usd']);
    expect(r.code, r.stderr).toBe(0);
    const row = /^end balance {2}(.*)$/m.exec(r.stdout)?.[1] ?? '';
    expect(row).toMatch(/^p5 \d+\.\d\d {2}p25 \d+\.\d\d {2}p50 \d+\.\d\d {2}p75 \d+\.\d\d {2}p95 \d+\.\d\d$/);
  }, 60_000);

  it('warns when rounding payouts to the currency\'s unit costs more than 1 % of wagered (finding 21)', async () => {
    const keno = (amount: number): string => {
      const file = path.join(dir, `keno-${amount}.json`);
      fs.writeFileSync(file, JSON.stringify({ game: 'keno', bet: { amount, numbers: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], risk: 'medium' } }));
      return file;
    };
    const args = (file: string) => ['sim', file, '--balance', '100', '--bets', '200', '--currency', 'usd', '--server-seed', '1'.repeat(64), '--client-seed', 'k'];
    const small = await run([...args(keno(0.01)), '--json']);
    expect(small.code, small.stderr).toBe(0);
    // What the published multipliers would pay exactly, less what was paid, in hundred-thousandths of a cent.
    const bets = lines(small.stdout).filter((l) => l['event'] === 'bet');
    let lost = 0;
    let wagered = 0;
    for (const b of bets) {
      const cents = Math.round((b['amount'] as number) * 100);
      lost += cents * Math.round((b['payoutMultiplier'] as number) * 10_000) - Math.round((b['payout'] as number) * 100) * 10_000;
      wagered += cents * 10_000;
    }
    expect(lost / wagered).toBeGreaterThan(0.01);
    const shown = /rounding payouts down to the usd unit \(2 decimals\) cost ([0-9.]+) % of wagered/.exec(small.stderr)?.[1];
    expect(Number(shown), small.stderr).toBeCloseTo((lost / wagered) * 100, 2);
    const large = await run(args(keno(1)));
    expect(large.code, large.stderr).toBe(0);
    expect(large.stderr).not.toMatch(/rounding/);
  }, 60_000);

  it('help sim does not mark limits required: sim runs without them', async () => {
    const help = await run(['help', 'sim']);
    expect(help.stdout).toMatch(/--stop-loss X/);
    expect(help.stdout).not.toMatch(/required: the session never loses/);
    expect((await run(['help', 'autobet'])).stdout).toMatch(/--stop-loss X +required: the session never loses/);
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
