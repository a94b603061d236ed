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
const onTerminal = (answer: string, args: string[], interruptWhen?: (err: string) => boolean) =>
  runAnswering(answer, args, path.join(world.dir, 'config'), { STAKEQL_DATA_DIR: path.join(world.dir, 'data'), ...world.stake_env() }, {
    ttyOutput: true,
    ...(interruptWhen === undefined ? {} : { interruptWhen }),
  });

/** The counters of every status line drawn in `err`, in order. */
function statusLines(err: string): { bets: number; won: number; profit: number; loss_left: number; bets_left: number }[] {
  const found = [];
  for (const m of err.matchAll(/\r\x1b\[2Kbets (\d+) \((\d+) won\) · profit ([+-]?[0-9.]+) btc · balance [0-9.]+ · loss left ([0-9.-]+) · bets left (-?\d+)/g)) {
    found.push({ bets: Number(m[1]), won: Number(m[2]), profit: Number(m[3]), loss_left: Number(m[4]), bets_left: Number(m[5]) });
  }
  return found;
}

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

  it('after a resume, the status line counts on from the session\'s journaled totals (finding 10)', async () => {
    await world.slow_down(60);
    const limits = ['--stop-loss', '0.001', '--max-bet', '0.0001', '--max-bets', '12', '--base-url', world.sandbox.url];
    // Ctrl-C once the status line shows the third bet: the run stops after the bet in flight, resumable.
    const first = await onTerminal('y\n', ['autobet', world.strategy, ...limits], (err) => /bets [3-9] \(/.test(err));
    expect(first.out, first.err).toMatch(/^session 1 stopped \(interrupted\)/);
    const before = /^(\d+) bets, (\d+) won, \d+ lost; wagered [0-9.]+ btc, profit ([0-9.-]+) btc/m.exec(first.out);
    const [bets, won, profit] = [Number(before?.[1]), Number(before?.[2]), Number(before?.[3])];
    expect(bets).toBeGreaterThanOrEqual(3);
    expect(bets).toBeLessThan(12);
    const resumed = await onTerminal('y\n', ['autobet', 'resume', '1', '--base-url', world.sandbox.url]);
    expect(resumed.code, resumed.err).toBe(0);
    expect(resumed.err).toContain(`so far: ${bets} bets`);
    const drawn = statusLines(resumed.err);
    expect(drawn.length).toBeGreaterThan(0);
    // Each line counts the whole session: its bets follow the first run's, and the limits left are the session's.
    for (const s of drawn) {
      expect(s.bets).toBeGreaterThan(bets);
      expect(s.won).toBeGreaterThanOrEqual(won);
      expect(s.bets_left).toBe(12 - s.bets);
      expect(s.loss_left).toBeCloseTo(0.001 + s.profit, 8);
    }
    // The first bet after the resume is the session's next one: profit moved by at most one satoshi's bet from the journaled profit.
    expect(drawn[0]?.bets).toBe(bets + 1);
    expect(Math.abs((drawn[0]?.profit ?? NaN) - profit)).toBeLessThanOrEqual(0.00000001 + 1e-12);
    expect(resumed.out).toMatch(/^session 1 stopped \(max_bets\)\n12 bets/);
  });
});
