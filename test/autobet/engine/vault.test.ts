/**
 * Banking profit and rotating seeds from a settings rule, on the real
 * sandbox: `vault_pct` deposits exactly P % of each profit step (the test's
 * own count over the bets the sandbox booked), the stop line's `vaulted` is
 * the sandbox vault's movement, the balance is start + profit − vaulted,
 * stop_loss still counts bets only, each deposit is journaled as its own
 * intent; a replay of the same seeds in the simulator moves the same amounts.
 * `reset_seed` rotates the sandbox's pair at the rule's bets.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { list_sessions, resume_autobet, run_autobet, simulate, type BetLine } from '../../../src/autobet/index.js';
import type { SessionResult } from '../../../src/autobet/sim/sim-session.js';
import { Database } from '../../support/sqlite.js';
import { world, type World } from '../helpers.js';

let w: World | undefined;
afterEach(async () => {
  await w?.close();
  w = undefined;
});

const SAT = 1e8;
const units = (x: number): number => Math.round(x * SAT);

/** Dice at 49.5 % with a martingale, and half of each profit step banked every 8 bets. */
const BANKING = {
  game: 'dice',
  bet: { amount: 0.000001, target: 50.5, condition: 'above' },
  on_win: 'reset',
  on_loss: { increase_pct: 100 },
  rules: [{ every: 8, of: 'bets', action: { vault_pct: 50 } }],
};

/** The deposits the rule makes, counted here from the settled bets: before each bet after a multiple of 8. */
function expected_deposits(lines: readonly BetLine[], pct: number, every: number): number[] {
  const out: number[] = [];
  let profit = 0;
  let base = 0;
  lines.forEach((l, i) => {
    profit += units(l.payout) - units(l.amount);
    const n = i + 1;
    // The rule fires when the strategy is asked for the next bet, so only if there is one.
    if (n % every === 0 && n < lines.length && profit - base > 0) {
      out.push(Math.floor(((profit - base) * pct) / 100));
      base = profit;
    }
  });
  return out;
}

async function vault_units(world: World): Promise<number> {
  const b = (await world.client.balances()).find((x) => x.vault.currency === 'btc');
  return units(b?.vault.amount ?? 0);
}

