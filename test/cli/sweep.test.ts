/**
 * `stakeql sweep` as a user runs it (real child processes, the built CLI):
 * three shards run as separate processes (one by --shard, one by a
 * Kubernetes JOB_COMPLETION_INDEX, one by an AWS_BATCH_JOB_ARRAY_INDEX),
 * merged, print exactly what one process on two worker threads prints; a
 * sweep SIGKILLed mid-way and run again resumes without recomputing the
 * cells it finished and prints the same; a bad spec is exit 2 naming the
 * field, before any work.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli, cliEnv, runCli } from './helpers/cli.js';
import { merge_parts } from '../../src/autobet/sim/sweep/index.js';
import { wait_until } from '../support/wait.js';

let dir: string;
let spec: string;
const MART = { game: 'dice', bet: { amount: 0.00000001, target: 50.5, condition: 'above' }, on_win: 'reset', on_loss: { increase_pct: 100 } };

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stakeql-sweep-cli-'));
  fs.writeFileSync(path.join(dir, 'mart.json'), JSON.stringify(MART));
  spec = path.join(dir, 'spec.json');
  fs.writeFileSync(spec, JSON.stringify({
    strategy: 'mart.json', params: { 'on_loss.increase_pct': [50, 100, 150], 'bet.target': [50.5, 60] }, sessions: 200, bets: 40, balance: 0.00001, seed: 'cli-shards', shards: 3,
  }));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const run = (args: string[], env: Record<string, string> = {}) => runCli(args, { configDir: dir, env, timeoutMs: 120_000 });
const cellLines = (file: string) => fs.readFileSync(file, 'utf8').split('\n').filter((l) => l.includes('"event":"cell"'));

describe('stakeql sweep', () => {
  let whole = '';

  it('three shards in three processes, merged, print exactly what one process prints', async () => {
    const one = await run(['sweep', spec, '--json', '--workers', '2', '--out', path.join(dir, 'one.jsonl')]);
    expect(one.code, one.stderr).toBe(0);
    whole = one.stdout;
    const lines = whole.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => l['event'])).toEqual(['cell', 'cell', 'cell', 'cell', 'cell', 'cell', 'summary']);
    expect(lines.slice(0, 6).map((l) => l['index'])).toEqual([0, 1, 2, 3, 4, 5]);
    for (const key of ['median', 'mean', 'p10', 'p90', 'bust_share', 'win_share', 'longest_losing_streak', 'wagered', 'log_growth', 'cvar10', 'ruin_exact']) expect(lines[0]).toHaveProperty(key);

    const parts = [0, 1, 2].map((i) => path.join(dir, `part-${i}.jsonl`));
    const shards = await Promise.all([
      run(['sweep', spec, '--shard', '0/3', '--workers', '1', '--out', parts[0]!, '--json']),
      run(['sweep', spec, '--workers', '1', '--out', parts[1]!, '--json'], { JOB_COMPLETION_INDEX: '1' }),
      run(['sweep', spec, '--workers', '1', '--out', parts[2]!, '--json'], { AWS_BATCH_JOB_ARRAY_INDEX: '2' }),
    ]);
    shards.forEach((r, i) => {
      expect(r.code, r.stderr).toBe(0);
      // Each computed its own cells only: index % 3 = i.
      expect(cellLines(parts[i]!).map((l) => (JSON.parse(l) as { index: number }).index)).toEqual([i, i + 3]);
    });
    const merged = await run(['sweep', 'merge', parts[2]!, parts[0]!, parts[1]!, '--json']);
    expect(merged.code, merged.stderr).toBe(0);
    expect(merged.stdout).toBe(whole);

    // The page, and a missing part refused naming the shard (in this process: no need for another child).
    const html = path.join(dir, 'report.html');
    const page = await run(['sweep', 'merge', ...parts, '--max-bust', '5%', '--html', html]);
    expect(page.code, page.stderr).toBe(0);
    expect(page.stdout).toMatch(/6 cells of 200 sessions of 40 bets; \d+ pass(es)? with a bust share at most 5\.000 %/);
    const text = fs.readFileSync(html, 'utf8');
    expect(text).toContain('Median profit by on_loss.increase_pct and bet.target');
    expect(text).toContain('Pareto front');
    expect(() => merge_parts([parts[0]!, parts[1]!])).toThrow(/shards 2 of 3 are missing/);
  });

  it('SIGKILLed after its first cell and run again: resumes, recomputes none, prints every cell once', async () => {
    // Cells long enough (1,000 sessions each, one thread) that the kill lands before the last one ends.
    const long = path.join(dir, 'long.json');
    fs.writeFileSync(long, JSON.stringify({ ...JSON.parse(fs.readFileSync(spec, 'utf8')), sessions: 1000 }));
    const results = path.join(dir, 'killed.jsonl');
    const child = spawn(process.execPath, [await buildCli(), 'sweep', long, '--json', '--workers', '1', '--out', results], { env: cliEnv(dir), stdio: 'ignore' });
    const ended = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    await wait_until(() => fs.existsSync(results) && cellLines(results).length >= 1, 'the first finished cell', 60_000);
    child.kill('SIGKILL');
    expect(await ended).toBe('SIGKILL');
    const before = cellLines(results);
    expect(before.length).toBeLessThan(6);

    const again = await run(['sweep', long, '--json', '--workers', '2', '--out', results]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain(`resumed ${before.length} finished`);
    const after = cellLines(results);
    // The finished cells kept as written, each cell once; what is printed is the file's cells in index order.
    expect(after.slice(0, before.length)).toEqual(before);
    const index = (l: string) => (JSON.parse(l) as { index: number }).index;
    expect(after.map(index).sort()).toEqual([0, 1, 2, 3, 4, 5]);
    const printed = again.stdout.trim().split('\n');
    expect(printed.slice(0, 6)).toEqual([...after].sort((a, b) => index(a) - index(b)));
    expect(JSON.parse(printed[6]!)).toMatchObject({ event: 'summary', cells: 6, sessions: 1000 });
  });

  it('a bad spec: exit 2 naming the field, no results file', async () => {
    const bad = path.join(dir, 'bad.json');
    fs.writeFileSync(bad, JSON.stringify({ strategy: 'mart.json', params: { 'on_loss.increase_pct': { from: 10, to: 5, step: 1 } }, sessions: 3, bets: 3, balance: 1 }));
    const r = await run(['sweep', bad]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('params.on_loss.increase_pct: is an empty range');
    expect(fs.existsSync(path.join(dir, 'bad.results.jsonl'))).toBe(false);
    const shard = await run(['sweep', bad, '--shard', '3/3']);
    expect(shard.code).toBe(2);
    expect(shard.stderr).toContain('--shard');
  });
});
