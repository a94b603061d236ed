/**
 * `--round JSON` on `autobet` and `sim`: a bad policy is a usage error naming
 * the field (exit 2, nothing sent); `sim --round` replays a mines policy on
 * given seeds, each round one bet line whose mines and multiplier are the
 * seeds' outcome computed here with createHmac and the published rule.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectUsageErrorSendingNothing, useCliSandboxSession } from './helpers/sandbox-session.js';
import { mines_multiplier, mines_of, policy_steps } from '../autobet/drivers/rounds/mines-helpers.js';

describe('--round on autobet and sim', () => {
  const session = useCliSandboxSession();
  const strategy = (): string => {
    const file = path.join(session.config_dir, 'mines.json');
    fs.writeFileSync(file, JSON.stringify({ game: 'mines', bet: { amount: 0.01, minesCount: 3, fields: [1] } }));
    return file;
  };

  it('autobet: a bad --round exits 2 naming the field, nothing sent', async () => {
    const base = ['autobet', strategy(), '--stop-loss', '1', '--max-bet', '1', '--currency', 'usd', '--yes'];
    await expectUsageErrorSendingNothing(session, [...base, '--round', '{"game":"mines","fields":[1,2],"cashout_after":5}'], /^stakeql: autobet: --round: round\.cashout_after must be a whole number from 1 to 2/);
    await expectUsageErrorSendingNothing(session, [...base, '--round', 'mines'], /^stakeql: autobet: --round must be a JSON object/);
    await expectUsageErrorSendingNothing(session, [...base, '--round', '{"game":"hilo","cashout_at":1}'], /^stakeql: autobet: --round: round\.cashout_at must be a number above 1/);
    await expectUsageErrorSendingNothing(session, [...base, '--round', '{"game":"videoPoker"}'], /^stakeql: autobet: --round: round\.game must be one of mines, hilo, blackjack/);
    const hilo = path.join(session.config_dir, 'hilo.json');
    fs.writeFileSync(hilo, JSON.stringify({ game: 'hilo', bet: { amount: 0.01, startCard: { rank: '7', suit: 'S' } } }));
    await expectUsageErrorSendingNothing(session, ['autobet', hilo, '--stop-loss', '1', '--max-bet', '1', '--currency', 'usd', '--yes'], /round: a hilo bet is a round over several requests: give autobet a round policy \(--round/);
    await expectUsageErrorSendingNothing(session, [...base, '--round', '{"game":"hilo","cashout_at":2}'], /round\.game: the settings bet mines, so a hilo policy would never play/);
  }, 60_000);

  it('sim --round replays the policy on given seeds: mines and multipliers as createHmac and the rule say', async () => {
    const server = 'ab'.repeat(32);
    const r = await session.run(['sim', strategy(), '--round', '{"game":"mines","fields":[4,9,14],"cashout_after":2}', '--server-seed', server, '--client-seed', 'cli', '--bets', '20', '--balance', '10', '--currency', 'usd', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as { event?: string; nonce: number; payoutMultiplier: number; state: { mines: number[] } });
    const bets = lines.filter((l) => l.event === 'bet');
    expect(bets).toHaveLength(20);
    for (const b of bets) {
      const mines = mines_of(server, 'cli', b.nonce, 3);
      const steps = policy_steps([4, 9, 14], 2, mines);
      expect(b.payoutMultiplier).toBe(steps.cashout ? Math.round(mines_multiplier(3, 2) * 10_000) / 10_000 : 0);
      expect([...b.state.mines].sort((x, y) => x - y)).toEqual([...mines].sort((x, y) => x - y));
    }
    const bad = await session.run(['sim', strategy(), '--round', '{"game":"blackjack","policy":"basic","hard":17}', '--bets', '1', '--balance', '1']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^stakeql: sim: --round: round\.hard: the blackjack basic policy takes no settings/);
  }, 60_000);
});
