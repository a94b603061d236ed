/**
 * History and `verify` on wheel, pump, roulette and baccarat: bets placed on
 * the sandbox with client.play, read back through the bet history
 * (`MyBetList`, whose union selection aliases the fields other games type
 * differently), verified with the revealed seed: every one passes, the
 * outcome compared; a state altered by one field fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verify_bet, type CasinoBetLike } from '../../src/fairness/index.js';
import type { Sandbox } from '../../src/sandbox/index.js';
import { sandbox, user } from '../operations/helpers.js';

let box: Sandbox;
beforeAll(async () => {
  box = await sandbox();
});
afterAll(async () => {
  await box.close();
});

describe('verify from the bet history', () => {
  it('wheel, pump, roulette and baccarat bets verify with the revealed seed; an altered outcome does not', async () => {
    const { client } = user(box);
    const placed = [
      await client.play('wheel', { amount: 1, currency: 'usd', risk: 'high', segments: 50 }),
      await client.play('pump', { amount: 1, currency: 'usd', difficulty: 'hard', round: 2 }),
      await client.play('roulette', { amount: 1, currency: 'usd', numbers: [{ value: 'number0', amount: 1 }] }),
      await client.play('baccarat', { amount: 1, currency: 'usd', banker: 1 }),
    ];
    await client.rotate_seed_pair();
    const seed = (await client.active_seeds()).previousServerSeed?.seed as string;
    const history: CasinoBetLike[] = [];
    for await (const entry of client.bets()) {
      if (entry.bet !== null && 'state' in entry.bet) history.push(entry.bet as unknown as CasinoBetLike);
    }
    expect(history.map((b) => b.game).sort()).toEqual(['baccarat', 'pump', 'roulette', 'wheel']);
    for (const bet of history) {
      const report = verify_bet(bet, { server_seed: seed });
      expect(report, bet.game).toMatchObject({ ok: true, seed_hash_ok: true, outcome_ok: true });
    }
    for (const bet of placed) {
      expect(verify_bet(bet as unknown as CasinoBetLike, { server_seed: seed }), bet.game).toMatchObject({ ok: true, outcome_ok: true });
    }
    const wheel = history.find((b) => b.game === 'wheel')!;
    const altered = { ...wheel, state: { ...wheel.state, wheel_result: ((wheel.state!['wheel_result'] as number) + 1) % 50 } };
    expect(verify_bet(altered, { server_seed: seed })).toMatchObject({ ok: false, outcome_ok: false });
    const pump = history.find((b) => b.game === 'pump')!;
    const paid = pump.state!['payoutMultiplier'] as number;
    expect(verify_bet({ ...pump, state: { ...pump.state, payoutMultiplier: paid === 0 ? 1.55 : 0 } }, { server_seed: seed })).toMatchObject({ ok: false, outcome_ok: false });
  });
});
