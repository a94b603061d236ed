/**
 * scan() against the plainest possible scanner: a loop over `outcome` in
 * this file, reading each game's number from the outcome object. Ranges cut
 * into small chunks, nonce widths that change inside a pass of four lanes,
 * limits, stops, and every bad input refused before anything is evaluated.
 * (Worker threads need the compiled module: test/fairness/scan-workers.test.ts.)
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { outcome, parse_where, scan, type ScanHit, type ScanOptions, type ScanSummary } from '../../src/fairness/index.js';

const SERVER = '18e93f4a7b5b58d2569765766d1b6c3296bbd8430d6f20249044d72f14720159';
const CLIENT = 'bb62964774';

/** The number each game is scanned on, read from `outcome` as a user would. */
function plainResult(game: string, nonce: number, seeds: { server_seed: string; client_seed: string }, params: Record<string, unknown>): number {
  const input = { ...seeds, nonce, ...params } as never;
  switch (game) {
    case 'dice':
      return outcome('dice', input).result;
    case 'limbo':
      return outcome('limbo', input).result;
    case 'roulette':
      return outcome('roulette', input).result;
    case 'wheel':
      return outcome('wheel', input).result;
    case 'plinko':
      return outcome('plinko', input).bucket;
    case 'pump':
      return outcome('pump', input).safe_pumps;
    default:
      throw new Error(game);
  }
}

/** The plain loop: hits and statistics, summed in nonce order. */
function plainScan(options: { game: string; from: number; to: number; low: number; high: number; params?: Record<string, unknown>; server_seed?: string; client_seed?: string }) {
  const seeds = { server_seed: options.server_seed ?? SERVER, client_seed: options.client_seed ?? CLIENT };
  const hits: ScanHit[] = [];
  let min = Infinity;
  let max = -Infinity;
  let sum = 0;
  for (let nonce = options.from; nonce < options.to; nonce++) {
    const result = plainResult(options.game, nonce, seeds, options.params ?? {});
    min = Math.min(min, result);
    max = Math.max(max, result);
    sum += result;
    if (result >= options.low && result <= options.high) hits.push({ nonce, result });
  }
  return { hits, min, max, mean: sum / (options.to - options.from), evaluated: options.to - options.from };
}

async function run(options: Partial<ScanOptions> & Pick<ScanOptions, 'game' | 'nonces' | 'where'>): Promise<{ hits: ScanHit[]; summary: ScanSummary }> {
  const scanning = scan({ server_seed: SERVER, client_seed: CLIENT, workers: 1, ...options });
  const hits: ScanHit[] = [];
  for await (const hit of scanning) hits.push(hit);
  return { hits, summary: await scanning.summary };
}

const CASES = [
  { game: 'dice', where: '>=95', low: 95, high: Infinity },
  { game: 'dice', where: 'between 49.5 50.5', low: 49.5, high: 50.5 },
  { game: 'limbo', where: '>=10', low: 10, high: Infinity },
  { game: 'limbo', where: '==1', low: 1, high: 1 },
  { game: 'roulette', where: '==0', low: 0, high: 0 },
  { game: 'wheel', where: '<=2', low: -Infinity, high: 2, params: { segments: 30 } },
  { game: 'plinko', where: 'between 0 3', low: 0, high: 3, params: { rows: 12 } },
  { game: 'pump', where: '>=3', low: 3, high: Infinity, params: { difficulty: 'medium' } },
] as const;

