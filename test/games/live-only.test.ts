/**
 * The games played live only (no public pay table): diamonds, dragon tower,
 * flip, cases, packs, snakes, darts, bars, chicken, tarot,
 * rock-paper-scissors, slots, Tome of Life, drill, moles, primedice-x. Against the real sandbox over HTTP: every bad
 * input is refused before the wire (the sandbox's request log does not grow);
 * a good bet leaves the client over the game's sourced transport (GraphQL
 * document, else the REST route; `rest: true` for a game with both) and the
 * sandbox refuses it with the site's error shape, saying the table is not
 * public, the balance untouched; `stakeql sim` refuses one with exit 2.
 */
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StakeClient } from '../../src/facade/index.js';
import { outcome } from '../../src/fairness/index.js';
import { GAMES } from '../../src/games/registry.js';
import type { Sandbox } from '../../src/sandbox/index.js';
import { GraphQLError } from '../../src/transport/errors/index.js';
import { runCli } from '../cli/helpers/cli.js';
import { sandbox, user } from '../operations/helpers.js';

let box: Sandbox;
beforeAll(async () => {
  box = await sandbox();
});
afterAll(async () => {
  await box.close();
});

/** Each game: a bet the site's sources say it takes, how it goes on the wire, and bad inputs with the field each names. */
const CASES = [
  { game: 'diamonds', good: {}, graphql: 'DiamondsBet', rest: 'diamonds/bet', bad: [] },
  {
    game: 'dragonTower', good: { difficulty: 'hard', eggs: [0, 1, 1] }, graphql: 'DragonTowerBet', rest: 'dragon-tower/bet',
    bad: [
      [{ difficulty: 'insane', eggs: [0] }, /^difficulty must be/],
      [{ difficulty: 'hard', eggs: [2] }, /^eggs must hold tile indexes 0 to 1 on difficulty hard/],
      [{ difficulty: 'master', eggs: [] }, /^eggs must hold 1 to 9/],
      [{ difficulty: 'easy', eggs: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0] }, /^eggs must hold 1 to 9/],
      [{ difficulty: 'easy', eggs: '0,1' }, /^eggs must be an array/],
    ],
  },
  {
    game: 'flip', good: { guesses: ['heads', 'tails'] }, graphql: 'FlipBet', rest: null,
    bad: [
      [{ guesses: [] }, /^guesses must hold 1 to 20/],
      [{ guesses: ['heads', 'edge'] }, /^guesses must hold only heads \| tails/],
      [{ guesses: 3 }, /^guesses must be an array/],
    ],
  },
  { game: 'cases', good: { difficulty: 'easy' }, graphql: 'CasesBet', rest: 'cases/bet', bad: [[{ difficulty: 'master' }, /^difficulty must be/], [{}, /^difficulty must be/]] },
  { game: 'packs', good: {}, graphql: null, rest: 'packs/bet', bad: [] },
  {
    game: 'snakes', good: { difficulty: 'medium', rollCount: 3 }, graphql: null, rest: 'snakes/bet',
    bad: [[{ difficulty: 'medium', rollCount: 6 }, /^rollCount must be 1 to 5/], [{ difficulty: 'medium', rollCount: 1.5 }, /^rollCount must be an integer/]],
  },
  { game: 'darts', good: { difficulty: 'expert' }, graphql: null, rest: 'darts/bet', bad: [[{ difficulty: 'EASY' }, /^difficulty must be/]] },
  {
    game: 'bars', good: { difficulty: 'easy', tiles: [1, 4] }, graphql: null, rest: 'bars/bet',
    bad: [[{ difficulty: 'easy', tiles: [1, 1] }, /^tiles must not repeat/], [{ difficulty: 'easy', tiles: [] }, /^tiles must hold 1 to 20/]],
  },
  {
    game: 'chicken', good: { difficulty: 'hard', round: 5 }, graphql: null, rest: 'chicken/bet',
    bad: [[{ difficulty: 'hard', round: 0 }, /^round must be 1 to 20/], [{ difficulty: 'hard', round: 21 }, /^round must be 1 to 20/]],
  },
  {
    game: 'drill', good: { target: 2, pick: 1 }, graphql: null, rest: 'drill/bet',
    bad: [
      [{ target: 0, pick: 1 }, /^target must be a finite number above 0/],
      [{ target: '2', pick: 1 }, /^target/],
      [{ target: 2, pick: 0 }, /^pick must be 1 to/],
      [{ target: 2, pick: 1.5 }, /^pick must be an integer/],
    ],
  },
  {
    game: 'moles', good: { molesCount: 3, picks: [0, 7] }, graphql: null, rest: 'moles/autobet',
    bad: [
      [{ molesCount: 0, picks: [1] }, /^molesCount must be 1 to 100/],
      [{ molesCount: 3, picks: [] }, /^picks must hold 1 to 100/],
    ],
  },
  {
    game: 'primediceX', good: { target1: 20, target2: 60, condition: 'rollOutside' }, graphql: null, rest: 'primedice-x/bet',
    bad: [
      [{ target1: 20, target2: 60, condition: 'above' }, /^condition must be/],
      [{ target1: 60, target2: 20, condition: 'rollBetween' }, /^target2 must be above target1/],
      [{ target1: 20, target2: 60, condition: 'rollBetweenTwo' }, /^target3/],
    ],
  },
  { game: 'tarot', good: { difficulty: 'medium' }, graphql: null, rest: 'tarot/bet', bad: [[{ difficulty: null }, /^difficulty must be/]] },
  {
    game: 'rockPaperScissors', good: { guesses: ['rock', 'paper'] }, graphql: null, rest: 'rock-paper-scissors/bet',
    bad: [[{ guesses: ['lizard'] }, /^guesses must hold only rock \| paper \| scissors/], [{ guesses: Array(21).fill('rock') }, /^guesses must hold 1 to 20/]],
  },
  { game: 'slots', good: { lines: 20 }, graphql: 'slotBet', rest: 'slots/bet', bad: [[{ lines: 0 }, /^lines must be 1 to 20/], [{ lines: 21 }, /^lines must be 1 to 20/]] },
  { game: 'slotsTomeOfLife', good: { lines: 1 }, graphql: 'TomeOfLifeBet', rest: 'slots-tome-of-life/bet', bad: [[{ lines: 2.5 }, /^lines must be an integer/], [{}, /^lines must be an integer/]] },
] as const;

