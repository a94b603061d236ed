// `npm run bench` (originals): the simulator on wheel and pump against their floor, rounds interleaved so
// that a busy machine slows both sides alike; the ratio quoted is the median of the rounds.
//   floor, wheel: `createHmac` per nonce, the first float, floor(float × segments), the table's entry;
//   floor, pump: `createHmac` per nonce, 3 floats (medium), the pops drawn without replacement, the ladder.
// Target (issue 30): ≥ 2× the floor, as dice.
// Usage: node bench/originals.mjs [--bets 200000] [--rounds 7]   (needs the build: npm run build)
import { createHmac } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';

const { values: args } = parseArgs({ options: { bets: { type: 'string', default: '200000' }, rounds: { type: 'string', default: '7' } } });
const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const { simulate } = await import(pathToFileURL(path.join(dist, 'autobet', 'index.js')).href);
const BETS = Number(args.bets);
const ROUNDS = Number(args.rounds);
const SERVER = 'f'.repeat(64);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rate = (n, ms) => Math.round(n / (ms / 1000));
const float = (b, i) => b[i] / 256 + b[i + 1] / 256 ** 2 + b[i + 2] / 256 ** 3 + b[i + 3] / 256 ** 4;

// The medium 30-segment wheel and the medium pump ladder (public tables, as src/games/*/table.ts copies them).
const WHEEL = [1.5, 0, 1.5, 0, 2, 0, 1.5, 0, 2, 0, 2, 0, 1.5, 0, 3, 0, 1.5, 0, 2, 0, 2, 0, 1.7, 0, 4, 0, 1.5, 0, 2, 0];
const LADDER = [1.0, 1.11, 1.27, 1.46, 1.69, 1.98, 2.33, 2.76, 3.31, 4.03, 4.95, 6.19, 7.87, 10.25, 13.66, 18.78, 26.83, 38.76, 64.4, 112.7, 225.4, 563.5, 2254.0];

const GAMES = {
  wheel: {
    strategy: { game: 'wheel', bet: { amount: 0, risk: 'medium', segments: 30 } },
    floor: (nonce) => WHEEL[Math.floor(float(createHmac('sha256', SERVER).update(`client:${nonce}:0`).digest(), 0) * 30)],
  },
  pump: {
    strategy: { game: 'pump', bet: { amount: 0, difficulty: 'medium', round: 3 } },
    floor: (nonce) => {
      const b = createHmac('sha256', SERVER).update(`client:${nonce}:0`).digest();
      const remaining = Array.from({ length: 25 }, (_, i) => i + 1);
      let first = 26;
      for (let i = 0; i < 3; i++) first = Math.min(first, remaining.splice(Math.floor(float(b, i * 4) * (25 - i)), 1)[0]);
      return Math.min(first - 1, 22) >= 3 ? LADDER[3] : 0;
    },
  },
};

function floor(game, n) {
  const started = performance.now();
  let sum = 0;
  for (let nonce = 0; nonce < n; nonce++) sum += GAMES[game].floor(nonce);
  if (sum < 0) throw new Error('unreachable');
  return performance.now() - started;
}

async function replay(game, n) {
  const started = performance.now();
  await simulate({ strategy: GAMES[game].strategy, start_balance: 1, bets: n, seeds: [{ server_seed: SERVER, client_seed: 'client' }] });
  return performance.now() - started;
}

console.log(`stakeql originals sim bench on Node ${process.version}, ${os.cpus().length} CPUs`);
for (const game of Object.keys(GAMES)) {
  await replay(game, Math.min(BETS, 20_000));
  floor(game, 20_000);
  const ratios = [];
  let last = { sim: 0, floor: 0 };
  for (let r = 0; r < ROUNDS; r++) {
    const f = floor(game, BETS);
    const s = await replay(game, BETS);
    ratios.push(f / s);
    last = { sim: rate(BETS, s), floor: rate(BETS, f) };
  }
  console.log(`${game}, ${BETS.toLocaleString('en')} bets a round: ${median(ratios).toFixed(2)}× the floor (median of ${ROUNDS} rounds, ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}); last round ${last.sim.toLocaleString('en')} bets/s against ${last.floor.toLocaleString('en')} createHmac+${game}/s; target ≥ 2×`);
}
