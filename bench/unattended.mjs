// `npm run bench` (unattended runs): the engine with three notification sinks and the stats line against the
// engine without, on the same sandbox, rounds interleaved (which goes first alternates). The sinks are json://
// receivers on 127.0.0.1 (one answers at once, one after 200 ms, one never: the queue must keep all of them off
// the betting path) with the default events and a summary a minute; a stats line every 100 ms. Time per bet from
// the first bet line to the last; target: the median of the rounds' ratios ≤ 10 %. A stress case:
// `--notify-on stop,big_win:1.5` makes about half the bets a notification (each an HTTP POST from this process).
// Usage: node bench/unattended.mjs [--rounds 5] [--bets 400] [--notify-on EVENTS]
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startChildSandbox } from '../scripts/stress-children.mjs';

const { values: args } = parseArgs({ options: { rounds: { type: 'string', default: '5' }, bets: { type: 'string', default: '400' }, 'notify-on': { type: 'string', default: 'stop,error,unknown_outcome,summary:1' } } });
const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const url = (p) => pathToFileURL(path.join(dist, p)).href;
const { StakeClient } = await import(url('index.js'));
const { run_autobet } = await import(url('autobet/index.js'));
const ROUNDS = Number(args.rounds);
const BETS = Number(args.bets);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const FLAT = { game: 'dice', bet: { amount: 0.00000001, target: 50.5, condition: 'above' } };
const LIMITS = { stop_loss: 0.5, max_bet: 0.0001 };

/** A JSON receiver: answers after `delay_ms` (Infinity: never, until closed). */
async function receiver(delay_ms) {
  let received = 0;
  const held = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received++;
      if (delay_ms === Infinity) held.push(res);
      else setTimeout(() => res.end('{}'), delay_ms);
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `json://127.0.0.1:${server.address().port}/hook`,
    get received() { return received; },
    close: () => new Promise((resolve) => {
      for (const r of held) r.destroy();
      server.closeAllConnections();
      server.close(resolve);
    }),
  };
}

const sandbox = await startChildSandbox(dist);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stakeql-bench-unattended-'));
const database = path.join(dir, 'data', 'stakeql.db');
const client = new StakeClient({ base_url: sandbox.url, access_token: sandbox.access_token, session_cookie: sandbox.session_cookie });
const sinks = [await receiver(0), await receiver(200), await receiver(Infinity)];
try {
  let stats = 0;
  // CPU of this process per bet beside the wall time: on a shared machine the wall time swings with the others.
  let cpu = 0;
  const cpuMs = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  /** Milliseconds per bet, first to last bet line; `extra`: sinks and stats. */
  async function engine(n, extra) {
    let first = 0;
    let last = 0;
    let count = 0;
    let cpu0 = 0;
    let cpu1 = 0;
    const r = await run_autobet({
      client, database, strategy: FLAT, limits: { ...LIMITS, max_bets: n },
      on_bet: () => {
        count++;
        if (count === 1) {
          first = performance.now();
          cpu0 = cpuMs();
        }
        if (count === n) {
          last = performance.now();
          cpu1 = cpuMs();
        }
      },
      ...(extra ? {
        notify: sinks.map((s) => s.url), notify_on: args['notify-on'], notify_options: { drain_ms: 200 },
        on_stats: () => stats++, stats_every_ms: 100,
      } : {}),
    });
    if (r.stop.reason !== 'max_bets') throw new Error(`engine stopped with ${r.stop.reason}: ${r.stop.message ?? ''}`);
    cpu = (cpu1 - cpu0) / (n - 1);
    return (last - first) / (n - 1);
  }
  console.log(`stakeql unattended bench on Node ${process.version}, ${os.cpus().length} CPUs; sandbox in another process`);
  await engine(100, false);
  await engine(100, true);
  const ratios = [];
  const cpuRatios = [];
  let lastRound = null;
  for (let r = 0; r < ROUNDS; r++) {
    let plain;
    let watched;
    let plainCpu;
    let watchedCpu;
    if (r % 2 === 0) {
      plain = await engine(BETS, false);
      plainCpu = cpu;
      watched = await engine(BETS, true);
      watchedCpu = cpu;
    } else {
      watched = await engine(BETS, true);
      watchedCpu = cpu;
      plain = await engine(BETS, false);
      plainCpu = cpu;
    }
    ratios.push(watched / plain);
    cpuRatios.push(watchedCpu / plainCpu);
    lastRound = { plain, watched, plainCpu, watchedCpu };
  }
  const pct = (x) => `${((x - 1) * 100).toFixed(1)} %`;
  console.log(
    `engine with 3 sinks (one hanging; --notify-on ${args['notify-on']}) and a stats line every 100 ms vs without, ${BETS} bets a round: ${pct(median(ratios))} ` +
      `(median of ${ROUNDS} rounds, ${pct(Math.min(...ratios))} to ${pct(Math.max(...ratios))}); last round ` +
      `${(lastRound.plain * 1000).toFixed(0)} µs without, ${(lastRound.watched * 1000).toFixed(0)} µs with, per bet; target ≤ 10 %`,
  );
  console.log(
    `   CPU of this process per bet, with over without: ${pct(median(cpuRatios))} (median; ${pct(Math.min(...cpuRatios))} to ${pct(Math.max(...cpuRatios))}; ` +
      `last round ${(lastRound.plainCpu * 1000).toFixed(0)} µs without, ${(lastRound.watchedCpu * 1000).toFixed(0)} µs with)`,
  );
  console.log(`   notifications received: ${sinks.map((s) => s.received).join(', ')} (the hanging sink holds its first); stats lines: ${stats}`);
} finally {
  await client.close();
  for (const s of sinks) await s.close();
  await sandbox.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
