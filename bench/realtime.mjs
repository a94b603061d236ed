// Throughput of the realtime feed through StakeClient.subscribe against the
// floor: a raw `ws` client speaking graphql-transport-ws by hand (parsing each
// message, as any consumer must), reading the same stream from the same
// sandbox websocket server in the same run. Each round publishes a burst of
// balance events on the sandbox's event bus and times until the reader has
// every one; rounds alternate which reader goes first; medians are reported,
// per second of wall time and per second of this process's CPU time (the
// floor is checked on the latter: wall time on a shared machine is noise).
// Run through `npm run bench` (builds dist/ first), or
// `node --expose-gc bench/realtime.mjs [--rounds N] [--events N] [--dist DIR]`.
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import WebSocket from 'ws';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '7' },
    events: { type: 'string', default: '20000' },
    dist: { type: 'string', default: new URL('../dist/', import.meta.url).pathname },
  },
});
const ROUNDS = Number(args.rounds);
const EVENTS = Number(args.events);
const dist = (path) => pathToFileURL(resolve(args.dist, path)).href;

const { StakeClient } = await import(dist('facade/index.js'));
const { RealtimeServer } = await import(dist('sandbox/realtime/server.js'));
const { AuthRegistry } = await import(dist('sandbox/auth.js'));
const { ClearanceRegistry } = await import(dist('sandbox/clearance.js'));
const { SandboxEvents } = await import(dist('sandbox/events.js'));

// The sandbox's realtime server on its own HTTP server, so the bench can publish
// on the event bus directly: HTTP bets would bound the rate long before the feed does.
const events = new SandboxEvents();
const auth = new AuthRegistry(3600, 10);
const server = createServer((_req, res) => res.writeHead(404).end());
const realtime = new RealtimeServer(server, { auth, clearance: new ClearanceRegistry(), requireClearance: false, events });
await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
const base_url = `http://127.0.0.1:${server.address().port}`;
const user_id = 'bench-user';
const token = auth.issueToken(user_id);
const QUERY = 'subscription AvailableBalances {\n  availableBalances {\n    amount\n    identifier\n    balance {\n      amount\n      currency\n    }\n  }\n}\n';

const live = async (n) => {
  while (realtime.stats().live_subscriptions !== n) await new Promise((r) => setTimeout(r, 2));
};
const publish = (round) => {
  for (let i = 0; i < EVENTS; i++) {
    events.emit('balance', { user_id, currency: 'btc', amount: -0.00001, balance: 1 - i * 0.00001, identifier: `r${round}-${i}` });
  }
};

/** Raw ws: connection_init, subscribe, count `next` messages until the burst is in. */
async function raw(round) {
  const socket = new WebSocket(`${base_url.replace('http:', 'ws:')}/_api/websockets`, 'graphql-transport-ws');
  let received = 0;
  let last = null;
  let done;
  const finished = new Promise((ok) => (done = ok));
  socket.on('message', (data) => {
    const message = JSON.parse(String(data));
    if (message.type === 'connection_ack') {
      socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: QUERY, operationName: 'AvailableBalances' } }));
    } else if (message.type === 'next') {
      last = message.payload.data.availableBalances.identifier;
      if (++received === EVENTS) done();
    }
  });
  await new Promise((ok) => socket.once('open', ok));
  socket.send(JSON.stringify({ type: 'connection_init', payload: { accessToken: token, language: 'en' } }));
  await live(1);
  const start = clock();
  publish(round);
  await finished;
  const result = rates(start);
  if (last !== `r${round}-${EVENTS - 1}`) throw new Error('raw: wrong last event');
  socket.close();
  await live(0);
  return result;
}

/** StakeClient.subscribe: the typed feed, one connection, read with for await. */
async function client(round) {
  const stake = new StakeClient({ base_url, access_token: token });
  const feed = stake.watch_balances();
  const first = feed.next();
  await live(1);
  const start = clock();
  publish(round);
  let received = 0;
  let last = (await first).value;
  received++;
  if (received < EVENTS) {
    for await (const update of feed) {
      last = update;
      if (++received === EVENTS) break;
    }
  }
  const result = rates(start);
  if (last.identifier !== `r${round}-${EVENTS - 1}`) throw new Error('client: wrong last event');
  await stake.close();
  await live(0);
  return result;
}

