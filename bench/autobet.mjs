// `npm run bench` (autobet): what the engine costs per bet against the sandbox, in one run:
//   1. a settings strategy through `run_autobet` (limits, the SQLite journal with synchronous=NORMAL: the
//      intent's commit a bet, outcomes in small batches while the next request is out; the strategy, the bet
//      line) against a bare `client.dice()` loop on the same sandbox, rounds interleaved; time per bet from the
//      first bet to the last (start-up excluded); target: overhead ≤ 5 %. Two reference loops run in the same
//      rounds, to show where the overhead goes: the bare loop plus one intent-sized commit a bet on the same
//      thread (what committing before every request costs by itself: the floor of any design that does), and
//      the engine over a journal that writes nothing (the engine's own work);
//   2. the heap after GC over one long run (default 100,000 bets): it must stay flat.
// The sandbox runs in another process, so only the client side is measured.
// Usage: node --expose-gc bench/autobet.mjs [--rounds 7] [--bets 500] [--long 100000]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startChildSandbox } from '../scripts/stress-children.mjs';

const { values: args } = parseArgs({ options: { rounds: { type: 'string', default: '7' }, bets: { type: 'string', default: '500' }, long: { type: 'string', default: '100000' } } });
const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const url = (p) => pathToFileURL(path.join(dist, p)).href;
const { StakeClient } = await import(url('index.js'));
const { run_autobet } = await import(url('autobet/index.js'));
const { run_engine } = await import(url('autobet/engine/engine.js'));
const { ClientDriver } = await import(url('autobet/drivers/client-driver.js'));
const { Money, new_counters } = await import(url('autobet/engine/counters.js'));
const { check_limits } = await import(url('autobet/engine/limits.js'));
const { prepare_settings } = await import(url('autobet/strategies/load.js'));
const journalModule = await import(url('journal/index.js'));
const ROUNDS = Number(args.rounds);
const BETS = Number(args.bets);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const FLAT = { game: 'dice', bet: { amount: 0.00000001, target: 50.5, condition: 'above' } };
const LIMITS = { stop_loss: 0.5, max_bet: 0.0001 };

