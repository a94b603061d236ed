/**
 * `retry_for_ms` (`--retry-for`): a run that meets a spell of 429s in the
 * middle of a session, from a proxy in front of the sandbox that refuses
 * every bet for a while (reads pass, so each lost answer is found out as the
 * engine must: nothing was booked). With a window longer than the spell the
 * run goes on and the sandbox books every bet once; with a shorter one it
 * stops with `error:rateLimited`. Every wait is told as a `wait` line.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { retry_for_policy, run_autobet, type BetLine, type WaitLine } from '../../../src/autobet/index.js';
import { StakeClient } from '../../../src/facade/index.js';
import { expectMartingale, MARTINGALE, world, type World } from '../helpers.js';

let w: World | undefined;
let proxy: Proxy | undefined;
let client: StakeClient | undefined;
afterEach(async () => {
  await client?.close();
  await proxy?.close();
  await w?.close();
  w = proxy = client = undefined;
});

interface Proxy {
  readonly url: string;
  /** Bet requests answered 429. */
  refused: number;
  close(): Promise<void>;
}

/**
 * Forwards to `target`; from the bet after `after_bets` on, answers every bet
 * (a DiceRoll) with 429 and `Retry-After: 1` for `spell_ms` (Infinity: until closed).
 */
async function throttling_proxy(target: string, after_bets: number, spell_ms: number): Promise<Proxy> {
  const to = new URL(target);
  let bets = 0;
  let spell: number | null = null;
  const state = { refused: 0 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (body.includes('DiceRoll')) {
        bets++;
        if (spell === null && bets > after_bets) spell = Date.now();
        if (spell !== null && Date.now() - spell < spell_ms) {
          state.refused++;
          res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
          res.end('{"errors":[{"message":"Too many requests"}]}');
          return;
        }
      }
      const forward = http.request({ host: to.hostname, port: to.port, path: req.url, method: req.method, headers: { ...req.headers, host: to.host } }, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      });
      forward.on('error', () => res.destroy());
      forward.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get refused() { return state.refused; },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function booked(world: World): Promise<{ id: string; nonce: number }[]> {
  const out: { id: string; nonce: number }[] = [];
  for await (const b of world.client.bets()) {
    const bet = b.bet as { id: string; nonce: number } | null;
    if (bet !== null) out.push({ id: bet.id, nonce: bet.nonce });
  }
  return out;
}

describe('waiting out a spell of 429s', () => {
  it('with --retry-for longer than the spell: goes on, and the sandbox books every bet once', async () => {
    w = await world();
    proxy = await throttling_proxy(w.sandbox.url, 8, 3000);
    client = new StakeClient({ access_token: w.login.access_token, session_cookie: w.login.session_cookie, base_url: proxy.url });
    const lines: BetLine[] = [];
    const waits: WaitLine[] = [];
    const r = await run_autobet({
      client, database: w.database, strategy: MARTINGALE, limits: { stop_loss: 0.01, max_bet: 0.001, max_bets: 16 },
      retry_for_ms: 60_000, on_bet: (l) => lines.push(l), on_wait: (x) => waits.push(x),
    });
    expect(r.stop?.reason).toBe('max_bets');
    expect(proxy.refused).toBeGreaterThan(0);
    const site = await booked(w);
    expect(site).toHaveLength(16);
    expect(new Set(site.map((b) => b.nonce)).size).toBe(16);
    expect(lines).toHaveLength(16);
    expectMartingale(lines);
    expect(waits.length).toBeGreaterThan(0);
    expect(waits.every((x) => x.event === 'wait' && x.reason === 'rateLimited' && x.seconds > 0 && x.seconds <= 60)).toBe(true);
  }, 60_000);

  it('with --retry-for shorter than the spell: stops with error:rateLimited, nothing booked twice', async () => {
    w = await world();
    proxy = await throttling_proxy(w.sandbox.url, 5, Infinity);
    client = new StakeClient({ access_token: w.login.access_token, session_cookie: w.login.session_cookie, base_url: proxy.url });
    const lines: BetLine[] = [];
    const r = await run_autobet({
      client, database: w.database, strategy: MARTINGALE, limits: { stop_loss: 0.01, max_bet: 0.001, max_bets: 16 },
      retry_for_ms: 1000, on_bet: (l) => lines.push(l),
    });
    expect(r.stop?.reason).toBe('error:rateLimited');
    expect(r.stop?.bets).toBe(5);
    const site = await booked(w);
    expect(site).toHaveLength(5);
    expect(lines.map((l) => l.nonce).sort()).toEqual(site.map((b) => b.nonce).sort());
  }, 60_000);

  it('refuses a window out of range before anything is sent', async () => {
    expect(() => retry_for_policy(0)).toThrow(RangeError);
    expect(() => retry_for_policy(24 * 3_600_000 + 1)).toThrow(RangeError);
    w = await world();
    await expect(run_autobet({ client: w.client, database: w.database, strategy: MARTINGALE, limits: { stop_loss: 0.01, max_bet: 0.001 }, retry_for_ms: -5 })).rejects.toThrow(/retry_for_ms/);
    expect(w.sandbox.stats().mutations_executed).toBe(0);
  });
});
