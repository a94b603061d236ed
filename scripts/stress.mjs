// Stress run over the built package (`npm run stress` builds dist/ first):
//   1. store writers SIGKILLed mid-save, several at once on one file: no profile
//      is ever torn (unreadable or mixing two saves) or lost (older than a save
//      that had resolved);
//   2. concurrent processes each saving a different profile: none is lost;
//   3. concurrent `graphql` calls against the sandbox with injected faults: all
//      settle within their bound, and no mutation reaches the sandbox twice
//      (its request log and `mutations_executed`);
//   4. the heap after GC over many sequential calls (sandbox in another
//      process, so only the client is measured): it must stay flat;
//   5. `autobet` SIGKILLed at random moments, each time resumed (100 kills):
//      no bet booked twice or missing from the journal, the stop-loss never
//      passed, the journal's profit equal to the sandbox's balance change;
//   6. blackjack basic strategy over --hands hands from random seeds: its
//      return within 4 sigma of the public 99.43 % (scripts/stress-blackjack.mjs).
// Loopback only; every phase is bounded, and the whole run by --deadline-s.
// Prints figures; exits 1 when an invariant breaks.
// Usage: node scripts/stress.mjs [--writers 1000] [--lanes 4] [--savers 20] [--hands 2000000]
//   [--rounds 5] [--calls 1000] [--sequential 20000] [--dist DIR]
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import v8 from 'node:v8';
import vm from 'node:vm';
import { counterOf, profileFor, startChildSandbox, storeChild } from './stress-children.mjs';
import { blackjackReturn } from './stress-blackjack.mjs';

const { values: args } = parseArgs({
  options: {
    writers: { type: 'string', default: '1000' },
    lanes: { type: 'string', default: '4' },
    savers: { type: 'string', default: '20' },
    rounds: { type: 'string', default: '5' },
    calls: { type: 'string', default: '1000' },
    sequential: { type: 'string', default: '20000' },
    kills: { type: 'string', default: '100' },
    'deadline-s': { type: 'string', default: '1500' },
    only: { type: 'string', default: '1,2,3,4,5,6' },
    hands: { type: 'string', default: '2000000' },
    dist: { type: 'string', default: fileURLToPath(new URL('../dist/', import.meta.url)) },
  },
});
const N = (name) => {
  const n = Number(args[name]);
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`--${name} must be a positive integer`);
  return n;
};
const dist = path.resolve(args.dist);
const distUrl = (p) => pathToFileURL(path.join(dist, p)).href;

// A forgotten child or a hung phase must not keep a shared machine busy.
const deadline = setTimeout(() => {
  console.error(`stress: not finished after ${args['deadline-s']} s; stopping`);
  process.exit(1);
}, N('deadline-s') * 1000);
deadline.unref();

const failures = [];
const check = (ok, what) => {
  if (!ok) failures.push(what);
  return ok;
};
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

const { create_file_store } = await import(distUrl('store/index.js'));

