// `client.play(game, input)` against a bare `fetch` of the same request, on
// the local sandbox, over both transports: GraphQL (the DiceRoll document) and
// REST (`POST /_api/casino/dice/roll`, a client with `rest: true`). `play`
// adds the registry lookup, the game's input checks, amount normalisation, a
// fresh identifier and the transport's headers, cookies and redaction. Bets
// are sequential (a user's bets never overlap on the site); rounds rotate the
// order so drift hits every sender; the figure is the median over rounds of
// play / bare fetch (target >= 0.9).
// Run through `npm run bench` (builds dist/ first), or
// `node --expose-gc bench/play.mjs [--rounds N] [--bets N] [--dist DIR]`.
import { parseArgs } from 'node:util';
import { sent_headers } from './support/sent-headers.mjs';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '7' },
    bets: { type: 'string', default: '300' },
    warmup: { type: 'string', default: '200' },
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

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

const sandbox = await start_sandbox({ starting_balances: { usd: 1e9 } });
try {
  const login = sandbox.login('bench');
  const options = { base_url: sandbox.url, access_token: login.access_token, session_cookie: login.session_cookie, user_agent: 'Mozilla/5.0 (bench) Chrome/131' };
  const graphqlClient = new StakeClient(options);
  const restClient = new StakeClient({ ...options, rest: true });
  const input = { amount: 0.01, currency: 'usd', target: 50.5, condition: 'above' };
  const check = (bet, who) => {
    if (bet?.state?.target !== 50.5 || bet.amount !== 0.01) throw new Error(`${who}: wrong answer`);
  };
  const TEXT = document_text(DiceRoll);

  // Headers exactly as the client sends them (after the first answer set its cookies).
  check(await graphqlClient.play('dice', input), 'play');
  check(await restClient.play('dice', input), 'play rest');
  const headers = sent_headers(sandbox);
  const restHeaders = Object.fromEntries(Object.entries(headers).filter(([name]) => name !== 'x-operation-name' && name !== 'x-operation-type'));
  const graphqlUrl = `${sandbox.url}/_api/graphql`;
  const restUrl = `${sandbox.url}/_api/casino/dice/roll`;

  const senders = {
    'play (GraphQL)': async () => check(await graphqlClient.play('dice', input), 'play'),
    'bare fetch (GraphQL)': async () => {
      const variables = { ...input, identifier: new_identifier() };
      const response = await fetch(graphqlUrl, { method: 'POST', headers, body: JSON.stringify({ query: TEXT, variables, operationName: 'DiceRoll' }) });
      check((await response.json()).data?.diceRoll, 'bare fetch');
    },
    'play (REST)': async () => check(await restClient.play('dice', input), 'play rest'),
    'bare fetch (REST)': async () => {
      const response = await fetch(restUrl, { method: 'POST', headers: restHeaders, body: JSON.stringify({ ...input, identifier: new_identifier() }) });
      check((await response.json()).diceRoll, 'bare fetch rest');
    },
  };

  async function measure(send, total) {
    globalThis.gc?.();
    const start = performance.now();
    for (let i = 0; i < total; i++) await send();
    return total / ((performance.now() - start) / 1000);
  }
  for (const send of Object.values(senders)) await measure(send, WARMUP);

  const names = Object.keys(senders);
  const rates = Object.fromEntries(names.map((n) => [n, []]));
  for (let round = 0; round < ROUNDS; round++) {
    const order = names.map((_, i) => names[(i + round) % names.length]);
    for (const name of order) rates[name].push(await measure(senders[name], BETS));
  }
  const ratio = (a, b) => median(rates[a].map((r, i) => r / rates[b][i]));

  console.log(`\nclient.play('dice') vs bare fetch, local sandbox, ${BETS} sequential bets x ${ROUNDS} rotating rounds (Node ${process.version})`);
  console.table(names.map((n) => ({
    sender: n,
    'bets/s (median)': Math.round(median(rates[n])),
    'min–max': `${Math.round(Math.min(...rates[n]))}–${Math.round(Math.max(...rates[n]))}`,
  })));
  for (const kind of ['GraphQL', 'REST']) {
    const r = ratio(`play (${kind})`, `bare fetch (${kind})`);
    console.log(`play / bare fetch over ${kind} (median of per-round ratios): ${r.toFixed(3)} (target >= 0.9): ${r >= 0.9 ? 'OK' : 'UNDER'}`);
  }
  console.log(`bets executed by the sandbox: ${sandbox.stats().mutations_executed}`);
  await graphqlClient.close();
  await restClient.close();
} finally {
  await sandbox.close();
}
