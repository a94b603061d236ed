// The round policies in the simulator against their floor. Floor: per round,
// one createHmac (the 3 mines of a round, or the first 8 cards of a hilo or
// blackjack round, come from one HMAC-SHA256 digest): the work any simulation
// of a round must do. Measured: simulate() of a settings strategy with the
// mines `{ fields, cashout_after }` policy (one bet of the engine on the
// simulator's per-bet path), the hilo `{ cashout_at: 2 }` and the blackjack
// `basic` policies (each round played step by step over its cards by the
// pure rules: rounds/sim-round.ts), over N rounds on one seed pair. Medians
// of alternated runs.
// `node bench/rounds.mjs [--runs N] [--rounds N] [--dist DIR]` (after `npx tsc -p tsconfig.build.json`).
import { createHmac, randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '100000' },
    dist: { type: 'string', default: new URL('../dist/', import.meta.url).pathname },
  },
});
const RUNS = Number(args.runs);
const ROUNDS = Number(args.rounds);
const load = (p) => import(pathToFileURL(resolve(args.dist, p)).href);
const { simulate } = await load('autobet/sim/simulate.js');

let sink = 0;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function floor(n) {
  const server = randomBytes(32).toString('hex');
  const start = process.hrtime.bigint();
  for (let i = 0; i < n; i++) sink += createHmac('sha256', server).update(`client:${i}:0`).digest()[0];
  return Number(process.hrtime.bigint() - start) / 1e9;
}

const POLICIES = {
  'mines policy { fields: 4, cashout_after: 3 }, 3 mines': {
    strategy: { game: 'mines', bet: { amount: 0.01, minesCount: 3, fields: [12] }, on_win: 'reset', on_loss: { increase_pct: 0 } },
    round: { game: 'mines', fields: [12, 0, 24, 6], cashout_after: 3 },
  },
  'hilo policy { cashout_at: 2 }, start card 7': {
    strategy: { game: 'hilo', bet: { amount: 0.01, startCard: { rank: '7', suit: 'H' } }, on_win: 'reset', on_loss: { increase_pct: 0 } },
    round: { game: 'hilo', cashout_at: 2 },
  },
  'blackjack basic policy': {
    strategy: { game: 'blackjack', bet: { amount: 0.01 }, on_win: 'reset', on_loss: { increase_pct: 0 } },
    round: { game: 'blackjack', policy: 'basic' },
  },
};

async function ours(n, { strategy, round }) {
  const seeds = [{ server_seed: randomBytes(32).toString('hex'), client_seed: 'bench', nonce: 0 }];
  let session;
  const start = process.hrtime.bigint();
  const summary = await simulate({ strategy, round, currency: 'usd', start_balance: 1e9, bets: n, seeds, workers: 1, on_session: (r) => (session = r) });
  const s = Number(process.hrtime.bigint() - start) / 1e9;
  if (summary.sessions !== 1) throw new Error('one session expected');
  if (session.bets !== n) throw new Error(`the session stopped after ${session.bets} rounds: ${session.reason} ${session.message ?? ''}`);
  return s;
}

for (const [name, policy] of Object.entries(POLICIES)) {
  floor(20_000);
  await ours(20_000, policy);
  const f = [];
  const o = [];
  for (let r = 0; r < RUNS; r++) {
    f.push(floor(ROUNDS));
    o.push(await ours(ROUNDS, policy));
  }
  const floorRate = ROUNDS / median(f);
  const ourRate = ROUNDS / median(o);
  console.log(`${name}, ${ROUNDS} rounds, median of ${RUNS}:`);
  console.log(`  createHmac floor: ${Math.round(floorRate).toLocaleString('en')} rounds/s`);
  console.log(`  simulator:        ${Math.round(ourRate).toLocaleString('en')} rounds/s (${(ourRate / floorRate).toFixed(2)}× the floor; target ≥ 0.5×)`);
}
if (sink === -1) console.log(sink);
