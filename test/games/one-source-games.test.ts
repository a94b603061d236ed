/**
 * The REST-only games that rest on one public source (SBOT BotEngine.cs):
 * drill, moles, primedice-x. A recording HTTP server on 127.0.0.1 stands in
 * for the site: it sees the exact route and body a client sends (the body
 * SBOT sends, written out here from its source, not from our rules), and
 * answers a minimal bet under a key that is not our guessed name (the key was
 * never captured; SBOT reads the answer's only key). Bad input never reaches
 * it. `stakeql sim` refuses each game with exit 2: no pay table is public.
 */
import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StakeClient } from '../../src/facade/index.js';
import { runCli } from '../cli/helpers/cli.js';

interface Seen {
  readonly method: string;
  readonly path: string;
  readonly body: Record<string, unknown>;
}

const NOT_A_BET = 'id-not-a-bet-00000000000';
let server: http.Server;
let url: string;
const seen: Seen[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
      seen.push({ method: req.method ?? '', path: req.url ?? '', body });
      // A minimal bet under an unguessed key: the client must read the answer's only key.
      const bet = { id: `bet-${seen.length}`, active: false, payoutMultiplier: 0, amountMultiplier: 1, amount: body['amount'], payout: 0, currency: body['currency'], game: 'x', state: { echo: true } };
      res.writeHead(200, { 'content-type': 'application/json' });
      // An only key that holds no object is no bet: the client must not read one out of it.
      res.end(JSON.stringify(body['identifier'] === NOT_A_BET ? { someAnswerKey: [bet] } : { someAnswerKey: bet }));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const client = (): StakeClient => new StakeClient({ base_url: url, access_token: 'a'.repeat(96), timeout_ms: 10_000, rest: true });

/** Each game: good inputs and the body SBOT's BotEngine.cs sends for them (beside amount, currency, identifier), and bad inputs. */
const CASES = [
  {
    game: 'drill', route: '/_api/casino/drill/bet',
    good: [[{ target: 2.5, pick: 3 }, { target: 2.5, pick: 3 }]],
    bad: [
      [{ pick: 1 }, /^target/],
      [{ target: -1, pick: 1 }, /^target must be a finite number above 0/],
      [{ target: Number.NaN, pick: 1 }, /^target/],
      [{ target: 2 }, /^pick must be an integer/],
      [{ target: 2, pick: 0 }, /^pick must be 1 to/],
    ],
  },
  {
    game: 'moles', route: '/_api/casino/moles/autobet',
    // A pick may repeat, in the order given: evilbot's README bets moles = 6, picks = [0,1,1,1,2,6] (poky1084/evilbot README.md "moles").
    good: [[{ molesCount: 4, picks: [1, 5, 9] }, { molesCount: 4, picks: [1, 5, 9] }], [{ molesCount: 6, picks: [0, 1, 1, 1, 2, 6] }, { molesCount: 6, picks: [0, 1, 1, 1, 2, 6] }]],
    bad: [
      [{ picks: [1] }, /^molesCount must be an integer/],
      [{ molesCount: 2.5, picks: [1] }, /^molesCount must be an integer/],
      [{ molesCount: 101, picks: [1] }, /^molesCount must be 1 to 100/],
      [{ molesCount: 2, picks: '1,2' }, /^picks must be an array/],
      [{ molesCount: 2, picks: [1, -1] }, /^picks must hold integers 0 to 99/],
      [{ molesCount: 2, picks: [1.5] }, /^picks must hold integers only/],
    ],
  },
  {
    game: 'primediceX', route: '/_api/casino/primedice-x/bet',
    // SBOT sends target3 and target4 as null for one range, as numbers for two.
    good: [
      [{ target1: 10, target2: 45.5, condition: 'rollBetween' }, { target1: 10, target2: 45.5, target3: null, target4: null, condition: 'rollBetween' }],
      [{ target1: 0, target2: 30, target3: null, condition: 'rollOutside' }, { target1: 0, target2: 30, target3: null, target4: null, condition: 'rollOutside' }],
      [{ target1: 5, target2: 20, target3: 70, target4: 99.99, condition: 'rollBetweenTwo' }, { target1: 5, target2: 20, target3: 70, target4: 99.99, condition: 'rollBetweenTwo' }],
    ],
    bad: [
      [{ target1: 10, target2: 45 }, /^condition must be "rollBetween", "rollOutside" or "rollBetweenTwo"/],
      [{ target1: 10, target2: 45, condition: 'rollbetween' }, /^condition must be/],
      [{ target1: -1, target2: 45, condition: 'rollBetween' }, /^target1 must be a finite number from 0 to 100/],
      [{ target1: 10, target2: 101, condition: 'rollBetween' }, /^target2 must be a finite number from 0 to 100/],
      [{ target1: 10, target2: '45', condition: 'rollBetween' }, /^target2/],
      [{ target1: 45, target2: 45, condition: 'rollOutside' }, /^target2 must be above target1/],
      [{ target1: 10, target2: 45, target3: 60, condition: 'rollBetween' }, /^target3 must be absent or null for condition rollBetween/],
      [{ target1: 10, target2: 45, target4: 60, condition: 'rollOutside' }, /^target4 must be absent or null for condition rollOutside/],
      [{ target1: 10, target2: 45, target3: 60, condition: 'rollBetweenTwo' }, /^target4 must be a number/],
      [{ target1: 10, target2: 45, target3: 80, target4: 60, condition: 'rollBetweenTwo' }, /^target4 must be above target3/],
    ],
  },
] as const;

describe('the one-source REST games', () => {
  it('refuse bad input before the wire: nothing reaches the server', async () => {
    const c = client();
    for (const { game, bad } of CASES) {
      for (const [input, message] of bad) {
        await expect(c.play(game, { amount: 1, currency: 'usd', ...input } as never), `${game} ${JSON.stringify(input)}`).rejects.toThrow(message);
      }
    }
    expect(seen).toEqual([]);
  });

  it('send SBOT\'s body to the route and read the bet from the answer\'s only key', async () => {
    const c = client();
    for (const { game, route, good } of CASES) {
      for (const [input, body] of good) {
        const bet = await c.play(game, { amount: 0.5, currency: 'btc', identifier: 'id-123456789012345678', ...input } as never);
        const request = seen[seen.length - 1] as Seen;
        expect(request.method, game).toBe('POST');
        expect(request.path, game).toBe(route);
        expect(request.body, game).toEqual({ amount: 0.5, currency: 'btc', identifier: 'id-123456789012345678', ...body });
        expect(bet, game).toMatchObject({ id: `bet-${seen.length}`, identifier: 'id-123456789012345678', state: { echo: true } });
      }
    }
  });

  it('never reads a bet out of an only key that holds no object (an array here)', async () => {
    const c = client();
    const { game, good } = CASES[0] as (typeof CASES)[number];
    // A lost answer, as for a dropped connection: it may have run, look it up by its identifier.
    await expect(c.play(game, { amount: 0.5, currency: 'btc', identifier: NOT_A_BET, ...good[0]![0] } as never)).rejects.toMatchObject({
      name: 'TransportError', reason: 'bad_response', may_have_reached_server: true, identifier: NOT_A_BET,
    });
  });
});

describe('stakeql sim on a one-source game', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stakeql-sim-one-source-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('refuses each with exit 2 before any bet, saying its table is not public', async () => {
    for (const { game, good } of CASES) {
      const file = path.join(dir, `${game}.json`);
      fs.writeFileSync(file, JSON.stringify({ game, bet: { amount: 0.00000001, ...good[0][0] } }));
      const r = await runCli(['sim', file, '--balance', '1', '--bets', '10', '--sessions', '2', '--workers', '1'], { configDir: dir, timeoutMs: 60_000 });
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(new RegExp(`${game}'s pay table is not public`));
    }
  }, 120_000);
});
