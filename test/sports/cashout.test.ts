/**
 * Cashout, settlement, the user's slips and the SportBets subscription
 * against the sandbox sportsbook; stake.us's `serviceDisabled`. Payouts are
 * checked against the sandbox's ledger (balances) and the test's own
 * arithmetic of the odds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox, SandboxFixtureInfo } from '../../src/sandbox/index.js';
import { TransportError } from '../../src/facade/index.js';
import { SportsError, type SportBetChange } from '../../src/sports/index.js';
import { balance, count, fake_clock, sandbox, user } from './helpers.js';

let box: Sandbox;
beforeAll(async () => {
  box = await sandbox();
});
afterAll(async () => {
  await box.close();
});

function leg(f: SandboxFixtureInfo, market = 0, outcome = 0) {
  const o = f.markets[market]?.outcomes[outcome];
  if (o === undefined) throw new Error('no outcome');
  return o;
}

describe('cashout', () => {
  it('cashes out at the previewed multiplier; the ledger pays amount × multiplier', async () => {
    const { client, sports } = user(box);
    const f = box.sports.add_fixture();
    const slip = await sports.bet({ amount: 10, currency: 'usd', outcomeIds: [leg(f).id] });
    box.sports.set_cashout_multiplier(slip.id, 0.8123);
    const offer = await sports.cashout_preview(slip.iid as string);
    expect(offer).toMatchObject({ id: slip.id, cashoutMultiplier: 0.8123, cashoutDisabled: false, amount: 10, currency: 'usd' });
    expect(offer.offer).toBeCloseTo(8.123, 10);
    const before = await balance(client, 'usd');
    const done = await sports.cashout(offer.id, offer.cashoutMultiplier);
    expect(done.payout).toBeCloseTo(8.12, 2);
    expect(await balance(client, 'usd')).toBeCloseTo(before + 8.12, 8);
    const [finished] = await sports.finished_bets({ status: ['cashout'] });
    expect(finished?.id).toBe(slip.id);
    expect(await sports.active_bets()).toHaveLength(0);
  });

  it('the computed offer follows the odds: booked odds over current odds, times the margin', async () => {
    const { sports } = user(box);
    const f = box.sports.add_fixture();
    const o = leg(f);
    const slip = await sports.bet({ amount: 1, currency: 'usd', outcomeIds: [o.id] });
    box.sports.set_odds(o.id, 1.25);
    const offer = await sports.cashout_preview(slip.iid as string);
    expect(offer.cashoutMultiplier).toBe(Math.floor((o.odds / 1.25) * 0.95 * 10_000) / 10_000);
  });

  it('refused when the offer moved: a SportsError, nothing paid, the slip still open', async () => {
    const { client, sports } = user(box);
    const f = box.sports.add_fixture();
    const slip = await sports.bet({ amount: 5, currency: 'usd', outcomeIds: [leg(f).id] });
    const offer = await sports.cashout_preview(slip.iid as string);
    box.sports.set_cashout_multiplier(slip.id, offer.cashoutMultiplier - 0.1);
    const before = await balance(client, 'usd');
    const error = await sports.cashout(offer.id, offer.cashoutMultiplier).catch((e: unknown) => e);
    expect(SportsError.is(error)).toBe(true);
    expect((error as SportsError).reason).toBe('cashout_unavailable');
    expect(await balance(client, 'usd')).toBe(before);
    expect((await sports.active_bets()).map((b) => b.id)).toEqual([slip.id]);
  });

  it('never retried once it may have reached the site: a lost answer is looked up on the slip, and found cashed out', async () => {
    const { client, sports } = user(box);
    const f = box.sports.add_fixture();
    const slip = await sports.bet({ amount: 5, currency: 'usd', outcomeIds: [leg(f).id] });
    const offer = await sports.cashout_preview(slip.iid as string);
    const sent = count(box, 'CashoutSportBet');
    const before = await balance(client, 'usd');
    box.fail_next({ kind: 'drop_after_processing', operations: ['CashoutSportBet'] });
    const done = await sports.cashout(offer.id, offer.cashoutMultiplier);
    expect(done.recovered).toBe(true);
    expect(count(box, 'CashoutSportBet') - sent).toBe(1);
    // It did run once: the ledger paid once, and the slip is cashed out.
    const paid = Math.floor(5 * offer.cashoutMultiplier * 100) / 100;
    expect(await balance(client, 'usd')).toBeCloseTo(before + paid, 8);
    expect(done.payout).toBeCloseTo(paid, 8);
    expect(box.sports.bets().find((b) => b.id === slip.id)?.status).toBe('cashout');
  });

  it('dropped before it ran: on_intent first, then "not cashed out" only after the settle period; nothing re-sent', async () => {
    const { client, sports } = user(box);
    const slip = await sports.bet({ amount: 5, currency: 'usd', outcomeIds: [leg(box.sports.add_fixture()).id] });
    const offer = await sports.cashout_preview(slip.iid as string);
    const sent = count(box, 'CashoutSportBet');
    const before = await balance(client, 'usd');
    const clock = fake_clock();
    const start = clock.now();
    const at_intent: number[] = [];
    box.fail_next({ kind: 'drop', operations: ['CashoutSportBet'] });
    const error = await sports.cashout(offer.id, offer.cashoutMultiplier, { clock, on_intent: () => void at_intent.push(count(box, 'CashoutSportBet')) })
      .catch((e: unknown) => e);
    expect(TransportError.is(error) && error.may_have_reached_server).toBe(true);
    expect((error as { lookup?: string }).lookup).toBe('not_found');
    expect(at_intent).toEqual([sent]);
    expect(count(box, 'CashoutSportBet') - sent).toBe(1);
    // The client's timeout is 10 s (helpers.ts): the settle period is the larger of 30 s and twice it.
    expect(clock.now() - start).toBeGreaterThanOrEqual(Math.max(30_000, 2 * 10_000));
    expect(await balance(client, 'usd')).toBe(before);
    expect(box.sports.bets().find((b) => b.id === slip.id)?.status).toBe('active');
  });
});

describe('settlement', () => {
  it('a won accumulator, a lost single and a void leg, reflected in finished_bets and the ledger', async () => {
    const { client, sports } = user(box);
    const [a, b, c] = [box.sports.add_fixture(), box.sports.add_fixture(), box.sports.add_fixture()] as [SandboxFixtureInfo, SandboxFixtureInfo, SandboxFixtureInfo];
    const won = await sports.bet({ amount: 10, currency: 'usd', outcomeIds: [leg(a).id, leg(b).id, leg(c).id] });
    const lost = await sports.bet({ amount: 3, currency: 'usd', outcomeIds: [leg(a, 0, 1).id] });
    const start = await balance(client, 'usd');
    box.sports.settle_market(a.markets[0]?.id as string, [leg(a).id]);
    box.sports.settle_market(b.markets[0]?.id as string, [leg(b).id]);
    // One leg still open: the accumulator is not settled yet.
    expect((await sports.active_bets()).map((x) => x.id)).toEqual([won.id]);
    box.sports.settle_market(c.markets[0]?.id as string, 'void');
    const payout = Math.floor(10 * leg(a).odds * leg(b).odds * 100) / 100;
    expect(await balance(client, 'usd')).toBeCloseTo(start + payout, 8);
    const finished = [];
    for await (const bet of sports.finished_bets_all({ status: ['settled'], limit: 1 })) finished.push(bet);
    // Newest placed first.
    expect(finished.map((x) => x.id)).toEqual([lost.id, won.id]);
    expect(finished[1]?.payout).toBeCloseTo(payout, 8);
    expect(finished[1]?.outcomes.map((o) => o.status)).toEqual(['won', 'won', 'void']);
    expect(finished[0]?.payout).toBe(0);
    expect((await sports.bet_by_iid(won.iid as string))?.status).toBe('settled');
  });
});

describe('the SportBets subscription', () => {
  it('reports the user\'s own slip as it is booked and cashed out', async () => {
    const { client, sports } = user(box);
    const f = box.sports.add_fixture();
    const controller = new AbortController();
    const feed = sports.watch_sport_bets({ signal: controller.signal })[Symbol.asyncIterator]();
    const first = feed.next();
    // Subscribed once the sandbox counts the subscription live.
    while (box.websocket_stats().live_subscriptions === 0) await new Promise((r) => setImmediate(r));
    const slip = await sports.bet({ amount: 1, currency: 'usd', outcomeIds: [leg(f).id] });
    const booked = (await first).value as SportBetChange;
    expect(booked).toMatchObject({ id: slip.id, active: true, status: 'active' });
    box.sports.set_cashout_multiplier(slip.id, 0.5);
    expect(((await feed.next()).value as SportBetChange).cashoutMultiplier).toBe(0.5);
    await sports.cashout(slip.id, 0.5);
    expect((await feed.next()).value).toMatchObject({ id: slip.id, active: false, status: 'cashout' });
    controller.abort();
    await client.close();
  });
});

describe('stake.us', () => {
  it('has no sportsbook: every sports call is a SportsError service_disabled, and no bet is sent', async () => {
    const us = await sandbox({ site: 'stake.us' });
    try {
      const { sports } = user(us);
      for (const work of [sports.list(), sports.fixtures(), sports.fixture('46600001-a-b'), sports.active_bets()]) {
        const error = await work.catch((e: unknown) => e);
        expect(SportsError.is(error)).toBe(true);
        expect((error as SportsError).reason).toBe('service_disabled');
        expect((error as SportsError).message).toMatch(/no sportsbook/);
      }
      const error = await sports.bet({ amount: 1, currency: 'usd', outcomeIds: ['x'] }).catch((e: unknown) => e);
      expect((error as SportsError).reason).toBe('service_disabled');
      expect(us.stats().by_operation['PlaceSportBet']).toBeUndefined();
    } finally {
      await us.close();
    }
  });
});
