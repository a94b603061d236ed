/**
 * Roulette on the sandbox: every chip value of every list, won and lost,
 * each spin's pocket computed here with createHmac and the published
 * translation (pocket = floor(float × 37)) and paid as games.md states the
 * European table (straight 36×, row and dozen 3×, colour, parity, half 2×,
 * 0 loses every outside chip) — written out here, not read from src/. The
 * seed is known before each spin (a twin sandbox with the same `dice_seed`).
 * The client refuses an `amount` that is not the chips' total before the
 * wire, and sends no `amount` (the site's RouletteBet has none).
 */
import { createHash, createHmac } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { RouletteBet } from '../../src/games/roulette/site.js';
import { start_sandbox, type Sandbox } from '../../src/sandbox/index.js';
import { DOCS, identifier, send, seedsOf } from '../sandbox/site.js';
import { last_request, sandbox as operations_sandbox, user } from '../operations/helpers.js';

interface Bet {
  amount: number;
  payoutMultiplier: number;
  payout: number;
  nonce: number;
  state: Record<string, unknown>;
}

const RED = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36];
/** Each chip value, its list and the pockets it wins on, with its multiplier. */
const CHIPS: { list: string; value: string; wins: (p: number) => boolean; pays: number }[] = [
  ...Array.from({ length: 37 }, (_, n) => ({ list: 'numbers', value: `number${n}`, wins: (p: number) => p === n, pays: 36 })),
  { list: 'colors', value: 'colorRed', wins: (p) => RED.includes(p), pays: 2 },
  { list: 'colors', value: 'colorBlack', wins: (p) => p > 0 && !RED.includes(p), pays: 2 },
  { list: 'parities', value: 'parityEven', wins: (p) => p > 0 && p % 2 === 0, pays: 2 },
  { list: 'parities', value: 'parityOdd', wins: (p) => p % 2 === 1, pays: 2 },
  { list: 'ranges', value: 'range0112', wins: (p) => p >= 1 && p <= 12, pays: 3 },
  { list: 'ranges', value: 'range1324', wins: (p) => p >= 13 && p <= 24, pays: 3 },
  { list: 'ranges', value: 'range2536', wins: (p) => p >= 25, pays: 3 },
  { list: 'ranges', value: 'range0118', wins: (p) => p >= 1 && p <= 18, pays: 2 },
  { list: 'ranges', value: 'range1936', wins: (p) => p >= 19, pays: 2 },
  { list: 'rows', value: 'row1', wins: (p) => p > 0 && p % 3 === 1, pays: 3 },
  { list: 'rows', value: 'row2', wins: (p) => p > 0 && p % 3 === 2, pays: 3 },
  { list: 'rows', value: 'row3', wins: (p) => p > 0 && p % 3 === 0, pays: 3 },
];

const sandboxes: Sandbox[] = [];
afterAll(async () => {
  for (const s of sandboxes) await s.close();
});

function pocket(server: string, client: string, nonce: number): number {
  const b = createHmac('sha256', server).update(`${client}:${nonce}:0`).digest();
  const f = (b[0] as number) / 256 + (b[1] as number) / 256 ** 2 + (b[2] as number) / 256 ** 3 + (b[3] as number) / 256 ** 4;
  return Math.floor(f * 37);
}

