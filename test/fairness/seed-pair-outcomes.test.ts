/**
 * `prepare_seed_pair(...).outcomes(game, from, count)`: the batch path the
 * simulator draws from gives, nonce by nonce, what `outcome()` gives, and the
 * dice roll `createHmac` gives, across a nonce-width edge and a batch edge.
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { outcome, prepare_seed_pair } from '../../src/fairness/index.js';

const server_seed = 'ab'.repeat(32);
const client_seed = 'héllo wörld';

function roll(nonce: number): number {
  const b = createHmac('sha256', server_seed).update(`${client_seed}:${nonce}:0`).digest();
  return Math.floor((b[0]! / 256 + b[1]! / 256 ** 2 + b[2]! / 256 ** 3 + b[3]! / 256 ** 4) * 10001) / 100;
}

describe('PreparedSeedPair.outcomes', () => {
  const pair = prepare_seed_pair({ server_seed, client_seed });

  it('dice over 600 nonces from 95 (99 → 100, 999 → 1000, two batch edges) equals createHmac and outcome()', () => {
    const got = pair.outcomes('dice', 95, 1000);
    expect(got).toHaveLength(1000);
    got.forEach((o, i) => {
      expect(o.result).toBe(roll(95 + i));
      expect(o).toEqual(outcome('dice', { server_seed, client_seed, nonce: 95 + i }));
    });
  });

  it('limbo, and a game of many floats (keno) through the one-nonce path, equal outcome()', () => {
    pair.outcomes('limbo', 9_999_990, 300).forEach((o, i) => expect(o).toEqual(outcome('limbo', { server_seed, client_seed, nonce: 9_999_990 + i })));
    pair.outcomes('keno', 7, 20).forEach((o, i) => expect(o).toEqual(outcome('keno', { server_seed, client_seed, nonce: 7 + i })));
  });

  it('refuses a negative start or count, naming it', () => {
    expect(() => pair.outcomes('dice', -1, 3)).toThrow(/from/);
    expect(() => pair.outcomes('dice', 0, -3)).toThrow(/count/);
  });
});
