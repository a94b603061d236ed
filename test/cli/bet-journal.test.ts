/**
 * One-off bets are journaled (finding 7): the identifier `stakeql bet` prints
 * is found by `stakeql bet IDENTIFIER` before any sync, after a sync the
 * synced bet carries it, and `stakeql bets` fills its identifier column from
 * the journal. A bet the site refuses is journaled as refused. The sandbox's
 * request log is the source of what was sent.
 */
import { describe, expect, it } from 'vitest';
import { useCliSandboxSession } from './helpers/sandbox-session.js';

describe('one-off bets in the journal', () => {
  const session = useCliSandboxSession();
  const env = session.stake_env;

  it('the printed identifier is found before and after a sync, and in the bets export', async () => {
    const identifier = 'oneoff-journal-0001';
    const placed = await session.run(['bet', 'dice', '0.01', 'usd', '--target', '50', '--identifier', identifier, '--yes', '--json'], '', env());
    expect(placed.code, placed.stderr).toBe(0);
    const bet = JSON.parse(placed.stdout) as { id: string; identifier: string; nonce: number };
    expect(bet.identifier).toBe(identifier);
    const sent = session.sandbox.stats().request_log.filter((r) => r.operation_name === 'DiceRoll');
    expect(sent.filter((r) => (r.variables as { identifier?: string }).identifier === identifier)).toHaveLength(1);

    const before = await session.run(['bet', identifier, '--json'], '', env());
    expect(before.code, before.stderr).toBe(0);
    const early = JSON.parse(before.stdout) as { matched: string; bet: unknown; journal: { status: string; bet_id: string; nonce: number; identifier: string } };
    expect(early).toMatchObject({ matched: 'identifier', bet: null, journal: { status: 'placed', bet_id: bet.id, nonce: bet.nonce, identifier } });

    const synced = await session.run(['history', 'sync'], '', env());
    expect(synced.code, synced.stderr).toBe(0);
    const after = await session.run(['bet', identifier, '--json'], '', env());
    expect(JSON.parse(after.stdout)).toMatchObject({ matched: 'identifier', bet: { id: bet.id, identifier } });

    const csv = await session.run(['bets', '--csv'], '', env());
    expect(csv.code, csv.stderr).toBe(0);
    const [header, ...rows] = csv.stdout.trim().split('\n');
    const cells = (line: string) => line.split(',');
    const at = cells(header as string).indexOf('identifier');
    const idAt = cells(header as string).indexOf('id');
    const mine = rows.map(cells).find((r) => r[idAt] === bet.id);
    expect(mine?.[at]).toBe(identifier);
  });

  it('a bet the site refuses is journaled as refused', async () => {
    const identifier = 'oneoff-journal-refused';
    const r = await session.run(['bet', 'dice', '500', 'btc', '--target', '50', '--identifier', identifier, '--yes'], '', env());
    expect(r.code).toBe(1);
    const found = await session.run(['bet', identifier, '--json'], '', env());
    expect(found.code, found.stderr).toBe(0);
    expect(JSON.parse(found.stdout)).toMatchObject({ bet: null, journal: { status: 'refused', error: 'insufficientBalance', bet_id: null } });
  });
});
