/**
 * Bets the site booked that the journal does not hold are adopted where they
 * are found (issue 36): another client's bet that takes a nonce mid-run, and
 * a bet that lands after the settle period found it not placed. Each is
 * journaled, counted against the limits (the stop-loss included), and shown
 * to the strategy before it is asked again. The sandbox's ledger, read
 * through a second client, is the reference.
 */
import { Database } from '../../support/sqlite.js';
import { afterEach, describe, expect, it } from 'vitest';
import { FunctionStrategy, run_autobet, type BetLine, type SettledBet, type StrategyState } from '../../../src/autobet/index.js';
import { StakeClient } from '../../../src/facade/index.js';
import { UNIT, world, type World } from '../helpers.js';

let w: World | undefined;
afterEach(async () => {
  await w?.close();
  w = undefined;
});

interface Booked { id: string; amount: number; payout: number; nonce: number }

async function ledger(world_: World): Promise<Booked[]> {
  const out: Booked[] = [];
  for await (const b of world_.client.bets()) {
    const bet = b.bet as unknown as Booked;
    out.push({ id: bet.id, amount: bet.amount, payout: bet.payout, nonce: bet.nonce });
  }
  return out.sort((a, b) => a.nonce - b.nonce);
}

function journalRows(database: string): { status: string; resolved_by: string | null; bet_id: string | null }[] {
  const db = new Database(database, { readonly: true });
  try {
    return db.prepare('SELECT status, resolved_by, bet_id FROM journal ORDER BY seq').all() as never;
  } finally {
    db.close();
  }
}

const units = (x: number): number => Math.round(x / UNIT);
const FLAT = { game: 'dice' as const, amount: UNIT, target: 50.5, condition: 'above' as const };

describe('bets the journal does not hold', () => {
  it('a bet placed from another client mid-run is adopted, shown to the strategy, and counted against stop_loss', async () => {
    w = await world();
    const world_ = w;
    const other = new StakeClient({ ...world_.login, base_url: world_.sandbox.url });
    let foreign: SettledBet | null = null;
    const seen: (string | null)[] = [];
    // Before its fourth bet the strategy's owner bets from another client: 10 000 units at a 0.01 % chance.
    const strategy = new FunctionStrategy(async (state: StrategyState) => {
      seen.push(state.last?.id ?? null);
      if (state.bets === 3 && foreign === null) {
        foreign = (await other.dice({ amount: 10_000 * UNIT, target: 0.01, condition: 'below', currency: 'btc' })) as unknown as SettledBet;
      }
      return FLAT;
    }, 'flat');
    const lines: BetLine[] = [];
    const notes: string[] = [];
    try {
      const r = await run_autobet({
        client: world_.client, database: world_.database, strategy, limits: { stop_loss: 5000 * UNIT, max_bet: 0.001, max_bets: 20 },
        on_bet: (l) => lines.push(l), on_note: (n) => notes.push(n),
      });
      const f = foreign as SettledBet | null;
      if (f === null) throw new Error('the foreign bet was not placed');
      const site = await ledger(world_);
      // Every booked bet counted once: the journal's placed rows are the ledger, the foreign one adopted.
      const rows = journalRows(world_.database);
      expect(rows.filter((x) => x.status === 'placed').map((x) => x.bet_id).sort()).toEqual(site.map((b) => b.id).sort());
      expect(rows.find((x) => x.bet_id === f.id)?.resolved_by).toBe('adopted');
      expect(notes.some((n) => n.includes(`adopting bet ${f.id}`))).toBe(true);
      expect(r.stop?.bets).toBe(site.length);
      expect(units(r.stop?.wagered ?? NaN)).toBe(site.reduce((s, b) => s + units(b.amount), 0));
      expect(units(r.stop?.profit ?? NaN)).toBe(site.reduce((s, b) => s + units(b.payout - b.amount), 0));
      // The strategy was shown the foreign bet before it was asked for the bet after it.
      expect(seen).toContain(f.id);
      if (f.payout === 0) {
        // Its loss alone passes the stop-loss: the run stops before another bet of its own.
        expect(r.stop?.reason).toBe('stop_loss');
        expect(site).toHaveLength(5);
        expect(site.at(-1)?.nonce).toBe(4);
      }
    } finally {
      await other.close();
    }
  });

  it('a bet that lands after its settle period found it not placed is adopted before the strategy is asked again, and counted', async () => {
    // The second bet is held 2.5 s; the client gives up after 0.2 s and the settle period (0.4 s) ends long before it
    // lands (room for a loaded machine's slow looks); ten bets at 3 a second still run when it lands.
    w = await world({}, 200);
    const world_ = w;
    let dice = 0;
    const seen: (string | null)[] = [];
    const strategy = new FunctionStrategy((state: StrategyState) => {
      seen.push(state.last?.id ?? null);
      // Hold the second bet only: the fault is queued when the first answer is in.
      if (state.bets === 1 && dice === 0) {
        dice++;
        world_.sandbox.fail_next({ kind: 'slow', delay_ms: 2500, operations: ['DiceRoll'] }, 1);
      }
      const last = state.last;
      // A martingale written out: the strategy's amount follows the last bet it was shown.
      if (last === null) return FLAT;
      const won = (last.state as { result: number }).result > 50.5;
      return { ...FLAT, amount: won ? UNIT : Math.min(last.amount * 2, 1024 * UNIT) };
    }, 'martingale');
    const lines: BetLine[] = [];
    const notes: string[] = [];
    const r = await run_autobet({
      client: world_.client, database: world_.database, strategy,
      limits: { stop_loss: 0.01, max_bet: 0.001, max_bets: 10, max_bets_per_second: 3 },
      settle_ms: 400, resolve_timeout_ms: 5000,
      on_bet: (l) => lines.push(l), on_note: (n) => notes.push(n),
    });
    expect(r.stop?.reason).toBe('max_bets');
    const site = await ledger(world_);
    expect(notes.some((n) => n.includes('was not placed'))).toBe(true);
    // Ten bets counted, one of them the late landing: every booked bet once, the stop line the ledger's.
    expect(site).toHaveLength(10);
    const rows = journalRows(world_.database);
    const placed = rows.filter((x) => x.status === 'placed');
    expect(placed.map((x) => x.bet_id).sort()).toEqual(site.map((b) => b.id).sort());
    expect(placed.filter((x) => x.resolved_by === 'adopted')).toHaveLength(1);
    expect(units(r.stop?.profit ?? NaN)).toBe(site.reduce((s, b) => s + units(b.payout - b.amount), 0));
    // The strategy was shown every booked bet once, in the site's order, the late one included: what it
    // proposed next always followed what really happened (the last bet is not shown: max_bets ends the run).
    expect(seen).toEqual([null, ...site.slice(0, -1).map((b) => b.id)]);
  });
});
