/**
 * Crash and Slide bets read from the site's history: synced from the
 * sandbox's `houseBetList` with their rounds looked up (`bet(iid:)`), and
 * `verify_history` checking each against the chain computed here with
 * createHash / createHmac and the published algorithm (a SHA-256 chain played
 * from its end; point = max(1, 2^32 / (n + 1) × (1 − edge)) from the first 4
 * bytes of HMAC_SHA256(key = round hash, message = the hash of Bitcoin block
 * 584,500), shown rounded down to two decimals); a changed payout fails as
 * `outcome`, a hash off the chain as `chain`.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StakeClient } from '../../src/facade/index.js';
import { sync_history, verify_history, type SqliteDatabase } from '../../src/history/index.js';
import type { MultiplayerFrame, MultiplayerRoundFrame } from '../../src/realtime/multiplayer.js';
import type { HouseBet, HouseMultiplayerBet } from '../../src/operations/documents/my-bet-list.js';
import { start_sandbox, type Sandbox } from '../../src/sandbox/index.js';
import { BLOCK_584500, chain_from, sha, shown_point } from '../support/crash-chain.js';
import { sandboxUser, tempDatabase } from './helpers.js';

const SEED = createHash('sha256').update('stakeql history chain test').digest('hex');

const is_round = (f: MultiplayerFrame): f is MultiplayerRoundFrame => f.__typename === 'MultiplayerCrash' || f.__typename === 'MultiplayerSlide';
const AMOUNT = 0.001;

/** Bets `targets.length` rounds of `game`, skipping every third round (so the stored rounds are not all adjacent); the ended rounds' ids. */
async function bet_rounds(client: StakeClient, game: 'crash' | 'slide', targets: readonly number[]): Promise<Set<string>> {
  const placed = new Set<string>();
  const ended = new Set<string>();
  let windows = 0;
  const feed = game === 'crash' ? client.watch_crash({ signal: AbortSignal.timeout(30_000) }) : client.watch_slide({ signal: AbortSignal.timeout(30_000) });
  for await (const frame of feed) {
    if (!is_round(frame)) continue;
    if (frame.status === 'pending' && placed.size < targets.length && windows++ % 3 !== 2) {
      const cashoutAt = targets[placed.size]!;
      const input = { amount: AMOUNT, currency: 'btc', cashoutAt };
      try {
        placed.add((game === 'crash' ? await client.crash_bet(input) : await client.slide_bet(input)).gameId);
      } catch (error) {
        // The frame came late on a loaded machine and the window had closed: the bet was refused, nothing booked; next window.
        if (!/only before the round starts/.test((error as Error).message)) throw error;
      }
    }
    if ((frame.status === 'crash' || frame.status === 'result') && placed.has(frame.id)) {
      ended.add(frame.id);
      if (ended.size === targets.length) break;
    }
  }
  return ended;
}

interface Row {
  id: string;
  game: string;
  payout_multiplier: number;
  server_seed: string | null;
  client_seed: string | null;
  nonce: number | null;
  state: string;
  active: number;
}

let box: Sandbox;
let client: StakeClient;
let db: SqliteDatabase;
let remove: () => void;
beforeAll(async () => {
  box = await start_sandbox({ crash_round_ms: 250, crash_chain_seed: SEED, starting_balances: { btc: 1 } });
  client = sandboxUser(box).client;
  const temp = tempDatabase();
  db = temp.open();
  remove = temp.remove;
});
afterAll(async () => {
  db.close();
  await client.close();
  await box.close();
  remove();
});

const CRASH_TARGETS = [1.5, 2, 1.01, 3, 1.2, 10];
const SLIDE_TARGETS = [1.5, 1.1, 4];

