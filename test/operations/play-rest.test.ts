/**
 * The REST path (`POST {base}/_api/casino/{path}`) against the real sandbox,
 * seen by a recording proxy written here: with `rest: true` every game that
 * has a sourced route goes over it and no GraphQL request leaves; the body is
 * the site's variables with the identifier; the bet is the sandbox ledger's;
 * a lost answer is an unknown outcome carrying the identifier, never resent;
 * the site's errors come back typed and redacted.
 */
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StakeClient } from '../../src/facade/index.js';
import type { Sandbox } from '../../src/sandbox/index.js';
import { GraphQLError, TransportError } from '../../src/transport/errors/index.js';
import { sandbox, user } from './helpers.js';

interface Seen {
  readonly method: string;
  readonly path: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: unknown;
}

interface Proxy {
  readonly url: string;
  readonly seen: Seen[];
  /** The next request is forwarded and booked, and its answer is never written (the socket is destroyed). */
  lose_next_answer(): void;
  close(): Promise<void>;
}

async function recording_proxy(target: string): Promise<Proxy> {
  const upstream = new URL(target);
  const seen: Seen[] = [];
  let lose = false;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      seen.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: JSON.parse(raw.toString('utf8') || 'null') });
      const losing = lose;
      lose = false;
      const out = http.request(
        { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: { ...req.headers, host: upstream.host } },
        (answer) => {
          const parts: Buffer[] = [];
          answer.on('data', (c: Buffer) => parts.push(c));
          answer.on('end', () => {
            if (losing) {
              res.destroy();
              return;
            }
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            res.end(Buffer.concat(parts));
          });
        },
      );
      out.on('error', () => res.destroy());
      out.end(raw);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    lose_next_answer: () => {
      lose = true;
    },
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let box: Sandbox;
let proxy: Proxy;
beforeAll(async () => {
  box = await sandbox();
  proxy = await recording_proxy(box.url);
});
afterAll(async () => {
  await proxy.close();
  await box.close();
});

/** A user of the sandbox: a client through the proxy (with `rest`) and one straight to the sandbox (to read the ledger). */
function through_proxy(rest: boolean) {
  const { login, client: direct } = user(box);
  const client = new StakeClient({ base_url: proxy.url, access_token: login.access_token, session_cookie: login.session_cookie, timeout_ms: 10_000, rest });
  return { login, client, direct };
}

async function usd(client: StakeClient): Promise<number> {
  const balances = await client.balances();
  return Number(balances.find((b) => b.available.currency === 'usd')?.available.amount);
}