async function usd(client: StakeClient): Promise<number> {
  const balances = await client.balances();
  return Number(balances.find((b) => b.available.currency === 'usd')?.available.amount);
}

const log_length = (): number => box.stats().request_log.length;

describe('the live-only games', () => {
  it('are the registry games the sandbox and the simulator do not play, each saying its table is not public', () => {
    for (const { game } of CASES) {
      const rules = GAMES[game];
      expect(rules.offline, game).toEqual({ sandbox: false, simulator: false });
      expect(rules.unpayable?.({} as never), game).toMatch(/pay table is not public/);
      expect(() => rules.settle(undefined as never, {} as never), game).toThrow(RangeError);
    }
  });

  it('refuses every bad input before the wire, naming the field, and a bad amount or currency too', async () => {
    const { client } = user(box);
    const before = log_length();
    for (const { game, good, bad } of CASES) {
      for (const [input, message] of bad) {
        await expect(client.play(game, { amount: 1, currency: 'usd', ...input } as never), `${game} ${JSON.stringify(input)}`).rejects.toThrow(message);
      }
      await expect(client.play(game, { amount: -1, currency: 'usd', ...good } as never), game).rejects.toThrow(/^amount/);
      await expect(client.play(game, { amount: 1, currency: 'US D', ...good } as never), game).rejects.toThrow(/currency/);
    }
    expect(log_length()).toBe(before);
  });

  it('sends a good bet over its sourced transport; the sandbox refuses it in the site\'s error shape and the balance is untouched', async () => {
    const { client, login } = user(box);
    const balance = await usd(client);
    for (const { game, good, graphql } of CASES) {
      const before = log_length();
      const error = await client.play(game, { amount: 1, currency: 'usd', ...good } as never).then(() => null, (e: unknown) => e);
      const log = box.stats().request_log;
      expect(log.length - before, game).toBe(1);
      // GraphQL where a document is sourced, else the REST route (the sandbox logs a route as Rest_<answer key>).
      expect(log[log.length - 1]?.operation_name, game).toBe(graphql ?? `Rest_${GAMES[game].transport.field}`);
      expect(error, game).toBeInstanceOf(GraphQLError);
      expect((error as GraphQLError).errors[0], game).toMatchObject({ error_type: 'invalidArgument', message: expect.stringMatching(new RegExp(`${game}'s pay table is not public`)) });
      expect(JSON.stringify(error)).not.toContain(login.access_token);
    }
    expect(await usd(client)).toBe(balance);
  });

  it('with rest: true, a game with both goes over its route (diamonds, dragon tower, cases, both slots); flip has none and stays on GraphQL', async () => {
    const login = box.login();
    const client = new StakeClient({ base_url: box.url, access_token: login.access_token, session_cookie: login.session_cookie, timeout_ms: 10_000, rest: true });
    for (const { game, good, graphql, rest } of CASES) {
      if (graphql === null) continue;
      await client.play(game, { amount: 1, currency: 'usd', ...good } as never).catch(() => null);
      const log = box.stats().request_log;
      expect(log[log.length - 1]?.operation_name, game).toBe(rest === null ? graphql : `Rest_${GAMES[game].transport.field}`);
    }
  });

  it('the games table (docs/games.md) names the REST route of a game with no document', () => {
    const readme = fs.readFileSync(path.join(__dirname, '../../docs/games.md'), 'utf8');
    expect(readme).toMatch(/\| `snakes` \| [^\n]*\| REST `snakes\/bet` \| no \| no \|/);
  });
});

