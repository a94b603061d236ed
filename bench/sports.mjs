// Cost of the sports reading layer: `sports.fixture(slug)` (input checks, the
// typed FetchFixtureMarkets document printed once, the client's request and
// answer handling, the provider memory filled from every outcome) against a
// bare `fetch` of the same document, URL and headers with `JSON.parse` of the
// answer, on a sandbox fixture with 200 markets (400 outcomes). Reads are
// sequential; rounds rotate the order; medians are reported with the ratio
// (target >= 0.8). The watch's polling cost is stated, not measured: one
// FetchFixtureMarkets read per `interval_ms` and fixture.
// Run through `npm run bench` (builds dist/ first), or
// `node --expose-gc bench/sports.mjs [--rounds N] [--reads N] [--dist DIR]`.
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { sent_headers } from './support/sent-headers.mjs';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    reads: { type: 'string', default: '60' },
    warmup: { type: 'string', default: '30' },
    dist: { type: 'string', default: new URL('../dist/', import.meta.url).pathname },
  },
});
const ROUNDS = Number(args.rounds);
const READS = Number(args.reads);
const WARMUP = Number(args.warmup);
const dist = (path) => pathToFileURL(resolve(args.dist, path)).href;

const { StakeClient } = await import(dist('facade/index.js'));
const { document_text } = await import(dist('operations/index.js'));
const { Sportsbook, FetchFixtureMarkets, DEFAULT_WATCH_INTERVAL_MS, MIN_WATCH_INTERVAL_MS } = await import(dist('sports/index.js'));
const { start_sandbox } = await import(dist('sandbox/index.js'));

const MARKETS = 200;
const sandbox = await start_sandbox();
try {
  const login = sandbox.login('bench');
  const client = new StakeClient({
    base_url: sandbox.url, access_token: login.access_token, session_cookie: login.session_cookie, user_agent: 'Mozilla/5.0 (bench) Chrome/131',
  });
  const sports = new Sportsbook(client);
  const { slug } = sandbox.sports.add_fixture({ markets: MARKETS });
  const count = (groups) => groups.reduce((n, g) => n + g.templates.reduce((m, t) => m + t.markets.length, 0), 0);
  const check = (fixture, who) => {
    if (fixture?.slug !== slug || count(fixture.groups) !== MARKETS) throw new Error(`${who}: wrong answer`);
  };

  const viaSports = async () => check(await sports.fixture(slug), 'sports.fixture');
  await viaSports();
  await viaSports();
  const headers = sent_headers(sandbox);
  const url = `${sandbox.url}/_api/graphql`;
  const body = JSON.stringify({ query: document_text(FetchFixtureMarkets), variables: { fixture: slug, groups: ['main'] }, operationName: 'FetchFixtureMarkets' });
  let bytes = 0;
  const viaFetch = async () => {
    const response = await fetch(url, { method: 'POST', headers, body });
    const text = await response.text();
    bytes = text.length;
    check(JSON.parse(text).data?.slugFixture, 'bare fetch');
  };
  const readers = { 'sports.fixture': viaSports, 'bare fetch + JSON.parse': viaFetch };

  async function measure(read, total) {
    globalThis.gc?.();
    const start = performance.now();
    for (let i = 0; i < total; i++) await read();
    return total / ((performance.now() - start) / 1000);
  }
  for (const read of Object.values(readers)) await measure(read, WARMUP);

  const median = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    const mid = s.length >> 1;
    return s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
  };
  const names = Object.keys(readers);
  const rates = Object.fromEntries(names.map((n) => [n, []]));
  for (let round = 0; round < ROUNDS; round++) {
    const order = names.map((_, i) => names[(i + round) % names.length]);
    for (const name of order) rates[name].push(await measure(readers[name], READS));
  }
  const med = Object.fromEntries(names.map((n) => [n, median(rates[n])]));
  console.log(`\nFetchFixtureMarkets of a fixture with ${MARKETS} markets (${bytes} bytes of JSON), local sandbox, ${READS} sequential reads x ${ROUNDS} rotating rounds, medians (Node ${process.version})`);
  console.table(names.map((n) => ({
    reader: n,
    'reads/s (median)': Math.round(med[n]),
    'min–max': `${Math.round(Math.min(...rates[n]))}–${Math.round(Math.max(...rates[n]))}`,
    'vs bare fetch': (med[n] / med['bare fetch + JSON.parse']).toFixed(3),
  })));
  const ratio = med['sports.fixture'] / med['bare fetch + JSON.parse'];
  console.log(`sports.fixture / bare fetch + JSON.parse: ${ratio.toFixed(3)} (target >= 0.8): ${ratio >= 0.8 ? 'OK' : 'UNDER'}`);
  // The same without the server: one stored answer, served by a fetch that answers at once,
  // through the client (parse, checks, typing, provider memory) vs Response.text() + JSON.parse.
  const answer = await (await fetch(url, { method: 'POST', headers, body })).text();
  const instant = new StakeClient({
    base_url: 'https://stake.com', access_token: login.access_token,
    fetch: async () => new Response(answer, { status: 200, headers: { 'content-type': 'application/json' } }),
  });
  const offline = new Sportsbook(instant);
  const local = {
    'sports.fixture (stored answer)': async () => check(await offline.fixture(slug), 'offline sports.fixture'),
    'Response.text() + JSON.parse': async () => check(JSON.parse(await new Response(answer).text()).data?.slugFixture, 'offline parse'),
  };
  const localNames = Object.keys(local);
  for (const read of Object.values(local)) await measure(read, WARMUP * 10);
  const localRates = Object.fromEntries(localNames.map((n) => [n, []]));
  for (let round = 0; round < ROUNDS; round++) {
    const order = localNames.map((_, i) => localNames[(i + round) % localNames.length]);
    for (const name of order) localRates[name].push(await measure(local[name], READS * 10));
  }
  const localMed = Object.fromEntries(localNames.map((n) => [n, median(localRates[n])]));
  console.table(localNames.map((n) => ({ reader: n, 'reads/s (median)': Math.round(localMed[n]), 'min–max': `${Math.round(Math.min(...localRates[n]))}–${Math.round(Math.max(...localRates[n]))}` })));
  const localRatio = localMed[localNames[0]] / localMed[localNames[1]];
  console.log(`without the server (parse + typing only): ${localRatio.toFixed(3)} (target >= 0.8): ${localRatio >= 0.8 ? 'OK' : 'UNDER'}`);
  await instant.close();
  console.log(`watch_fixture polling: ${60_000 / DEFAULT_WATCH_INTERVAL_MS} requests per minute per fixture by default (interval ${DEFAULT_WATCH_INTERVAL_MS} ms), at most ${60_000 / MIN_WATCH_INTERVAL_MS} (interval floor ${MIN_WATCH_INTERVAL_MS} ms)`);
  await client.close();
} finally {
  await sandbox.close();
}
