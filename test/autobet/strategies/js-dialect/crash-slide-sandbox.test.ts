/**
 * Bot scripts on Crash and Slide through `run_autobet` on the real sandbox
 * (short rounds), one sandbox for the file: every bet read back from the
 * sandbox's own records, its bet list (`MyBetList`) and round history
 * (`crashGameList`, `slideGameList`), and checked against the script's rule
 * computed here from the results the sandbox reports (never from our code),
 * each round's point against the published algorithm
 * (test/support/crash-chain.ts, createHmac) and each payout against that
 * point. A crash martingale; and a slide script of makebet() bets (makebet
 * one_per_round) stopped by a signal mid-queue and resumed from its journal:
 * the rest of the queue placed, none twice, `id` as before (a resume from a
 * bet left in flight is tested at the unit level, slide.test.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resume_autobet, run_autobet, type BetLine } from '../../../../src/autobet/index.js';
import type { CrashGame } from '../../../../src/games/crash/site.js';
import type { HouseBet } from '../../../../src/operations/documents/my-bet-list.js';
import { sha, shown_point } from '../../../support/crash-chain.js';
import { world, type World } from '../../helpers.js';

let w: World;
beforeAll(async () => {
  w = await world({ crash_round_ms: 150, crash_chain_seed: sha('crash-bot-43d') });
});
afterAll(async () => {
  await w.close();
});

// Written for this test: a martingale on evilbot's target, 2x; after two losses in a row cash out at 1.2x until a win.
const SCRIPT = `
game = 'crash'
var base = 0.0000001
nextbet = base
target = 2
function dobet() {
  if (win) { nextbet = base; target = 2 } else { nextbet = previousbet * 2; if (losestreak >= 2) target = 1.2 }
}
`;

interface LedgerBet {
  readonly game: string;
  readonly amount: number;
  readonly payout: number;
  readonly payoutMultiplier: number;
  readonly cashoutAt: number;
  readonly gameId: string;
}

describe('bot scripts on crash and slide on the sandbox', () => {
  it('each bet the amount and cash-out the script\'s rule gives from the sandbox\'s results, each payout by its round\'s published point', async () => {
    const file = path.join(w.dir, 'crash.js');
    fs.writeFileSync(file, SCRIPT);
    const lines: BetLine[] = [];
    const n = 12;
    const r = await run_autobet({ client: w.client, database: w.database, strategy: file, currency: 'btc', limits: { stop_loss: 0.01, max_bet: 0.001, max_bets: n }, on_bet: (l) => lines.push(l) });
    expect(r.stop?.reason, r.stop?.message).toBe('max_bets');

    // The sandbox's bet list, oldest first, and its round history.
    const listed: HouseBet[] = [];
    for await (const b of w.client.bets({ max: 50 })) listed.push(b);
    const ledger = listed.reverse().filter((b) => b.game.slug === 'crash').map((b) => b.bet as unknown as LedgerBet);
    expect(ledger).toHaveLength(n);
    const rounds = new Map<string, CrashGame>((await w.client.crash_history({ limit: 50 })).map((g) => [g.id, g]));

    const UNIT = 1e-7;
    let amount = UNIT;
    let target = 2;
    let losses = 0;
    ledger.forEach((bet, i) => {
      expect([bet.amount, bet.cashoutAt], `bet ${i + 1}`).toEqual([amount, target]);
      const round = rounds.get(bet.gameId);
      expect(round, `bet ${i + 1}'s round ${bet.gameId} in the history`).toBeDefined();
      const point = shown_point(round!.hash.hash, 0.01);
      expect(round!.crashpoint).toBe(point);
      const won = target <= point;
      expect(bet.payoutMultiplier).toBe(won ? target : 0);
      expect(Math.round(bet.payout * 1e8)).toBe(won ? Math.floor(Math.round(amount * 1e8) * target) : 0);
      // The script's rule, from what the sandbox reports of this bet.
      losses = won ? 0 : losses + 1;
      if (won) { amount = UNIT; target = 2; } else { amount = Math.round(amount * 2 * 1e8) / 1e8; if (losses >= 2) target = 1.2; }
    });
    // The run's own lines are the sandbox's bets, one each, each in a round of its own.
    expect(lines.map((l) => [l.amount, (l.state as { gameId: string }).gameId])).toEqual(ledger.map((b) => [b.amount, b.gameId]));
    expect(new Set(ledger.map((b) => b.gameId)).size).toBe(n);
    const balance = (await w.client.balances()).find((b) => b.available.currency === 'btc')!.available.amount;
    expect(balance).toBeCloseTo(lines.at(-1)!.balance, 8);
    // The run covered what it is for: wins and losses (all 12 won at 2x: 0.495^12, about 2 in 10 000; none won: under 1 in a million).
    expect(new Set(ledger.map((b) => b.payout > 0))).toEqual(new Set([true, false]));
  }, 60_000);

  it('slide through makebet(), stopped mid-queue and resumed from its journal: each queued bet in a round of its own, in order, id after the resume as before, none twice', async () => {
    // Written for this test: a safe leg at 1.5x doubled after it loses, a long shot at 3x (5x after it won), a 1.2x leg.
    const file = path.join(w.dir, 'slide.js');
    fs.writeFileSync(file, `
game = 'slide'
var base = 0.0000001
var safe = base
function dobet() {
  if (id.safe === false) safe = safe * 2; else if (id.safe === true) safe = base
  makebet(safe, 1.5, 'safe')
  makebet(base, id.long === true ? 5 : 3, 'long')
  makebet(base, 1.2, 'small')
}
`);
    const n = 9;
    const lines: BetLine[] = [];
    const controller = new AbortController();
    await run_autobet({
      client: w.client, database: w.database, strategy: file, currency: 'btc', bot: { makebet: 'one_per_round' },
      limits: { stop_loss: 0.01, max_bet: 0.001, max_bets: n }, signal: controller.signal,
      // Stopped once the first bet of the second queue has settled (a bet already on its way may settle too).
      on_bet: (l) => { lines.push(l); if (lines.length === 4) controller.abort('interrupted'); },
    });
    // The last bet is the first or second of the second queue: one or two of its bets are still to be placed.
    expect([4, 5]).toContain(lines.length);
    const more: BetLine[] = [];
    const resumed = await resume_autobet({ client: w.client, database: w.database, on_bet: (l) => more.push(l) });
    expect(resumed.stop?.reason, resumed.stop?.message).toBe('max_bets');
    // The rest of the queue first, from the journal's snapshot: the next bet after the last one placed.
    expect(more[0]!.seq).toBe(lines.at(-1)!.seq + 1);
    const all = [...lines, ...more];
    expect(all).toHaveLength(n);

    const listed: HouseBet[] = [];
    for await (const b of w.client.bets({ max: 50 })) listed.push(b);
    const ledger = listed.reverse().filter((b) => b.game.slug === 'slide').map((b) => b.bet as unknown as LedgerBet);
    // Each bet booked once, each in a round of its own.
    expect(ledger).toHaveLength(n);
    expect(new Set(ledger.map((b) => b.gameId)).size).toBe(n);
    expect(all.map((l) => [l.amount, (l.state as { gameId: string }).gameId])).toEqual(ledger.map((b) => [b.amount, b.gameId]));
    const rounds = new Map((await w.client.slide_history({ limit: 50 })).map((g) => [g.id, g]));

    // The script's rule, a queue of three a dobet(), from what the sandbox reports of each bet.
    const UNIT = 1e-7;
    let safe = UNIT;
    let long = 3;
    for (let i = 0; i < n; i += 3) {
      const queue = ledger.slice(i, i + 3);
      expect(queue.map((b) => [b.amount, b.cashoutAt]), `queue ${i / 3 + 1}`).toEqual([[safe, 1.5], [UNIT, long], [UNIT, 1.2]]);
      const won = queue.map((bet) => {
        const round = rounds.get(bet.gameId)!;
        const point = shown_point(round.hash.hash, 0.02);
        expect(round.multiplier).toBe(point);
        const hit = bet.cashoutAt <= point;
        expect(Math.round(bet.payout * 1e8)).toBe(hit ? Math.floor(Math.round(bet.amount * 1e8) * bet.cashoutAt) : 0);
        return hit;
      });
      safe = won[0] ? UNIT : Math.round(safe * 2 * 1e8) / 1e8;
      long = won[1] ? 5 : 3;
    }
  }, 60_000);
});