// ---- 1. SIGKILLed writers ---------------------------------------------------
async function killedWriters(total, lanes) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stakeql-stress-kill-'));
  const store = create_file_store(dir);
  const tally = { killed: 0, torn: 0, lost: 0, acked: 0, unexpected: 0, gaveUp: 0 };
  const started = Date.now();
  const lane = async (i) => {
    const name = `lane-${i}`;
    let stored = 0;
    let next = storeChild(dist, dir, ['writer', name]);
    for (let k = i; k < total; k += lanes) {
      const child = next;
      next = storeChild(dist, dir, ['writer', name]);
      child.go(stored);
      // Kill after 0 to 3 acknowledged saves, then 0 to 4 ms more: mid-save.
      const top = await child.killAfter(Math.floor(Math.random() * 4), Math.random() * 4);
      const acked = top < 0 ? stored : top;
      tally.killed++;
      // A writer that waited out the lock's bounded wait (StoreError locked)
      // failed cleanly and lost nothing acknowledged: counted apart.
      if (child.failed() && child.why().includes('another process holds')) tally.gaveUp++;
      else if (child.failed()) {
        tally.unexpected++;
        if (tally.unexpected <= 3) console.log(`   writer failure: ${child.why()}`);
      }
      tally.acked += Math.max(0, acked - stored);
      let profile;
      try {
        profile = await store.load_profile(name);
      } catch {
        tally.torn++;
        continue;
      }
      const n = profile === null ? 0 : counterOf(name, profile);
      if (Number.isNaN(n)) tally.torn++;
      // Every acknowledged save is there; at most the one in flight beyond it.
      else if (n < acked || n > acked + 1) tally.lost++;
      else stored = n;
    }
    await next.discard();
  };
  await Promise.all(Array.from({ length: lanes }, (_, i) => lane(i)));
  // One more save tidies what the dead left (temp files hold secrets).
  await store.save_profile('after', profileFor('after', 1));
  const leftovers = (await fs.readdir(dir)).filter((f) => f !== 'profiles.json');
  await fs.rm(dir, { recursive: true, force: true });
  const ms = Date.now() - started;
  console.log(
    `1. store writers SIGKILLed: ${tally.killed} (${lanes} at a time on one profiles.json), ${tally.acked} saves acknowledged; ` +
      `torn ${tally.torn}, lost ${tally.lost}, writer errors ${tally.unexpected}, lock waits given up ${tally.gaveUp}, files left after the next save ${leftovers.length}; ${seconds(ms)}`,
  );
  check(tally.killed === total && tally.torn === 0 && tally.lost === 0 && tally.unexpected === 0, 'SIGKILLed writers: torn, lost or failed');
  check(leftovers.length === 0, `SIGKILLed writers: left behind ${leftovers.join(', ')}`);
}

// ---- 2. Concurrent savers ---------------------------------------------------
async function concurrentSavers(savers, rounds) {
  const SAVES = 5;
  let lost = 0;
  let failed = 0;
  const started = Date.now();
  for (let r = 0; r < rounds; r++) {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stakeql-stress-save-'));
    const names = Array.from({ length: savers }, (_, i) => `p-${i}`);
    const codes = await Promise.all(names.map((name) => storeChild(dist, dir, ['saver', name, String(SAVES)]).exit()));
    failed += codes.filter((c) => c !== 0).length;
    const store = create_file_store(dir);
    const listed = new Set(await store.list_profiles());
    for (const name of names) {
      const profile = listed.has(name) ? await store.load_profile(name) : null;
      if (profile === null || counterOf(name, profile) !== SAVES) lost++;
    }
    await fs.rm(dir, { recursive: true, force: true });
  }
  console.log(`2. concurrent savers: ${rounds} rounds of ${savers} processes, ${SAVES} saves each; profiles lost ${lost}, processes failed ${failed}; ${seconds(Date.now() - started)}`);
  check(lost === 0 && failed === 0, 'concurrent savers: a profile lost or a saver failed');
}

// ---- 3. Concurrent calls with faults ---------------------------------------
// The DiceRoll document as the client's operations send it (site names:
// src/games/dice/site.ts and its sources); only `id` is selected.
const DICE_ROLL = `mutation DiceRoll($amount: Float!, $target: Float!, $condition: CasinoGameDiceConditionEnum!, $currency: CurrencyEnum!, $identifier: String!) {
  diceRoll(amount: $amount, target: $target, condition: $condition, currency: $currency, identifier: $identifier) { id }
}`;

