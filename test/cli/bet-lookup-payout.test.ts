/**
 * Issue 48 item 7 (research/newcomer-2026-11-29.md §15): `stakeql bet
 * IDENTIFIER` for a bet stakeql placed but the history has not synced yet
 * shows its stake and payout from the journal, equal to what the site
 * answered when it was placed (the `--json` of that bet, against the sandbox).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempConfigDir } from './helpers/cli.js';
import { useCliSandboxSession } from './helpers/sandbox-session.js';

const session = useCliSandboxSession();
let data: { dir: string; remove: () => Promise<void> };
beforeAll(async () => {
  data = await tempConfigDir();
});
afterAll(async () => {
  await data.remove();
});
const env = () => ({ ...session.stake_env(), STAKEQL_DATA_DIR: data.dir });

describe('bet IDENTIFIER before a sync', () => {
  it('shows the journaled stake and payout, as the site answered them', async () => {
    const placed = await session.run(['bet', 'dice', '1.25', 'usd', '--target', '50.5', '--identifier', 'lookup-payout-1', '--yes', '--json'], '', env());
    expect(placed.code, placed.stderr).toBe(0);
    const bet = JSON.parse(placed.stdout) as { payout: number; payoutMultiplier: number };
    const found = await session.run(['bet', 'lookup-payout-1'], '', env());
    expect(found.code, found.stderr).toBe(0);
    expect(found.stdout).toContain('not in the synced history yet');
    expect(found.stdout).toMatch(/amount +1\.25 usd/);
    expect(found.stdout).toMatch(new RegExp(`payout +${String(bet.payout).replace('.', '\\.')} usd \\(×${String(bet.payoutMultiplier).replace('.', '\\.')}\\)`));
  });
});
