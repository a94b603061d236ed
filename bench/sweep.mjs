// `npm run bench` (sweep): parameter sweeps (issue 44), in the ratio style of bench/sim.mjs, rounds interleaved so that a
// busy machine slows both sides alike; the ratio quoted is the median of the rounds.
//   1. one sweep on every core against the same sweep on one worker thread (target ≥ 1.8× on 2 cores);
//   2. per-bet speed against `simulate` on the same strategy, sessions and bets, one thread each (target ≥ 0.9×:
//      within 10 %): a cell's sessions are the simulator's own, plus a watch on each bet asked for and seeds derived
//      by HMAC rather than drawn at random;
//   3. `sweep merge` of 1,000 shards' parts (2 cells each): reading, checking, ranking (target < 1 s).
// Usage: node bench/sweep.mjs [--bets 100000] [--rounds 3]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';

const { values: args } = parseArgs({ options: { bets: { type: 'string', default: '100000' }, rounds: { type: 'string', default: '3' } } });
const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const { simulate } = await import(pathToFileURL(path.join(dist, 'autobet', 'index.js')).href);
const { sweep, merge_parts, summary_line } = await import(pathToFileURL(path.join(dist, 'autobet', 'sim', 'sweep', 'index.js')).href);
const BETS = Number(args.bets);
const ROUNDS = Number(args.rounds);
const CORES = os.availableParallelism();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rate = (n, ms) => Math.round(n / (ms / 1000)).toLocaleString('en');
// A martingale that never busts in these bets (1 btc against a 1-satoshi base): every session runs all its bets,
// and its chain is too large for the exact ruin figure (left out at once), so both sides do the same work.
const MART = { game: 'dice', bet: { amount: 0.00000001, target: 50.5, condition: 'above' }, on_win: 'reset', on_loss: { increase_pct: 100 } };

/** CPU milliseconds of this process over `work` (both sides of case 2 run on this thread: a busy machine moves it less than the wall clock). */
async function cpu(work) {
  const started = process.cpuUsage();
  await work();
  const d = process.cpuUsage(started);
  return (d.user + d.system) / 1000;
}

