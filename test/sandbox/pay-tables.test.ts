/**
 * The sandbox pays keno and plinko by the site's tables, entry by entry:
 * every keno risk × picks × hits and every plinko risk × rows × bucket is
 * played once and paid what test/fixtures/pay-tables.json says.
 *
 * To aim at an entry the test must know a bet's outcome before placing it.
 * A sandbox started with a `dice_seed` deals the same server seeds for the
 * same logins and rotations (its documented promise): a first sandbox is
 * rotated to reveal them, a second one with the same `dice_seed` is played
 * with them known. Outcomes are computed here from the site's published
 * algorithm with createHmac (HMAC_SHA256(server seed, "client:nonce:round"),
 * four bytes a float), never with the fairness module; each bet's seed hash
 * is checked against the seed the test used.
 */
import { createHash, createHmac } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { start_sandbox, type Sandbox, type SandboxLogin } from '../../src/sandbox/index.js';
import { PAY_TABLES } from '../support/pay-tables.js';
import { DOCS, balanceOf, errorTypeOf, identifier, send, seedsOf } from './site.js';
import { floats } from '../support/stake-floats.js';

interface Bet {
  payoutMultiplier: number;
  payout: number;
  nonce: number;
  serverSeed: { seedHash: string };
  state: Record<string, unknown>;
}

const DICE_SEED = 'pay-tables-test';
const PLINKO_CASES = Object.entries(PAY_TABLES.plinko.tables).flatMap(([risk, byRows]) =>
  Object.entries(byRows).flatMap(([rows, row]) => row.map((multiplier, bucket) => ({ risk, rows: Number(rows), bucket, multiplier }))),
);


/** Keno: 10 squares drawn from 0–39 without replacement, square_i = remaining[⌊float_i × (40 − i)⌋]. */
function keno_draw(server: string, client: string, nonce: number): number[] {
  const remaining = Array.from({ length: 40 }, (_, i) => i);
  return floats(server, client, nonce, 10).map((f, i) => remaining.splice(Math.floor(f * (40 - i)), 1)[0] as number);
}

/** Plinko: bucket = the number of rows where ⌊float × 2⌋ is 1 (right). The first byte ≥ 128 is the same test, cheaper. */
function plinko_bucket(server: string, client: string, nonce: number, rows: number): number {
  let rights = 0;
  for (let round = 0; round * 8 < rows; round++) {
    const b = createHmac('sha256', server).update(`${client}:${nonce}:${round}`).digest();
    for (let i = 0; i < 8 && round * 8 + i < rows; i++) if ((b[i * 4] as number) >= 128) rights++;
  }
  return rights;
}

/** A client seed whose nonce 0 drops the ball into `bucket` of `rows` under `server`. */
function aim_plinko(server: string, rows: number, bucket: number, tag: string): string {
  for (let j = 0; ; j++) {
    const client = `${tag}-${j}`;
    // The first 8 rows decide most of the search: skip the second hash when they already cannot reach the bucket.
    const first = createHmac('sha256', server).update(`${client}:0:0`).digest();
    let rights = 0;
    for (let i = 0; i < 8; i++) if ((first[i * 4] as number) >= 128) rights++;
    if (rights > bucket || rights + (rows - 8) < bucket) continue;
    if (plinko_bucket(server, client, 0, rows) === bucket) return client;
  }
}

async function rotate(sandbox: Sandbox, login: SandboxLogin, seed: string): Promise<void> {
  const answer = await send(sandbox, login, DOCS.RotateSeedPair, { seed });
  expect(answer.errors).toBeUndefined();
}

const sandboxes: Sandbox[] = [];
afterAll(async () => {
  for (const s of sandboxes) await s.close();
});

async function open(): Promise<{ sandbox: Sandbox; login: SandboxLogin }> {
  const sandbox = await start_sandbox({ dice_seed: DICE_SEED, starting_balances: { usd: 1_000_000 } });
  sandboxes.push(sandbox);
  return { sandbox, login: sandbox.login('payer') };
}