describe('vault_pct', () => {
  it('deposits P % of each profit step into the sandbox vault, journaled, reported as vaulted; a replay moves the same amounts', async () => {
    // A seeded sandbox: the same outcomes every run (a random one could end the martingale at max_bet first).
    w = await world({ dice_seed: 'vault-pct-seed' });
    const seeds = await w.client.active_seeds();
    const lines: BetLine[] = [];
    const r = await run_autobet({ client: w.client, database: w.database, strategy: BANKING, limits: { stop_loss: 0.5, max_bet: 0.1, max_bets: 80 }, on_bet: (l) => lines.push(l) });
    expect(r.stop?.reason).toBe('max_bets');
    const deposits = expected_deposits(lines, 50, 8);
    const total = deposits.reduce((a, b) => a + b, 0);
    expect(deposits.length).toBeGreaterThan(0);
    expect(await vault_units(w)).toBe(total);
    expect(units(r.stop?.vaulted ?? NaN)).toBe(total);
    expect(units((await list_sessions({ database: w.database }))[0]?.vaulted ?? NaN)).toBe(total);
    // Deposits leave the profit alone and lower the balance.
    const profit = lines.reduce((a, l) => a + units(l.payout) - units(l.amount), 0);
    expect(units(r.stop?.profit ?? NaN)).toBe(profit);
    const available = (await w.client.balances()).find((x) => x.available.currency === 'btc')?.available.amount ?? NaN;
    expect(units(available)).toBe(SAT + profit - total);
    // Each deposit is its own journal intent, written before the request, with the vault's balance before it.
    const db = new Database(w.database, { readonly: true });
    try {
      const rows = db.prepare("SELECT amount_units, variables, status, resolved_by FROM journal WHERE game = 'vault' ORDER BY seq").all() as Array<{ amount_units: number; variables: string; status: string; resolved_by: string }>;
      expect(rows.map((x) => x.amount_units)).toEqual(deposits);
      expect(rows.every((x) => x.status === 'placed' && x.resolved_by === 'vault')).toBe(true);
      let before = 0;
      for (const row of rows) {
        expect(units((JSON.parse(row.variables) as { vault_before: number }).vault_before)).toBe(before);
        before += row.amount_units;
      }
    } finally {
      db.close();
    }
    // The simulator, replaying the sandbox's pair (revealed by rotating it), moves the same amounts.
    await w.client.rotate_seed_pair();
    const revealed = (await w.client.active_seeds()).previousServerSeed;
    expect(revealed?.seedHash).toBe(seeds.activeServerSeed.seedHash);
    const sims: SessionResult[] = [];
    const simLines: BetLine[] = [];
    await simulate({
      strategy: BANKING, limits: { stop_loss: 0.5, max_bet: 0.1, max_bets: 80 }, start_balance: 1, bets: 80, sessions: 1, workers: 1,
      seeds: [{ server_seed: revealed?.seed as string, client_seed: seeds.activeClientSeed.seed, nonce: seeds.activeServerSeed.nonce }],
      on_session: (s) => sims.push(s), on_bet: (l) => simLines.push(l),
    });
    expect(simLines.map((l) => l.amount)).toEqual(lines.map((l) => l.amount));
    expect(units(sims[0]?.vaulted ?? NaN)).toBe(total);
  });

  it('stop_loss still counts bets only: a losing martingale with banking stops within its budget', async () => {
    w = await world();
    const lines: BetLine[] = [];
    const strategy = { ...BANKING, rules: [{ every: 3, of: 'bets', action: { vault_pct: 100 } }] };
    const r = await run_autobet({ client: w.client, database: w.database, strategy, limits: { stop_loss: 0.00005, max_bet: 0.001, max_bets: 300 }, on_bet: (l) => lines.push(l) });
    const profit = lines.reduce((a, l) => a + units(l.payout) - units(l.amount), 0);
    expect(-profit).toBeLessThanOrEqual(5000);
    expect(units(r.stop?.profit ?? NaN)).toBe(profit);
    expect(await vault_units(w)).toBe(units(r.stop?.vaulted ?? NaN));
    expect(units(r.stop?.vaulted ?? NaN)).toBe(expected_deposits(lines, 100, 3).reduce((a, b) => a + b, 0));
  });

  it('refuses a vault_pct out of range at load, before anything is sent', async () => {
    w = await world();
    for (const pct of [0, 101, -5]) {
      await expect(run_autobet({ client: w.client, database: w.database, strategy: { ...BANKING, rules: [{ every: 8, of: 'bets', action: { vault_pct: pct } }] }, limits: { stop_loss: 0.01, max_bet: 0.001 } }))
        .rejects.toThrow(/rules\[0\]\.action\.vault_pct must be above 0 and at most 100/);
    }
    expect(w.sandbox.stats().mutations_executed).toBe(0);
  });
});

describe('{ vault } from a module and invest() from Lua', () => {
  it('deposits what the script asks before the next bet, and nothing else', async () => {
    w = await world();
    const mod = path.join(w.dir, 'bank.mjs');
    fs.writeFileSync(mod, "export default (s) => ({ game: 'dice', amount: 0.000001, target: 50.5, condition: 'above', ...(s.bets > 0 && s.bets % 10 === 0 ? { vault: 0.00000013 } : {}) });\n");
    const a = await run_autobet({ client: w.client, database: w.database, strategy: mod, limits: { stop_loss: 0.01, max_bet: 0.001, max_bets: 35 } });
    // Asked after bets 10, 20 and 30.
    expect(units(a.stop?.vaulted ?? NaN)).toBe(39);
    expect(await vault_units(w)).toBe(39);
    const lua = path.join(w.dir, 'bank.lua');
    fs.writeFileSync(lua, 'chance = 49.5\nbethigh = true\nnextbet = 0.000001\nfunction dobet()\n  if bets % 7 == 0 then invest(0.000000219) end\nend\n');
    const b = await run_autobet({ client: w.client, database: w.database, strategy: lua, limits: { stop_loss: 0.01, max_bet: 0.001, max_bets: 15 } });
    // After bets 7 and 14; 0.000000219 rounds down to 21 satoshi.
    expect(b.stop?.reason).toBe('max_bets');
    expect(units(b.stop?.vaulted ?? NaN)).toBe(42);
    expect(await vault_units(w)).toBe(39 + 42);
  });
});