async function faultedCalls(calls) {
  const { StakeClient, CURRENT_USER_QUERY } = await import(distUrl('facade/index.js'));
  const { start_sandbox } = await import(distUrl('sandbox/index.js'));
  // Generous: 1,000 requests at once on a shared 2-core machine queue for seconds.
  const TIMEOUT_MS = 10_000;
  const retry = { limit: 2, base_delay_ms: 50, max_delay_ms: 1000 };
  const SLOW_MS = TIMEOUT_MS + 1000;
  // Three attempts, two waits (backoff or a Retry-After of 1 s), and 2 s of
  // slack for a loaded 2-core machine.
  const BOUND_MS = (retry.limit + 1) * TIMEOUT_MS + retry.limit * 1000 + 2000;

  const sandbox = await start_sandbox();
  try {
    const users = Math.ceil(calls / 2);
    const clients = Array.from({ length: users }, (_, i) => {
      const login = sandbox.login(`stress-${i}`);
      return new StakeClient({ base_url: sandbox.url, access_token: login.access_token, session_cookie: login.session_cookie, user_agent: 'Mozilla/5.0 (stress) Chrome/131', timeout_ms: TIMEOUT_MS, retry });
    });
    // About a quarter of the requests meet a fault, mixed in arrival order.
    const kinds = [
      { kind: 'status', status: 503 }, { kind: 'status', status: 502 }, { kind: 'status', status: 429, retry_after: '1' },
      { kind: 'drop' }, { kind: 'drop_after_processing' }, { kind: 'bad_json' }, { kind: 'slow', delay_ms: SLOW_MS },
    ];
    const faults = Array.from({ length: Math.ceil(calls / 4) }, (_, i) => kinds[i % kinds.length]).sort(() => Math.random() - 0.5);
    for (const fault of faults) sandbox.fail_next(fault, 1);

    const outcomes = new Map();
    let longest = 0;
    let unsettled = calls;
    const started = Date.now();
    const one = async (i) => {
      // Mutations and queries alternate, so both meet the faults.
      const client = clients[Math.floor(i / 2)];
      const t0 = Date.now();
      const mutation = i % 2 === 0;
      try {
        if (mutation) await client.graphql(DICE_ROLL, { amount: 0, target: 50, condition: 'above', currency: 'btc', identifier: `stress-${i}` });
        else await client.graphql(CURRENT_USER_QUERY);
        const key = `${mutation ? 'mutation' : 'query'} resolved`;
        outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
      } catch (error) {
        const key = `${mutation ? 'mutation' : 'query'} ${error?.name ?? 'Error'}${process.env.STRESS_DEBUG ? `: ${error?.message}` : ''}`;
        outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
      } finally {
        longest = Math.max(longest, Date.now() - t0);
        unsettled--;
      }
    };
    const all = Promise.all(Array.from({ length: calls }, (_, i) => one(i)));
    let timer;
    const watchdog = new Promise((resolve) => (timer = setTimeout(resolve, BOUND_MS + 5000)));
    await Promise.race([all, watchdog]);
    clearTimeout(timer);
    const wall = Date.now() - started;
    // A mutation the client gave up on during `slow` still runs on the server.
    await new Promise((resolve) => setTimeout(resolve, SLOW_MS));

    const stats = sandbox.stats();
    // Each mutation call has its own identifier. Every call reaches the
    // sandbox at least once (a dropped request arrives too), so the
    // `DiceRoll` requests received must equal the calls made, and, where the
    // sandbox keeps a request log, no identifier may appear twice in it.
    const diceRequests = stats.by_operation.DiceRoll ?? 0;
    const perIdentifier = new Map();
    for (const entry of stats.request_log ?? []) {
      if (entry.operation_name !== 'DiceRoll') continue;
      const id = entry.variables.identifier;
      perIdentifier.set(id, (perIdentifier.get(id) ?? 0) + 1);
    }
    const sentTwice = stats.request_log ? [...perIdentifier.values()].filter((c) => c > 1).length : Math.max(0, diceRequests - users);
    const resolvedMutations = outcomes.get('mutation resolved') ?? 0;
    console.log(
      `3. concurrent graphql calls: ${calls} at once (${users} mutations, ${calls - users} queries), ${faults.length} faults injected; ` +
        `settled ${calls - unsettled}, longest ${seconds(longest)} (bound ${seconds(BOUND_MS)}), all in ${seconds(wall)}; ` +
        `${stats.requests} requests reached the sandbox (${diceRequests} DiceRoll for ${users} mutation calls), mutations sent twice ${sentTwice}` +
        `${stats.request_log ? ' (per identifier, from the request log)' : ''}, executed ${stats.mutations_executed} (${resolvedMutations} answered)`,
    );
    console.log(`   outcomes: ${[...outcomes].sort().map(([k, v]) => `${k} ${v}`).join(', ')}`);
    check(unsettled === 0 && longest <= BOUND_MS, 'faulted calls: a call did not settle within its bound');
    check((stats.request_log?.length ?? 0) < 10_000, 'faulted calls: the sandbox log overflowed; use fewer --calls');
    check(sentTwice === 0 && diceRequests === users, 'faulted calls: a mutation reached the sandbox twice (or never)');
    check(stats.mutations_executed <= users && stats.mutations_executed >= resolvedMutations, 'faulted calls: mutations executed do not match those sent');
    await Promise.all(clients.map((c) => c.close()));
  } finally {
    await sandbox.close();
  }
}

