import { describe, expect, it } from 'vitest';
import { AuthManager } from '../../src/auth/index.js';
import { extract_credentials } from '../../src/paste/index.js';
// @ts-expect-error: plain JavaScript module shared with scripts/fuzz.mjs, typed by use
import { checkCase, fuzzCase, runFuzz, seedPastes } from './support/fuzz-cases.mjs';

const api = {
  extract_credentials,
  extract_access_token_from_curl: (text: string) => AuthManager.extract_access_token_from_curl(text),
  extract_session_from_curl: (text: string) => AuthManager.extract_session_from_curl(text),
};

describe('fuzzing the paste readers (a seeded 20,000 of the 10^6 cases of `npm run fuzz`)', () => {
  it('the cases are what they claim: seeded, varied, and often still holding a token', () => {
    const seeds = seedPastes();
    expect(seeds.length).toBeGreaterThan(20);
    expect(fuzzCase(seeds, 7, 123)).toBe(fuzzCase(seeds, 7, 123));
    const texts = new Set(Array.from({ length: 200 }, (_, k) => fuzzCase(seeds, 7, k)));
    expect(texts.size).toBeGreaterThan(190);
  });

  it('the checker catches a breach of the contract', () => {
    const broken = { ...api, extract_credentials: (text: string) => ({ ...extract_credentials(text), access_token: '' }) };
    expect(checkCase('curl x', broken).problem).toMatch(/access_token/);
    const throwing = { ...api, extract_session_from_curl: () => { throw new RangeError('boom'); } };
    expect(checkCase('curl x', throwing).problem).toMatch(/threw RangeError/);
    const disagreeing = { ...api, extract_access_token_from_curl: () => 'other' };
    expect(checkCase(`curl u -H 'x-access-token: t'`, disagreeing).problem).toMatch(/disagrees/);
  });

  // A small count for the edit-test loop; `npm run fuzz` runs 10^6 cases (scripts/fuzz.mjs).
  it('4,000 mutated browser pastes and random strings: total, typed, trimmed, consistent', () => {
    const { failed, failures, withToken } = runFuzz(api, { seed: 20_000, count: 4_000, keep: 3 });
    expect(failures).toEqual([]);
    expect(failed).toBe(0);
    // Most mutations leave the paste readable: the readers were exercised, not just the error paths.
    expect(withToken).toBeGreaterThan(800);
  }, 180_000);
});
