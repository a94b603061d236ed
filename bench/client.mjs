// Cost of the client over the floor: the same request sent with bare `fetch`
// (same URL, headers and body, answer parsed as JSON) against the local
// sandbox, sequentially and with 64 in flight. The sides are interleaved:
// every round runs each of them once, in a rotating order, and the ratio
// client / bare is taken within the round, so drift (JIT, GC, CPU frequency,
// other processes on a shared machine) hits both sides of each ratio alike;
// the median of the per-round ratios is reported, with their range.
// Run through `npm run bench` (builds dist/ first), or `node bench/client.mjs
// [--rounds N] [--sequential N] [--concurrent N] [--concurrency N] [--dist DIR]`.
import { parseArgs } from 'node:util';
import { sent_headers } from './support/sent-headers.mjs';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '9' },
    sequential: { type: 'string', default: '1000' },
    concurrent: { type: 'string', default: '4000' },
    concurrency: { type: 'string', default: '64' },
    warmup: { type: 'string', default: '1000' },
    dist: { type: 'string', default: new URL('../dist/', import.meta.url).pathname },
  },
});
const ROUNDS = Number(args.rounds);
const SEQUENTIAL = Number(args.sequential);
const CONCURRENT = Number(args.concurrent);
const CONCURRENCY = Number(args.concurrency);
const WARMUP = Number(args.warmup);
const dist = (path) => pathToFileURL(resolve(args.dist, path)).href;

const { StakeClient, CURRENT_USER_QUERY } = await import(dist('facade/index.js'));
const { start_sandbox } = await import(dist('sandbox/index.js'));

const sandbox = await start_sandbox();
try {
  const login = sandbox.login('bench');
  const client = new StakeClient({
    base_url: sandbox.url,
    access_token: login.access_token,
    session_cookie: login.session_cookie,
    user_agent: 'Mozilla/5.0 (bench) Chrome/131',
  });
  const viaClient = async () => {
    const data = await client.graphql(CURRENT_USER_QUERY);
    if (data.user.id !== login.user_id) throw new Error('client: wrong answer');
  };

  // The first answer sets __cf_bm; afterwards the client sends it back. Copy the
  // exact headers it then sends, so bare fetch carries the same bytes.
  await viaClient();
  await viaClient();
  const headers = sent_headers(sandbox);
  const url = `${sandbox.url}/_api/graphql`;
  const body = JSON.stringify({ query: CURRENT_USER_QUERY, variables: {}, operationName: 'CurrentUser' });
  const viaFetch = async () => {
    const response = await fetch(url, { method: 'POST', headers, body });
    const json = await response.json();
    if (json.data?.user?.id !== login.user_id) throw new Error('bare fetch: wrong answer');
  };

  // Bare fetch with what any cancellable request needs (an AbortSignal and a
  // timeout timer): shows how much of the gap is the cost of cancellation itself.
  const viaFetchWithSignal = async () => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 30_000);
    try {
      const response = await fetch(url, { method: 'POST', headers, body, signal: controller.signal, redirect: 'manual' });
      const json = JSON.parse(await response.text());
      if (json.data?.user?.id !== login.user_id) throw new Error('bare fetch: wrong answer');
    } finally {
      clearTimeout(timer);
    }
  };
  const senders = { client: viaClient, bare: viaFetch, 'bare+signal': viaFetchWithSignal };

  /**
   * Requests per second for `total` requests with `width` in flight, and the
   * process's CPU time per request (client and sandbox alike): on a shared
   * machine the wall clock swings with other work, CPU time much less.
   */
  async function measure(send, total, width) {
    let next = 0;
    const worker = async () => {
      while (next < total) {
        next++;
        await send();
      }
    };
    globalThis.gc?.();
    const cpu = process.cpuUsage();
    const start = performance.now();
    await Promise.all(Array.from({ length: width }, worker));
    const used = process.cpuUsage(cpu);
    return { rate: total / ((performance.now() - start) / 1000), cpu_us: (used.user + used.system) / total };
  }

  for (const send of Object.values(senders)) {
    await measure(send, WARMUP, 1);
    await measure(send, WARMUP * 2, CONCURRENCY);
  }

  const modes = [
    { name: `sequential (${SEQUENTIAL} requests)`, total: SEQUENTIAL, width: 1 },
    { name: `${CONCURRENCY} in flight (${CONCURRENT} requests)`, total: CONCURRENT, width: CONCURRENCY },
  ];
  const median = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    const mid = s.length >> 1;
    return s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
  };
  const rows = [];
  const names = Object.keys(senders);
  for (const mode of modes) {
    const rates = Object.fromEntries(names.map((n) => [n, []]));
    const ratios = { bare: [], 'bare+signal': [], cpu: [] };
    for (let round = 0; round < ROUNDS; round++) {
      // Rotate which goes first, so none always runs on a warmer process.
      const order = names.map((_, i) => names[(i + round) % names.length]);
      const rate = {};
      const cpu = {};
      for (const name of order) ({ rate: rate[name], cpu_us: cpu[name] } = await measure(senders[name], mode.total, mode.width));
      for (const name of names) rates[name].push(rate[name]);
      for (const floor of ['bare', 'bare+signal']) ratios[floor].push(rate.client / rate[floor]);
      // CPU per request, bare over client: the throughput ratio a CPU-bound run would show.
      ratios.cpu.push(cpu.bare / cpu.client);
    }
    rows.push({
      mode: mode.name,
      rate: Object.fromEntries(names.map((n) => [n, median(rates[n])])),
      ratio: median(ratios.bare),
      ratio_range: [Math.min(...ratios.bare), Math.max(...ratios.bare)],
      ratio_signal: median(ratios['bare+signal']),
      ratio_cpu: median(ratios.cpu),
    });
  }

  console.log(`\nStakeClient.graphql vs bare fetch, local sandbox, ${ROUNDS} interleaved rounds, medians (Node ${process.version})`);
  console.table(rows.map((r) => ({
    mode: r.mode,
    'client req/s': Math.round(r.rate.client),
    'bare fetch req/s': Math.round(r.rate.bare),
    'bare+signal req/s': Math.round(r.rate['bare+signal']),
    'client / bare (median of rounds)': r.ratio.toFixed(3),
    'client / bare+signal': r.ratio_signal.toFixed(3),
    'CPU per request, bare / client': r.ratio_cpu.toFixed(3),
  })));
  for (const r of rows) {
    const verdict = r.ratio >= 0.9 ? 'within 10% of bare fetch' : `${((1 - r.ratio) * 100).toFixed(1)}% slower than bare fetch`;
    console.log(`${r.mode}: client is ${verdict} (median of ${ROUNDS} per-round ratios; rounds ${r.ratio_range[0].toFixed(3)}–${r.ratio_range[1].toFixed(3)}; by CPU per request ${r.ratio_cpu.toFixed(3)})`);
  }
  await client.close();
} finally {
  await sandbox.close();
}