describe('scan equals a loop over outcome', () => {
  for (const c of CASES) {
    it(`${c.game} where '${c.where}' over nonces 0..2,500 in chunks of 300`, async () => {
      const params = 'params' in c ? c.params : undefined;
      const want = plainScan({ game: c.game, from: 0, to: 2500, low: c.low, high: c.high, params });
      const got = await run({ game: c.game, nonces: [0, 2500], where: c.where, params, chunk_size: 300 });
      expect(want.hits.length).toBeGreaterThan(0);
      expect(got.hits).toEqual(want.hits);
      expect(got.summary).toMatchObject({ evaluated: 2500, hits: want.hits.length, min: want.min, max: want.max, from: 0, next_nonce: 2500, reason: 'end' });
      expect(got.summary.mean).toBeCloseTo(want.mean, 9);
    });
  }

  it('random seeds (UTF-8 client seeds up to two blocks long), ranges across nonce widths, random chunk sizes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 1, maxLength: 64 }),
        fc.string({ unit: 'binary', maxLength: 100 }),
        fc.constantFrom(0, 5, 95, 995, 99_990, 2 ** 31 - 7, Number.MAX_SAFE_INTEGER - 60),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 25 }),
        async (server_seed, client_seed, from, length, chunk_size) => {
          const to = from + length;
          const want = plainScan({ game: 'dice', from, to, low: 50, high: Infinity, server_seed, client_seed });
          const got = await run({ game: 'dice', server_seed, client_seed, nonces: [from, to], where: '>=50', chunk_size });
          expect(got.hits).toEqual(want.hits);
          expect(got.summary).toMatchObject({ evaluated: length, hits: want.hits.length, min: want.min, max: want.max });
        },
      ),
      { numRuns: 60 },
    );
  });

  it('the seed hash in the summary is SHA-256 of the seed (what the site showed before the reveal)', async () => {
    const { summary } = await run({ game: 'dice', nonces: [0, 10], where: '>=0' });
    expect(summary.server_seed_hash).toBe(createHash('sha256').update(SERVER).digest('hex'));
  });
});

describe('limit and stopping', () => {
  it('limit: the first N hits, and the summary ends at the last one', async () => {
    const want = plainScan({ game: 'dice', from: 0, to: 3000, low: 90, high: Infinity });
    const cut = want.hits[6] as ScanHit;
    const upto = plainScan({ game: 'dice', from: 0, to: cut.nonce + 1, low: 90, high: Infinity });
    const got = await run({ game: 'dice', nonces: [0, 3000], where: '>=90', limit: 7, chunk_size: 100 });
    expect(got.hits).toEqual(want.hits.slice(0, 7));
    expect(got.summary).toMatchObject({ evaluated: cut.nonce + 1, hits: 7, next_nonce: cut.nonce + 1, reason: 'limit', min: upto.min, max: upto.max });
  });

  it('a signal already aborted evaluates nothing; the summary says so', async () => {
    const got = await run({ game: 'dice', nonces: [0, 1000], where: '>=0', signal: AbortSignal.abort() });
    expect(got.hits).toEqual([]);
    expect(got.summary).toMatchObject({ evaluated: 0, hits: 0, min: null, max: null, mean: null, reason: 'stopped', next_nonce: 0 });
  });

  it('aborting mid-scan ends the iteration cleanly; the summary covers exactly the nonces handed out', async () => {
    const controller = new AbortController();
    const scanning = scan({ game: 'dice', server_seed: SERVER, client_seed: CLIENT, nonces: [0, 1_000_000], where: '>=99', workers: 1, chunk_size: 500, signal: controller.signal });
    const hits: ScanHit[] = [];
    for await (const hit of scanning) {
      hits.push(hit);
      if (hits.length === 3) controller.abort();
    }
    const summary = await scanning.summary;
    expect(summary.reason).toBe('stopped');
    expect(summary.evaluated).toBeLessThan(1_000_000);
    expect(summary.evaluated).toBe(summary.next_nonce);
    expect(summary.hits).toBe(hits.length);
    expect(hits).toEqual(plainScan({ game: 'dice', from: 0, to: summary.next_nonce, low: 99, high: Infinity }).hits);
  });

  it('breaking out of the loop stops the scan', async () => {
    const scanning = scan({ game: 'limbo', server_seed: SERVER, client_seed: CLIENT, nonces: [0, 5_000_000], where: '>=2', workers: 1 });
    for await (const hit of scanning) {
      expect(hit.result).toBeGreaterThanOrEqual(2);
      break;
    }
    const summary = await scanning.summary;
    expect(summary.reason).toBe('stopped');
    expect(summary.evaluated).toBeLessThan(5_000_000);
    expect(() => scanning[Symbol.asyncIterator]()).toThrow(TypeError);
  });
});

