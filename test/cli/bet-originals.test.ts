/**
 * `stakeql bet` on the originals the registry added: wheel (--risk
 * --segments), pump (--difficulty --round) and baccarat (--player --banker
 * --tie, the amount their total) send the game's document and variables and
 * print the outcome in words; bad values are usage errors (exit 2) that send
 * nothing.
 */
import { describe, expect, it } from 'vitest';
import { expectUsageErrorSendingNothing, useCliSandboxSession } from './helpers/sandbox-session.js';

describe('stakeql bet on wheel, pump and baccarat', () => {
  const session = useCliSandboxSession();
  const env = session.stake_env;
  const last = () => session.sandbox.stats().request_log.at(-1);

  it('wheel, pump and baccarat through the registry: the document and variables, the outcome in words', async () => {
    const wheel = await session.run(['bet', 'wheel', '1', 'usd', '--risk', 'medium', '--segments', '20', '-y', '--identifier', 'cli-wheel-1'], '', env());
    expect(wheel.code, wheel.stderr).toBe(0);
    expect(wheel.stdout).toMatch(/^wheel (won|lost|partly paid back|paid back): segment \d+ of 20; payout [0-9.]+ usd \(×[0-9.]+\)\nbet \S+, identifier cli-wheel-1\n$/);
    expect(last()).toEqual({ operation_name: 'WheelSpin', variables: { amount: 1, currency: 'usd', risk: 'medium', segments: 20, identifier: 'cli-wheel-1' } });

    const pump = await session.run(['bet', 'pump', '1', 'usd', '--difficulty', 'easy', '--round', '2', '-y', '--identifier', 'cli-pump-1'], '', env());
    expect(pump.code, pump.stderr).toBe(0);
    expect(pump.stdout).toMatch(/^pump (won|lost|partly paid back|paid back): (survived 2 pumps, ×1\.06|popped before pump 2); payout [0-9.]+ usd \(×[0-9.]+\)\nbet \S+, identifier cli-pump-1\n$/);
    expect(last()).toEqual({ operation_name: 'PumpBet', variables: { amount: 1, currency: 'usd', difficulty: 'easy', round: 2, identifier: 'cli-pump-1' } });

    const baccarat = await session.run(['bet', 'baccarat', '3', 'usd', '--player', '1', '--banker', '2', '-y', '--identifier', 'cli-baccarat-1'], '', env());
    expect(baccarat.code, baccarat.stderr).toBe(0);
    expect(baccarat.stdout).toMatch(/^baccarat (won|lost|partly paid back|paid back): (player|banker|tie): player [0-9JQKA]+[DHSC]/);
    expect(last()).toEqual({ operation_name: 'BaccaratBet', variables: { currency: 'usd', player: 1, banker: 2, tie: 0, identifier: 'cli-baccarat-1' } });
  });

  it.each([
    [['bet', 'wheel', '1', 'usd', '--risk', 'low', '--segments', '15', '--yes'], /segments must be 10, 20, 30, 40, 50/],
    [['bet', 'wheel', '1', 'usd', '--segments', '10', '--yes'], /--risk is required/],
    [['bet', 'pump', '1', 'usd', '--difficulty', 'expert', '--round', '16', '--yes'], /round must be 1 to 15 at difficulty expert/],
    [['bet', 'pump', '1', 'usd', '--difficulty', 'insane', '--round', '1', '--yes'], /difficulty must be/],
    [['bet', 'baccarat', '2', 'usd', '--player', '1', '--yes'], /amount must be the stakes' total, 1/],
  ])('refuses %j before the wire (exit 2)', async (argv, message) => {
    await expectUsageErrorSendingNothing(session, argv, message);
  });
});
