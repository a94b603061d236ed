/**
 * ChainWalk (WebAssembly words, four HMACs to a compression) against the published algorithm computed here with node:crypto's
 * createHash / createHmac on hex strings (the form the site's verifier and
 * the public replay tools use), and against KyranRana's vectors.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CRASH_SALT, ChainWalk } from '../../src/fairness/index.js';

function reference_point(hash: string, edge: number): number {
  const n = createHmac('sha256', hash).update(CRASH_SALT).digest().readUInt32BE(0);
  return Math.max(1, (2 ** 32 / (n + 1)) * (1 - edge));
}

describe('ChainWalk', () => {
  it('walks 3,000 rounds of a random chain exactly as createHash + createHmac on hex strings give them', () => {
    for (const edge of [0.01, 0.02]) {
      let hash = randomBytes(32).toString('hex');
      const walk = new ChainWalk(hash, edge, CRASH_SALT);
      for (let i = 0; i < 3000; i++) {
        expect(walk.hash).toBe(hash);
        const point = reference_point(hash, edge);
        expect(walk.point()).toBe(point);
        expect(walk.shown()).toBe(Math.floor(point * 100) / 100);
        hash = createHash('sha256').update(hash).digest('hex');
        walk.step();
      }
    }
  });

  it('points() gives 2,001 rounds (four to a compression, a short last group) as createHmac does, and stands on the round after', () => {
    for (const edge of [0.01, 0.02]) {
      let hash = randomBytes(32).toString('hex');
      const walk = new ChainWalk(hash, edge, CRASH_SALT);
      // A walk on another salt in between: the walkers share the compression's memory.
      const other = new ChainWalk(randomBytes(32).toString('hex'), edge, 'f'.repeat(64));
      const out = new Float64Array(1001);
      for (const chunk of [out, out.subarray(0, 1000)]) {
        walk.points(chunk);
        other.point();
        for (let i = 0; i < chunk.length; i++) {
          expect(chunk[i]).toBe(reference_point(hash, edge));
          hash = createHash('sha256').update(hash).digest('hex');
        }
        expect(walk.hash).toBe(hash);
      }
    }
  });

  it("KyranRana's vectors (MultiplayerGameSeeds.json with Crash.test.ts and Slide.test.ts)", () => {
    const hashes = [
      'b4e7b335045da0a2666145980d03ed440a2e150e5369c72c7e6e24aeeb95f791',
      '3e473405bd819ed4171854194bae75a2b117739fc1ab2e1c4cd263e1904dae6f',
      'ca9b74c095c615cdf961892e54b35d42b6b8d3612266ff158547020fab514cf7',
    ];
    expect(hashes.map((h) => new ChainWalk(h, 0.01, CRASH_SALT).point())).toEqual([2.5682504010713783, 1.3193661251992947, 3.018368989236868]);
    expect(hashes.map((h) => new ChainWalk(h, 0.02, CRASH_SALT).point())).toEqual([2.542308477828233, 1.3060391946417262, 2.9878804135880106]);
  });

  it('find counts the steps to a hash, and stops at its bound', () => {
    const start = randomBytes(32).toString('hex');
    let target = start;
    for (let i = 0; i < 500; i++) target = createHash('sha256').update(target).digest('hex');
    expect(new ChainWalk(start, 0.01, CRASH_SALT).find(target, 1000)).toBe(500);
    expect(new ChainWalk(start, 0.01, CRASH_SALT).find(target, 499)).toBeNull();
    expect(new ChainWalk(start, 0.01, CRASH_SALT).find(start, 0)).toBe(0);
    const walk = new ChainWalk(start, 0.01, CRASH_SALT);
    expect(walk.is(Buffer.from(start, 'latin1'))).toBe(true);
  });

  it('refuses a malformed hash, salt or edge, naming it', () => {
    expect(() => new ChainWalk('ABC', 0.01, CRASH_SALT)).toThrow(/game_hash/);
    expect(() => new ChainWalk('a'.repeat(64), 0.01, 'xyz')).toThrow(/salt/);
    expect(() => new ChainWalk('a'.repeat(64), 1, CRASH_SALT)).toThrow(RangeError);
    expect(() => new ChainWalk(42 as unknown as string, 0.01, CRASH_SALT)).toThrow(TypeError);
    expect(() => new ChainWalk('a'.repeat(64), 0.01, CRASH_SALT).find('a'.repeat(64), -1)).toThrow(/max_steps/);
  });
});
