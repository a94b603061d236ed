// The browser transport against the direct path, in one run, on one sandbox:
// 1. a `client.dice()` loop through a tab of Debian's chromium (each bet the
//    page's own fetch over the DevTools protocol) against the same loop sent
//    directly, rounds alternating which goes first, medians; and the share of a
//    browser bet that is the DevTools round trip alone (a `page.evaluate` of
//    nothing, timed in the same run);
// 2. realtime balance events through the websocket opened in the page and
//    bridged to Node against the same feed read by a direct client (target:
//    bridge / direct >= 0.5).
// Needs /usr/bin/chromium. Run through `npm run bench` (builds dist/ first), or
// `node bench/browser.mjs [--bets N] [--events N] [--rounds N] [--dist DIR]`.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    bets: { type: 'string', default: '200' },
    events: { type: 'string', default: '5000' },
    rounds: { type: 'string', default: '3' },
    dist: { type: 'string', default: new URL('../dist/', import.meta.url).pathname },
  },
});
const BETS = Number(args.bets);
const EVENTS = Number(args.events);
const ROUNDS = Number(args.rounds);
const CHROMIUM = '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  console.log(`browser: skipped (${CHROMIUM} is missing)`);
  process.exit(0);
}
const dist = (path) => pathToFileURL(resolve(args.dist, path)).href;
const { StakeClient } = await import(dist('facade/index.js'));
const { start_sandbox } = await import(dist('sandbox/index.js'));
const { RealtimeServer } = await import(dist('sandbox/realtime/server.js'));
const { AuthRegistry } = await import(dist('sandbox/auth.js'));
const { ClearanceRegistry } = await import(dist('sandbox/clearance.js'));
const { SandboxEvents } = await import(dist('sandbox/events.js'));
const { chromium } = await import('playwright-core');

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const profile = mkdtempSync(join(tmpdir(), 'stakeql-bench-browser-'));
const child = spawn(CHROMIUM, ['--headless=new', '--remote-debugging-port=0', '--remote-debugging-address=127.0.0.1', `--user-data-dir=${profile}`,
  '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', 'about:blank'], { stdio: ['ignore', 'ignore', 'pipe'] });
const cdp_url = await new Promise((ok, fail) => {
  let seen = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk) => {
    seen += chunk;
    const match = /DevTools listening on (ws:\/\/\S+)/.exec(seen);
    if (match) ok(match[1]);
  });
  child.once('exit', () => fail(new Error(`chromium exited: ${seen.slice(-300)}`)));
});
child.stderr.resume();

