/**
 * Issue 47: the README's one library example, run as written against the
 * sandbox (its paste is the sandbox's own sample cURL). What it must show is
 * read apart from the code it exercises: the sandbox's request log (one
 * DiceRoll, one RotateSeedPair), its ledger (the balance moved by the bet),
 * and the bet checked against its revealed seed by `createHmac` and the
 * published dice formula.
 */
import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import * as stakeql from '../../src/index.js';
import * as fairness from '../../src/fairness/index.js';
import { start_sandbox } from '../../src/sandbox/index.js';
import { read_page, ROOT } from './markdown.js';
import fs from 'node:fs';
import path from 'node:path';

/** The README's ```ts block, its imports turned into parameters. */
function example(): string {
  const block = read_page('README.md').blocks.find((b) => b.lang === 'ts' && b.code.includes('StakeClient.from_curl(pastedText)'));
  expect(block, 'the README has its library example').toBeDefined();
  const code = (block?.code ?? '').split('\n').filter((l) => !l.startsWith('import '));
  expect((block?.code ?? '').split('\n').filter((l) => l.startsWith('import '))).toEqual([
    "import { StakeClient, TransportError, identifier_of } from 'stakeql';",
    "import { verify_bet } from 'stakeql/fairness';",
  ]);
  return code.join('\n');
}

describe("the README's library example", () => {
  it('runs as written: one bet, one rotation, the bet verified; the sandbox saw exactly that', async () => {
    await using sandbox = await start_sandbox({ dice_seed: 'readme-example', starting_balances: { btc: 1 } });
    const pastedText = sandbox.sample_curl(sandbox.login('reader'));
    const logged: unknown[][] = [];
    const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (...args: string[]) => (...values: unknown[]) => Promise<void>;
    const run = new AsyncFunction('StakeClient', 'TransportError', 'identifier_of', 'verify_bet', 'pastedText', 'console', example());
    await run(stakeql.StakeClient, stakeql.TransportError, stakeql.identifier_of, fairness.verify_bet, pastedText, { log: (...a: unknown[]) => logged.push(a) });

    const ops = sandbox.stats().request_log.map((r) => r.operation_name);
    expect(ops.filter((o) => o === 'DiceRoll')).toHaveLength(1);
    expect(ops.filter((o) => o === 'RotateSeedPair')).toHaveLength(1);
    // Printed: the user and balances, the bet (result, multiplier, identifier), then the verification: true.
    expect(logged).toHaveLength(3);
    const [result, multiplier, identifier] = logged[1] as [number, number, string];
    expect(typeof identifier).toBe('string');
    expect(logged[2]).toEqual([true]);

    // Independently: the revealed seed hashes to the bet's hash, and HMAC-SHA256 gives the roll the bet shows.
    await using client = stakeql.StakeClient.from_curl(pastedText);
    const seeds = await client.active_seeds();
    const server = seeds.previousServerSeed?.seed ?? '';
    type Recorded = { nonce: number; clientSeed: { seed: string }; serverSeed: { seedHash: string } };
    const newest = async (): Promise<Recorded | null> => {
      for await (const entry of client.bets({ max: 1 })) return entry.bet as unknown as Recorded;
      return null;
    };
    const bet = await newest();
    expect(createHash('sha256').update(server).digest('hex')).toBe(bet?.serverSeed.seedHash);
    const digest = createHmac('sha256', server).update(`${bet?.clientSeed.seed}:${bet?.nonce}:0`).digest();
    const float = [0, 1, 2, 3].reduce((sum, k) => sum + (digest[k] as number) / 256 ** (k + 1), 0);
    expect(result).toBe(Math.floor(float * 10001) / 100);
    // Above 50.5 wins 99 / 49.5 = 2×, else nothing.
    expect(multiplier).toBe(result > 50.5 ? 2 : 0);
  });

  it('is the block the README shows', () => {
    expect(fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8')).toContain(example().split('\n')[1] as string);
  });
});
