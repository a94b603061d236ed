/**
 * verify_bet / verify_bets on bets shaped as the client returns them, built
 * from the published vectors (outcomes the site's verifier shows), then
 * tampered with one field at a time.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { outcome, verify_bet, verify_bets, type BetReport, type CasinoBetLike } from '../../src/fairness/index.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

// KyranRana/stake-provably-fair-api GameSeeds.json[0]: dice 77.18, limbo 1.28, roulette 28 on the site's calculation page.
const SEED = '18e93f4a7b5b58d2569765766d1b6c3296bbd8430d6f20249044d72f14720159';
const CLIENT = 'bb62964774';

function bet(game: string, state: Record<string, unknown> | null, overrides: Partial<CasinoBetLike> = {}): CasinoBetLike {
  return {
    id: `bet-${game}`,
    game,
    state,
    nonce: 1,
    clientSeed: { seed: CLIENT },
    serverSeed: { seedHash: sha256(SEED), seed: null },
    ...overrides,
  };
}

async function collect(reports: AsyncIterable<BetReport>): Promise<BetReport[]> {
  const out: BetReport[] = [];
  for await (const report of reports) out.push(report);
  return out;
}

describe('verify_bet', () => {
  it('an honest dice bet passes both checks', () => {
    const report = verify_bet(bet('dice', { result: 77.18, target: 50, condition: 'above' }), { server_seed: SEED });
    expect(report).toMatchObject({ id: 'bet-dice', ok: true, seed_hash_ok: true, outcome_ok: true, failed: [], expected: { result: 77.18 } });
  });

  it('uses the seed the bet carries once revealed', () => {
    const report = verify_bet(bet('limbo', { result: 1.28, multiplierTarget: 2 }, { serverSeed: { seedHash: sha256(SEED), seed: SEED } }));
    expect(report.ok).toBe(true);
  });

  it('a limbo multiplier recorded with more decimals still matches what the site shows', () => {
    expect(verify_bet(bet('limbo', { result: 1.2847, multiplierTarget: 2 }), { server_seed: SEED }).outcome_ok).toBe(true);
  });

  it('a tampered result fails the outcome check and says what the seeds produce', () => {
    const report = verify_bet(bet('dice', { result: 77.19, target: 50, condition: 'above' }), { server_seed: SEED });
    expect(report).toMatchObject({ ok: false, seed_hash_ok: true, outcome_ok: false, failed: ['outcome'], expected: { result: 77.18 }, recorded: { result: 77.19 } });
    expect(report.note).toMatch(/result/);
  });

  it('a seed that does not hash to seedHash fails the seed check', () => {
    const report = verify_bet(bet('dice', { result: 77.18 }), { server_seed: `${SEED}0` });
    expect(report.seed_hash_ok).toBe(false);
    expect(report.failed).toContain('seed_hash');
    expect(report.ok).toBe(false);
  });

  it('an unrevealed seed checks nothing and says why', () => {
    const report = verify_bet(bet('dice', { result: 77.18 }));
    expect(report).toMatchObject({ ok: false, seed_hash_ok: null, outcome_ok: null, failed: [] });
    expect(report.note).toMatch(/not revealed/);
  });

  it('mines: compares the revealed mines, takes minesCount from the state, and skips an open round', () => {
    // KyranRana Mines.test.ts: with 24 mines the one safe tile of its first seed is 1-based 22 (0-based 21).
    const mines = (state: Record<string, unknown>) => verify_bet(bet('mines', state), { server_seed: SEED });
    const allBut = (safe: number) => [...Array(25).keys()].filter((tile) => tile !== safe);
    expect(mines({ mines: allBut(21), minesCount: 24, rounds: [] }).ok).toBe(true);
    expect(mines({ mines: allBut(20), minesCount: 24, rounds: [] }).outcome_ok).toBe(false);
    const open = mines({ mines: null, minesCount: 24, rounds: [{ field: 0, payoutMultiplier: 1.13 }] });
    expect(open).toMatchObject({ seed_hash_ok: true, outcome_ok: null, ok: false });
    expect(open.note).toMatch(/open/);
    expect(mines({ mines: allBut(21) }).note).toMatch(/minesCount/);
  });

  it('keno: 0-based drawnNumbers as the verify UI shows them (MJE43/stake-pf-replay-go keno_draw_test.go)', () => {
    const server = '62571ad3a67f014963feb7578e1b4f56c9f2469bbde16cc0773af6803412490c';
    const keno = (drawnNumbers: number[]) =>
      verify_bet({ id: 'k', game: 'keno', state: { drawnNumbers, selectedNumbers: [0, 1], risk: 'classic' }, nonce: 1, clientSeed: { seed: '56e27fed-ece3-4279-ab56-96f71fe9b2ee' }, serverSeed: { seedHash: sha256(server) } }, { server_seed: server });
    expect(keno([23, 0, 3, 14, 36, 27, 33, 22, 10, 5]).ok).toBe(true);
    expect(keno([24, 1, 4, 15, 37, 28, 34, 23, 11, 6]).ok).toBe(false); // the 1-based display is not the state
  });

  it('a game without a published translation is reported, not guessed', () => {
    const report = verify_bet(bet('crash', { result: 2 }), { server_seed: SEED });
    expect(report).toMatchObject({ ok: false, seed_hash_ok: true, outcome_ok: null });
    expect(report.note).toMatch(/no published translation/);
  });

  it('a record that is not a bet is a TypeError naming the field', () => {
    expect(() => verify_bet({ ...bet('dice', {}), clientSeed: undefined } as unknown as CasinoBetLike)).toThrow(/clientSeed/);
    expect(() => verify_bet({ ...bet('dice', {}), nonce: -1 })).toThrow(/nonce/);
    expect(() => verify_bet(null as unknown as CasinoBetLike)).toThrow(TypeError);
  });
});

describe('verify_bets', () => {
  it('reports every bet in order, matching seeds by hash', async () => {
    const other = 'a9a09f7f84c9dc6d4f46f9b702d8e7e211e1fc219ac10e1145c4ca032eb000c6'; // GameSeeds.json[1]: dice 19.59 at nonce 3
    const history: unknown[] = [
      bet('dice', { result: 77.18 }, { id: 'a' }),
      { ...bet('dice', { result: 19.59 }, { id: 'b', nonce: 3 }), clientSeed: { seed: '3c83fc7e07' }, serverSeed: { seedHash: sha256(other) } },
      bet('dice', { result: 50 }, { id: 'c' }),
      bet('dice', { result: 77.18 }, { id: 'd', serverSeed: { seedHash: sha256('never revealed') } }),
      { id: 'e', game: 'dice' },
    ];
    const reports = await collect(verify_bets(history as CasinoBetLike[], [SEED, other]));
    expect(reports.map((r) => [r.id, r.ok, r.failed])).toEqual([
      ['a', true, []],
      ['b', true, []],
      ['c', false, ['outcome']],
      ['d', false, []],
      ['e', false, []],
    ]);
    expect(reports[3]?.note).toMatch(/not revealed/);
    expect(reports[4]?.note).toMatch(/not a bet/);
  });

  it('takes an async iterable and a Map of seedHash → seed, and refuses a pair that does not hash', async () => {
    async function* one() {
      yield bet('roulette', { result: 28 });
    }
    const [report] = await collect(verify_bets(one(), new Map([[sha256(SEED), SEED]])));
    expect(report?.ok).toBe(true);
    await expect(collect(verify_bets([], new Map([[sha256(SEED), 'wrong']])))).rejects.toThrow(RangeError);
  });

  it('a bet carrying a seed that does not hash to its seedHash fails the seed check', async () => {
    const [report] = await collect(verify_bets([bet('dice', { result: 77.18 }, { serverSeed: { seedHash: sha256('x'), seed: SEED } })]));
    expect(report?.failed).toEqual(['seed_hash']);
  });

  it('streams: reads at most one batch (64 bets) ahead of the reports, so an endless history can be verified as far as the caller reads', async () => {
    let pulled = 0;
    function* endless() {
      for (let nonce = 0; ; nonce++) {
        pulled++;
        yield bet('dice', { result: 0 }, { id: String(nonce), nonce });
      }
    }
    let seen = 0;
    for await (const report of verify_bets(endless(), [SEED])) {
      expect(report.seed_hash_ok).toBe(true);
      if (++seen === 5000) break;
    }
    // Bets are judged 64 at a time (their HMACs share the SIMD lanes): never more than one batch ahead.
    expect(pulled).toBeGreaterThanOrEqual(5000);
    expect(pulled).toBeLessThanOrEqual(5000 + 64);
  });

  it('bets judged in batches (SIMD lanes across seed pairs and games) get the report verify_bet gives each, in order', async () => {
    const other = 'a9a09f7f84c9dc6d4f46f9b702d8e7e211e1fc219ac10e1145c4ca032eb000c6';
    const history: CasinoBetLike[] = [];
    for (let i = 0; i < 300; i++) {
      const server = i % 3 === 0 ? other : SEED;
      const client = i % 5 === 0 ? 'é client seed that fills more than one whole block of sixty-four bytes, as UTF-8' : CLIENT;
      const seeds = { server_seed: server, client_seed: client, nonce: i };
      const kind = i % 7;
      const base = { id: `b${i}`, nonce: i, clientSeed: { seed: client }, serverSeed: { seedHash: sha256(server), seed: i % 11 === 0 ? null : server } };
      if (kind === 0) history.push({ ...base, game: 'dice', state: { result: outcome('dice', seeds).result + (i % 2) * 0.01 } });
      else if (kind === 1) history.push({ ...base, game: 'limbo', state: { result: outcome('limbo', seeds).result } });
      else if (kind === 2) history.push({ ...base, game: 'mines', state: { minesCount: 3, mines: outcome('mines', { ...seeds, minesCount: 3 }).mines } });
      else if (kind === 3) history.push({ ...base, game: 'keno', state: { drawnNumbers: outcome('keno', seeds).drawnNumbers } });
      else if (kind === 4) history.push({ ...base, game: 'roulette', state: { result: outcome('roulette', seeds).result } });
      else if (kind === 5) history.push({ ...base, game: 'crash', state: { result: 2 } });
      else history.push({ ...base, game: 'wheel', state: { segments: 20, result: outcome('wheel', { ...seeds, segments: 20 }).result } });
    }
    const reports = await collect(verify_bets(history));
    expect(reports).toEqual(history.map((b) => verify_bet(b)));
    // Both kinds of verdict are in there: honest bets pass, the dice bets shifted by 0.01 fail.
    expect(reports.filter((r) => r.ok).length).toBeGreaterThan(100);
    expect(reports.filter((r) => r.failed.includes('outcome')).length).toBeGreaterThan(10);
  });

  it('an empty or non-hex server seed is refused, not verified into a meaningless outcome (issue 22 item 10)', async () => {
    const dice = bet('dice', { result: 77.18 });
    expect(() => verify_bet(dice, { server_seed: '' })).toThrow(/server_seed is empty/);
    expect(() => verify_bet(dice, { server_seed: 'my seed' })).toThrow(RangeError);
    expect(() => verify_bet({ ...dice, serverSeed: { seedHash: sha256('x y'), seed: 'x y' } })).toThrow(/serverSeed\.seed/);
    await expect(collect(verify_bets([dice], ['']))).rejects.toThrow(/seeds: a revealed seed/);
    // A bet carrying such a seed is a record, not a verdict: reported, and the stream goes on.
    const [carried, honest] = await collect(verify_bets([{ ...dice, serverSeed: { seedHash: sha256(''), seed: '' } }, dice], [SEED]));
    expect(carried).toMatchObject({ ok: false, seed_hash_ok: null, outcome_ok: null });
    expect(carried?.note).toMatch(/not a bet: .*serverSeed\.seed is empty/);
    expect(honest?.ok).toBe(true);
  });
});
