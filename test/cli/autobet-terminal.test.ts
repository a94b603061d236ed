/**
 * `autobet` on a terminal: it shows the account, site, strategy, balance and
 * limits and asks once (no answer, nothing sent); while it runs, a status
 * line on stderr redrawn in place, never mixed into stdout.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useAutobetWorld } from './helpers/autobet-world.js';
import { runAnswering } from './helpers/terminal-run.js';

const world = useAutobetWorld('terminal-player', 'stakeql-autobet-tty-');

// Every stream a terminal: the status line is drawn only where stderr is one.
const onTerminal = (answer: string, args: string[]) =>
  runAnswering(answer, args, path.join(world.dir, 'config'), { STAKEQL_DATA_DIR: path.join(world.dir, 'data'), ...world.stake_env() }, { ttyOutput: true });

describe('stakeql autobet on a terminal', () => {
  it('asks once, naming the account, site, strategy, balance and limits; declining sends no bet', async () => {
    const r = await onTerminal('n\n', ['autobet', world.strategy, '--stop-loss', '0.001', '--max-bet', '0.0001', '--max-bets', '3', '--base-url', world.sandbox.url]);
    expect(r.code).toBe(1);
    expect(r.err).toContain('Run flat.json');
    expect(r.err).toContain('account terminal-player on');
    expect(r.err).toContain(world.sandbox.url);
    expect(r.err).toMatch(/btc balance 1\b/);
    expect(r.err).toContain('limits: max_bet 0.0001, stop_loss 0.001, max_bets 3');
    expect(r.err).toContain('Not started.');
    expect(world.sandbox.stats().mutations_executed).toBe(0);
  });

  it('shows a status line on stderr while it runs, cleared at the end, and only the summary on stdout', async () => {
    await world.slow_down(120);
    const r = await onTerminal('y\n', ['autobet', world.strategy, '--stop-loss', '0.001', '--max-bet', '0.0001', '--max-bets', '4', '--base-url', world.sandbox.url]);
    expect(r.code, r.err).toBe(0);
    // Redrawn in place (carriage return, erase line), with the counters and what is left of the limits.
    expect(r.err).toMatch(/\r\x1b\[2Kbets \d+ \(\d+ won\) · profit [+-]?[0-9.]+ btc · balance [0-9.]+ · loss left [0-9.]+ · bets left \d+ · [0-9.]+ bets\/s/);
    expect(r.err.endsWith('\r\x1b[2K')).toBe(true);
    expect(r.out).not.toContain('\r');
    expect(r.out).toMatch(/^session 1 stopped \(max_bets\)\n4 bets/);
  });
});