describe('diamonds: the outcome is public, the table is not', () => {
  // The published algorithm: HMAC-SHA256(server_seed, `client:nonce:0`), four bytes a float; a gem is
  // GEMS[floor(float × 7)] in the order of KyranRana/stake-provably-fair-api Gems.json.
  const ORDER = ['green', 'purple', 'yellow', 'red', 'cyan', 'pink', 'blue'];
  function hand(server: string, client: string, nonce: number): string[] {
    const b = createHmac('sha256', server).update(`${client}:${nonce}:0`).digest();
    return [0, 1, 2, 3, 4].map((i) => {
      const f = [0, 1, 2, 3].reduce((sum, k) => sum + (b[i * 4 + k] as number) / 256 ** (k + 1), 0);
      return ORDER[Math.floor(f * 7)] as string;
    });
  }

  it("compares a recorded hand with the seeds' gems, the sixth gem by either name", () => {
    const seeds = { server_seed: 'a1'.repeat(32), client_seed: 'live-only', nonce: 0 };
    for (let nonce = 0; nonce < 40; nonce++) {
      const expected = outcome('diamonds', { ...seeds, nonce });
      const recorded = hand(seeds.server_seed, seeds.client_seed, nonce);
      expect(GAMES.diamonds.compare(expected, { hand: recorded }).ok, String(nonce)).toBe(true);
      const swapped = recorded.map((g) => (g === 'green' ? 'blue' : 'green'));
      expect(GAMES.diamonds.compare(expected, { hand: swapped }).ok).toBe(false);
    }
    expect(GAMES.diamonds.compare(outcome('diamonds', seeds), {}).ok).toBe(null);
  });
});

describe('stakeql sim on a live-only game', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stakeql-sim-live-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('refuses it with exit 2 before any bet, saying its table is not public', async () => {
    const file = path.join(dir, 'snakes.json');
    fs.writeFileSync(file, JSON.stringify({ game: 'snakes', bet: { amount: 0.00000001, difficulty: 'easy', rollCount: 2 } }));
    const r = await runCli(['sim', file, '--balance', '1', '--bets', '10', '--sessions', '2', '--workers', '1'], { configDir: dir, timeoutMs: 60_000 });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/snakes's pay table is not public/);
  }, 60_000);
});
