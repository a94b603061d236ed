// Cost of the client over the floor: the same request sent with bare `fetch`
// (same URL, headers and body, answer parsed as JSON) against the local
// sandbox, sequentially and with 64 in flight. Rounds alternate client and
// bare so drift (JIT, GC, CPU frequency) hits both; medians are reported.
// Run through `npm run bench` (builds dist/ first), or `node bench/client.mjs
// [--rounds N] [--sequential N] [--concurrent N] [--concurrency N] [--dist DIR]`.
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    sequential: { type: 'string', default: '2000' },
    concurrent: { type: 'string', default: '10000' },
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

const { StakeClient, CURRENT_USER_QUERY } = await import(dist('client/index.js'));
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
  const seen = sandbox.stats().last_headers;
  const headers = {
    'content-type': seen['content-type'],
    'x-access-token': seen['x-access-token'],
    cookie: seen.cookie,
    'user-agent': seen['user-agent'],
  };
  const url = `${sandbox.url}/_api/graphql`;
  const body = JSON.stringify({ query: CURRENT_USER_QUERY, variables: {}, operationName: 'CurrentUser' });
  const viaFetch = async () => {
    const response = await fetch(url, { method: 'POST', headers, body });
    const json = await response.json();
    if (json.data?.user?.id !== login.user_id) throw new Error('bare fetch: wrong answer');
  };

  /** Requests per second for `total` requests with `width` in flight. */
  async function measure(send, total, width) {
    let next = 0;
    const worker = async () => {
      while (next < total) {
        next++;
        await send();
      }
    };
    globalThis.gc?.();
    const start = performance.now();
    await Promise.all(Array.from({ length: width }, worker));
    return total / ((performance.now() - start) / 1000);
  }

  for (const send of [viaClient, viaFetch]) {
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
  for (const mode of modes) {
    const clientRates = [];
    const bareRates = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Alternate which goes first, so neither always runs on a warmer process.
      const order = round % 2 === 0 ? ['client', 'bare'] : ['bare', 'client'];
      for (const which of order) {
        const rate = await measure(which === 'client' ? viaClient : viaFetch, mode.total, mode.width);
        (which === 'client' ? clientRates : bareRates).push(rate);
      }
    }
    const c = median(clientRates);
    const b = median(bareRates);
    rows.push({ mode: mode.name, client: c, bare: b, ratio: c / b, spread: [Math.min(...clientRates) / Math.max(...bareRates), Math.max(...clientRates) / Math.min(...bareRates)] });
  }

  console.log(`\nStakeClient.graphql vs bare fetch, local sandbox, median of ${ROUNDS} alternating rounds (Node ${process.version})`);
  const table = rows.map((r) => ({
    mode: r.mode,
    'client req/s': Math.round(r.client),
    'bare fetch req/s': Math.round(r.bare),
    'client / bare': r.ratio.toFixed(3),
    'round range': `${r.spread[0].toFixed(2)}–${r.spread[1].toFixed(2)}`,
  }));
  console.table(table);
  for (const r of rows) {
    const verdict = r.ratio >= 0.9 ? 'within 10% of bare fetch' : `${((1 - r.ratio) * 100).toFixed(1)}% slower than bare fetch`;
    console.log(`${r.mode}: client is ${verdict}`);
  }
  await client.close();
} finally {
  await sandbox.close();
}