// ---- 4. Heap over sequential calls -----------------------------------------
async function heapOverCalls(total) {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc');
  const heap = () => {
    gc();
    gc();
    return process.memoryUsage().heapUsed;
  };
  const { StakeClient, CURRENT_USER_QUERY } = await import(distUrl('facade/index.js'));
  const sandbox = await startChildSandbox(dist);
  try {
    const client = new StakeClient({ base_url: sandbox.url, access_token: sandbox.access_token, session_cookie: sandbox.session_cookie, user_agent: 'Mozilla/5.0 (stress) Chrome/131' });
    const WARMUP = 2000;
    for (let i = 0; i < WARMUP; i++) await client.graphql(CURRENT_USER_QUERY);
    const started = Date.now();
    const points = [heap()];
    const every = Math.max(1, Math.floor(total / 10));
    for (let i = 1; i <= total; i++) {
      await client.graphql(CURRENT_USER_QUERY);
      if (i % every === 0) points.push(heap());
    }
    const ms = Date.now() - started;
    const kib = (b) => `${(b / 1024).toFixed(0)} KiB`;
    const growth = points.at(-1) - points[0];
    const secondHalf = points.at(-1) - points[Math.floor(points.length / 2)];
    console.log(
      `4. heap over ${total} sequential calls (after ${WARMUP} warm-up, sandbox in another process): after GC ${kib(points[0])} -> ${kib(points.at(-1))}, ` +
        `growth ${kib(growth)} (${(growth / total).toFixed(1)} B/call; second half ${kib(secondHalf)}), max ${kib(Math.max(...points))}; ${Math.round(total / (ms / 1000))} calls/s`,
    );
    console.log(`   checkpoints every ${every} calls: ${points.map(kib).join(', ')}`);
    // The first checkpoints still shed warm-up garbage, which would hide a
    // leak in the total, so the second half is judged: over the default
    // 10,000 calls, a leak of one small object per call (≥ 52 bytes) crosses
    // this line; the 512 KiB floor absorbs JIT and allocator noise in short runs.
    const limit = Math.max(512 * 1024, (total / 2) * 52);
    check(secondHalf < limit, `heap: grew by ${kib(limit)} or more over the second half of the calls`);
    await client.close();
  } finally {
    await sandbox.stop();
  }
}

