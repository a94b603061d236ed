/**
 * The fast HMAC core against node:crypto's createHmac, the oracle: keys of
 * every length class (empty, under, exactly and over one 64-byte block),
 * messages across the 55/56/64-byte padding edges, UTF-8 text, and the
 * site's stream ("client:nonce:round") for client seeds that fill whole
 * blocks, nonces of every width and many rounds, four lanes at a time.
 */
import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GAMES_SUPPORTED, game_bytes, game_floats, hmac_sha256, outcome, prepare_seed_pair, type GameName } from '../../src/fairness/index.js';

const oracle = (key: string | Uint8Array, message: string | Uint8Array) => createHmac('sha256', key).update(message).digest('hex');
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

// Lengths around every edge SHA-256 padding and HMAC keys have.
const EDGES = [0, 1, 31, 32, 54, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 129, 200];
const lengthClass = fc.oneof(fc.constantFrom(...EDGES), fc.nat({ max: 300 }));
const bytesOf = (length: fc.Arbitrary<number>) => length.chain((n) => fc.uint8Array({ minLength: n, maxLength: n }));

describe('hmac_sha256', () => {
  it('equals createHmac for binary keys of 0–200 bytes and messages of 0–300 bytes', () => {
    fc.assert(
      fc.property(bytesOf(fc.oneof(fc.constantFrom(0, 1, 63, 64, 65, 128, 200), fc.nat({ max: 200 }))), bytesOf(lengthClass), (key, message) => {
        expect(hex(hmac_sha256(key, message))).toBe(oracle(key, message));
      }),
      { numRuns: 400 },
    );
  });

  it('every key and message length at the edges, one by one', () => {
    for (const k of [0, 1, 63, 64, 65, 100, 128, 129, 200]) {
      for (const m of EDGES) {
        const key = Uint8Array.from({ length: k }, (_, i) => (i * 7 + k) & 255);
        const message = Uint8Array.from({ length: m }, (_, i) => (i * 13 + m) & 255);
        expect(hex(hmac_sha256(key, message)), `key ${k}, message ${m}`).toBe(oracle(key, message));
      }
    }
  });

  it('strings are UTF-8, as createHmac reads them (astral, combining, NUL)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 90 }), fc.string({ unit: 'binary', maxLength: 90 }), (key, message) => {
        expect(hex(hmac_sha256(key, message))).toBe(oracle(key, message));
      }),
      { numRuns: 300 },
    );
  });
});