describe("the sandbox pays the site's keno and plinko tables, entry by entry", () => {
  it('every keno risk × picks × hits and every plinko risk × rows × bucket', { timeout: 120_000 }, async () => {
    expect(PLINKO_CASES).toHaveLength(3 * (9 + 10 + 11 + 12 + 13 + 14 + 15 + 16 + 17));

    // First sandbox: the server seeds it deals, revealed by rotating.
    const learn = await open();
    const servers: string[] = [];
    for (let k = 0; k <= PLINKO_CASES.length; k++) {
      await rotate(learn.sandbox, learn.login, `learn-${k}`);
      servers.push((await seedsOf(learn.sandbox, learn.login)).previousServerSeed?.seed as string);
    }
    expect(new Set(servers).size).toBe(servers.length);

    // Second sandbox, same dice_seed and logins: the same server seeds, now known before each bet.
    const { sandbox, login } = await open();
    const first = await seedsOf(sandbox, login);
    const server = servers[0] as string;
    const client = first.activeClientSeed.seed;
    expect(createHash('sha256').update(server).digest('hex')).toBe(first.activeServerSeed.seedHash);

    let nonce = 0;
    let keno = 0;
    for (const [risk, byPicks] of Object.entries(PAY_TABLES.keno.tables)) {
      for (const [picks, row] of Object.entries(byPicks)) {
        for (let hits = 0; hits < row.length; hits++) {
          const drawn = keno_draw(server, client, nonce);
          const missed = Array.from({ length: 40 }, (_, i) => i).filter((n) => !drawn.includes(n));
          const numbers = [...drawn.slice(0, hits), ...missed.slice(0, Number(picks) - hits)];
          const answer = await send<{ kenoBet: Bet }>(sandbox, login, DOCS.KenoBet, { amount: 1, currency: 'usd', numbers, risk, identifier: identifier() });
          expect(answer.errors).toBeUndefined();
          const bet = answer.data!.kenoBet;
          expect(bet.nonce).toBe(nonce);
          expect(bet.serverSeed.seedHash).toBe(first.activeServerSeed.seedHash);
          expect(bet.state['drawnNumbers']).toEqual(drawn);
          expect(bet.payoutMultiplier, `keno ${risk} ${picks} picks ${hits} hits`).toBe(row[hits]);
          expect(bet.payout).toBe(row[hits]);
          nonce++;
          keno++;
        }
      }
    }
    expect(keno).toBe(4 * (2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 10 + 11));

    for (const [k, entry] of PLINKO_CASES.entries()) {
      const seed = servers[k + 1] as string;
      const aimed = aim_plinko(seed, entry.rows, entry.bucket, `p${k}`);
      await rotate(sandbox, login, aimed);
      const answer = await send<{ plinkoBet: Bet }>(sandbox, login, DOCS.PlinkoBet, { amount: 1, currency: 'usd', risk: entry.risk, rows: entry.rows, identifier: identifier() });
      expect(answer.errors).toBeUndefined();
      const bet = answer.data!.plinkoBet;
      expect(bet.serverSeed.seedHash).toBe(createHash('sha256').update(seed).digest('hex'));
      expect(bet.state['point'], `plinko ${entry.risk} ${entry.rows} rows`).toBe(entry.bucket);
      expect(bet.payoutMultiplier, `plinko ${entry.risk} ${entry.rows} rows bucket ${entry.bucket}`).toBe(entry.multiplier);
      expect(bet.payout).toBe(entry.multiplier);
    }
  });

  it('plinko expert (no public table) is refused with a message that says so, and nothing is debited', async () => {
    const sandbox = await start_sandbox({ starting_balances: { usd: 10 } });
    sandboxes.push(sandbox);
    const login = sandbox.login();
    const answer = await send(sandbox, login, DOCS.PlinkoBet, { amount: 1, currency: 'usd', risk: 'expert', rows: 8, identifier: identifier() });
    expect(errorTypeOf(answer)).toBe('invalidArgument');
    expect(answer.errors?.[0]?.message).toMatch(/expert.*not public/);
    expect((await seedsOf(sandbox, login)).activeServerSeed.nonce).toBe(0);
    expect((await balanceOf(sandbox, login, 'usd')).available).toBe(10);
  });
});
