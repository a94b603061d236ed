/**
 * A blackjack step that adds to the stake (a double, a split) and would pass
 * `max_bet` or `stop_loss` is not sent, on the real sandbox: the round is
 * finished with stand, the run stops with the limit's name, the round is
 * closed on the site and the journal is the sandbox's ledger.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { run_autobet } from '../../../../src/autobet/index.js';
import { Database } from '../../../support/sqlite.js';
import { world, type World } from '../../helpers.js';

let w: World | undefined;
afterEach(async () => {
  await w?.close();
  w = undefined;
});

interface StepRow { round_key: string; kind: string; request: string; status: string; added_units: number }

function read<T>(database: string, sql: string): T[] {
  const db = new Database(database, { readonly: true });
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
}

describe('autobet blackjack basic: a stake-adding step refused by a limit', () => {
  it.each([
    ['max_bet', 'rounds-blackjack-max_bet', { max_bet: 1.5, stop_loss: 500 }, /max_bet 1\.5/],
    // Fixed seed whose 71st round is the first where a double or split would pass stop_loss before a lost opening bet would.
    ['stop_loss', 'bj-stop-12', { max_bet: 10, stop_loss: 2.5 }, /stop_loss 2\.5/],
  ] as const)('%s: the double or split not sent, the round finished with stand, the run stops with the limit, journal = ledger', async (reason, seed, limits, arithmetic) => {
    w = await world({ dice_seed: seed });
    const r = await run_autobet({
      client: w.client, database: w.database, currency: 'usd',
      strategy: { game: 'blackjack', bet: { amount: 1 } },
      round: { game: 'blackjack', policy: 'basic' },
      // stop_loss 2.5: after a lost round (profit -1) a double or split would put 2 at risk, a loss of 3; the opening bet alone fits.
      limits: { ...limits, max_bets: 200 },
    });
    expect(r.stop?.reason, r.stop?.message).toBe(reason);
    const refused = /the round's (double|split) was not sent and the round was finished with stand/.exec(r.stop?.message ?? '');
    expect(refused, r.stop?.message).not.toBeNull();
    expect(r.stop?.message).toMatch(arithmetic);
    const steps = read<StepRow>(w.database, 'SELECT round_key, kind, request, status, added_units FROM round_steps ORDER BY rowid');
    const last = steps.at(-1)!.round_key;
    const mine = steps.filter((s) => s.round_key === last);
    // The last round: nothing added to its stake, a stand where the policy wanted more.
    expect(mine.every((s) => s.status === 'answered')).toBe(true);
    expect(mine.slice(1).map((s) => s.added_units)).toEqual(mine.slice(1).map(() => 0));
    expect(mine.slice(1).map((s) => (JSON.parse(s.request) as { action: string }).action)).toContain('stand');
    // Every BlackjackNext the sandbox got is a journaled step; the refused action never left.
    const log = w.sandbox.stats().request_log.filter((q) => q.operation_name === 'BlackjackNext').map((q) => (q.variables as { action: string; identifier: string }));
    expect(log.length).toBe(steps.filter((s) => s.kind === 'act').length);
    const sent_last = log.slice(-(mine.length - 1)).map((v) => v.action);
    expect(sent_last).not.toContain(refused![1]);
    expect(await w.client.active_bet('blackjack')).toBeNull();
    // The journal is the ledger: every round booked once, with its stake and payout.
    const bets = read<{ bet_id: string; amount_units: number; payout_units: number }>(w.database, "SELECT bet_id, CAST(ROUND(json_extract(line, '$.amount') * 100) AS INTEGER) AS amount_units, payout_units FROM journal WHERE status = 'placed'");
    const site = new Map<string, { amount: number; payout: number }>();
    for await (const b of w.client.bets()) if (b.bet !== null) site.set((b.bet as { id: string }).id, b.bet as { amount: number; payout: number });
    expect(new Set(bets.map((b) => b.bet_id))).toEqual(new Set(site.keys()));
    for (const b of bets) expect([b.amount_units, b.payout_units]).toEqual([Math.round(site.get(b.bet_id)!.amount * 100), Math.round(site.get(b.bet_id)!.payout * 100)]);
    // The limit held over the whole run: no round staked more than max_bet.
    expect(Math.max(...bets.map((b) => b.amount_units))).toBeLessThanOrEqual(limits.max_bet * 100);
  }, 60_000);
});