describe('the site stream through the prepared core', () => {
  const server = fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 1, maxLength: 130 });
  // Client seeds whose "client:" prefix ends anywhere in a block, or fills whole blocks.
  const client = fc.oneof(fc.string({ unit: 'binary', maxLength: 140 }), fc.constantFrom('', 'x'.repeat(63), 'y'.repeat(64), 'z'.repeat(127), 'é'.repeat(40)));
  // Every nonce width, up to the largest safe integer.
  const nonce = fc.oneof(fc.nat({ max: 20 }), fc.constantFrom(9, 10, 99, 100, 9999, 10_000, 99_999, 100_000, 2 ** 31 - 1, 2 ** 31, 2 ** 32, Number.MAX_SAFE_INTEGER), fc.maxSafeNat());

  it('floats of any nonce, cursor and count equal createHmac over "client:nonce:round"', () => {
    fc.assert(
      fc.property(server, client, nonce, fc.nat({ max: 400 }), fc.integer({ min: 1, max: 40 }), (server_seed, client_seed, n, cursor, count) => {
        const pair = prepare_seed_pair({ server_seed, client_seed });
        const first = Math.floor(cursor / 32);
        const last = Math.floor((cursor + count * 4 - 1) / 32);
        const rounds: Buffer[] = [];
        for (let r = first; r <= last; r++) rounds.push(createHmac('sha256', server_seed).update(`${client_seed}:${n}:${r}`).digest());
        const bytes = Buffer.concat(rounds).subarray(cursor - first * 32);
        const expected = Array.from({ length: count }, (_, i) => bytes.readUInt32BE(i * 4) / 2 ** 32);
        expect(pair.floats(n, count, cursor)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('many rounds (the 52 cards of blackjack read 7 rounds; 100 rounds here), with round numbers of 1–3 digits', () => {
    const server_seed = 'ab'.repeat(32);
    const client_seed = 'q'.repeat(50); // 51-byte prefix: the round's digits push the message into a second block
    const bytes = game_bytes({ server_seed, client_seed, nonce: 123_456, count: 3200 });
    const rounds = Array.from({ length: 100 }, (_, r) => createHmac('sha256', server_seed).update(`${client_seed}:123456:${r}`).digest());
    expect(Buffer.from(bytes).equals(Buffer.concat(rounds))).toBe(true);
  });

  it('nonces whose width changes inside one pass of four lanes', () => {
    const server_seed = 'cd'.repeat(32);
    for (const client_seed of ['a', 'b'.repeat(45)]) {
      for (const start of [7, 97, 997, 99_998, 999_999_997]) {
        for (let n = start; n < start + 6; n++) {
          const want = createHmac('sha256', server_seed).update(`${client_seed}:${n}:0`).digest().readUInt32BE(0) / 2 ** 32;
          expect(game_floats({ server_seed, client_seed, nonce: n, count: 1 })).toEqual([want]);
        }
      }
    }
  });

  it('a key over 64 bytes is hashed first, as RFC 2104 says (createHmac agrees)', () => {
    const server_seed = 'f'.repeat(130);
    const want = createHmac('sha256', server_seed).update('c:5:0').digest().readUInt32BE(0) / 2 ** 32;
    expect(prepare_seed_pair({ server_seed, client_seed: 'c' }).floats(5, 1)).toEqual([want]);
  });
});

describe('prepare_seed_pair', () => {
  const PARAMS: Partial<Record<GameName, Record<string, unknown>>> = { mines: { minesCount: 5 }, plinko: { rows: 12 }, wheel: { segments: 30 }, pump: { difficulty: 'hard' } };

  it('outcome(game, nonce, params) is outcome(game, { seeds, nonce, ...params }) for every game', () => {
    const seeds = { server_seed: '18e93f4a7b5b58d2569765766d1b6c3296bbd8430d6f20249044d72f14720159', client_seed: 'bb62964774' };
    const pair = prepare_seed_pair(seeds);
    for (const game of GAMES_SUPPORTED) {
      for (const nonce of [0, 1, 54, 10_000]) {
        expect(pair.outcome(game, nonce, PARAMS[game] as never)).toEqual(outcome(game, { ...seeds, nonce, ...PARAMS[game] } as never));
      }
    }
    // The published vector (KyranRana Dice.test.ts): nonce 1 rolls 77.18.
    expect(pair.outcome('dice', 1).result).toBe(77.18);
  });

  it('refuses what outcome() refuses, naming the field', () => {
    expect(() => prepare_seed_pair({ server_seed: '', client_seed: 'c' })).toThrow(/server_seed/);
    expect(() => prepare_seed_pair({ server_seed: 'not hex', client_seed: 'c' })).toThrow(RangeError);
    expect(() => prepare_seed_pair({ server_seed: 'ABCDEF', client_seed: 'c' })).toThrow(/lower-case/);
    expect(() => prepare_seed_pair({ server_seed: 'ab', client_seed: 3 as unknown as string })).toThrow(TypeError);
    const pair = prepare_seed_pair({ server_seed: 'ab', client_seed: 'c' });
    expect(() => pair.floats(-1, 1)).toThrow(/nonce/);
    expect(() => pair.floats(0, 2 ** 21)).toThrow(/count/);
    expect(() => pair.outcome('mines', 0, { minesCount: 30 })).toThrow(/minesCount/);
    expect(() => pair.outcome('nope' as 'dice', 0)).toThrow(/unknown game/);
  });
});