async function killedAutobet(kills) {
  const { killAndResume } = await import('./autobet-kills.mjs');
  const { start_sandbox } = await import(pathToFileURL(path.join(dist, 'sandbox', 'index.js')).href);
  const { StakeClient } = await import(pathToFileURL(path.join(dist, 'index.js')).href);
  // The better-sqlite3 the journal runs on this Node (12 or 13), not a second SQLite in this process.
  const { Database } = (await import(pathToFileURL(path.join(dist, 'database', 'sqlite-module.js')).href)).sqlite_module();
  const sandbox = await start_sandbox({ starting_balances: { btc: 1 }, bet_delay_ms: 15 });
  try {
    const siteState = async (login) => {
      const client = new StakeClient({ ...login, base_url: sandbox.url });
      try {
        const bets = [];
        for await (const b of client.bets()) bets.push({ id: b.bet.id });
        const balance = (await client.balances()).find((b) => b.available.currency === 'btc')?.available.amount ?? NaN;
        return { bets, balance };
      } finally {
        await client.close();
      }
    };
    const readJournal = (file) => {
      const db = new Database(file, { readonly: true });
      try {
        const placed = db.prepare("SELECT bet_id, json_extract(line, '$.profit') AS profit FROM journal WHERE status = 'placed'").all();
        const pending = db.prepare("SELECT COUNT(*) FROM journal WHERE status = 'intent'").pluck().get();
        return { placed: placed.map((r) => ({ bet_id: r.bet_id, profit_units: Math.round(r.profit / 1e-8) })), pending };
      } finally {
        db.close();
      }
    };
    let seed = 20261125;
    const random = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32);
    const began = Date.now();
    const r = await killAndResume({ bin: path.join(dist, 'cli', 'bin.js'), sandbox, siteState, kills, random, readJournal, max_bets: 100_000 });
    console.log(
      `5. autobet SIGKILLed ${r.killed} times and resumed: ${r.site_bets} bets booked, ${r.journal_bets} journaled, ${r.duplicates} twice, ` +
        `${r.missing_in_journal} missing from the journal, ${r.pending} unresolved; loss ${r.loss} of ${r.stop_loss_units} units allowed; ` +
        `last run: exit ${r.last.code} (${seconds(Date.now() - began)})`,
    );
    check(r.killed >= kills * 0.9 && r.runs.every((run) => run.signal === 'SIGKILL' || run.code === 0), `autobet: ${r.killed} of ${kills} runs were killed, and the others did not all end cleanly`);
    check(r.duplicates === 0 && r.missing_in_journal === 0 && r.missing_on_site === 0 && r.journal_bets === r.site_bets, 'autobet: the journal and the site disagree');
    check(r.pending === 0, 'autobet: intents left unresolved');
    check(r.loss <= r.stop_loss_units, 'autobet: the stop-loss was passed');
    check(r.journal_profit_units === r.site_profit_units, 'autobet: the journal profit differs from the balance change');
    check(r.last.code === 0, `autobet: the last resume exited ${r.last.code}: ${r.last.stderr.slice(0, 300)}`);
  } finally {
    await sandbox.close();
  }
}

const started = Date.now();
console.log(`stakeql stress on Node ${process.version}, ${os.cpus().length} CPUs, dist ${dist}`);
const phases = new Set(args.only.split(','));
if (phases.has('1')) await killedWriters(N('writers'), N('lanes'));
if (phases.has('2')) await concurrentSavers(N('savers'), N('rounds'));
if (phases.has('3')) await faultedCalls(N('calls'));
if (phases.has('4')) await heapOverCalls(N('sequential'));
if (phases.has('5')) await killedAutobet(N('kills'));
if (phases.has('6')) {
  const r = await blackjackReturn(distUrl, N('hands'));
  console.log(`6. blackjack basic strategy over ${N('hands')} hands: return ${(r.rtp * 100).toFixed(3)} % per first stake (public 99.43 % ± ${(r.bound * 100).toFixed(3)}) (${seconds(r.ms)})`);
  check(r.ok, `blackjack: basic strategy returned ${(r.rtp * 100).toFixed(3)} %, outside 99.43 % ± ${(r.bound * 100).toFixed(3)}`);
}
console.log(`total ${seconds(Date.now() - started)}; ${failures.length === 0 ? 'all invariants held' : `FAILED: ${failures.join('; ')}`}`);
clearTimeout(deadline);
process.exitCode = failures.length === 0 ? 0 : 1;
