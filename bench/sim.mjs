// `npm run bench` (sim): the simulator against its floor, in one run, rounds interleaved so that a
// busy machine slows both sides alike; the ratio quoted is the median of the rounds.
//   1. a settings strategy replaying dice bets in one session, against the floor: `createHmac` per nonce plus
//      the dice formula (target ≥ 0.5×, and ≥ 2× with the fast fairness core);
//   2. a DiceBot Lua martingale, against the same floor (target ≥ 0.15×); 2b. the same martingale as a
//      bot script (the in-page bots' dobet() JavaScript, in QuickJS), target ≥ 0.3× (issue 43);
//   3. 2 workers against 1 over the same sessions (target ≥ 1.6× on 2 cores);
//   4. the heap over one long session (default 10,000,000 bets): it must stay flat.
// Usage: node --expose-gc bench/sim.mjs [--bets 200000] [--rounds 7] [--long 10000000] [--cases 1,2,2b,3,4]
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';

const { values: args } = parseArgs({ options: { bets: { type: 'string', default: '200000' }, rounds: { type: 'string', default: '7' }, long: { type: 'string', default: '10000000' }, cases: { type: 'string', default: '1,2,2b,3,4' } } });
const CASES = new Set(args.cases.split(','));
const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const { simulate } = await import(pathToFileURL(path.join(dist, 'autobet', 'index.js')).href);
const BETS = Number(args.bets);
const ROUNDS = Number(args.rounds);
const SERVER = 'f'.repeat(64);
const FLAT = { game: 'dice', bet: { amount: 0, target: 50.5, condition: 'above' } };
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rate = (n, ms) => Math.round(n / (ms / 1000));

function floor(n) {
  const started = performance.now();
  let sum = 0;
  for (let nonce = 0; nonce < n; nonce++) {
    const b = createHmac('sha256', SERVER).update(`client:${nonce}:0`).digest();
    sum += Math.floor((b[0] / 256 + b[1] / 256 ** 2 + b[2] / 256 ** 3 + b[3] / 256 ** 4) * 10001) / 100;
  }
  if (sum < 0) throw new Error('unreachable');
  return performance.now() - started;
}

async function replay(strategy, n) {
  const started = performance.now();
  await simulate({ strategy, start_balance: 1, bets: n, seeds: [{ server_seed: SERVER, client_seed: 'client' }] });
  return performance.now() - started;
}

async function interleaved(name, strategy, n, target) {
  const ratios = [];
  let last = { sim: 0, floor: 0 };
  await replay(strategy, Math.min(n, 20_000));
  floor(20_000);
  for (let r = 0; r < ROUNDS; r++) {
    const f = floor(n);
    const s = await replay(strategy, n);
    ratios.push(f / s);
    last = { sim: rate(n, s), floor: rate(n, f) };
  }
  const ratio = median(ratios);
  console.log(`${name}: ${ratio.toFixed(2)}× the floor (median of ${ROUNDS} rounds, ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}); last round ${last.sim.toLocaleString('en')} bets/s against ${last.floor.toLocaleString('en')} createHmac+dice/s; target ≥ ${target}×`);
}

console.log(`stakeql sim bench on Node ${process.version}, ${os.cpus().length} CPUs`);
if (CASES.has('1')) await interleaved(`1. settings strategy, ${BETS.toLocaleString('en')} dice bets a round`, FLAT, BETS, 2);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stakeql-bench-sim-'));
try {
  const lua = path.join(dir, 'martingale.lua');
  fs.writeFileSync(lua, 'chance = 49.5\nbethigh = true\nbase = 0.00000001\nnextbet = base\nfunction dobet()\n  if win then\n    nextbet = base\n  else\n    nextbet = previousbet * 2\n  end\n  if nextbet > 0.0001 then nextbet = base end\nend\n');
  const hasLua = fs.existsSync(path.join(dist, 'autobet', 'strategies', 'lua', 'index.js'));
  if (!CASES.has('2')) { /* not asked */ } else if (hasLua) await interleaved(`2. DiceBot Lua martingale, ${(BETS / 4).toLocaleString('en')} bets a round`, lua, BETS / 4, 0.15);
  else console.log('2. DiceBot Lua: not built (dist/autobet/strategies/lua missing)');
  const bot = path.join(dir, 'martingale.js');
  fs.writeFileSync(bot, 'chance = 49.5\nbethigh = true\nbasebet = 0.00000001\nnextbet = basebet\nfunction dobet() {\n  nextbet = win ? basebet : previousbet * 2\n  if (nextbet > 0.0001) nextbet = basebet\n}\n');
  if (!CASES.has('2b')) { /* not asked */ } else if (fs.existsSync(path.join(dist, 'autobet', 'strategies', 'js-dialect', 'index.js'))) await interleaved(`2b. bot-script (dobet() JS, QuickJS) martingale, ${(BETS / 4).toLocaleString('en')} bets a round`, bot, BETS / 4, 0.3);
  else console.log('2b. bot scripts: not built (dist/autobet/strategies/js-dialect missing)');

  // Enough work that starting the threads (a module load and a WebAssembly compile each) is small beside it.
  const sessions = 8;
  const perSession = BETS * 5;
  const workerRatios = [];
  for (let r = 0; CASES.has('3') && r < Math.max(3, Math.floor(ROUNDS / 2)); r++) {
    const t1 = performance.now();
    await simulate({ strategy: FLAT, start_balance: 1, bets: perSession, sessions, workers: 1 });
    const one = performance.now() - t1;
    const t2 = performance.now();
    await simulate({ strategy: FLAT, start_balance: 1, bets: perSession, sessions, workers: 2 });
    const two = performance.now() - t2;
    workerRatios.push(one / two);
  }
  if (CASES.has('3')) console.log(`3. ${sessions} sessions of ${perSession.toLocaleString('en')} bets: 2 workers ${median(workerRatios).toFixed(2)}× one (median of ${workerRatios.length}); target ≥ 1.6× on 2 cores`);

  const long = CASES.has('4') ? Number(args.long) : 0;
  const every = Math.max(1, Math.floor(long / 10));
  const heap = [];
  const sampler = {
    name: 'flat-with-heap-samples',
    next(state) {
      if (state.bets % every === 0 && globalThis.gc !== undefined) {
        globalThis.gc();
        heap.push(process.memoryUsage().heapUsed);
      }
      return { game: 'dice', amount: 0, target: 50.5, condition: 'above' };
    },
    save: () => null,
    restore: () => undefined,
  };
  const t = performance.now();
  if (long > 0) await simulate({ strategy: sampler, start_balance: 1, bets: long, seeds: [{ server_seed: SERVER, client_seed: 'long' }] });
  const ms = performance.now() - t;
  const mb = (b) => `${(b / 1024 / 1024).toFixed(1)} MB`;
  if (long > 0) console.log(
    `4. one session of ${long.toLocaleString('en')} bets in ${(ms / 1000).toFixed(1)} s (${rate(long, ms).toLocaleString('en')} bets/s): heap after GC ${heap.map(mb).join(', ')}` +
      (heap.length > 1 ? `; growth ${mb(heap.at(-1) - heap[1])} after the first checkpoint` : ' (run with --expose-gc to sample)'),
  );
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
