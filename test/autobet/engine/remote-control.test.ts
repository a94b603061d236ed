/**
 * The engine's side of remote commands, without a process: limits only get
 * safer, a paused run waits on its sleep (no busy loop) and a signal ends the
 * pause, stop-after counts from the bet the command took effect after. The
 * commands live in a real SQLite file.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tightened_limits } from '../../../src/autobet/engine/limit-change.js';
import { SessionControl, type Steerable } from '../../../src/autobet/engine/remote-control.js';
import { Stop } from '../../../src/autobet/engine/stop.js';
import { new_counters } from '../../../src/autobet/engine/counters.js';
import { SessionCommands, SessionsTable, open_database } from '../../../src/journal/index.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stakeql-remote-unit-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function session() {
  const db = open_database(path.join(dir, `${Math.random().toString(36).slice(2)}.db`));
  const id = new SessionsTable(db).create({
    started_at: 1, driver: 'sandbox', profile: null, base_url: 'http://127.0.0.1:1', account: 'a', currency: 'btc', decimals: 8,
    strategy_kind: 'settings', strategy_name: 's', strategy_source: '{}', game: null, limits: '{"stop_loss":1,"max_bet":0.1}', start_balance_units: 100, pid: 1,
  });
  return { db, id, commands: new SessionCommands(db) };
}

describe('tightened_limits', () => {
  it('takes a lower limit, a new one, and a higher floor; refuses a raise naming the limit', () => {
    const now = { stop_loss: 1, max_bet: 0.1, floor_balance: 2 };
    expect(tightened_limits(now, { stop_loss: 0.5, max_bets: 10, floor_balance: 3 })).toEqual({ stop_loss: 0.5, max_bet: 0.1, floor_balance: 3, max_bets: 10 });
    expect(() => tightened_limits(now, { max_bet: 0.2 })).toThrow(/^max_bet: 0.2 would raise the running limit 0.1/);
    expect(() => tightened_limits(now, { floor_balance: 1 })).toThrow(/^floor_balance: 1 would lower the running limit 2/);
    expect(() => tightened_limits(now, { stop_los: 1 })).toThrow(/unknown limit "stop_los"/);
    expect(() => tightened_limits(now, {})).toThrow(/name at least one limit/);
  });
});

describe('SessionControl', () => {
  const engine = (): Steerable & { set: unknown[] } => {
    const set: unknown[] = [];
    let limits = { stop_loss: 1, max_bet: 0.1 };
    return { counters: new_counters(100), limits: () => limits, set_limits: (l) => { limits = l as typeof limits; set.push(l); }, set };
  };

  it('stop-after N stops at the Nth bet after the one it took effect after, and journals that bet', () => {
    const s = session();
    const e = engine();
    e.counters.bets = 4;
    s.commands.send(s.id, 'stop_after', '{"bets":2}', 'cli', 10);
    let t = 0;
    const control = new SessionControl({ commands: s.commands, session_id: s.id, signal: new AbortController().signal, sleep: async () => undefined, now: () => (t += 1000) });
    expect(control.between_bets(e)).toBeNull();
    e.counters.bets = 5;
    expect(control.between_bets(e)).toBeNull();
    e.counters.bets = 6;
    expect(() => control.between_bets(e)).toThrow(Stop);
    expect(s.commands.list(s.id)[0]).toMatchObject({ status: 'applied', bets_before: 4, note: 'stops at bet 6' });
    s.db.close();
  });

  it('a pause waits on the sleep it is given until a resume; a signal ends the pause with its reason', async () => {
    const s = session();
    const e = engine();
    const abort = new AbortController();
    const sleeps: number[] = [];
    s.commands.send(s.id, 'pause', null, 'telegram:42', 1);
    const control = new SessionControl({
      commands: s.commands, session_id: s.id, signal: abort.signal,
      sleep: async (ms) => {
        sleeps.push(ms);
        // The third wait: a resume arrives from elsewhere.
        if (sleeps.length === 3) s.commands.send(s.id, 'resume', null, 'dashboard', 2);
      },
    });
    await control.between_bets(e);
    expect(sleeps).toEqual([250, 250, 250]);
    expect(s.commands.list(s.id).map((c) => [c.command, c.status, c.sender])).toEqual([['pause', 'applied', 'telegram:42'], ['resume', 'applied', 'dashboard']]);

    s.commands.send(s.id, 'pause', null, 'cli', 3);
    const stopping = new SessionControl({ commands: s.commands, session_id: s.id, signal: abort.signal, sleep: async () => abort.abort('interrupted') });
    await expect(stopping.between_bets(e)).rejects.toEqual(new Stop('interrupted'));
    s.db.close();
  });

  it('a limit command that is not safer when it arrives is refused and changes nothing', () => {
    const s = session();
    const e = engine();
    s.commands.send(s.id, 'limit', '{"stop_loss":5}', 'library', 1);
    s.commands.send(s.id, 'limit', '{"stop_loss":0.25}', 'library', 2);
    new SessionControl({ commands: s.commands, session_id: s.id, signal: new AbortController().signal, sleep: async () => undefined }).between_bets(e);
    const rows = s.commands.list(s.id);
    expect(rows.map((r) => r.status)).toEqual(['refused', 'applied']);
    expect(e.set).toEqual([{ stop_loss: 0.25, max_bet: 0.1 }]);
    expect(JSON.parse(new SessionsTable(s.db).get(s.id)?.limits ?? '')).toEqual({ stop_loss: 0.25, max_bet: 0.1 });
    s.db.close();
  });
});
