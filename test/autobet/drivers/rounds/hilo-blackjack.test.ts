/**
 * Autobet plays hilo `{ cashout_at }` and blackjack `basic` rounds through
 * the one engine on the real sandbox with a real SQLite journal: each round
 * one bet to the engine, every step journaled before its request and equal
 * to the sandbox's request log, every card the seeds' outcome computed here
 * with createHmac (cards-helpers.ts), every payout the public rules', the
 * journal's bets the sandbox's ledger (its history).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { run_autobet } from '../../../../src/autobet/index.js';
import { Database } from '../../../support/sqlite.js';
import { world, type World } from '../../helpers.js';
import { bj_cards_in_order, bj_natural, bj_return, bj_staked, bj_total, cards_of, hilo_round, type BjState, type Card } from './cards-helpers.js';

let w: World | undefined;
afterEach(async () => {
  await w?.close();
  w = undefined;
});

interface StepRow { round_key: string; step: number; kind: string; request: string; identifier: string | null; status: string; added_units: number; session_id: number; answer: string | null }

/** The round's final state as the site answered its last step (the history's MyBetList carries no hilo/blackjack state). */
function final_state(steps: readonly StepRow[], round_key: string): unknown {
  const last = steps.filter((s) => s.round_key === round_key).at(-1)!;
  return (JSON.parse(last.answer!) as { state: unknown }).state;
}
interface JournalRow { identifier: string; status: string; bet_id: string; amount_units: number; payout_units: number; nonce: number }

function read<T>(database: string, sql: string): T[] {
  const db = new Database(database, { readonly: true });
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
}

interface Booked { amount: number; payout: number; nonce: number; game: string }
/** The sandbox's own history of the user's bets, by id. */
async function ledger(world: World): Promise<Map<string, Booked>> {
  const out = new Map<string, Booked>();
  for await (const b of world.client.bets()) {
    const bet = b.bet as (Booked & { id: string }) | null;
    if (bet !== null) out.set(bet.id, bet);
  }
  return out;
}

/** The revealed server seed and the client seed the run bet on. */
async function reveal(world: World, client_seed: string): Promise<{ server: string; client: string }> {
  await world.client.rotate_seed_pair({ seed: 'after-rounds' });
  return { server: (await world.client.active_seeds()).previousServerSeed?.seed as string, client: client_seed };
}

/** The journal's bets are the ledger's: stake, payout, nonce; nothing booked that the journal does not hold. */
function journal_is_ledger(bets: readonly JournalRow[], site: ReadonlyMap<string, Booked>): void {
  expect(new Set(bets.filter((b) => b.status === 'placed').map((b) => b.bet_id))).toEqual(new Set(site.keys()));
  for (const bet of bets.filter((b) => b.status === 'placed')) {
    const booked = site.get(bet.bet_id)!;
    expect([bet.amount_units, bet.payout_units, bet.nonce]).toEqual([Math.round(booked.amount * 100), Math.round(booked.payout * 100), booked.nonce]);
  }
}

/** The journal's bets, each with the round's whole stake (its bet line's amount; the intent holds the opening bet). */
const BETS = "SELECT identifier, status, bet_id, CAST(ROUND(json_extract(line, '$.amount') * 100) AS INTEGER) AS amount_units, payout_units, nonce FROM journal ORDER BY seq";

const HILO_OPS: Record<string, string> = { HiloBet: 'start', HiloNext: 'act', HiloCashout: 'cashout' };
const BJ_OPS: Record<string, string> = { BlackjackBet: 'start', BlackjackNext: 'act' };

/**
 * A run on a fresh sandbox where every `every`-th `operation` is processed and its answer dropped (the
 * client gives up on it after its timeout): its stop, the journal's steps and the sandbox's log of the
 * game's round requests.
 */