describe('Crash and Slide bets in the history database', () => {
  it('synced with their rounds, and verified against the chain computed here', async () => {
    await bet_rounds(client, 'crash', CRASH_TARGETS);
    await bet_rounds(client, 'slide', SLIDE_TARGETS);
    await client.dice({ amount: 0.0001, currency: 'btc', target: 50, condition: 'above' });
    const synced = await sync_history(client, db);
    expect(synced).toMatchObject({ read: 10, written: 10, skipped: 0, rounds_found: 9, notes: [] });

    // The sandbox's Slide chain is seeded with the SHA-256 of crash_chain_seed (src/sandbox/index.ts), one chain per game.
    const played = { crash: chain_from(SEED), slide: chain_from(sha(SEED)) };
    const rows = db.prepare("SELECT id, game, payout_multiplier, server_seed, client_seed, nonce, state, active FROM bets WHERE game IN ('crash', 'slide') ORDER BY time_ms").all() as Row[];
    expect(rows.map((r) => r.game)).toEqual([...CRASH_TARGETS.map(() => 'crash'), ...SLIDE_TARGETS.map(() => 'slide')]);
    rows.forEach((row, i) => {
      const cashoutAt = i < CRASH_TARGETS.length ? CRASH_TARGETS[i]! : SLIDE_TARGETS[i - CRASH_TARGETS.length]!;
      // The round's number is its place on the chain: the test's own chain has the hash there.
      expect(row.server_seed).toBe(played[row.game as 'crash' | 'slide'][row.nonce!]);
      expect(row.client_seed).toBe(BLOCK_584500);
      expect(row.active).toBe(0);
      const point = shown_point(row.server_seed!, row.game === 'crash' ? 0.01 : 0.02);
      expect(row.payout_multiplier).toBe(cashoutAt <= point ? cashoutAt : 0);
      expect(JSON.parse(row.state)).toMatchObject({ cashoutAt, result: cashoutAt <= point ? 'autocashout' : 'bust' });
    });
    // client.bets() reads the same list (MyBetList, Slide's result aliased on the wire and named `result` again):
    // each Crash and Slide bet with the result the chain computed here gives it.
    const listed: HouseBet[] = [];
    for await (const entry of client.bets({ max: 10 })) listed.push(entry);
    const multiplayer = listed
      .map((entry) => entry.bet)
      .filter((bet): bet is HouseMultiplayerBet => bet?.__typename === 'MultiplayerCrashBet' || bet?.__typename === 'MultiplayerSlideBet')
      .reverse();
    expect(multiplayer.map((bet) => [bet.__typename, bet.result])).toEqual(
      rows.map((row) => [row.game === 'crash' ? 'MultiplayerCrashBet' : 'MultiplayerSlideBet', row.payout_multiplier > 0 ? 'autocashout' : 'bust']),
    );
    // Every third window was skipped: the stored rounds are not all adjacent, the walk goes through the others.
    const crashNumbers = rows.filter((r) => r.game === 'crash').map((r) => r.nonce!);
    expect(crashNumbers[crashNumbers.length - 1]! - crashNumbers[0]!).toBeGreaterThan(CRASH_TARGETS.length - 1);

    const result = verify_history(db);
    // The dice bet's seed is not revealed (no rotation): it waits; the nine chain bets pass.
    expect(result).toMatchObject({ checked: 9, passed: 9, failed: 0, unrevealed: 1 });

    // A second sync reads nothing new and looks nothing up again.
    const again = await sync_history(client, db);
    expect(again).toMatchObject({ added: 0, rounds_found: 0 });
  }, 60_000);

  it('a changed payout fails as outcome, a hash off the chain as chain; without round numbers the walk finds the rounds', () => {
    const rows = db.prepare("SELECT id, game, payout_multiplier, server_seed, nonce, state FROM bets WHERE game = 'crash' ORDER BY time_ms").all() as Row[];
    const middle = rows[2]!;
    // Which rounds were bet depends on timing, so a loss is not certain: a lost bet is changed to a win, else a won one to a loss.
    const others = rows.filter((r) => r !== middle);
    const lost = others.find((r) => r.payout_multiplier === 0) ?? others[0]!;
    const save = db.prepare('SELECT id, payout_multiplier, server_seed, nonce FROM bets').all() as Row[];
    try {
      db.prepare('UPDATE bets SET nonce = NULL').run();
      expect(verify_history(db)).toMatchObject({ checked: 9, passed: 9, failed: 0 });

      const cashoutAt = (JSON.parse(lost.state) as { cashoutAt: number }).cashoutAt;
      db.prepare('UPDATE bets SET payout_multiplier = ? WHERE id = ?').run(lost.payout_multiplier === 0 ? cashoutAt : 0, lost.id);
      // A hash whose round pays what the bet was paid, yet not on the chain: only the walk can tell.
      let off = sha(`off the chain ${middle.id}`);
      const target = (JSON.parse(middle.state) as { cashoutAt: number }).cashoutAt;
      while ((target <= shown_point(off, 0.01)) !== (middle.payout_multiplier === target)) off = sha(off);
      db.prepare('UPDATE bets SET server_seed = ? WHERE id = ?').run(off, middle.id);
      const result = verify_history(db, { max_chain_gap: 200 });
      expect(result.failed).toBe(2);
      expect(result.failures.map((f) => [f.id, f.failed])).toEqual(
        expect.arrayContaining([
          [lost.id, ['outcome']],
          [middle.id, ['chain']],
        ]),
      );
    } finally {
      const restore = db.prepare('UPDATE bets SET payout_multiplier = ?, server_seed = ?, nonce = ? WHERE id = ?');
      for (const r of save) restore.run(r.payout_multiplier, r.server_seed, r.nonce, r.id);
    }
    expect(verify_history(db)).toMatchObject({ checked: 9, passed: 9, failed: 0 });
  });
});

