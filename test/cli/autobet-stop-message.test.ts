/**
 * A limit's stop says which bet it refused and the limit's arithmetic (finding
 * 12): a martingale stopped by stop_loss names the refused amount (twice the
 * last lost bet, from the bet lines), the session's loss had it been lost,
 * and the limit, in the stop line's message and in the text output.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useAutobetWorld } from './helpers/autobet-world.js';
import { runCli } from './helpers/cli.js';

const world = useAutobetWorld(undefined, 'stakeql-autobet-stop-');
const env = (): Record<string, string> => ({ STAKEQL_DATA_DIR: path.join(world.dir, 'data'), STAKE_BASE_URL: world.sandbox.url, ...world.stake_env() });
const sat = (units: number): string => (units / 1e8).toFixed(8).replace(/0+$/, '').replace(/\.$/, '');

describe('a stop_loss stop explains itself', () => {
  it('names the refused bet, the loss it could have made and the limit', async () => {
    const strategy = path.join(world.dir, 'martingale.json');
    fs.writeFileSync(strategy, JSON.stringify({ game: 'dice', bet: { amount: 0.00000001, target: 50.5, condition: 'above' }, on_win: 'reset', on_loss: { increase_pct: 100 } }));
    const r = await runCli(['autobet', strategy, '--stop-loss', '0.0000005', '--max-bet', '0.001', '--max-bets', '5000', '--yes', '--json'], {
      configDir: path.join(world.dir, 'config'), env: env(), timeoutMs: 60_000,
    });
    expect(r.code, r.stderr).toBe(0);
    const out = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    const stop = out.at(-1) as { reason: string; message: string; profit: number };
    expect(stop.reason).toBe('stop_loss');
    const bets = out.filter((l) => l['event'] === 'bet') as Array<{ amount: number; payoutMultiplier: number; payout: number }>;
    const last = bets.at(-1) as { amount: number; payoutMultiplier: number };
    // The martingale's next amount: back to 1 satoshi after a win, doubled after a loss.
    const next = last.payoutMultiplier > 1 ? 1 : Math.round(last.amount * 1e8) * 2;
    const profit = Math.round(bets.reduce((s, b) => s + b.payout - b.amount, 0) * 1e8);
    expect(next - profit).toBeGreaterThan(50); // the rule itself: the loss would pass 50 satoshi
    expect(stop.message).toBe(
      `the next bet of ${sat(next)} was not placed: losing it would make the session's loss ${sat(next - profit)} (profit ${sat(profit)}, minus the bet), above stop_loss 0.0000005`,
    );
  });
});
