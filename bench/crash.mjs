// Crash replay against its floor. Floor: per round, one node:crypto SHA-256
// (the chain step to the next round's hash) and one createHmac (the point):
// the work any replay of a chain must do. Measured: (1) the chain walk with
// stakeql/fairness's ChainWalk (and the string functions previous_game_hash + crash_point) over N rounds; (2) a
// crash strategy replayed through the autobet engine and the simulator's
// chain (SimDriver, random chain) over M bets. Medians of alternated rounds.
// `node bench/crash.mjs [--rounds N] [--chain N] [--bets N] [--dist DIR]` (after `npx tsc -p tsconfig.build.json`).
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    chain: { type: 'string', default: '1000000' },
    bets: { type: 'string', default: '100000' },
    dist: { type: 'string', default: new URL('../dist/', import.meta.url).pathname },
  },
});
const ROUNDS = Number(args.rounds);
const CHAIN = Number(args.chain);
const BETS = Number(args.bets);
const load = (p) => import(pathToFileURL(resolve(args.dist, p)).href);
const { crash_point, previous_game_hash, CRASH_SALT } = await load('games/crash/outcome.js');
const { ChainWalk } = await load('fairness/chain-walk.js');
const { run_engine } = await load('autobet/engine/engine.js');
const { SimDriver } = await load('autobet/drivers/sim-driver.js');
const { Money, new_counters } = await load('autobet/engine/counters.js');
const { MemoryJournal } = await load('autobet/engine/journal-port.js');
const { check_limits } = await load('autobet/engine/limits.js');
const { FunctionStrategy } = await load('autobet/strategies/module.js');

let sink = 0;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const seconds = (fn) => {
  const start = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - start) / 1e9;
};

function floor(n) {
  let h = randomBytes(32).toString('hex');
  for (let i = 0; i < n; i++) {
    sink += createHmac('sha256', h).update(CRASH_SALT).digest()[0];
    h = createHash('sha256').update(h).digest('hex');
  }
}
function ours(n) {
  let h = randomBytes(32).toString('hex');
  for (let i = 0; i < n; i++) {
    sink += crash_point(h).shown;
    h = previous_game_hash(h);
  }
}

// The same walk on ChainWalk (words in WebAssembly memory): round by round, and its batch (four HMACs to a compression).
function walker(n) {
  const walk = new ChainWalk(randomBytes(32).toString('hex'), 0.01, CRASH_SALT);
  for (let i = 0; i < n; i++) {
    sink += walk.shown();
    walk.step();
  }
}
function batch(n) {
  const walk = new ChainWalk(randomBytes(32).toString('hex'), 0.01, CRASH_SALT);
  const out = new Float64Array(1024);
  for (let i = 0; i < n; i += out.length) {
    walk.points(out.length <= n - i ? out : out.subarray(0, n - i));
    sink += Math.floor(out[0] * 100) / 100;
  }
}

floor(20_000);
ours(20_000);
walker(20_000);
batch(20_000);
const f = [];
const o = [];
const w = [];
const b = [];
for (let r = 0; r < ROUNDS; r++) {
  f.push(seconds(() => floor(CHAIN)));
  o.push(seconds(() => ours(CHAIN)));
  w.push(seconds(() => walker(CHAIN)));
  b.push(seconds(() => batch(CHAIN)));
}
const floorRate = CHAIN / median(f);
const rate = (times) => {
  const x = CHAIN / median(times);
  return `${Math.round(x).toLocaleString('en')} rounds/s (${(x / floorRate).toFixed(2)}× the floor)`;
};
console.log(`crash chain walk, ${CHAIN} rounds: createHmac+sha256 floor ${Math.round(floorRate).toLocaleString('en')} rounds/s; ` +
  `ChainWalk.points ${rate(b)}; ChainWalk shown+step ${rate(w)}; crash_point + previous_game_hash on strings ${rate(o)}`);

// A 1.5× martingale-free crash strategy through the engine on the simulator's random chain.
const btc = new Money(8);
async function engine(n) {
  const driver = new SimDriver({ kind: 'random' }, 1_000_000, btc);
  const start = await driver.start('btc');
  const strategy = new FunctionStrategy((s) => (s.bets >= n ? { stop: 'done' } : { game: 'crash', amount: 0.00000001, cashoutAt: 1.5 }), 'bench');
  const t = process.hrtime.bigint();
  const stop = await run_engine({
    strategy, driver, journal: new MemoryJournal(), currency: 'btc', money: btc, limits: check_limits({}, false),
    counters: new_counters(btc.units(1_000_000)), memory: {}, last: null, seq: 1, seeds: start.seeds,
    signal: new AbortController().signal, resolve_timeout_ms: 1000,
  });
  if (stop.bets !== n) throw new Error(`engine stopped early: ${stop.reason}`);
  return Number(process.hrtime.bigint() - t) / 1e9;
}
await engine(10_000);
const e = [];
for (let r = 0; r < ROUNDS; r++) e.push(await engine(BETS));
console.log(`crash strategy through the engine (simulator, random chain), ${BETS} bets: ${Math.round(BETS / median(e)).toLocaleString('en')} bets/s`);
if (sink === 42) console.log('');
