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

  it('first_rounds: the words of 300 nonces from 250 (a batch edge) are createHmac\'s round 0, big-endian', () => {
    const out = new Int32Array(300 * 8);
    pair.first_rounds(250, 300, out);
    for (let k = 0; k < 300; k++) {
      const b = createHmac('sha256', server_seed).update(`${client_seed}:${250 + k}:0`).digest();
      for (let i = 0; i < 8; i++) expect(out[k * 8 + i], `nonce ${250 + k} word ${i}`).toBe(b.readInt32BE(i * 4));
    }
    expect(() => pair.first_rounds(0, 3, new Int32Array(23))).toThrow(/out must be an Int32Array of at least 24/);
  });

  it('pump of every difficulty (3, 5 floats batched; 10 nonce by nonce) equals outcome() and the draw from createHmac', () => {
    const POPS = { easy: 1, medium: 3, hard: 5, expert: 10 } as const;
    for (const difficulty of ['easy', 'medium', 'hard', 'expert'] as const) {
      pair.outcomes('pump', 240, 40, { difficulty }).forEach((o, i) => {
        const nonce = 240 + i;
        const floats: number[] = [];
        for (let round = 0; floats.length < POPS[difficulty]; round++) {
          const b = createHmac('sha256', server_seed).update(`${client_seed}:${nonce}:${round}`).digest();
          for (let j = 0; j < 32 && floats.length < POPS[difficulty]; j += 4) floats.push(b.readUInt32BE(j) / 2 ** 32);
        }
        const remaining = Array.from({ length: 25 }, (_, k) => k + 1);
        const pops = floats.map((f, k) => remaining.splice(Math.floor(f * (25 - k)), 1)[0]);
        expect(o.pops, `${difficulty} nonce ${nonce}`).toEqual(pops);
        expect(o).toEqual(outcome('pump', { server_seed, client_seed, nonce, difficulty }));
      });
    }
  });

  it('refuses a negative start or count, naming it', () => {
    expect(() => pair.outcomes('dice', -1, 3)).toThrow(/from/);
    expect(() => pair.outcomes('dice', 0, -3)).toThrow(/count/);
  });
});
