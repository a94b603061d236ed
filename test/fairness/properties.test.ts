/**
 * Properties over arbitrary seeds (fast-check): floats in [0, 1), the cursor
 * continuing across HMAC rounds exactly, every outcome inside its game's range.
 */
import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GAMES_SUPPORTED, game_bytes, game_floats, outcome, PUMP_POPS } from '../../src/fairness/index.js';

const HEX = [...'0123456789abcdef'];
// game_floats takes any key; outcome() only a seed the site could reveal (hex).
const anyKeySeeds = fc.record({
  server_seed: fc.string({ maxLength: 80 }),
  client_seed: fc.string({ maxLength: 40 }),
  nonce: fc.nat({ max: 10_000_000 }),
});
const seeds = fc.record({
  server_seed: fc.string({ unit: fc.constantFrom(...HEX), minLength: 1, maxLength: 80 }),
  client_seed: fc.string({ maxLength: 40 }),
  nonce: fc.nat({ max: 10_000_000 }),
});

/** The float the site's `generateFloats` builds from four bytes, independently of the code under test. */
function siteFloat(bytes: ArrayLike<number>, at: number): number {
  let result = 0;
  for (let i = 0; i < 4; i++) result += (bytes[at + i] as number) / 256 ** (i + 1);
  return result;
}

describe('game_floats', () => {
  it('every float is in [0, 1)', () => {
    fc.assert(
      fc.property(anyKeySeeds, fc.nat({ max: 300 }), fc.integer({ min: 1, max: 60 }), (s, cursor, count) => {
        for (const f of game_floats({ ...s, cursor, count })) {
          expect(f).toBeGreaterThanOrEqual(0);
          expect(f).toBeLessThan(1);
        }
      }),
    );
  });

  it('a cursor continues the stream exactly, across HMAC rounds (floats at cursor c+4k = floats from c, shifted by k)', () => {
    fc.assert(
      fc.property(anyKeySeeds, fc.nat({ max: 200 }), fc.nat({ max: 40 }), fc.integer({ min: 1, max: 30 }), (s, cursor, skip, count) => {
        const whole = game_floats({ ...s, cursor, count: skip + count });
        expect(game_floats({ ...s, cursor: cursor + 4 * skip, count })).toEqual(whole.slice(skip));
      }),
    );
  });

  it('floats are the site formula over the bytes, and the bytes are HMAC(server, "client:nonce:round") from the cursor on', () => {
    fc.assert(
      fc.property(anyKeySeeds, fc.nat({ max: 200 }), fc.integer({ min: 1, max: 20 }), (s, cursor, count) => {
        const bytes = game_bytes({ ...s, cursor, count: count * 4 });
        // Rebuild the same span from whole rounds with node:crypto directly.
        const first = Math.floor(cursor / 32);
        const last = Math.floor((cursor + count * 4 - 1) / 32);
        const rounds: Buffer[] = [];
        for (let r = first; r <= last; r++) rounds.push(createHmac('sha256', s.server_seed).update(`${s.client_seed}:${s.nonce}:${r}`).digest());
        const span = Buffer.concat(rounds).subarray(cursor - first * 32, cursor - first * 32 + count * 4);
        expect(Buffer.from(bytes).equals(span)).toBe(true);
        const floats = game_floats({ ...s, cursor, count });
        floats.forEach((f, i) => expect(f).toBe(siteFloat(bytes, i * 4)));
      }),
    );
  });

  it('rejects bad input with a typed error naming the field', () => {
    const s = { server_seed: 'a', client_seed: 'b', nonce: 0 };
    expect(() => outcome('dice', { ...s, server_seed: '' })).toThrow(/server_seed/);
    expect(() => outcome('dice', { ...s, server_seed: 'server seed' })).toThrow(RangeError);
    expect(() => game_floats({ ...s, count: -1 })).toThrow(RangeError);
    expect(() => game_floats({ ...s, count: 1.5 })).toThrow(/count/);
    expect(() => game_floats({ ...s, nonce: -1, count: 1 })).toThrow(/nonce/);
    expect(() => game_floats({ ...s, cursor: Number.NaN, count: 1 })).toThrow(/cursor/);
    expect(() => game_floats({ ...s, count: 2 ** 21 })).toThrow(RangeError);
    expect(() => game_floats({ server_seed: 1 as unknown as string, client_seed: 'b', nonce: 0, count: 1 })).toThrow(TypeError);
    expect(() => outcome('nope' as 'dice', s)).toThrow(/unknown game/);
    expect(() => outcome('mines', { ...s, minesCount: 25 })).toThrow(/minesCount/);
    expect(() => outcome('plinko', { ...s, rows: 7 })).toThrow(/rows/);
    expect(() => outcome('plinko', { ...s, rows: 8, risk: 'extreme' as 'low' })).toThrow(/risk/);
    expect(() => outcome('wheel', { ...s, segments: 15 })).toThrow(/segments/);
    expect(() => outcome('pump', { ...s, difficulty: 'master' as 'easy' })).toThrow(/difficulty/);
  });
});