// The consumer-bound case: a bare graphql-transport-ws peer that answers a subscription
// with the whole burst of pre-serialised `next` frames at once, so the reader, not the
// server, sets the pace. Same two readers.
const { WebSocketServer } = await import('ws');
const replay = new WebSocketServer({ host: '127.0.0.1', port: 0, handleProtocols: () => 'graphql-transport-ws' });
await new Promise((ok) => replay.once('listening', ok));
const replay_url = `http://127.0.0.1:${replay.address().port}`;
let replay_round = 0;
replay.on('connection', (socket) => {
  socket.on('message', (data) => {
    const message = JSON.parse(String(data));
    if (message.type === 'connection_init') socket.send('{"type":"connection_ack"}');
    if (message.type !== 'subscribe') return;
    const id = JSON.stringify(message.id);
    for (let i = 0; i < EVENTS; i++) {
      socket.send(`{"id":${id},"type":"next","payload":{"data":{"availableBalances":{"amount":-0.00001,"identifier":"r${replay_round}-${i}","balance":{"amount":${1 - i * 0.00001},"currency":"btc"}}}}}`);
    }
  });
});

async function raw_replay(round) {
  replay_round = round;
  const socket = new WebSocket(`${replay_url.replace('http:', 'ws:')}/_api/websockets`, 'graphql-transport-ws');
  let received = 0;
  let last = null;
  let done;
  let start = null;
  const finished = new Promise((ok) => (done = ok));
  socket.on('message', (data) => {
    const message = JSON.parse(String(data));
    if (message.type === 'connection_ack') {
      start = clock();
      socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: QUERY, operationName: 'AvailableBalances' } }));
    } else if (message.type === 'next') {
      last = message.payload.data.availableBalances.identifier;
      if (++received === EVENTS) done();
    }
  });
  await new Promise((ok) => socket.once('open', ok));
  socket.send(JSON.stringify({ type: 'connection_init', payload: { accessToken: token, language: 'en' } }));
  await finished;
  const result = rates(start);
  if (last !== `r${round}-${EVENTS - 1}`) throw new Error('raw replay: wrong last event');
  socket.terminate();
  return result;
}

async function client_replay(round) {
  replay_round = round;
  const stake = new StakeClient({ base_url: replay_url, access_token: token });
  // Timed from connection_ack, as the raw reader is.
  let start = null;
  stake.on_realtime_state((event) => {
    if (event.state === 'connected') start = clock();
  });
  let received = 0;
  let last = null;
  for await (const update of stake.watch_balances()) {
    last = update;
    if (++received === EVENTS) break;
  }
  const result = rates(start);
  if (last.identifier !== `r${round}-${EVENTS - 1}`) throw new Error('client replay: wrong last event');
  await stake.close();
  return result;
}

// Wall time and this process's CPU time (user + system): on a shared machine other
// processes steal wall time at random, while the CPU this process spends on the
// burst (server and reader alike) is what the reader's cost shows in.
const clock = () => ({ wall: performance.now(), cpu: process.cpuUsage() });
const rates = (start) => {
  const cpu = process.cpuUsage(start.cpu);
  return { wall: EVENTS / ((performance.now() - start.wall) / 1000), cpu: EVENTS / ((cpu.user + cpu.system) / 1e6) };
};

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

async function compare(title, readers) {
  await readers.raw(-1);
  await readers.client(-2);
  const got = { client: [], raw: [] };
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? ['client', 'raw'] : ['raw', 'client'];
    for (const name of order) {
      globalThis.gc?.();
      got[name].push(await readers[name](round * 2 + (name === 'raw' ? 1 : 0)));
    }
  }
  const m = (name, kind) => median(got[name].map((r) => r[kind]));
  return {
    case: title,
    'client ev/CPU-s': Math.round(m('client', 'cpu')),
    'raw ev/CPU-s': Math.round(m('raw', 'cpu')),
    'client / raw (CPU)': (m('client', 'cpu') / m('raw', 'cpu')).toFixed(3),
    'client ev/s (wall)': Math.round(m('client', 'wall')),
    'raw ev/s (wall)': Math.round(m('raw', 'wall')),
    'client / raw (wall)': (m('client', 'wall') / m('raw', 'wall')).toFixed(3),
    ratio: m('client', 'cpu') / m('raw', 'cpu'),
  };
}

try {
  const rows = [
    await compare('sandbox server (bus → graphql-ws server → socket)', { client, raw }),
    await compare('replay peer (reader-bound)', { client: client_replay, raw: raw_replay }),
  ];
  console.log(`\nRealtime feed: ${EVENTS} AvailableBalances events per round, median of ${ROUNDS} alternating rounds (Node ${process.version})`);
  console.table(rows.map(({ ratio: _ratio, ...row }) => row));
  for (const row of rows) {
    const verdict = row.ratio >= 0.9 ? 'within 10% of raw ws (floor 0.9×: met)' : `${((1 - row.ratio) * 100).toFixed(1)}% below raw ws (floor 0.9×: NOT met)`;
    console.log(`${row.case}: client.subscribe per CPU second is ${verdict}`);
  }
} finally {
  for (const socket of replay.clients) socket.terminate();
  await new Promise((ok) => replay.close(ok));
  await realtime.close();
  await new Promise((ok) => server.close(ok));
}