async function timed(work) {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/** `total` HMAC-SHA256 digests split over `threads` worker threads: what the cores give to pure hashing. */
async function hmac_threads(threads, total) {
  const code = `const { createHmac } = require('node:crypto'); const { parentPort, workerData } = require('node:worker_threads');
    let x = 0; for (let i = 0; i < workerData; i++) x ^= createHmac('sha256', 'k').update('c:' + i + ':0').digest()[0];
    parentPort.postMessage(x);`;
  const { Worker } = await import('node:worker_threads');
  await Promise.all(Array.from({ length: threads }, () => new Promise((resolve, reject) => {
    const w = new Worker(code, { eval: true, workerData: Math.ceil(total / threads) });
    w.once('message', resolve).once('error', reject);
  })));
}

console.log(`stakeql sweep bench on Node ${process.version}, ${CORES} CPUs`);

// 1. Cores: 8 cells × 4 sessions; each cell whole to a worker.
{
  const spec = { strategy: MART, params: { 'on_loss.increase_pct': [80, 100, 120, 140], 'bet.target': [50.5, 55] }, sessions: 4, bets: BETS, balance: 1, seed: 'bench' };
  const cells = 8 * 4 * BETS;
  const ratios = [];
  const simRatios = [];
  const hmacRatios = [];
  let last = { one: 0, all: 0 };
  for (let r = 0; r < ROUNDS; r++) {
    const one = await timed(() => sweep({ spec, workers: 1 }));
    const all = await timed(() => sweep({ spec, workers: CORES }));
    ratios.push(one / all);
    last = { one, all };
    // What the machine lets threads gain right now: the simulator's own workers on the same bets, same rounds.
    const simOne = await timed(() => simulate({ strategy: MART, start_balance: 1, bets: BETS, sessions: 32, workers: 1 }));
    const simAll = await timed(() => simulate({ strategy: MART, start_balance: 1, bets: BETS, sessions: 32, workers: CORES }));
    simRatios.push(simOne / simAll);
    // The floor: threads doing nothing but createHmac (no stakeql code), the same total work on 1 and on every core.
    const hmacOne = await timed(() => hmac_threads(1, CORES * 200_000));
    const hmacAll = await timed(() => hmac_threads(CORES, CORES * 200_000));
    hmacRatios.push(hmacOne / hmacAll);
  }
  console.log(`1. 8 cells × 4 sessions × ${BETS.toLocaleString('en')} bets: ${CORES} workers ${median(ratios).toFixed(2)}× one (median of ${ROUNDS}, ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}); last round ${rate(cells, last.all)} bets/s against ${rate(cells, last.one)}; target ≥ 1.8× on 2 cores`);
  console.log(`   simulate's own workers on the same bets in the same rounds: ${median(simRatios).toFixed(2)}× (${Math.min(...simRatios).toFixed(2)}–${Math.max(...simRatios).toFixed(2)}): what the machine allows now`);
  console.log(`   createHmac alone in ${CORES} threads against 1, the same rounds: ${median(hmacRatios).toFixed(2)}× (${Math.min(...hmacRatios).toFixed(2)}–${Math.max(...hmacRatios).toFixed(2)}): the floor, no stakeql code`);
}

// 2. Per bet against sim: one cell, the same strategy, sessions and bets, one thread each.
{
  const sessions = 4;
  const spec = { strategy: MART, params: { 'on_loss.increase_pct': [100] }, sessions, bets: BETS, balance: 1, seed: 'bench' };
  const n = sessions * BETS;
  await sweep({ spec: { ...spec, sessions: 1, bets: 20_000 }, workers: 1 });
  await simulate({ strategy: MART, start_balance: 1, bets: 20_000, sessions: 1, workers: 1 });
  const ratios = [];
  const cpuRatios = [];
  let last = { sim: 0, sweep: 0 };
  for (let r = 0; r < ROUNDS; r++) {
    let simBets = 0;
    let sweepBets = 0;
    let w = 0;
    let s = 0;
    const sc = await cpu(async () => {
      s = await timed(() => simulate({ strategy: MART, start_balance: 1, bets: BETS, sessions, workers: 1, on_session: (x) => (simBets += x.bets) }));
    });
    const wc = await cpu(async () => {
      w = await timed(async () => {
        const result = await sweep({ spec, workers: 1 });
        sweepBets = result.cells[0].bets;
      });
    });
    if (simBets !== n || sweepBets !== n) throw new Error(`unequal work: sim ${simBets}, sweep ${sweepBets} bets`);
    ratios.push(s / w);
    cpuRatios.push(sc / wc);
    last = { sim: s, sweep: w };
  }
  console.log(`2. one cell of ${sessions} × ${BETS.toLocaleString('en')} bets against simulate: ${median(ratios).toFixed(2)}× its speed (median of ${ROUNDS}, ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}), per CPU-second ${median(cpuRatios).toFixed(2)}× (${Math.min(...cpuRatios).toFixed(2)}–${Math.max(...cpuRatios).toFixed(2)}); last round ${rate(n, last.sweep)} bets/s against ${rate(n, last.sim)}; target ≥ 0.9×`);
}

// 3. Merge of 1,000 parts.
{
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stakeql-bench-sweep-'));
  try {
    const shards = 1000;
    const cells = 2 * shards;
    const header = (i) => ({ event: 'sweep', version: 1, spec_hash: 'f'.repeat(64), seed: 'bench', cells, shard: { index: i, count: shards }, sessions: 10_000, bets: 1000, balance: 1, currency: 'btc', params: ['a', 'b'] });
    const cell = (index) => ({
      event: 'cell', index, params: { a: index % 50, b: Math.floor(index / 50) }, sessions: 10_000, errors: 0, median: 0.0001 * ((index * 7919) % 101), mean: -0.00001 * index, p10: -0.5, p90: 0.4,
      bust_share: ((index * 31) % 100) / 1000, win_share: 0.5, longest_losing_streak: 20, wagered: 12.5, wager_multiple: 12.5, log_growth: -0.01, cvar10: -0.9, bankroll_needed: 0.7, bets: 9_000_000,
    });
    const files = [];
    for (let i = 0; i < shards; i++) {
      const file = path.join(dir, `part-${i}.jsonl`);
      fs.writeFileSync(file, [header(i), cell(i), cell(i + shards)].map((l) => `${JSON.stringify(l)}\n`).join(''));
      files.push(file);
    }
    const times = [];
    for (let r = 0; r < ROUNDS; r++) {
      times.push(await timed(async () => {
        const merged = merge_parts(files);
        const summary = summary_line(merged.header, merged.cells, { max_bust: 0.05 });
        if (merged.cells.length !== cells || summary.cells !== cells) throw new Error('merge lost cells');
        let out = 0;
        for (const c of merged.cells) out += JSON.stringify(c).length;
        if (out === 0) throw new Error('unreachable');
      }));
    }
    console.log(`3. merge of ${shards.toLocaleString('en')} parts (${cells.toLocaleString('en')} cells), ranked and printed: ${Math.round(median(times))} ms (median of ${ROUNDS}, ${Math.round(Math.min(...times))}–${Math.round(Math.max(...times))}); target < 1,000 ms`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
