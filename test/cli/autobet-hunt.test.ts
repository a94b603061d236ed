/**
 * `--when` on the CLI (issue 45 items 1 and 4): a module strategy watched by a
 * hunting condition stops on the bet that met it (the sandbox's own history
 * names that bet); the stop line, `autobet show` and the exit code say so; a
 * bad `--when` is refused before anything is sent, naming the field.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useAutobetWorld } from './helpers/autobet-world.js';
import { runCli } from './helpers/cli.js';

const world = useAutobetWorld(undefined, 'stakeql-autobet-hunt-');
const env = (): Record<string, string> => ({ STAKEQL_DATA_DIR: path.join(world.dir, 'data'), STAKE_BASE_URL: world.sandbox.url, ...world.stake_env() });
const opts = () => ({ configDir: path.join(world.dir, 'config'), env: env(), timeoutMs: 60_000 });

describe('autobet --when', () => {
  it('stops on the bet whose roll met the condition; the stop line and autobet show name the condition and the bet', async () => {
    const strategy = path.join(world.dir, 'flat.mjs');
    fs.writeFileSync(strategy, "export default () => ({ game: 'dice', amount: 0.00000001, target: 50.5, condition: 'above' });\n");
    const when = JSON.stringify([{ result_between: [0, 4], action: 'stop' }]);
    const r = await runCli(['autobet', strategy, '--when', when, '--stop-loss', '0.001', '--max-bet', '0.001', '--max-bets', '2000', '--yes', '--json'], opts());
    expect(r.code, r.stderr).toBe(0);
    const out = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    const bets = out.filter((l) => l['event'] === 'bet') as Array<{ identifier: string; nonce: number; state: { result: number }; payoutMultiplier: number }>;
    const stop = out.at(-1) as { reason: string; message: string };
    // The sandbox's own rolls, in the order it booked them: the first at most 4 is the last bet.
    const met = bets.findIndex((b) => b.state.result <= 4);
    expect(met).toBe(bets.length - 1);
    const last = bets[met]!;
    const words = `when[0] result_between [0,4] met by bet ${last.identifier} (dice nonce ${last.nonce}, payoutMultiplier ${last.payoutMultiplier}, result ${last.state.result})`;
    expect(stop).toMatchObject({ event: 'stop', reason: 'condition', message: words });

    const show = await runCli(['autobet', 'show', '1'], opts());
    expect(show.code, show.stderr).toBe(0);
    expect(show.stdout).toContain(`(condition): ${words}`);
  });

  it('refuses a bad --when naming the field, before anything is sent (exit 2)', async () => {
    const strategy = path.join(world.dir, 'flat.mjs');
    fs.writeFileSync(strategy, "export default () => ({ game: 'dice', amount: 0.00000001, target: 50.5, condition: 'above' });\n");
    const r = await runCli(['autobet', strategy, '--when', '[{"multiplier_at_least":2,"action":"set_bet"}]', '--stop-loss', '0.001', '--max-bet', '0.001', '--yes'], opts());
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('when[0].action');
    // Refused before the database was opened or a client made: no session, no bet.
    expect(fs.existsSync(path.join(world.dir, 'data'))).toBe(false);
  });
});
