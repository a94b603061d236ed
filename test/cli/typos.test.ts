/**
 * What a person types wrong (finding 5): "did you mean" for a mistyped command
 * or option, and a currency written in capitals taken as the site's lower-case
 * code. A usage error still sends nothing.
 */
import { describe, expect, it } from 'vitest';
import { closest, edit_distance } from '../../src/cli/suggest.js';
import { expectUsageErrorSendingNothing, useCliSandboxSession } from './helpers/sandbox-session.js';

describe('closest', () => {
  it.each([
    ['bte', 'bet', 1],
    ['--conditon', '--condition', 1],
    ['lst', 'list', 1],
    ['histroy', 'history', 1],
    ['kitten', 'sitting', 3],
  ])('edit distance of %s and %s is %i', (a, b, d) => {
    expect(edit_distance(a, b)).toBe(d);
  });

  it('offers a near word, and nothing for an unrelated one', () => {
    expect(closest('bte', ['bet', 'bets', 'balance'])).toBe('bet');
    expect(closest('wathc', ['watch', 'whoami'])).toBe('watch');
    expect(closest('xyz', ['bet', 'bets', 'balance'])).toBeUndefined();
    expect(closest('a'.repeat(1000), ['bet'])).toBeUndefined();
  });
});

describe('stakeql with typos', () => {
  const session = useCliSandboxSession();

  it("an unknown command names the closest one", async () => {
    await expectUsageErrorSendingNothing(session, ['bte', 'dice'], "stakeql: unknown command 'bte'; did you mean 'bet'? (see 'stakeql --help')");
    await expectUsageErrorSendingNothing(session, ['help', 'histroy'], "stakeql: no command named 'histroy'; did you mean 'history'? (see 'stakeql --help')");
  });

  it('an unknown option names the closest option of that command', async () => {
    await expectUsageErrorSendingNothing(
      session,
      ['bet', 'dice', '1', 'usd', '--target', '50', '--conditon', 'above', '--yes'],
      "stakeql: bet: unknown option --conditon; did you mean '--condition'? (see 'stakeql bet --help')",
    );
  });

  it('a currency in capitals is the same currency', async () => {
    const before = session.sandbox.stats().request_log.length;
    const r = await session.run(['bet', 'dice', '1', 'USD', '--target', '50', '--yes'], '', session.stake_env());
    expect(r.code, r.stderr).toBe(0);
    const sent = session.sandbox.stats().request_log.slice(before).find((e) => e.operation_name === 'DiceRoll');
    expect(sent?.variables).toMatchObject({ currency: 'usd', amount: 1 });
  });
});