async function run_losing(
  game: 'hilo' | 'blackjack', seed: string, operation: string, every: number,
  strategy: Record<string, unknown>, round: Record<string, unknown>, max_bets: number,
): Promise<{ run: World; r: Awaited<ReturnType<typeof run_autobet>>; steps: StepRow[]; log: { operation_name?: string | null; variables?: unknown }[]; ops: Record<string, string> }> {
  w = await world({ dice_seed: seed }, 1500);
  w.sandbox.fail_every({ kind: 'drop_after_processing', operations: [operation] }, every);
  const r = await run_autobet({
    client: w.client, database: w.database, currency: 'usd', strategy, round,
    limits: { stop_loss: 100, max_bet: 4, max_bets },
    settle_ms: 3000, resolve_timeout_ms: 10_000,
  });
  w.sandbox.clear_faults();
  const steps = read<StepRow>(w.database, 'SELECT * FROM round_steps ORDER BY rowid');
  const ops = game === 'hilo' ? HILO_OPS : BJ_OPS;
  const log = w.sandbox.stats().request_log.filter((q) => (q.operation_name ?? '') in ops);
  return { run: w, r, steps, log, ops };
}

describe('autobet rounds: hilo and blackjack through the engine', () => {
  it('hilo { cashout_at }: each round one bet, the guesses the likelier side, every card the seeds\', cashout at the multiplier, journal = ledger', async () => {
    w = await world({ dice_seed: 'rounds-hilo-autobet' });
    const seeds = await w.client.active_seeds();
    const START: Card = { rank: '7', suit: 'H' };
    const r = await run_autobet({
      client: w.client, database: w.database, currency: 'usd',
      strategy: { game: 'hilo', bet: { amount: 1, startCard: START } },
      round: { game: 'hilo', cashout_at: 1.5 },
      limits: { stop_loss: 100, max_bet: 2, max_bets: 12 },
    });
    expect(r.stop?.reason, r.stop?.message).toBe('max_bets');
    const bets = read<JournalRow>(w.database, BETS);
    expect(bets.map((b) => b.status)).toEqual(Array(12).fill('placed'));
    const steps = read<StepRow>(w.database, 'SELECT * FROM round_steps ORDER BY rowid');
    expect(steps.every((s) => s.session_id === r.session && s.status === 'answered')).toBe(true);
    const log = w.sandbox.stats().request_log.filter((q) => (q.operation_name ?? '') in HILO_OPS);
    // One journaled step per request, in order, with what was sent.
    expect(steps.map((s) => s.kind)).toEqual(log.map((q) => HILO_OPS[q.operation_name as string]));
    expect(steps.filter((s) => s.kind === 'act').map((s) => JSON.parse(s.request) as unknown)).toEqual(log.filter((q) => q.operation_name === 'HiloNext').map((q) => q.variables));
    const { server, client } = await reveal(w, seeds.activeClientSeed.seed);
    const site = await ledger(w);
    const endings = new Set<string>();
    for (const bet of bets) {
      const booked = site.get(bet.bet_id)!;
      const state = final_state(steps, bet.identifier) as { startCard: Card; rounds: Array<{ card: Card; guess: string }> };
      const cards = cards_of(server, client, booked.nonce);
      const expected = hilo_round(START.rank, cards, 1.5);
      expect(state.startCard).toEqual(START);
      // Card i of the outcome is drawn for the i-th guess.
      expect(state.rounds.map((x) => x.card)).toEqual(cards.slice(0, expected.guesses.length));
      expect(state.rounds.map((x) => x.guess)).toEqual(expected.guesses);
      const mine = steps.filter((s) => s.round_key === bet.identifier);
      expect(mine.map((s) => s.kind)).toEqual(['start', ...expected.guesses.map(() => 'act'), ...(expected.cashed ? ['cashout'] : [])]);
      // The multiplier in ten-thousandths, then cents, each rounded down; 0 for a lost round.
      const cents = expected.cashed ? Math.floor((100 * Math.floor(expected.multiplier * 10_000 + 1e-7)) / 10_000) : 0;
      expect(bet.payout_units).toBe(cents);
      endings.add(expected.cashed ? 'cashout' : 'loss');
    }
    expect([...endings].sort()).toEqual(['cashout', 'loss']);
    journal_is_ledger(bets, site);
    expect(site.size).toBe(12);
  }, 60_000);

  it('blackjack basic: each round one bet, insurance never taken, every card the seeds\' in deal order, the public payouts, the stake with doubles and splits, journal = ledger', async () => {
    w = await world({ dice_seed: 'rounds-blackjack-autobet' });
    const seeds = await w.client.active_seeds();
    const r = await run_autobet({
      client: w.client, database: w.database, currency: 'usd',
      strategy: { game: 'blackjack', bet: { amount: 1 } },
      round: { game: 'blackjack', policy: 'basic' },
      limits: { stop_loss: 200, max_bet: 4, max_bets: 40 },
    });
    expect(r.stop?.reason, r.stop?.message).toBe('max_bets');
    const bets = read<JournalRow>(w.database, BETS);
    expect(bets.map((b) => b.status)).toEqual(Array(40).fill('placed'));
    const steps = read<StepRow>(w.database, 'SELECT * FROM round_steps ORDER BY rowid');
    expect(steps.every((s) => s.session_id === r.session && s.status === 'answered')).toBe(true);
    const log = w.sandbox.stats().request_log.filter((q) => (q.operation_name ?? '') in BJ_OPS);
    expect(steps.map((s) => ({ kind: s.kind, identifier: s.identifier }))).toEqual(log.map((q) => ({ kind: BJ_OPS[q.operation_name as string], identifier: (q.variables as { identifier: string }).identifier })));
    const actions = steps.filter((s) => s.kind === 'act').map((s) => (JSON.parse(s.request) as { action: string }).action);
    expect(actions).not.toContain('insurance');
    const { server, client } = await reveal(w, seeds.activeClientSeed.seed);
    const site = await ledger(w);
    const seen = new Set<string>();
    for (const bet of bets) {
      const booked = site.get(bet.bet_id)!;
      const state = final_state(steps, bet.identifier) as BjState;
      const { expected, got } = bj_cards_in_order(state, cards_of(server, client, booked.nonce));
      expect(got).toEqual(expected);
      expect(bet.amount_units).toBe(100 * bj_staked(state, false));
      expect(bet.payout_units).toBe(Math.floor(100 * bj_return(state, false) + 1e-9));
      // A step's added stake is journaled: the round's stake is the opening bet and what its doubles and splits added.
      expect(steps.filter((s) => s.round_key === bet.identifier).reduce((n, s) => n + s.added_units, 0)).toBe(bet.amount_units);
      const hand = state.player[0]!;
      // The chart: a card is drawn (hit, double) only on a hard 16 or less or a soft 18 or less; 8,8 and A,A are split unless the dealer's natural ended the deal.
      for (const h of state.player) {
        for (let k = 2; k < h.cards.length; k++) {
          const before = h.cards.slice(0, k);
          const low = before.reduce((n, c) => n + (c.rank === 'A' ? 1 : ['J', 'Q', 'K'].includes(c.rank) ? 10 : Number(c.rank)), 0);
          const soft = bj_total(before) !== low;
          expect(bj_total(before)).toBeLessThan(soft ? 19 : 17);
        }
      }
      if (state.player.length === 1 && hand.cards[0]!.rank === hand.cards[1]!.rank && ['8', 'A'].includes(hand.cards[0]!.rank)) {
        expect(bj_natural(state.dealer[0]!.cards)).toBe(true);
      }
      if (state.player.length > 1) seen.add('split');
      if (state.player.some((h) => h.actions.includes('double'))) seen.add('double');
      if (state.player.some((h) => bj_total(h.cards) > 21)) seen.add('bust');
      if (bet.payout_units > bet.amount_units) seen.add('win');
    }
    expect([...seen].sort()).toEqual(expect.arrayContaining(['bust', 'double', 'win']));
    journal_is_ledger(bets, site);
  }, 90_000);

  it('settings and a round that do not go together are refused before anything is recorded or sent: a hilo or blackjack bet without a policy, a policy of another game', async () => {
    w = await world();
    const run = (strategy: Record<string, unknown>, round?: Record<string, unknown>) => run_autobet({ client: w!.client, database: w!.database, currency: 'usd', strategy, ...(round === undefined ? {} : { round }), limits: { stop_loss: 10, max_bet: 2 } });
    await expect(run({ game: 'blackjack', bet: { amount: 1 } })).rejects.toThrow(/^round: a blackjack bet is a round over several requests: give autobet a round policy/);
    await expect(run({ game: 'hilo', bet: { amount: 1, startCard: { rank: 'A', suit: 'S' } } })).rejects.toThrow(RangeError);
    await expect(run({ game: 'dice', bet: { amount: 1, target: 50.5, condition: 'above' } }, { game: 'hilo', cashout_at: 2 })).rejects.toThrow(/^round\.game: the settings bet dice, so a hilo policy would never play/);
    expect(w.sandbox.stats().request_log.filter((q) => /^(Hilo|Blackjack|DiceRoll)/.test(q.operation_name ?? ''))).toEqual([]);
    expect(fs.existsSync(w.database)).toBe(false);
  }, 30_000);

  it("a strategy module's hilo or blackjack bet without a round(view) is refused before its round opens: the run stops with error:no_round_policy", async () => {
    w = await world();
    const file = path.join(w.dir, 'blackjack.mjs');
    fs.writeFileSync(file, "export default () => ({ game: 'blackjack', amount: 1 });");
    const r = await run_autobet({ client: w.client, database: w.database, currency: 'usd', strategy: file, limits: { stop_loss: 10, max_bet: 2 } });
    expect(r.stop?.reason).toBe('error:no_round_policy');
    expect(r.stop?.message).toMatch(/a blackjack bet is a round over several requests: give the run a round policy/);
    expect(w.sandbox.stats().request_log.filter((q) => /^Blackjack/.test(q.operation_name ?? ''))).toEqual([]);
  }, 30_000);

  it.each([
    ['blackjack', 'BlackjackNext', { game: 'blackjack', bet: { amount: 1 } }, { game: 'blackjack', policy: 'basic' }],
    ['hilo', 'HiloNext', { game: 'hilo', bet: { amount: 1, startCard: { rank: '5', suit: 'C' } } }, { game: 'hilo', cashout_at: 1.6 }],
  ] as const)('%s: an act whose answer is lost (processed, then dropped) is resolved, never sent again; journal = ledger', async (game, operation, strategy, round) => {
    // Every second act is processed and its answer dropped.
    const { run, r, steps, log, ops } = await run_losing(game, `rounds-lost-${game}`, operation, 2, strategy, round, 8);
    expect(r.stop?.reason, r.stop?.message).toBe('max_bets');
    // Each request once, each a journaled step in order; the lost ones found (in the open round or the history).
    expect(steps.map((s) => s.kind)).toEqual(log.map((q) => ops[q.operation_name as string]));
    expect(steps.filter((s) => s.kind === 'act').map((s) => JSON.parse(s.request) as Record<string, unknown>)).toEqual(
      log.filter((q) => q.operation_name === operation).map((q) => { const { identifier: _i, ...rest } = q.variables as Record<string, unknown>; return rest; }),
    );
    if (game === 'blackjack') {
      const sent = log.map((q) => (q.variables as { identifier: string }).identifier);
      expect(new Set(sent).size).toBe(sent.length);
      expect(sent).toEqual(steps.map((s) => s.identifier));
    }
    expect(steps.filter((s) => s.status === 'found').length).toBeGreaterThan(0);
    expect(steps.every((s) => s.status === 'answered' || s.status === 'found')).toBe(true);
    const bets = read<JournalRow>(run.database, BETS);
    expect(bets.map((b) => b.status)).toEqual(Array(8).fill('placed'));
    journal_is_ledger(bets, await ledger(run));
    expect(await run.client.active_bet(game)).toBeNull();
  }, 90_000);

  it.each([
    ['blackjack', 'BlackjackBet', { game: 'blackjack', bet: { amount: 1 } }, { game: 'blackjack', policy: 'basic' }],
    ['hilo', 'HiloBet', { game: 'hilo', bet: { amount: 1, startCard: { rank: '9', suit: 'H' } } }, { game: 'hilo', cashout_at: 1.3 }],
  ] as const)('%s: every opening answer lost (processed, then dropped): each round found and played on, none opened twice; journal = ledger', async (game, operation, strategy, round) => {
    const { run, r, steps, log, ops } = await run_losing(game, `rounds-lost-open-${game}`, operation, 1, strategy, round, 4);
    expect(r.stop?.reason, r.stop?.message).toBe('max_bets');
    expect(log.filter((q) => q.operation_name === operation)).toHaveLength(4);
    expect(steps.map((s) => s.kind)).toEqual(log.map((q) => ops[q.operation_name as string]));
    expect(steps.filter((s) => s.kind === 'start').every((s) => s.status === 'found')).toBe(true);
    expect(steps.every((s) => s.status === 'answered' || s.status === 'found')).toBe(true);
    const bets = read<JournalRow>(run.database, BETS);
    expect(bets.map((b) => b.status)).toEqual(Array(4).fill('placed'));
    journal_is_ledger(bets, await ledger(run));
    expect(await run.client.active_bet(game)).toBeNull();
  }, 90_000);
});
