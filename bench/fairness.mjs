// Speed of stakeql/fairness against its floor: one raw node:crypto createHmac
// call (the work every outcome needs at least once per 32 bytes). Rounds
// alternate the measured code and the floor so drift (JIT, GC, CPU frequency)
// hits both; medians are reported. The bulk verifier streams 100,000 bets and
// its heap is sampled while it runs: in use (garbage included) and retained
// after a full GC (needs --expose-gc). Run through `npm run bench` (builds dist/ first), or
// `node --expose-gc bench/fairness.mjs [--rounds N] [--ops N] [--bets N] [--dist DIR]`.
import { createHash, createHmac } from 'node:crypto';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    ops: { type: 'string', default: '20000' },
    bets: { type: 'string', default: '100000' },
    dist: { type: 'string', default: new URL('../dist/', import.meta.url).pathname },
  },
});
const ROUNDS = Number(args.rounds);
const OPS = Number(args.ops);
const BETS = Number(args.bets);
const { outcome, verify_bets, GAMES_SUPPORTED } = await import(pathToFileURL(resolve(args.dist, 'fairness/index.js')).href);

const SERVER = '18e93f4a7b5b58d2569765766d1b6c3296bbd8430d6f20249044d72f14720159';
const CLIENT = 'bb62964774';
const PARAMS = { mines: { minesCount: 3 }, plinko: { rows: 16, risk: 'low' }, wheel: { segments: 30 }, pump: { difficulty: 'expert' } };
// HMAC rounds each game needs (floats × 4 bytes / 32), for the per-game floor.
const ROUNDS_NEEDED = { dice: 1, limbo: 1, roulette: 1, wheel: 1, keno: 2, plinko: 2, diamonds: 1, baccarat: 1, mines: 3, pump: 2, blackjack: 7, hilo: 7, videoPoker: 7 };

let sink = 0;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Seconds per call of `fn(i)` over `n` calls. */
function time(fn, n) {
  const start = process.hrtime.bigint();
  for (let i = 0; i < n; i++) fn(i);
  return Number(process.hrtime.bigint() - start) / 1e9 / n;
}

const hmacFloor = (i) => {
  sink += createHmac('sha256', SERVER).update(`${CLIENT}:${i}:0`).digest()[0];
};

// Warm both paths up before measuring.
time(hmacFloor, OPS);
for (const game of GAMES_SUPPORTED) time((i) => outcome(game, { server_seed: SERVER, client_seed: CLIENT, nonce: i, ...PARAMS[game] }), 2000);

const rows = [];
const floorSamples = [];
for (const game of GAMES_SUPPORTED) {
  const ours = [];
  const floor = [];
  for (let r = 0; r < ROUNDS; r++) {
    ours.push(time((i) => { sink += JSON.stringify(outcome(game, { server_seed: SERVER, client_seed: CLIENT, nonce: i, ...PARAMS[game] })).length; }, OPS));
    floor.push(time(hmacFloor, OPS));
  }
  floorSamples.push(...floor);
  const perCall = median(ours);
  const hmac = median(floor) * ROUNDS_NEEDED[game];
  rows.push({ game, 'outcomes/s': Math.round(1 / perCall), 'HMAC rounds': ROUNDS_NEEDED[game], 'floor (rounds × createHmac)/s': Math.round(1 / hmac), 'ratio to floor': +(perCall / hmac).toFixed(2) });
}
console.log('\nOutcomes per second per game vs the same number of raw createHmac calls (median of alternating rounds)');
console.table(rows);

// The bulk verifier: BETS dice bets, made lazily so the history itself takes no memory.
const seedHash = createHash('sha256').update(SERVER).digest('hex');
const results = new Float64Array(BETS);
for (let i = 0; i < BETS; i++) results[i] = outcome('dice', { server_seed: SERVER, client_seed: CLIENT, nonce: i }).result;
function* history() {
  for (let i = 0; i < BETS; i++) {
    yield { id: `bet-${i}`, game: 'dice', nonce: i, state: { result: results[i], target: 50, condition: 'above' }, clientSeed: { seed: CLIENT }, serverSeed: { seedHash, seed: null } };
  }
}

/** One timed pass over the history; `sampleEvery` > 0 also records the heap growth every so many bets. */
async function verifyAll(sampleEvery = 0, collect = false) {
  globalThis.gc?.();
  const base = process.memoryUsage().heapUsed;
  let peak = 0;
  let ok = 0;
  let n = 0;
  const start = process.hrtime.bigint();
  for await (const report of verify_bets(history(), [SERVER])) {
    if (report.ok) ok++;
    if (sampleEvery > 0 && ++n % sampleEvery === 0) {
      if (collect) globalThis.gc?.();
      peak = Math.max(peak, process.memoryUsage().heapUsed - base);
    }
  }
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  if (ok !== BETS) throw new Error(`bench history: ${BETS - ok} honest bets did not verify`);
  return { seconds, peak };
}

await verifyAll(); // warm-up
const verifyRuns = [];
const floorRuns = [];
for (let r = 0; r < ROUNDS; r++) {
  verifyRuns.push(await verifyAll());
  floorRuns.push(time(hmacFloor, BETS));
}
// Memory, untimed: the heap in use every 1,000 bets (garbage included), and what stays after a full GC every 10,000.
const inUse = (await verifyAll(1000)).peak;
const retained = typeof globalThis.gc === 'function' ? (await verifyAll(10_000, true)).peak : Number.NaN;
const verifySeconds = median(verifyRuns.map((v) => v.seconds));
const mb = (bytes) => +(bytes / 1024 / 1024).toFixed(1);
const floorPerCall = median(floorRuns);
const ratio = verifySeconds / BETS / floorPerCall;
console.log(`\nBulk verifier (verify_bets, streamed), ${BETS.toLocaleString('en')} dice bets, median of ${ROUNDS} rounds`);
console.table([
  {
    'bets/s': Math.round(BETS / verifySeconds),
    'createHmac floor/s': Math.round(1 / floorPerCall),
    'ratio to floor': +ratio.toFixed(2),
    'peak heap growth, garbage included (MB)': mb(inUse),
    'retained after GC, max (KB)': Math.round(retained / 1024),
  },
]);
console.log(`verifier within 3× of the HMAC floor: ${ratio <= 3 ? 'yes' : 'NO'} (${ratio.toFixed(2)}×)`);
if (sink === 0.5) console.log(''); // keep results alive
