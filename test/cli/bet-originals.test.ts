/**
 * `stakeql bet` on the originals the registry added: wheel (--risk
 * --segments), pump (--difficulty --round) and baccarat (--player --banker
 * --tie, the amount their total) and roulette (--chip VALUE=AMOUNT, repeated)
 * send the game's document and variables and print the outcome in words;
 * bad values are usage errors (exit 2) that send nothing.
 */
import { describe, expect, it } from 'vitest';
import { StakeClient } from '../../src/facade/index.js';
import { expectUsageErrorSendingNothing, useCliSandboxSession } from './helpers/sandbox-session.js';

/** The European wheel's red pockets (the layout, not the code under test). */
const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);

describe('stakeql bet on wheel, pump, baccarat and roulette', () => {
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

  it('roulette: each --chip in its list as the site names it, AMOUNT their total and not sent; the ledger moves by payout − stake', async () => {
    const client = new StakeClient({ base_url: session.sandbox.url, access_token: session.user.access_token, session_cookie: session.user.session_cookie, timeout_ms: 10_000 });
    const usd = async () => (await client.balances()).find((b) => b.available.currency === 'usd')?.available.amount as number;
    try {
      const before = await usd();
      const argv = ['bet', 'roulette', '1.75', 'usd', '--chip', 'number17=0.5', '--chip', 'colorRed=1', '--chip', 'row1=0.25', '-y', '--identifier', 'cli-roulette-1'];
      const r = await session.run(argv, '', env());
      expect(r.code, r.stderr).toBe(0);
      const pocket = Number(/^roulette (?:won|lost|partly paid back|paid back): pocket (\d+); payout ([0-9.]+) usd/.exec(r.stdout)?.[1]);
      expect(pocket).toBeGreaterThanOrEqual(0);
      expect(last()).toEqual({
        operation_name: 'RouletteBet',
        // All five lists, empty when unused, as SBOT and BOT4X send them (research/wire-conformance.md §3 #8).
        variables: { currency: 'usd', numbers: [{ value: 'number17', amount: 0.5 }], colors: [{ value: 'colorRed', amount: 1 }], rows: [{ value: 'row1', amount: 0.25 }], parities: [], ranges: [], identifier: 'cli-roulette-1' },
      });
      // Straight 36×, red 2×, row1 (1, 4, … 34) 3×; 0 loses the outside chips. The bet records paid / staked to four
      // decimals (README: a spread of chips) and pays the stake times that, rounded down to the cent.
      const paid = (pocket === 17 ? 18 : 0) + (RED.has(pocket) ? 2 : 0) + (pocket % 3 === 1 ? 0.75 : 0);
      const payout_cents = Math.floor((175 * Math.round((paid / 1.75) * 10_000)) / 10_000);
      expect(r.stdout).toContain(`payout ${payout_cents / 100} usd`);
      expect(Math.round((await usd()) * 100)).toBe(Math.round(before * 100) - 175 + payout_cents);
    } finally {
      await client.close();
    }
  });

  it.each([
    [['bet', 'roulette', '1', 'usd', '--yes'], /^stakeql: --chip is required/],
    [['bet', 'roulette', '1', 'usd', '--chip', 'colorGreen=1', '--yes'], /^stakeql: --chip colorGreen: roulette has no chip "colorGreen"/],
    [['bet', 'roulette', '1', 'usd', '--chip', 'colorRed', '--yes'], /^stakeql: --chip must be VALUE=AMOUNT/],
    [['bet', 'roulette', '1', 'usd', '--chip', 'colorRed=-1', '--yes'], /^stakeql: --chip must be VALUE=AMOUNT/],
    [['bet', 'roulette', '1', 'usd', '--chip', 'colorRed=0.001', '--yes'], /--chip colorRed 0.001 has more decimals than usd allows \(2\)/],
    [['bet', 'roulette', '1', 'usd', '--chip', 'colorRed=0', '--yes'], /colors chip amount must be above 0/],
    [['bet', 'roulette', '2', 'usd', '--chip', 'colorRed=1', '--yes'], /amount must be the chips' total, 1 \(got 2\)/],
    [['bet', 'roulette', '2', 'usd', '--chip', 'number3=1', '--chip', 'number3=1', '--yes'], /numbers must not place number3 twice/],
    [['bet', 'dice', '1', 'usd', '--target', '50', '--chip', 'colorRed=1', '--yes'], /--chip is an option of roulette, not dice/],
    [['bet', 'wheel', '1', 'usd', '--risk', 'low', '--segments', '15', '--yes'], /segments must be 10, 20, 30, 40, 50/],
    [['bet', 'wheel', '1', 'usd', '--segments', '10', '--yes'], /--risk is required/],
    [['bet', 'pump', '1', 'usd', '--difficulty', 'expert', '--round', '16', '--yes'], /round must be 1 to 15 at difficulty expert/],
    [['bet', 'pump', '1', 'usd', '--difficulty', 'insane', '--round', '1', '--yes'], /difficulty must be/],
    [['bet', 'baccarat', '2', 'usd', '--player', '1', '--yes'], /amount must be the stakes' total, 1/],
  ])('refuses %j before the wire (exit 2)', async (argv, message) => {
    await expectUsageErrorSendingNothing(session, argv, message);
  });
});