const sandbox = await startChildSandbox(dist);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stakeql-bench-autobet-'));
const database = path.join(dir, 'data', 'stakeql.db');
const client = new StakeClient({ base_url: sandbox.url, access_token: sandbox.access_token, session_cookie: sandbox.session_cookie });
try {
  // CPU of this process (the client side) per bet, beside the wall time: on a busy machine the wall time
  // swings with the other processes, while the CPU the engine adds to a bet is its own.
  let cpu = 0;
  const cpuMs = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  /** Milliseconds per bet of a bare loop, first to last bet. */
  async function bare(n) {
    let first = 0;
    let cpu0 = 0;
    for (let i = 0; i < n; i++) {
      await client.dice({ amount: 0.00000001, currency: 'btc', target: 50.5, condition: 'above' });
      if (i === 0) {
        first = performance.now();
        cpu0 = cpuMs();
      }
    }
    cpu = (cpuMs() - cpu0) / (n - 1);
    return (performance.now() - first) / (n - 1);
  }
  /** Milliseconds per bet of the engine, first to last bet line. */
  async function engine(n, on_line) {
    let first = 0;
    let last = 0;
    let count = 0;
    let cpu0 = 0;
    let cpu1 = 0;
    const r = await run_autobet({
      client, database, strategy: FLAT, limits: { ...LIMITS, max_bets: n },
      on_bet: (line) => {
        count++;
        // The clocks are read at the first and the last bet only, as the bare loop reads them: a
        // getrusage call a bet would be charged to the engine.
        if (count === 1 || count === n) {
          last = performance.now();
          cpu1 = cpuMs();
          if (count === 1) {
            first = last;
            cpu0 = cpu1;
          }
        }
        on_line?.(count, line);
      },
    });
    if (r.stop.reason !== 'max_bets') throw new Error(`engine stopped with ${r.stop.reason}: ${r.stop.message ?? ''}`);
    cpu = (cpu1 - cpu0) / (n - 1);
    return (last - first) / (n - 1);
  }

  // The floor: the bare loop, each bet preceded by an intent-sized commit on this thread, in a database of its own.
  const floorFile = path.join(dir, 'floor', 'floor.db');
  const floorDb = journalModule.open_database(floorFile);
  // Checkpointed off this thread, as a run's journal is.
  const floorCheckpointer = journalModule.start_checkpointer(floorDb, floorFile);
  const floorTable = new journalModule.SessionsTable(floorDb);
  const floorSession = floorTable.create({
    started_at: 0, driver: 'sandbox', profile: null, base_url: sandbox.url, account: 'bench', currency: 'btc', decimals: 8,
    strategy_kind: 'settings', strategy_name: 'floor', strategy_source: '{}', game: null, limits: '{}', start_balance_units: 0, pid: null,
  });
  let floorSeq = 0;
  async function floor(n) {
    let first = 0;
    for (let i = 0; i < n; i++) {
      floorSeq++;
      floorTable.intend(floorSession, {
        seq: floorSeq, identifier: `floor-${floorSeq}`, game: 'dice', variables: JSON.stringify({ amount: 1e-8, target: 50.5, condition: 'above' }),
        amount_units: 1, seed_hash: 'f'.repeat(64), nonce_expected: floorSeq, strategy_state: '{"strategy":{"amount_units":1,"chance":49.5,"condition":"above"},"memory":{}}',
      }, Date.now());
      await client.dice({ amount: 0.00000001, currency: 'btc', target: 50.5, condition: 'above' });
      if (i === 0) first = performance.now();
    }
    return (performance.now() - first) / (n - 1);
  }
  // The engine's own work: the same loop over a journal that writes nothing.
  const nothing = () => undefined;
  const idleJournal = { durable: true, intend: nothing, placed: nothing, adopted: nothing, not_placed: nothing, refused: nothing, stop_requested: () => false };
  const money = new Money(8);
  async function bareEngine(n) {
    const driver = new ClientDriver(client, 'sandbox');
    const start = await driver.start('btc');
    const strategy = await prepare_settings(FLAT).bind({
      driver: 'sandbox', currency: 'btc', start_balance: start.balance, client_seed: start.seeds.client_seed, server_seed_hash: start.seeds.server_seed_hash, print: nothing,
    });
    let count = 0;
    let first = 0;
    let lastAt = 0;
    const stop = await run_engine({
      strategy, driver, journal: idleJournal, currency: 'btc', money, limits: check_limits({ ...LIMITS, max_bets: n }, true),
      counters: new_counters(money.units_down(start.balance)), memory: {}, last: null, seq: 1, seeds: start.seeds,
      signal: new AbortController().signal, resolve_timeout_ms: 60_000,
      on_bet: () => {
        count++;
        if (count === 1) first = performance.now();
        if (count === n) lastAt = performance.now();
      },
    });
    if (stop.reason !== 'max_bets') throw new Error(`engine stopped with ${stop.reason}`);
    return (lastAt - first) / (n - 1);
  }

  console.log(`stakeql autobet bench on Node ${process.version}, ${os.cpus().length} CPUs; sandbox in another process`);
  await bare(200);
  await engine(200);
  await floor(200);
  await bareEngine(200);
  const ratios = [];
  const added = [];
  const floors = [];
  const engineOnly = [];
  let last = null;
  for (let r = 0; r < ROUNDS; r++) {
    floors.push((await floor(BETS)) / (await bare(BETS)));
    engineOnly.push((await bareEngine(BETS)) / (await bare(BETS)));
    // Alternate which side goes first, so drift hits both.
    let bareMs;
    let bareCpu;
    let e;
    let engineCpu;
    if (r % 2 === 0) {
      bareMs = await bare(BETS);
      bareCpu = cpu;
      e = await engine(BETS);
      engineCpu = cpu;
    } else {
      e = await engine(BETS);
      engineCpu = cpu;
      bareMs = await bare(BETS);
      bareCpu = cpu;
    }
    ratios.push(e / bareMs);
    added.push((engineCpu - bareCpu) / bareMs);
    last = { bare: bareMs, engine: e, bareCpu, engineCpu };
  }
  const ratio = median(ratios);
  console.log(
    `1. engine vs bare client.dice(), ${BETS} bets a round: ${((ratio - 1) * 100).toFixed(1)} % overhead (median of ${ROUNDS} rounds, ` +
      `${((Math.min(...ratios) - 1) * 100).toFixed(1)} to ${((Math.max(...ratios) - 1) * 100).toFixed(1)} %); last round ` +
      `${(last.bare * 1000).toFixed(0)} µs bare, ${(last.engine * 1000).toFixed(0)} µs engine per bet (journal commits included); target ≤ 5 %`,
  );
  console.log(
    `   the CPU the engine adds to a bet, over the bare bet's time: ${(median(added) * 100).toFixed(1)} % (median; last round ` +
      `${(last.bareCpu * 1000).toFixed(0)} µs CPU bare, ${(last.engineCpu * 1000).toFixed(0)} µs CPU engine per bet)`,
  );
  const pct = (xs) => `${((median(xs) - 1) * 100).toFixed(1)} % (${((Math.min(...xs) - 1) * 100).toFixed(1)} to ${((Math.max(...xs) - 1) * 100).toFixed(1)} %)`;
  console.log(`   references in the same rounds: the bare loop + one intent-sized commit a bet: ${pct(floors)}; the engine over a journal that writes nothing: ${pct(engineOnly)}`);
  await floorCheckpointer.stop();
  floorDb.close();

  const long = Number(args.long);
  const every = Math.max(1, Math.floor(long / 10));
  const heap = [];
  const mb = (b) => `${(b / 1024 / 1024).toFixed(1)} MB`;
  const t = performance.now();
  await engine(long, (count) => {
    if (count % every === 0 && globalThis.gc !== undefined) {
      globalThis.gc();
      heap.push(process.memoryUsage().heapUsed);
    }
  });
  const seconds = (performance.now() - t) / 1000;
  console.log(
    `2. one run of ${long.toLocaleString('en')} sandbox bets in ${seconds.toFixed(0)} s: heap after GC ${heap.map(mb).join(', ')}` +
      (heap.length > 1 ? `; growth ${mb(heap.at(-1) - heap[0])} from the first checkpoint` : ' (run with --expose-gc to sample)'),
  );
} finally {
  await client.close();
  await sandbox.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
