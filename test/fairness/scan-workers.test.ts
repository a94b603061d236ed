/**
 * scan() across worker threads equals scan() on one thread, exactly (hits,
 * statistics, where a limit stops), and a stop ends the workers. Workers run
 * compiled JavaScript, so this loads the fairness module from the child build
 * (test/support/child-build.ts), as a user's process would load dist/.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type * as Fairness from '../../src/fairness/index.js';
import { buildForChildren } from '../support/child-build.js';

let fairness: typeof Fairness;

beforeAll(async () => {
  const dist = await buildForChildren();
  fairness = (await import(pathToFileURL(path.join(dist, 'fairness', 'index.js')).href)) as typeof Fairness;
});

const SEEDS = { server_seed: 'a5022ccf5dd5a76d2014278e3d91d1dfc47c3f12e683ea0c8151fdc2f944beb1', client_seed: '8b3ca8298c' };

async function collect(options: Fairness.ScanOptions) {
  const scanning = fairness.scan(options);
  const hits: Fairness.ScanHit[] = [];
  for await (const hit of scanning) hits.push(hit);
  return { hits, summary: await scanning.summary, workers: scanning.workers };
}

describe('scan with worker threads', () => {
  it('two workers give exactly what one thread gives (dice, 40,000 nonces in 37 chunks)', async () => {
    const options = { ...SEEDS, game: 'dice', nonces: [990, 40_990], where: 'between 99 100', chunk_size: 1100 } as const;
    const one = await collect({ ...options, workers: 1 });
    const two = await collect({ ...options, workers: 2 });
    expect(one.workers).toBe(0);
    expect(two.workers).toBe(2);
    expect(one.hits.length).toBeGreaterThan(100);
    expect(two.hits).toEqual(one.hits);
    expect(two.summary).toEqual(one.summary);
    // Nonce order, and each hit is the outcome the seeds give.
    for (let i = 1; i < two.hits.length; i++) expect((two.hits[i] as Fairness.ScanHit).nonce).toBeGreaterThan((two.hits[i - 1] as Fairness.ScanHit).nonce);
    for (const hit of two.hits.slice(0, 20)) expect(fairness.outcome('dice', { ...SEEDS, nonce: hit.nonce }).result).toBe(hit.result);
  });

  it('a limit stops at the same hit, with the same summary, for 1 and 3 workers (plinko, a game of many floats)', async () => {
    const options = { ...SEEDS, game: 'plinko', params: { rows: 16 }, nonces: [0, 30_000], where: '<=2', limit: 25, chunk_size: 700 } as const;
    const one = await collect({ ...options, workers: 1 });
    const three = await collect({ ...options, workers: 3 });
    expect(three.workers).toBe(3);
    expect(one.hits).toHaveLength(25);
    expect(three.hits).toEqual(one.hits);
    expect(three.summary).toEqual(one.summary);
    expect(three.summary.reason).toBe('limit');
  });

  it('an abort stops the workers and the summary covers the nonces handed out', async () => {
    const controller = new AbortController();
    const scanning = fairness.scan({ ...SEEDS, game: 'limbo', nonces: [0, 500_000_000], where: '>=100', workers: 2, signal: controller.signal });
    const hits: Fairness.ScanHit[] = [];
    for await (const hit of scanning) {
      hits.push(hit);
      if (hits.length === 40) controller.abort();
    }
    const summary = await scanning.summary;
    expect(summary.reason).toBe('stopped');
    expect(summary.hits).toBe(hits.length);
    expect(summary.evaluated).toBe(summary.next_nonce);
    expect(summary.evaluated).toBeLessThan(500_000_000);
    expect(hits.every((hit) => hit.nonce < summary.next_nonce && hit.result >= 100)).toBe(true);
  });

  it('threads kept between scans: a scan right after an aborted one (threads mid-chunk) gives exactly the one-thread result', async () => {
    const controller = new AbortController();
    const first = fairness.scan({ ...SEEDS, game: 'dice', nonces: [0, 100_000_000], where: '>=50', workers: 2, chunk_size: 5000, signal: controller.signal });
    let seen = 0;
    for await (const hit of first) {
      expect(hit.result).toBeGreaterThanOrEqual(50);
      if (++seen === 3000) controller.abort();
    }
    expect((await first.summary).reason).toBe('stopped');
    // Another seed pair and game on the same threads: nothing of the first scan may leak in.
    const options = { server_seed: 'a9a09f7f84c9dc6d4f46f9b702d8e7e211e1fc219ac10e1145c4ca032eb000c6', client_seed: '3c83fc7e07', game: 'limbo', nonces: [0, 30_000], where: '>=5', chunk_size: 900 } as const;
    const two = await collect({ ...options, workers: 2 });
    const again = await collect({ ...options, workers: 2 });
    const one = await collect({ ...options, workers: 1 });
    expect(two.workers).toBe(2);
    expect(two.hits).toEqual(one.hits);
    expect(two.summary).toEqual(one.summary);
    expect(again.hits).toEqual(one.hits);
    expect(again.summary).toEqual(one.summary);
  });
});
