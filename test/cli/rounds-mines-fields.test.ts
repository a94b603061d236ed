/**
 * Issue 48 item 7 (research/newcomer-2026-11-29.md §14): a mines settings
 * file without `bet.fields` runs with `--round` (the policy names the tiles;
 * the bet's fields would be checked and never sent), through the CLI against
 * the sandbox, whose ledger shows one bet a round; without `--round` the same
 * file is still refused, exit 2, nothing sent.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectUsageErrorSendingNothing, useCliSandboxSession } from './helpers/sandbox-session.js';

describe('mines --round without bet.fields', () => {
  const session = useCliSandboxSession();
  const file = (): string => {
    const f = path.join(session.config_dir, 'mines-nofields.json');
    fs.writeFileSync(f, JSON.stringify({ game: 'mines', bet: { amount: 0.1, minesCount: 3 } }));
    return f;
  };

  it('autobet runs the policy\'s tiles, one site bet a round, none of them with the settings\' fields', async () => {
    const before = session.sandbox.stats().by_operation['MinesBet'] ?? 0;
    const r = await session.run(['autobet', file(), '--round', '{"game":"mines","fields":[3,7,12],"cashout_after":2}',
      '--stop-loss', '5', '--max-bet', '1', '--max-bets', '4', '--currency', 'usd', '--yes', '--json'], '', session.stake_env());
    expect(r.code, r.stderr).toBe(0);
    const stop = JSON.parse(r.stdout.trim().split('\n').at(-1) as string) as { reason: string; bets: number };
    expect(stop).toMatchObject({ reason: 'max_bets', bets: 4 });
    expect((session.sandbox.stats().by_operation['MinesBet'] ?? 0) - before).toBe(4);
    const opened = session.sandbox.stats().request_log.filter((e) => e.operation_name === 'MinesBet').slice(-4);
    for (const e of opened) expect(e.variables).not.toHaveProperty('fields');
  }, 60_000);

  it('sim runs it too; without --round the file is still refused naming bet.fields', async () => {
    const sim = await session.run(['sim', file(), '--round', '{"game":"mines","fields":[3,7]}', '--bets', '5', '--balance', '10', '--currency', 'usd', '--sessions', '2', '--json']);
    expect(sim.code, sim.stderr).toBe(0);
    await expectUsageErrorSendingNothing(session, ['autobet', file(), '--stop-loss', '5', '--max-bet', '1', '--currency', 'usd', '--yes'], /bet\.fields/);
  }, 60_000);
});