describe('round lookups the site answers without a hash', () => {
  it('stop after five in a row, with a note; nothing is written', async () => {
    // A long window: the round stays pending (its hash unrevealed) far longer than the lookups take.
    const sandbox = await start_sandbox({ crash_round_ms: 20_000, crash_chain_seed: SEED, starting_balances: { btc: 1 } });
    const { client: c } = sandboxUser(sandbox);
    const temp = tempDatabase();
    const conn = temp.open();
    try {
      // The sandbox opens its first round's window as it starts: the bet goes into it.
      await c.crash_bet({ amount: AMOUNT, currency: 'btc', cashoutAt: 2 });
      let iid: string | null = null;
      for await (const entry of c.bets()) {
        iid = entry.iid;
        break;
      }
      // Eight stored bets said to be settled, each naming that bet's share id: the site answers each without a hash.
      const user_id = (await c.current_user()).id;
      const insert = conn.prepare(`INSERT INTO bets (id, iid, iid_num, site, user_id, game, currency, decimals, amount_units, payout_units,
        amount, payout, payout_multiplier, active, updated_at, time_ms, synced_at) VALUES (?, ?, 1, ?, ?, 'crash', 'btc', 8, 100000, 0, 0.001, 0, 0, 0, '', ?, 0)`);
      for (let i = 0; i < 8; i++) insert.run(`fake-${i}`, iid, new URL(sandbox.url).origin, user_id, i);
      const mark = sandbox.stats().request_log.length;
      const { lookup_rounds } = await import('../../src/history/rounds.js');
      const result = await lookup_rounds(c, conn, new URL(sandbox.url).origin, user_id, 100, null);
      expect(result.found).toBe(0);
      expect(result.notes).toEqual([`the site gave no round hash for 5 crash/slide bets in a row (the last ${iid}); the next sync asks again`]);
      expect(sandbox.stats().request_log.slice(mark).filter((r) => r.operation_name === 'RoundLookup')).toHaveLength(5);
      expect(conn.prepare("SELECT count(*) FROM bets WHERE server_seed IS NOT NULL").pluck().get()).toBe(0);
    } finally {
      conn.close();
      temp.remove();
      await c.close();
      await sandbox.close();
    }
  }, 60_000);
});