describe('outcomes stay in their game range', () => {
  const distinct = (xs: number[]) => new Set(xs).size === xs.length;
  const ints = (xs: number[], lo: number, hi: number) => xs.every((x) => Number.isInteger(x) && x >= lo && x <= hi);

  it('dice, limbo, roulette, wheel', () => {
    fc.assert(
      fc.property(seeds, fc.constantFrom(10, 20, 30, 40, 50), (s, segments) => {
        const { result: roll } = outcome('dice', s);
        expect(roll).toBeGreaterThanOrEqual(0);
        expect(roll).toBeLessThanOrEqual(100);
        expect(Math.round(roll * 100) / 100).toBe(roll); // two decimals, as shown
        const { result: limbo } = outcome('limbo', s);
        expect(limbo).toBeGreaterThanOrEqual(1);
        expect(limbo).toBeLessThanOrEqual(1e8 * 0.99);
        expect(ints([outcome('roulette', s).result], 0, 36)).toBe(true);
        expect(ints([outcome('wheel', { ...s, segments }).result], 0, segments - 1)).toBe(true);
      }),
    );
  });

  it('mines, keno, pump draw distinct cells of their board', () => {
    fc.assert(
      fc.property(seeds, fc.integer({ min: 1, max: 24 }), fc.constantFrom('easy', 'medium', 'hard', 'expert' as const), (s, minesCount, difficulty) => {
        const { mines } = outcome('mines', { ...s, minesCount });
        expect(mines).toHaveLength(minesCount);
        expect(ints(mines, 0, 24) && distinct(mines)).toBe(true);
        // More mines never moves the first ones: the draw is one sequence.
        expect(outcome('mines', { ...s, minesCount: 24 }).mines.slice(0, minesCount)).toEqual(mines);
        const { drawnNumbers } = outcome('keno', s);
        expect(drawnNumbers).toHaveLength(10);
        expect(ints(drawnNumbers, 0, 39) && distinct(drawnNumbers)).toBe(true);
        const { pops, safe_pumps } = outcome('pump', { ...s, difficulty });
        expect(pops).toHaveLength(PUMP_POPS[difficulty]);
        expect(ints(pops, 1, 25) && distinct(pops)).toBe(true);
        expect(safe_pumps).toBe(Math.min(Math.min(...pops) - 1, 25 - PUMP_POPS[difficulty]));
      }),
    );
  });

  it('plinko: one direction per row, bucket in 0…rows', () => {
    fc.assert(
      fc.property(seeds, fc.integer({ min: 8, max: 16 }), (s, rows) => {
        const { path, bucket } = outcome('plinko', { ...s, rows });
        expect(path).toHaveLength(rows);
        expect(ints(path, 0, 1)).toBe(true);
        expect(bucket).toBe(path.filter((d) => d === 1).length);
      }),
    );
  });

  it('cards and gems: indexes in range; video poker never repeats a card', () => {
    fc.assert(
      fc.property(seeds, (s) => {
        for (const game of ['blackjack', 'hilo', 'baccarat', 'videoPoker'] as const) {
          const { cards } = outcome(game, s);
          expect(cards).toHaveLength(game === 'baccarat' ? 6 : 52);
          expect(ints(cards.map((c) => c.index), 0, 51)).toBe(true);
        }
        expect(distinct(outcome('videoPoker', s).cards.map((c) => c.index))).toBe(true);
        expect(outcome('diamonds', s).gems).toHaveLength(5);
      }),
      { numRuns: 50 },
    );
  });

  it('every supported game is covered above', () => {
    expect([...GAMES_SUPPORTED].sort()).toEqual(
      ['baccarat', 'blackjack', 'diamonds', 'dice', 'hilo', 'keno', 'limbo', 'mines', 'plinko', 'pump', 'roulette', 'videoPoker', 'wheel'].sort(),
    );
  });
});
