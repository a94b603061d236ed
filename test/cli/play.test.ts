/**
 * `stakeql play` driven through stdin (a pipe) against the sandbox: the state
 * and the allowed actions after each answer, a bad line asked again, an
 * impossible step refused before the wire, a step the site refuses asked
 * again, every step sent once (the sandbox's request log), the end of input
 * leaving the round open, and the games the sandbox refuses.
 */
import { describe, expect, it } from 'vitest';
import { useCliSandboxSession } from './helpers/sandbox-session.js';

describe('stakeql play', () => {
  const session = useCliSandboxSession();
  const env = session.stake_env;
  const sent = (name: string) => session.sandbox.stats().request_log.filter((r) => r.operation_name === name);

  it('mines: one action a line from a pipe, each step sent once, to the round\'s end', async () => {
    const before = { bet: sent('MinesBet').length, next: sent('MinesNext').length, cashout: sent('MinesCashout').length };
    const lines = ['banana', '30', 'cashout', '7', 'cashout', ''].join('\n');
    const r = await session.run(['play', 'mines', '1', 'usd', '--mines', '1', '--yes'], lines, env());
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^mines: revealed: none; multiplier: 1\nactions: TILE\.\.\. \(0-24\) \| cashout \| quit\n/);
    expect(r.stderr).toMatch(/tiles are numbers 0-24 separated by spaces, or cashout \(got "banana"\)/);
    expect(r.stderr).toMatch(/fields/); // 30: refused by the client's own check, before the wire
    expect(r.stdout).toMatch(/mines ended: payout \d+(\.\d+)? usd \(×[\d.]+\); bet /);
    const bets = sent('MinesBet').slice(before.bet);
    expect(bets).toHaveLength(1);
    const nexts = sent('MinesNext').slice(before.next);
    expect(nexts.map((n) => (n.variables as { fields: number[] }).fields)).toEqual([[7]]);
    const outs = sent('MinesCashout').slice(before.cashout);
    // The first cashout (nothing revealed) is the site's refusal, shown and asked again; the second only if 7 was safe.
    const safe = /revealed: 7; multiplier: 1\.03/.test(r.stdout);
    expect(outs).toHaveLength(safe ? 2 : 1);
    expect(r.stderr).toMatch(/GraphQL error in MinesCashout/);
  }, 60_000);

  it('the end of input leaves the round open and says how to find it (exit 1)', async () => {
    const r = await session.run(['play', 'mines', '1', 'usd', '--mines', '3', '--yes'], '', env());
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/the mines round is still open on the site \(no more lines\): resume it with 'stakeql play mines --resume'/);
    // Another round cannot be opened meanwhile: the site says so, and the message names active_bet.
    const again = await session.run(['play', 'mines', '1', 'usd', '--mines', '3', '--yes'], '3\n', env());
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/a mines round is still open on the site, so no new one was opened: finish it with 'stakeql play mines --resume'/);
    // --resume reads it with MinesActiveBet and plays it on to its end; nothing new is opened.
    const bets = sent('MinesBet').length;
    const resumed = await session.run(['play', 'mines', '--resume'], '5\ncashout\n', env());
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stdout).toMatch(/^mines: revealed: none; multiplier: 1\n/);
    expect(resumed.stdout).toMatch(/mines ended: payout/);
    expect(sent('MinesActiveBet').length).toBeGreaterThan(0);
    expect(sent('MinesBet').length).toBe(bets);
    const none = await session.run(['play', 'mines', '--resume'], '', env());
    expect(none.code).toBe(3);
    expect(none.stderr).toMatch(/no mines round is open on the site/);
  }, 60_000);

  it('video poker is refused by the sandbox (pay table not public); bad usage exits 2 with nothing sent', async () => {
    const poker = await session.run(['play', 'videoPoker', '1', 'usd', '--yes'], '\n', env());
    expect(poker.code).toBe(1);
    expect(poker.stderr).toMatch(/pay table is in no public source/);
    expect(sent('VideoPokerBet').at(-1)?.variables).toEqual({ amount: 1, currency: 'usd' });
    const count = session.sandbox.stats().requests;
    for (const args of [['play', 'mines', '1'], ['play', 'videoPoker', '--resume'], ['play', 'mines', '1', 'usd', '--resume'], ['play', 'roulette', '1', 'usd'], ['play', 'hilo', '1', 'usd', '--start-card', '1S'], ['play', 'mines', '1', 'usd'], ['play', 'blackjack', '1', 'usd', '--mines', '3']]) {
      const r = await session.run([...args, '--yes'], '', env());
      expect(r.code, args.join(' ')).toBe(2);
    }
    expect(session.sandbox.stats().requests).toBe(count);
  }, 60_000);
});