describe('reset_seed', () => {
  it('rotates the sandbox pair at the rule\'s bets: a new server seed hash every 5 bets', async () => {
    w = await world();
    const strategy = { game: 'dice', bet: { amount: 0.00000001, target: 50.5, condition: 'above' }, on_win: 'reset', on_loss: 'reset', rules: [{ every: 5, of: 'bets', action: { reset_seed: true } }] };
    const r = await run_autobet({ client: w.client, database: w.database, strategy, limits: { stop_loss: 0.01, max_bet: 0.001, max_bets: 17 } });
    expect(r.stop?.reason).toBe('max_bets');
    const booked: { hash: string; nonce: number }[] = [];
    for await (const b of w.client.bets()) {
      const bet = b.bet as { nonce: number; serverSeed: { seedHash: string } } | null;
      if (bet !== null) booked.push({ hash: bet.serverSeed.seedHash, nonce: bet.nonce });
    }
    booked.reverse();
    expect(booked).toHaveLength(17);
    // Bets 1–5 on the first pair, 6–10 on the second, 11–15 on the third, 16–17 on the fourth; each pair from nonce 0.
    const pairs = [...new Set(booked.map((b) => b.hash))];
    expect(pairs).toHaveLength(4);
    booked.forEach((b, i) => {
      expect(b.hash).toBe(pairs[Math.floor(i / 5)]);
      if (i >= 5) expect(b.nonce).toBe(i % 5);
    });
  });
});

describe('a deposit whose outcome the journal lost', () => {
  it('is found out on resume from the vault balance, counted once, and the strategy goes on from where it asked', async () => {
    w = await world();
    const mod = path.join(w.dir, 'once.mjs');
    // Before bet 4, once: deposit 77 satoshi with a bet above max_bet (the run stops after the deposit, nothing bet).
    fs.writeFileSync(mod, [
      'export default (s) => {',
      "  const bet = { game: 'dice', amount: 0.000001, target: 50.5, condition: 'above' };",
      '  if (s.bets === 3 && !s.memory.done) { s.memory.done = true; return { ...bet, amount: 0.01, vault: 0.00000077 }; }',
      '  return bet;',
      '};',
    ].join('\n'));
    const limits = { stop_loss: 0.01, max_bet: 0.001, max_bets: 5 };
    const first = await run_autobet({ client: w.client, database: w.database, strategy: mod, limits });
    expect(first.stop?.reason).toBe('max_bet');
    expect(units(first.stop?.vaulted ?? NaN)).toBe(77);
    // As if the process had been killed after sending the deposit: its outcome is not in the journal.
    const db = new Database(w.database);
    try {
      const row = db.prepare("SELECT session_id, seq FROM journal WHERE game = 'vault'").get() as { session_id: number; seq: number };
      db.prepare('DELETE FROM journal_outcomes WHERE id = ?').run(BigInt(row.session_id) * 2n ** 32n + BigInt(row.seq));
    } finally {
      db.close();
    }
    const notes: string[] = [];
    const again = await resume_autobet({ client: w.client, database: w.database, on_note: (t) => notes.push(t) });
    expect(again.stop?.reason).toBe('max_bets');
    expect(again.stop?.bets).toBe(5);
    expect(units(again.stop?.vaulted ?? NaN)).toBe(77);
    expect(await vault_units(w)).toBe(77);
    expect(notes, notes.join('\n')).toContain('moved 0.00000077 btc into the vault');
  });
});
