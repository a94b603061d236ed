/**
 * `stakeql bet` against a sandbox: the bet leaves once with the amount as
 * typed; without a terminal `--yes` is required; bad values are usage errors
 * with nothing sent; a lost answer names the identifier; on a terminal the
 * person is asked (in-process run with a terminal-like stdin).
 */
import { describe, expect, it } from 'vitest';
import { oneErrorLine } from './helpers/cli.js';
import { expectUsageErrorSendingNothing, useCliSandboxSession } from './helpers/sandbox-session.js';
import { runAnswering } from './helpers/terminal-run.js';

describe('stakeql bet', () => {
  const session = useCliSandboxSession();
  const env = session.stake_env;
  const last = () => session.sandbox.stats().request_log.at(-1);

  it('places a dice bet with --yes and prints the site bet as JSON', async () => {
    const r = await session.run(['bet', 'dice', '0.50', 'usd', '--target', '50.5', '--yes', '--json'], '', env());
    expect(r.code, r.stderr).toBe(0);
    const bet = JSON.parse(r.stdout) as { identifier: string; amount: number; state: { target: number; condition: string } };
    expect(bet.amount).toBe(0.5);
    expect(bet.state).toMatchObject({ target: 50.5, condition: 'above' });
    expect(last()).toEqual({
      operation_name: 'DiceRoll',
      variables: { amount: 0.5, target: 50.5, condition: 'above', currency: 'usd', identifier: bet.identifier },
    });
  });

  it('limbo, human output with the identifier', async () => {
    const r = await session.run(['bet', 'limbo', '1', 'usd', '--multiplier', '2', '-y', '--identifier', 'cli-limbo-1'], '', env());
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^limbo (won|lost): result [0-9.]+; payout [0-9.]+ usd \(×[0-9.]+\)\nbet \S+, identifier cli-limbo-1\n$/);
    expect(last()).toMatchObject({ operation_name: 'LimboBet', variables: { multiplierTarget: 2, identifier: 'cli-limbo-1' } });
  });

  it('keno, plinko and mines through the registry: the game\'s document and variables, the outcome in words', async () => {
    const keno = await session.run(['bet', 'keno', '1', 'usd', '--numbers', '1,2,39', '--risk', 'high', '-y', '--identifier', 'cli-keno-1'], '', env());
    expect(keno.code, keno.stderr).toBe(0);
    expect(keno.stdout).toMatch(/^keno (won|lost|partly paid back|paid back): [0-3] of 3 hit; drawn [0-9,]+; payout [0-9.]+ usd \(×[0-9.]+\)\nbet \S+, identifier cli-keno-1\n$/);
    expect(last()).toEqual({ operation_name: 'KenoBet', variables: { amount: 1, currency: 'usd', numbers: [1, 2, 39], risk: 'high', identifier: 'cli-keno-1' } });
    const plinko = await session.run(['bet', 'plinko', '1', 'usd', '--rows', '12', '--risk', 'low', '-y', '--json'], '', env());
    expect(plinko.code, plinko.stderr).toBe(0);
    expect(JSON.parse(plinko.stdout)).toMatchObject({ game: 'plinko', state: { rows: 12, risk: 'low' } });
    expect(last()).toMatchObject({ operation_name: 'PlinkoBet', variables: { rows: 12, risk: 'low' } });
    const mines = await session.run(['bet', 'mines', '1', 'usd', '--mines-count', '3', '--fields', '0,1', '-y'], '', env());
    expect(mines.code, mines.stderr).toBe(0);
    expect(mines.stdout).toMatch(/^mines (won|lost): (2 safe tiles|a mine at tile [01]);/);
    expect(last()).toMatchObject({ operation_name: 'MinesBet', variables: { minesCount: 3, fields: [0, 1] } });
  });

  it('without a terminal and without --yes, refuses (exit 2) and sends nothing', async () => {
    await expectUsageErrorSendingNothing(session, ['bet', 'dice', '1', 'usd', '--target', '50'], 'stakeql: Bet 1 usd on dice, roll above 50: no terminal to ask on; pass --yes to confirm');
  });

  it.each([
    [['bet', 'dice', '0.001', 'usd', '--target', '50', '--yes'], /amount 0.001 has more decimals than usd allows \(2\)/],
    [['bet', 'dice', '1', 'usd', '--target', '99', '--condition', 'below', '--yes'], /target must be 0.01 to 98/],
    [['bet', 'dice', '1', 'usd', '--yes'], /--target is required/],
    [['bet', 'dice', '1e3', 'usd', '--target', '50', '--yes'], /amount must be a plain decimal/],
    [['bet', 'limbo', '1', 'usd', '--multiplier', '1', '--yes'], /multiplierTarget must be 1.01/],
    [['bet', 'crash', '1', 'usd', '--yes'], /unknown game "crash"/],
    [['bet', 'dice', '1', 'u$d', '--target', '50', '--yes'], /currency must be a lower-case currency code/],
    // Another game's option is refused, not ignored.
    [['bet', 'dice', '1', 'usd', '--target', '50', '--multiplier', '2', '--yes'], /^stakeql: --multiplier is an option of limbo, not dice \(dice takes --target and --condition\)$/],
    [['bet', 'limbo', '1', 'usd', '--multiplier', '2', '--target', '50', '--yes'], /^stakeql: --target is an option of dice, not limbo \(limbo takes --multiplier\)$/],
    [['bet', 'limbo', '1', 'usd', '--multiplier', '2', '--condition', 'below', '--yes'], /--condition is an option of dice, not limbo/],
    [['bet', 'keno', '1', 'usd', '--numbers', '1,1', '--yes'], /numbers must not repeat a number/],
    [['bet', 'keno', '1', 'usd', '--numbers', '1, 2', '--yes'], /--numbers must be whole numbers separated by commas/],
    [['bet', 'plinko', '1', 'usd', '--rows', '12', '--yes'], /--risk is required/],
    [['bet', 'mines', '1', 'usd', '--mines-count', '24', '--fields', '0,1', '--yes'], /fields must hold exactly 1 number/],
    [['bet', 'keno', '1', 'usd', '--numbers', '1', '--rows', '8', '--yes'], /^stakeql: --rows is an option of plinko, not keno \(keno takes --numbers and --risk\)$/],
  ])('%j is a usage error and nothing is sent', async (args, message) => {
    await expectUsageErrorSendingNothing(session, args, message);
  });

  it("the site's refusal is one line with its errorType and meaning (exit 1)", async () => {
    const r = await session.run(['bet', 'dice', '500', 'btc', '--target', '50', '--yes'], '', env());
    expect(r.code).toBe(1);
    expect(oneErrorLine(r)).toMatch(/\[insufficientBalance\]: the balance of that currency is too low/);
  });

  it('a dropped answer after the bet ran names the identifier to look for (exit 1), sent once', async () => {
    const before = session.sandbox.stats();
    session.sandbox.fail_next({ kind: 'drop_after_processing' });
    const r = await session.run(['bet', 'dice', '1', 'usd', '--target', '50', '--yes'], '', env());
    expect(r.code).toBe(1);
    const sent = last()?.variables as { identifier: string };
    expect(oneErrorLine(r)).toContain(`the bet may have been placed: its identifier is ${sent.identifier}`);
    const after = session.sandbox.stats();
    expect(after.requests - before.requests).toBe(1);
    expect(after.mutations_executed - before.mutations_executed).toBe(1);
  });

  it('on a terminal it asks, naming the odds, the profile or STAKE_* credentials and the site; "n" places nothing (exit 1), "y" places the bet', async () => {
    const saved = await session.run(['login', '-', '--profile', 'asker'], session.paste);
    expect(saved.code, saved.stderr).toBe(0);
    const ask = (answer: string, args: string[], withEnv: boolean) =>
      runAnswering(answer, args, session.config_dir, withEnv ? env() : { STAKE_BASE_URL: session.sandbox.url });
    const site = session.sandbox.url;
    const before = session.sandbox.stats().requests;
    const no = await ask('n\n', ['bet', 'dice', '1', 'usd', '--target', '50'], true);
    expect(no.code).toBe(1);
    expect(no.err).toBe(
      `Bet 1 usd on dice, roll above 50\n  win chance 50 %, pays ×1.98 on a win\n  with the STAKE_* credentials on ${site}\nPlace this bet? [y/N] Not placed.\n`,
    );
    expect(session.sandbox.stats().requests).toBe(before);
    const limbo = await ask('no\n', ['bet', 'limbo', '1', 'usd', '--multiplier', '2', '--profile', 'asker'], false);
    expect(limbo.code).toBe(1);
    expect(limbo.err).toBe(
      `Bet 1 usd on limbo, target ×2\n  win chance 49.5 %, pays ×2 on a win\n  with profile "asker" on ${site}\nPlace this bet? [y/N] Not placed.\n`,
    );
    const below = await ask('\n', ['bet', 'dice', '1', 'usd', '--target', '0.01', '--condition', 'below'], true);
    expect(below.err).toContain('  win chance 0.01 %, pays ×9900 on a win\n');
    expect(session.sandbox.stats().requests).toBe(before);
    const yes = await ask('y\n', ['bet', 'dice', '1', 'usd', '--target', '50'], true);
    expect(yes.code, yes.err).toBe(0);
    expect(yes.out).toMatch(/^dice (won|lost)/);
    expect(session.sandbox.stats().requests).toBe(before + 1);
  });

  it('--help lists the account commands', async () => {
    const r = await session.run(['--help']);
    for (const name of ['bet', 'vault', 'seeds', 'bets']) expect(r.stdout).toMatch(new RegExp(`^  ${name} +`, 'm'));
  });
});
