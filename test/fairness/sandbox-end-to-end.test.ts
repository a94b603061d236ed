/**
 * Issue 7, end to end: 1,000 bets across the games placed through the client
 * against the sandbox, the seed pair rotated, the history read back and every
 * bet verified with the revealed seed. Tampering one recorded outcome, or one
 * bet's seed, must fail exactly that bet.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start_sandbox, type Sandbox } from '../../src/sandbox/index.js';
import { StakeClient } from '../../src/facade/index.js';
import { server_seed_hash, verify_bets, type BetReport, type CasinoBetLike } from '../../src/fairness/index.js';

const BETS = 1_000;

let box: Sandbox;
let client: StakeClient;
let history: CasinoBetLike[];
let revealed: string;

async function reports(bets: readonly CasinoBetLike[], seeds: readonly string[]): Promise<BetReport[]> {
  const out: BetReport[] = [];
  for await (const report of verify_bets(bets, seeds)) out.push(report);
  return out;
}

async function place(i: number): Promise<void> {
  const amount = 0.01;
  const currency = 'usd';
  switch (i % 5) {
    case 0:
      await client.dice({ amount, currency, target: 10 + (i % 80), condition: i % 2 === 0 ? 'above' : 'below' });
      return;
    case 1:
      await client.limbo({ amount, currency, multiplierTarget: 1.5 + (i % 7) });
      return;
    case 2:
      await client.keno({ amount, currency, numbers: [i % 40, (i + 7) % 40, (i + 19) % 40], risk: 'low' });
      return;
    case 3:
      await client.plinko({ amount, currency, rows: 8 + (i % 9), risk: 'low' });
      return;
    default: {
      const round = await client.mines_bet({ amount, currency, minesCount: 1 + (i % 5), fields: [i % 25] });
      if (round.active) await client.mines_cashout();
    }
  }
}

beforeAll(async () => {
  box = await start_sandbox({ starting_balances: { usd: 1_000_000 } });
  const login = box.login('verifier');
  client = new StakeClient({ base_url: box.url, access_token: login.access_token, session_cookie: login.session_cookie, timeout_ms: 10_000 });
  const before = await client.active_seeds();
  for (let i = 0; i < BETS; i++) await place(i);
  await client.rotate_seed_pair();
  const after = await client.active_seeds();
  const previous = after.previousServerSeed;
  if (previous === null || previous === undefined || typeof previous.seed !== 'string') throw new Error('the rotation revealed no seed');
  revealed = previous.seed;
  // The seed revealed is the one the bets were announced under.
  expect(server_seed_hash(revealed)).toBe(before.activeServerSeed?.seedHash);
  history = [];
  for await (const entry of client.bets()) history.push(entry.bet as unknown as CasinoBetLike);
}, 120_000);

afterAll(async () => {
  await client?.close();
  await box?.close();
});

describe('1,000 sandbox bets verify after a rotation', () => {
  it('the history holds every bet, across the five games, with nonces 0…999', () => {
    expect(history).toHaveLength(BETS);
    expect(new Set(history.map((b) => b.game))).toEqual(new Set(['dice', 'limbo', 'keno', 'plinko', 'mines']));
    expect(history.map((b) => b.nonce).sort((a, b) => a - b)).toEqual(Array.from({ length: BETS }, (_, i) => i));
  });

  it('every bet passes with the revealed seed', async () => {
    const all = await reports(history, [revealed]);
    expect(all).toHaveLength(BETS);
    const failed = all.filter((r) => r.ok !== true);
    expect(failed).toEqual([]);
  });

  it('a tampered outcome fails exactly that bet, on the outcome', async () => {
    const victim = history.findIndex((b) => b.game === 'dice');
    const original = history[victim] as CasinoBetLike & { state: { result: number } };
    const tampered = history.slice();
    tampered[victim] = { ...original, state: { ...original.state, result: original.state.result === 50 ? 51 : 50 } } as CasinoBetLike;
    const all = await reports(tampered, [revealed]);
    const failed = all.filter((r) => r.ok !== true);
    expect(failed.map((r) => r.id)).toEqual([original.id]);
    expect(failed[0]?.failed).toEqual(['outcome']);
  });

  it('a tampered seed fails exactly that bet, on the seed hash', async () => {
    // Verified with the seeds the bets carry (no table), one of them replaced.
    const victim = history.findIndex((b) => b.game === 'mines');
    const original = history[victim] as CasinoBetLike;
    const tampered = history.slice();
    // Another 64-hex-digit seed (its last digit changed): one ending in a non-hex character would be refused as no seed at all,
    // not checked against the hash (1 run in 16, when the revealed seed ended in 0).
    const forged = `${revealed.slice(0, -1)}${revealed.endsWith('0') ? '1' : '0'}`;
    tampered[victim] = { ...original, serverSeed: { ...original.serverSeed, seed: forged } };
    const all = await reports(tampered, []);
    const failed = all.filter((r) => r.ok !== true);
    expect(failed.map((r) => r.id)).toEqual([original.id]);
    expect(failed[0]?.failed).toContain('seed_hash');
  });
});
