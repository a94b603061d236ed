/**
 * `sim ≡ sandbox` for a round policy: a mines `{ fields, cashout_after }`
 * policy run on the sandbox step by step (MinesBet, MinesNext…, MinesCashout),
 * then the simulator on the revealed seeds gives the same bets, bet by bet;
 * each bet's mines and multiplier are computed here from createHmac and the
 * published rule 0.99 × C(25, k) / C(25 − m, k) (src/games/mines/rules.ts
 * names its sources), not by the code under test.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { run_autobet, simulate, type BetLine } from '../../../../src/autobet/index.js';
import { world, type World } from '../../helpers.js';
import { mines_multiplier, mines_of, policy_steps } from './mines-helpers.js';

let w: World | undefined;
afterEach(async () => {
  await w?.close();
  w = undefined;
});

const strip = (l: BetLine) => ({ seq: l.seq, game: l.game, amount: l.amount, payoutMultiplier: l.payoutMultiplier, payout: l.payout, profit: l.profit, balance: l.balance, nonce: l.nonce });

describe('sim ≡ sandbox for a mines round policy', () => {
  it.each([
    [3, [12, 0, 24, 6], 3],
    [5, [7, 8, 9], 2],
  ])('%i mines, fields %j, cashout after %i: the replay is the sandbox run, bet by bet', async (count, fields, after) => {
    w = await world({ dice_seed: `sim-rounds-${count}` });
    const strategy = () => ({ game: 'mines', bet: { amount: 0.01, minesCount: count, fields: [fields[0]] }, on_win: 'reset', on_loss: { increase_pct: 100 } }) as never;
    const round = { game: 'mines', fields, cashout_after: after };
    const limits = { max_bets: 40, stop_loss: 50, max_bet: 10 };
    const live: BetLine[] = [];
    const run = await run_autobet({ client: w.client, database: w.database, currency: 'usd', strategy: strategy(), round, limits, on_bet: (l) => live.push(l) });
    expect(run.stop?.reason).toBe('max_bets');
    const client_seed = (await w.client.active_seeds()).activeClientSeed.seed;
    await w.client.rotate_seed_pair();
    const server_seed = (await w.client.active_seeds()).previousServerSeed?.seed as string;
    const replay: BetLine[] = [];
    let reason: string | undefined;
    await simulate({ strategy: strategy(), round, limits, currency: 'usd', start_balance: 1000, bets: 40, seeds: [{ server_seed, client_seed, nonce: 0 }], on_bet: (l) => replay.push(l), on_session: (s) => (reason = s.reason) });
    expect(reason).toBe('max_bets');
    expect(replay.map(strip)).toEqual(live.map(strip));
    let cashed = 0;
    for (const l of live) {
      const mines = mines_of(server_seed, client_seed, l.nonce, count);
      const expected = policy_steps(fields, after, mines);
      const m = expected.cashout ? Math.round(mines_multiplier(count, after) * 10_000) / 10_000 : 0;
      expect(l.payoutMultiplier, `bet ${l.seq}`).toBe(m);
      expect([...((l.state as { mines: number[] }).mines)].sort((a, b) => a - b)).toEqual([...mines].sort((a, b) => a - b));
      if (expected.cashout) cashed++;
    }
    expect(cashed).toBeGreaterThan(0);
    expect(cashed).toBeLessThan(live.length);
  }, 60_000);

  it("the simulator refuses a round game it has no policy for, naming the field", async () => {
    await expect(simulate({ strategy: { game: 'mines', bet: { amount: 0.01, minesCount: 3, fields: [1] } } as never, round: { game: 'videoPoker' }, currency: 'usd', start_balance: 1, bets: 1 }))
      .rejects.toThrow(/^round\.game must be one of mines, hilo, blackjack/);
  });

  it("a module with a round() export is refused by the simulator (its rounds would be played otherwise than they run)", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stakeql-sim-round-'));
    try {
      const file = path.join(dir, 'rounds.mjs');
      fs.writeFileSync(file, "export default () => ({ game: 'mines', amount: 0.01, minesCount: 3, fields: [1] }); export const round = () => 'cashout';");
      await expect(simulate({ strategy: file, currency: 'usd', start_balance: 1, bets: 1, sessions: 2, workers: 2 })).rejects.toThrow(/rounds\.mjs: its round\(\) is played on the sandbox and live only/);
      await expect(simulate({ strategy: file, currency: 'usd', start_balance: 1, bets: 1, seeds: [{ server_seed: 'a'.repeat(64), client_seed: 'c' }] })).rejects.toThrow(/round\(\) is played on the sandbox and live only/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