const sandbox = await start_sandbox({ starting_balances: { btc: 1000 } });
const user = await chromium.connectOverCDP(cdp_url);
const tab = user.contexts()[0].pages()[0];
try {
  // 1. dice loops.
  await tab.goto(`${sandbox.url}/login?user=bench`);
  const token = (await tab.context().cookies(sandbox.url)).find((c) => c.name === 'session').value;
  const direct = new StakeClient({ base_url: sandbox.url, access_token: token });
  const browser = StakeClient.from_browser(cdp_url, { base_url: sandbox.url });
  const bet = { amount: 0.00000001, currency: 'btc', target: 50, condition: 'above' };
  const loop = async (client) => {
    const start = performance.now();
    for (let i = 0; i < BETS; i++) await client.dice(bet);
    return (performance.now() - start) / BETS;
  };
  await loop(direct);
  await loop(browser);
  const per = { direct: [], browser: [], devtools: [] };
  for (let r = 0; r < ROUNDS; r++) {
    const order = r % 2 === 0 ? ['direct', 'browser'] : ['browser', 'direct'];
    for (const name of order) per[name].push(await loop(name === 'direct' ? direct : browser));
    const start = performance.now();
    for (let i = 0; i < BETS; i++) await tab.evaluate('0');
    per.devtools.push((performance.now() - start) / BETS);
  }
  const d = median(per.direct);
  const b = median(per.browser);
  const rt = median(per.devtools);
  console.log(`browser: dice loop ${BETS} bets x ${ROUNDS} rounds: direct ${d.toFixed(2)} ms/bet, browser ${b.toFixed(2)} ms/bet, ` +
    `direct/browser throughput ratio ${(d / b).toFixed(2)}; DevTools round trip ${rt.toFixed(2)} ms = ${((rt / b) * 100).toFixed(0)}% of a browser bet`);
  await direct.close();
  await browser.close();
  // Cookies are per host, not per port: the dice part's session would go to the feed's server too.
  await tab.context().clearCookies();

  // 2. realtime: the sandbox's realtime server on a server of our own that also serves a page at /, so the bench publishes on the bus directly.
  const events = new SandboxEvents();
  const auth = new AuthRegistry(3600, 10);
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!DOCTYPE html><title>feed</title>'));
  const realtime = new RealtimeServer(server, { auth, clearance: new ClearanceRegistry(), requireClearance: false, kasada: null, events });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const feed_url = `http://127.0.0.1:${server.address().port}`;
  const user_id = 'bench-user';
  const feed_token = auth.issueToken(user_id);
  const live = async (n) => {
    while (realtime.stats().live_subscriptions !== n) await new Promise((ok) => setTimeout(ok, 2));
  };
  const read = async (client, round) => {
    const feed = client.watch_balances();
    const first = feed.next();
    await live(1);
    const start = performance.now();
    for (let i = 0; i < EVENTS; i++) {
      events.emit('balance', { user_id, currency: 'btc', amount: -0.00001, balance: 1 - i * 0.00001, identifier: `r${round}-${i}` });
    }
    let last = (await first).value;
    let received = 1;
    for await (const update of feed) {
      last = update;
      if (++received === EVENTS) break;
    }
    const rate = EVENTS / ((performance.now() - start) / 1000);
    if (last.identifier !== `r${round}-${EVENTS - 1}`) throw new Error('wrong last event');
    await live(0);
    return rate;
  };
  // The floor of any bridge: the page reading the same burst on its own socket, nothing sent on to Node.
  const page_alone = async () => {
    const page = await user.contexts()[0].newPage();
    await page.goto(feed_url);
    const done = page.evaluate(({ url, token, n }) => new Promise((resolve, reject) => {
      const ws = new globalThis.WebSocket(url, 'graphql-transport-ws');
      let got = 0;
      ws.onopen = () => ws.send(JSON.stringify({ type: 'connection_init', payload: { accessToken: token } }));
      ws.onmessage = (m) => {
        const msg = JSON.parse(m.data);
        if (msg.type === 'connection_ack') {
          ws.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: 'subscription AvailableBalances { availableBalances { amount identifier balance { amount currency } } }' } }));
        } else if (msg.type === 'next' && ++got === n) {
          ws.close();
          resolve(got);
        } else if (msg.type === 'error') reject(new Error(JSON.stringify(msg.payload)));
      };
      ws.onerror = () => reject(new Error('the page socket failed'));
    }), { url: `${feed_url.replace('http', 'ws')}/_api/websockets`, token: feed_token, n: EVENTS });
    await live(1);
    const start = performance.now();
    for (let i = 0; i < EVENTS; i++) events.emit('balance', { user_id, currency: 'btc', amount: -0.00001, balance: 1, identifier: `p${i}` });
    await done;
    const rate = EVENTS / ((performance.now() - start) / 1000);
    await live(0);
    await page.close();
    return rate;
  };
  const rates = { direct: [], bridge: [], page: [] };
  const direct_feed = new StakeClient({ base_url: feed_url, access_token: feed_token });
  const bridge_feed = StakeClient.from_browser(cdp_url, { base_url: feed_url, access_token: feed_token });
  for (let r = 0; r < ROUNDS; r++) {
    const order = r % 2 === 0 ? ['direct', 'bridge'] : ['bridge', 'direct'];
    for (const name of order) rates[name].push(await read(name === 'direct' ? direct_feed : bridge_feed, `${r}${name}`));
    rates.page.push(await page_alone());
  }
  const rd = median(rates.direct);
  const rb = median(rates.bridge);
  const rp = median(rates.page);
  console.log(`browser: realtime ${EVENTS} events x ${ROUNDS} rounds: direct ${Math.round(rd)}/s, bridged from the page ${Math.round(rb)}/s, ` +
    `ratio ${(rb / rd).toFixed(2)} (target >= 0.5)${rb / rd >= 0.5 ? '' : ' BELOW TARGET'}; ` +
    `floor: the page alone reads ${Math.round(rp)}/s (${(rp / rd).toFixed(2)} of direct), the bridge ${(rb / rp).toFixed(2)} of the page alone`);
  await direct_feed.close();
  await bridge_feed.close();
  await realtime.close();
  server.close();
} finally {
  await user.close();
  await sandbox.close();
  const exited = new Promise((ok) => child.once('exit', ok));
  child.kill('SIGKILL');
  await exited;
  // Chromium's helper processes may outlive the main one by a moment, still writing into the profile.
  rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
}