describe('roulette on the sandbox', () => {
  it('every chip kind and value, won and lost, and a spread of chips, paid by the European table', { timeout: 120_000 }, async () => {
    const learn = await start_sandbox({ dice_seed: 'roulette-test' });
    sandboxes.push(learn);
    const learner = learn.login('spin');
    expect((await send(learn, learner, DOCS.RotateSeedPair, { seed: 'learn' })).errors).toBeUndefined();
    const server = (await seedsOf(learn, learner)).previousServerSeed?.seed as string;
    const sandbox = await start_sandbox({ dice_seed: 'roulette-test', starting_balances: { usd: 1_000_000 } });
    sandboxes.push(sandbox);
    const login = sandbox.login('spin');
    const seeds = await seedsOf(sandbox, login);
    expect(createHash('sha256').update(server).digest('hex')).toBe(seeds.activeServerSeed.seedHash);
    const client = seeds.activeClientSeed.seed;

    const todo = CHIPS.flatMap((chip) => [{ chip, won: true }, { chip, won: false }]);
    let nonce = 0;
    for (; todo.length > 0 && nonce < 5_000; nonce++) {
      const p = pocket(server, client, nonce);
      const at = todo.findIndex((t) => t.chip.wins(p) === t.won);
      const { chip } = at >= 0 ? todo.splice(at, 1)[0]! : { chip: CHIPS[0]! };
      const answer = await send<{ rouletteBet: Bet }>(sandbox, login, RouletteBet, { currency: 'usd', [chip.list]: [{ value: chip.value, amount: 2 }], identifier: identifier() });
      expect(answer.errors).toBeUndefined();
      const bet = answer.data!.rouletteBet;
      const paid = chip.wins(p) ? chip.pays : 0;
      expect(bet.nonce).toBe(nonce);
      expect(bet.amount).toBe(2);
      expect(bet.state['result']).toBe(p);
      expect(bet.state[chip.list]).toEqual([{ value: chip.value, amount: 2 }]);
      expect(bet.payoutMultiplier, `${chip.value} on ${p}`).toBe(paid);
      expect(bet.payout).toBe(2 * paid);
    }
    expect(todo).toEqual([]);

    // A spread: 1 on the pocket, 2 on red, 1 on row1, 4 on range2536; staked 8, paid what each chip wins.
    const p = pocket(server, client, nonce);
    const spread = [
      { chip: CHIPS[p]!, amount: 1 },
      { chip: CHIPS.find((c) => c.value === 'colorRed')!, amount: 2 },
      { chip: CHIPS.find((c) => c.value === 'row1')!, amount: 1 },
      { chip: CHIPS.find((c) => c.value === 'range2536')!, amount: 4 },
    ];
    const lists: Record<string, { value: string; amount: number }[]> = {};
    for (const s of spread) (lists[s.chip.list] ??= []).push({ value: s.chip.value, amount: s.amount });
    const answer = await send<{ rouletteBet: Bet }>(sandbox, login, RouletteBet, { currency: 'usd', ...lists, identifier: identifier() });
    expect(answer.errors).toBeUndefined();
    const paid = spread.reduce((sum, s) => sum + (s.chip.wins(p) ? s.amount * s.chip.pays : 0), 0);
    expect(answer.data!.rouletteBet.amount).toBe(8);
    expect(answer.data!.rouletteBet.payout).toBe(paid);
  });

  it('client.play: refuses an amount that is not the chips\' total and an unknown chip before the wire; sends no amount', async () => {
    const box = await operations_sandbox();
    sandboxes.push(box);
    const { client } = user(box);
    const before = box.stats().request_log.length;
    await expect(client.play('roulette', { amount: 3, currency: 'usd', numbers: [{ value: 'number7', amount: 1 }] })).rejects.toThrow(/^amount must be the chips' total, 1/);
    await expect(client.play('roulette', { amount: 1, currency: 'usd', rows: [{ value: 'row4', amount: 1 }] })).rejects.toThrow(/^rows chip value must be one of/);
    await expect(client.play('roulette', { amount: 1, currency: 'usd' })).rejects.toThrow(RangeError);
    expect(box.stats().request_log.length).toBe(before);
    const chips = { numbers: [{ value: 'number7', amount: 1 }], colors: [{ value: 'colorRed', amount: 2 }] };
    const bet = await client.play('roulette', { amount: 3, currency: 'usd', ...chips });
    expect(bet.amount).toBe(3);
    // All five lists, empty when unused, as SBOT and BOT4X send them (research/wire-conformance.md §3 #8).
    const empty = { parities: [], ranges: [], rows: [] };
    expect(last_request(box)).toEqual({ operation_name: 'RouletteBet', variables: { currency: 'usd', ...chips, ...empty, identifier: bet.identifier } });
  });
});