describe('the REST path', () => {
  it('with rest: true, dice, limbo, keno and mines go to /_api/casino/{path}, no GraphQL request; the bet is the ledger\'s', async () => {
    const { client, direct, login } = through_proxy(true);
    const cases = [
      ['dice', { target: 50.5, condition: 'below' }, '/_api/casino/dice/roll', 'diceRoll'],
      ['limbo', { multiplierTarget: 2 }, '/_api/casino/limbo/bet', 'limboBet'],
      ['keno', { numbers: [1, 2, 3], risk: 'classic' }, '/_api/casino/keno/bet', 'kenoBet'],
      ['mines', { minesCount: 3, fields: [0, 1, 2] }, '/_api/casino/mines/bet', 'minesBet'],
    ] as const;
    const start = proxy.seen.length;
    for (const [game, params, path] of cases) {
      const before = await usd(direct);
      const bet = await client.play(game, { amount: 1, currency: 'usd', ...params } as never);
      const after = await usd(direct);
      const request = proxy.seen[proxy.seen.length - 1] as Seen;
      expect(request.path, game).toBe(path);
      expect(request.method).toBe('POST');
      expect(request.body).toEqual({ amount: 1, currency: 'usd', ...params, identifier: bet.identifier });
      expect(request.headers['x-access-token']).toBe(login.access_token);
      expect(request.headers['x-operation-name']).toBeUndefined();
      expect(bet.identifier).toMatch(/^[A-Za-z0-9_-]{21}$/);
      expect(bet).toMatchObject({ game, active: false, amount: 1, currency: 'usd' });
      // The sandbox's own ledger moved by what the answer says was paid.
      expect(after - before).toBeCloseTo(bet.payout - 1, 8);
    }
    const mine = proxy.seen.slice(start);
    expect(mine).toHaveLength(cases.length);
    expect(mine.filter((s) => s.path === '/_api/graphql')).toEqual([]);
  });

  it('with rest: true, wheel, roulette, baccarat and pump go to their routes too; roulette and baccarat send their chips and no amount', async () => {
    const { client, direct } = through_proxy(true);
    const cases = [
      ['wheel', 1, { risk: 'medium', segments: 20 }, '/_api/casino/wheel/spin', true],
      ['roulette', 1.5, { numbers: [{ value: 'number7', amount: 0.5 }], colors: [{ value: 'colorBlack', amount: 1 }] }, '/_api/casino/roulette/bet', false],
      ['baccarat', 3, { player: 1, banker: 2 }, '/_api/casino/baccarat/bet', false],
      ['pump', 1, { difficulty: 'hard', round: 2 }, '/_api/casino/pump/bet', true],
    ] as const;
    const start = proxy.seen.length;
    for (const [game, amount, params, path, sends_amount] of cases) {
      const before = await usd(direct);
      const bet = await client.play(game, { amount, currency: 'usd', ...params } as never);
      const after = await usd(direct);
      const request = proxy.seen[proxy.seen.length - 1] as Seen;
      expect(request.path, game).toBe(path);
      expect(request.method).toBe('POST');
      // Baccarat's sides not staked are sent as 0 (the check fills them in); roulette sends all five chip lists,
      // empty when unused, as SBOT (BotEngine.cs:778) and BOT4X do.
      const empty_lists = { colors: [], numbers: [], parities: [], ranges: [], rows: [] };
      const sent = game === 'baccarat' ? { tie: 0, ...params } : game === 'roulette' ? { ...empty_lists, ...params } : params;
      expect(request.body, game).toEqual({ ...(sends_amount ? { amount } : {}), currency: 'usd', ...sent, identifier: bet.identifier });
      expect(bet).toMatchObject({ game, active: false, currency: 'usd' });
      // The game's own `state`, every field its type has (src/games/<game>/site.ts).
      const keys = { wheel: ['result', 'segments', 'risk'], roulette: ['result', 'numbers', 'colors'], baccarat: ['playerCards', 'bankerCards', 'result'], pump: ['difficulty', 'round', 'payoutMultiplier'] }[game];
      expect(Object.keys(bet.state as object), game).toEqual(expect.arrayContaining(keys));
      // The sandbox's own ledger moved by what the answer says was paid, less the stake (the chips' total).
      expect(after - before, game).toBeCloseTo(bet.payout - amount, 8);
    }
    const mine = proxy.seen.slice(start);
    expect(mine).toHaveLength(cases.length);
    expect(mine.filter((s) => s.path === '/_api/graphql')).toEqual([]);
  });

  it('without rest, the same bet goes over GraphQL', async () => {
    const { client } = through_proxy(false);
    await client.play('dice', { amount: 1, currency: 'usd', target: 50, condition: 'above' });
    const request = proxy.seen[proxy.seen.length - 1] as Seen;
    expect(request.path).toBe('/_api/graphql');
    expect((request.body as { operationName: string }).operationName).toBe('DiceRoll');
  });

  it('a lost answer is an unknown outcome carrying the identifier: sent once, booked once, never resent', async () => {
    const { client, direct } = through_proxy(true);
    const before = await usd(direct);
    const executed = box.stats().mutations_executed;
    const start = proxy.seen.length;
    proxy.lose_next_answer();
    const identifier = 'lost-rest-answer-0001';
    const error = await client.play('dice', { amount: 2, currency: 'usd', target: 50, condition: 'above', identifier }).then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ may_have_reached_server: true, identifier, operation_name: 'dice/roll' });
    expect((error as TransportError).request?.url).toBe(`${proxy.url}/_api/casino/dice/roll`);
    expect(proxy.seen.length - start).toBe(1);
    expect(box.stats().mutations_executed - executed).toBe(1);
    // It ran: the stake left the balance (and came back with a win's payout, whichever it was).
    const after = await usd(direct);
    expect(after).not.toBe(before);
  });

  it("the site's refusal comes back typed from the REST envelope, with no credential in it", async () => {
    const { client, login } = through_proxy(true);
    const error = await client.rest('dice/roll', { amount: 1, currency: 'usd', target: 99.5, condition: 'below', identifier: 'rest-refusal-00000001' })
      .then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(GraphQLError);
    expect((error as GraphQLError).errors[0]?.error_type).toBeTruthy();
    expect(JSON.stringify(error)).not.toContain(login.access_token);
    expect(JSON.stringify(error)).not.toContain(login.session_cookie);
  });

  it('refuses a bad path, body or rest option before anything is sent', async () => {
    const { client, login } = through_proxy(true);
    const start = proxy.seen.length;
    await expect(client.rest('../graphql', {})).rejects.toThrow(/^path must be a casino route/);
    await expect(client.rest('dice/roll?x=1', {})).rejects.toThrow(RangeError);
    await expect(client.rest('dice/roll', [] as never)).rejects.toThrow(/^body must be an object/);
    expect(() => new StakeClient({ base_url: proxy.url, access_token: login.access_token, rest: 'yes' as never })).toThrow(/^rest must be true or false/);
    expect(proxy.seen.length).toBe(start);
  });

  it('the sandbox answers 404 on a route it has no game for', async () => {
    const response = await fetch(`${box.url}/_api/casino/no-such-game/bet`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(404);
  });
});