describe('bad input is refused before anything is scanned', () => {
  const base: ScanOptions = { game: 'dice', server_seed: SERVER, client_seed: CLIENT, nonces: [0, 10], where: '>=50' };
  const cases: [string, Partial<Record<keyof ScanOptions, unknown>>, RegExp][] = [
    ['a reversed range', { nonces: [10, 5] }, /nonces: .*reversed/],
    ['an empty range', { nonces: [5, 5] }, /nonces: .*empty/],
    ['a negative nonce', { nonces: [-1, 5] }, /nonces\[0\]/],
    ['a range over 10^9', { nonces: [0, 1_000_000_001] }, /nonces: .*force/],
    ['an unknown game', { game: 'crash' }, /game must be one whose result is a number/],
    ['a game of many numbers', { game: 'keno' }, /game must be/],
    ['a malformed where', { where: '>= 5 6' }, /where must be/],
    ['a where of another form', { where: '> 5' }, /where must be/],
    ['between, reversed', { where: 'between 9 3' }, /A ≤ B/],
    ['an empty server seed', { server_seed: '' }, /server_seed is empty/],
    ['a server seed that is not hex', { server_seed: 'my seed' }, /server_seed must be lower-case hex/],
    ['the seed given as its own hash', { server_seed: createHash('sha256').update(SERVER).digest('hex'), server_seed_hash: createHash('sha256').update(SERVER).digest('hex') }, /only once the site reveals it/],
    ['a seed that does not hash to the hash given', { server_seed_hash: 'a'.repeat(64) }, /does not hash to server_seed_hash/],
    ['a missing game parameter', { game: 'wheel' }, /segments/],
    ['a zero limit', { limit: 0 }, /limit/],
    ['zero workers', { workers: 0 }, /workers/],
  ];
  for (const [what, change, message] of cases) {
    it(what, () => {
      expect(() => scan({ ...base, ...change } as ScanOptions)).toThrow(message);
    });
  }

  it('a range over 10^9 is taken with force (and stopped at once here)', async () => {
    const scanning = scan({ ...base, nonces: [0, 2_000_000_000], force: true, limit: 1, workers: 1 });
    const hits: ScanHit[] = [];
    for await (const hit of scanning) hits.push(hit);
    expect(hits).toHaveLength(1);
    expect((await scanning.summary).reason).toBe('limit');
  });
});

describe('parse_where', () => {
  it('reads the four forms, with spaces, signs, fractions and exponents', () => {
    expect(parse_where('>=99')).toMatchObject({ low: 99, high: Infinity });
    expect(parse_where(' <= 1.5 ')).toMatchObject({ low: -Infinity, high: 1.5 });
    expect(parse_where('==50')).toMatchObject({ low: 50, high: 50 });
    expect(parse_where('between 10 20')).toMatchObject({ low: 10, high: 20 });
    expect(parse_where('BETWEEN\t-1e2  +2.5E1')).toMatchObject({ low: -100, high: 25 });
    expect(parse_where('>=1e6')).toMatchObject({ low: 1e6 });
  });

  it('refuses anything else, naming where', () => {
    for (const bad of ['', '99', '>99', '=>99', '>=', '>=abc', '>=1e', '>=1.2.3', '>=.', 'between 1', 'between 1 2 3', 'between a b', '>=1e999', '>=0x10']) {
      expect(() => parse_where(bad), bad).toThrow(/where/);
    }
    expect(() => parse_where(5)).toThrow(TypeError);
  });

  it('reads a long hostile input in one pass (no backtracking)', () => {
    const long = `between ${'1'.repeat(200_000)} ${'9'.repeat(100_000)}x`;
    expect(() => parse_where(long)).toThrow(/where/);
    expect(() => parse_where(`>=${'1'.repeat(300_000)}.`)).toThrow(/where/);
  });
});
