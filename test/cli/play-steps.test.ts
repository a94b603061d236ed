/**
 * `stakeql play` journals every step of a round (journal/round-steps.ts)
 * before it is sent: the journal's steps, in order, are the requests the
 * sandbox logged, each with what the site answered (its ledger's bet), a
 * step the site refused marked refused, and the stake each adds.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Database } from '../support/sqlite.js';
import { useCliSandboxSession } from './helpers/sandbox-session.js';

interface Row {
  round_key: string;
  step: number;
  session_id: number | null;
  game: string;
  kind: string;
  request: string;
  identifier: string | null;
  added_units: number;
  status: string;
  bet_id: string | null;
  answer: string | null;
}

describe('stakeql play journals each step', () => {
  const session = useCliSandboxSession();
  const rounds = ['MinesBet', 'MinesNext', 'MinesCashout'];

  it('mines: start, reveals and cashouts, as the sandbox logged them, before and after', async () => {
    const from = session.sandbox.stats().request_log.length;
    const r = await session.run(['play', 'mines', '1', 'usd', '--mines', '1', '--yes'], ['cashout', '7', '12', 'cashout', ''].join('\n'), session.stake_env());
    expect(r.code, r.stderr).toBe(0);
    const log = session.sandbox.stats().request_log.slice(from).filter((q) => rounds.includes(q.operation_name ?? ''));
    const db = new Database(path.join(session.config_dir, '.local', 'share', 'stakeql', 'stakeql.db'), { readonly: true });
    try {
      const rows = db.prepare('SELECT * FROM round_steps ORDER BY round_key, step').all() as Row[];
      // One round, all its steps; nothing journaled that was not sent, nothing sent that was not journaled.
      expect(new Set(rows.map((s) => s.round_key)).size).toBe(1);
      expect(rows.map((s) => s.step)).toEqual(rows.map((_s, i) => i));
      expect(rows.map((s) => s.kind)).toEqual(log.map((q) => ({ MinesBet: 'start', MinesNext: 'act', MinesCashout: 'cashout' })[q.operation_name as 'MinesBet']));
      const start = rows[0] as Row;
      expect(start.round_key).toBe((log[0]?.variables as { identifier: string }).identifier);
      expect(start.added_units).toBe(100); // 1 usd, in cents
      expect(rows.slice(1).every((s) => s.added_units === 0)).toBe(true);
      const acts = rows.filter((s) => s.kind === 'act').map((s) => JSON.parse(s.request) as unknown);
      expect(acts).toEqual(log.filter((q) => q.operation_name === 'MinesNext').map((q) => ({ fields: (q.variables as { fields: number[] }).fields })));
      // The first cashout (nothing revealed yet) is refused by the site; every other step answered.
      expect(rows[1]?.kind).toBe('cashout');
      expect(rows[1]?.status).toBe('refused');
      expect(rows.filter((s) => s.step !== 1).every((s) => s.status === 'answered')).toBe(true);
      // The answers are the sandbox's bet: one id, and the last answer's payout is what the command printed.
      const ids = new Set(rows.filter((s) => s.bet_id !== null).map((s) => s.bet_id));
      expect(ids.size).toBe(1);
      const last = JSON.parse((rows[rows.length - 1] as Row).answer as string) as { active: boolean; payout: number };
      expect(last.active).toBe(false);
      expect(r.stdout).toContain(`payout ${last.payout} usd`);
      expect(r.stdout).toContain(`bet ${[...ids][0] as string}`);
    } finally {
      db.close();
    }
  }, 60_000);

  it('--resume goes on with the round\'s journaled steps: one round, numbered on, nothing journaled twice', async () => {
    const env = session.stake_env();
    const first = await session.run(['play', 'mines', '1', 'usd', '--mines', '1', '--yes'], 'quit\n', env);
    expect(first.code).toBe(1);
    const file = path.join(session.config_dir, '.local', 'share', 'stakeql', 'stakeql.db');
    const read = (): Row[] => {
      const db = new Database(file, { readonly: true });
      try {
        return db.prepare('SELECT * FROM round_steps ORDER BY rowid').all() as Row[];
      } finally {
        db.close();
      }
    };
    const before = read();
    const opened = before.at(-1) as Row;
    expect(opened).toMatchObject({ kind: 'start', status: 'answered' });
    const resumed = await session.run(['play', 'mines', '--resume'], '11\ncashout\n', env);
    expect(resumed.code, resumed.stderr).toBe(0);
    const after = read().filter((s) => s.round_key === opened.round_key);
    expect(after.map((s) => s.step)).toEqual(after.map((_s, i) => i));
    // Tile 11, then the cashout unless 11 was the mine.
    // A mine on 11 (1 in 25) shows 'revealed: 11; multiplier: 0; mines: …' and ends the round: no cashout then.
    const safe = /revealed: 11; multiplier: [1-9]/.test(resumed.stdout);
    expect(after.map((s) => s.kind)).toEqual(['start', 'act', ...(safe ? ['cashout'] : [])]);
    expect(after.every((s) => s.status === 'answered')).toBe(true);
    expect(new Set(after.map((s) => s.bet_id))).toEqual(new Set([opened.bet_id]));
  }, 60_000);
});
