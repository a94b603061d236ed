// Cost of the typed operations layer: `client.dice(...)` (input checks,
// amount normalisation, a fresh identifier, the cached printed document)
// against the same DiceRoll document sent two other ways, in one run, on the
// local sandbox:
//   - client.graphql(text): the client without the operations layer;
//   - bare fetch: same URL, headers and body shape, answer parsed as JSON.
// Bets are sequential (a user's bets never overlap on the site: a second one
// in flight is refused with parallelCasinoBet). Rounds rotate the order so
// drift hits every sender; medians are reported, with ratios.
// Run through `npm run bench` (builds dist/ first), or
// `node --expose-gc bench/operations.mjs [--rounds N] [--bets N] [--dist DIR]`.
import { parseArgs } from 'node:util';
import { sent_headers } from './support/sent-headers.mjs';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '7' },
    bets: { type: 'string', default: '400' },
    warmup: { type: 'string', default: '300' },
    dist: { type: 'string', default: new URL('../dist/', import.meta.url).pathname },
  },
});
const ROUNDS = Number(args.rounds);
const BETS = Number(args.bets);
const WARMUP = Number(args.warmup);
const dist = (path) => pathToFileURL(resolve(args.dist, path)).href;

const { StakeClient } = await import(dist('facade/index.js'));
const { DiceRoll, document_text, new_identifier } = await import(dist('operations/index.js'));
const { start_sandbox } = await import(dist('sandbox/index.js'));

const sandbox = await start_sandbox({ starting_balances: { usd: 1e9 } });
try {
  const login = sandbox.login('bench');
  const client = new StakeClient({
    base_url: sandbox.url,
    access_token: login.access_token,
    session_cookie: login.session_cookie,
    user_agent: 'Mozilla/5.0 (bench) Chrome/131',
  });
  const TEXT = document_text(DiceRoll);
  const check = (bet, who) => {
    if (bet?.state?.target !== 50.5 || bet.amount !== 0.01) throw new Error(`${who}: wrong answer`);
  };

  const viaDice = async () => check(await client.dice({ amount: 0.01, currency: 'usd', target: 50.5, condition: 'above' }), 'dice');
  const viaGraphql = async () => {
    const variables = { amount: 0.01, target: 50.5, condition: 'above', currency: 'usd', identifier: new_identifier() };
    check((await client.graphql(TEXT, variables)).diceRoll, 'graphql');
  };

  // Headers exactly as the client sends them (after the first answer set its cookies).
  await viaDice();
  await viaDice();
  const headers = sent_headers(sandbox);
  const url = `${sandbox.url}/_api/graphql`;
  const viaFetch = async () => {
    const variables = { amount: 0.01, target: 50.5, condition: 'above', currency: 'usd', identifier: new_identifier() };
    const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ query: TEXT, variables, operationName: 'DiceRoll' }) });
    const json = await response.json();
    check(json.data?.diceRoll, 'bare fetch');
  };
  const senders = { 'client.dice': viaDice, 'client.graphql(text)': viaGraphql, 'bare fetch': viaFetch };

  async function measure(send, total) {
    globalThis.gc?.();
    const start = performance.now();
    for (let i = 0; i < total; i++) await send();
    return total / ((performance.now() - start) / 1000);
  }

  for (const send of Object.values(senders)) await measure(send, WARMUP);

  const median = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    const mid = s.length >> 1;
    return s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
  };
  const names = Object.keys(senders);
  const rates = Object.fromEntries(names.map((n) => [n, []]));
  for (let round = 0; round < ROUNDS; round++) {
    const order = names.map((_, i) => names[(i + round) % names.length]);
    for (const name of order) rates[name].push(await measure(senders[name], BETS));
  }
  const med = Object.fromEntries(names.map((n) => [n, median(rates[n])]));
  const executed = sandbox.stats().mutations_executed;

  console.log(`\nDiceRoll round trips, local sandbox, ${BETS} sequential bets x ${ROUNDS} rotating rounds, medians (Node ${process.version})`);
  console.table(names.map((n) => ({
    sender: n,
    'bets/s (median)': Math.round(med[n]),
    'min–max': `${Math.round(Math.min(...rates[n]))}–${Math.round(Math.max(...rates[n]))}`,
    'vs bare fetch': (med[n] / med['bare fetch']).toFixed(3),
  })));
  // The layer's own CPU time, free of network noise: place_dice against a client
  // whose graphql() answers at once (checks, amount, identifier, variables, result copy).
  const { place_dice } = await import(dist('operations/index.js'));
  const canned = { diceRoll: { id: 'x', amount: 0.01, state: { result: 1, target: 50.5, condition: 'above' } } };
  const instant = { graphql: async () => canned };
  const N = 200_000;
  for (let i = 0; i < 20_000; i++) await place_dice(instant, { amount: 0.01, currency: 'usd', target: 50.5, condition: 'above' });
  globalThis.gc?.();
  let t = performance.now();
  for (let i = 0; i < N; i++) await place_dice(instant, { amount: 0.01, currency: 'usd', target: 50.5, condition: 'above' });
  const layerUs = ((performance.now() - t) / N) * 1000;
  t = performance.now();
  for (let i = 0; i < N; i++) await instant.graphql();
  const floorUs = ((performance.now() - t) / N) * 1000;
  const roundTripUs = 1e6 / med['client.graphql(text)'];
  const share = (layerUs - floorUs) / roundTripUs;
  console.log(`layer CPU per bet: ${(layerUs - floorUs).toFixed(2)} µs (place_dice ${layerUs.toFixed(2)} µs - bare await ${floorUs.toFixed(2)} µs) = ${(share * 100).toFixed(2)}% of a ${Math.round(roundTripUs)} µs round trip`);

  const layer = med['client.dice'] / med['client.graphql(text)'];
  const overall = med['client.dice'] / med['bare fetch'];
  console.log(`typed layer end to end (client.dice / client.graphql(text), medians): ${layer.toFixed(3)} -> ${((1 - layer) * 100).toFixed(1)}% (round-trip noise on this machine: see min–max)`);
  console.log(`typed layer cost (CPU share of a round trip): ${(share * 100).toFixed(2)}% (target <= 5%): ${share <= 0.05 ? 'OK' : 'OVER'}`);
  console.log(`client.dice / bare fetch: ${overall.toFixed(3)} (${((1 - overall) * 100).toFixed(1)}% below bare fetch, the client's HTTP handling included)`);
  console.log(`bets executed by the sandbox: ${executed}`);
  await client.close();
} finally {
  await sandbox.close();
}
