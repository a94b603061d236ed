/**
 * Limits below the round policy, pure: a step that adds to the round's stake
 * (a blackjack double or split puts up the opening bet again, an insurance
 * half of it) is checked with the round's whole stake against the run's
 * limits (the engine's own rules); one that would pass `max_bet` or
 * `stop_loss` is not chosen: the round's safe action for the state is
 * (noInsurance while insurance is offered, then stand; cashout once a step
 * was played), adding nothing, and the run stops with the limit's name.
 * Pure: states written out by hand.
 */
import { describe, expect, it } from 'vitest';
import { Money, new_counters } from '../../../../src/autobet/engine/counters.js';
import { limit_rules, refusal_of } from '../../../../src/autobet/engine/limit-rules.js';
import { choose_step } from '../../../../src/autobet/drivers/rounds/play-round.js';

const money = new Money(2); // usd: cents
function refusal(limits: { max_bet: number; stop_loss: number }, profit_units = 0) {
  const counters = { ...new_counters(100_000), profit: profit_units };
  const rules = limit_rules(limits, money);
  return (units: number) => refusal_of(rules, counters, units);
}
const opening = { opening: 100, total: 100 }; // a 1.00 usd hand

describe('a round step against the run\'s limits', () => {
  it('a double that takes the round past max_bet is not sent: stand, and the run stops with max_bet', () => {
    const chosen = choose_step('blackjack', 'double', opening, refusal({ max_bet: 1.5, stop_loss: 100 }));
    expect(chosen.request).toEqual({ kind: 'act', input: { action: 'stand' }, label: 'stand' });
    expect(chosen.safe).toBe(true);
    expect(chosen.adds).toBe(0);
    expect(chosen.held?.reason).toBe('max_bet');
    expect(chosen.held?.message).toMatch(/^the round's double was not sent and the round was finished with stand .*: the next bet of 2 was not placed: it is above max_bet 1\.5$/);
  });

  it('a split that would let the session lose past stop_loss is not sent: stop_loss', () => {
    // Already 0.50 down; the round would stake 2.00: a loss of 2.50 against a stop-loss of 2.00.
    const chosen = choose_step('blackjack', 'split', opening, refusal({ max_bet: 10, stop_loss: 2 }, -50));
    expect(chosen.request).toMatchObject({ input: { action: 'stand' } });
    expect(chosen.held?.reason).toBe('stop_loss');
  });

  it('within the limits the step is sent with what it adds: double 1.00, insurance 0.50, hit nothing', () => {
    const r = refusal({ max_bet: 2, stop_loss: 2 });
    expect(choose_step('blackjack', 'double', opening, r)).toMatchObject({ request: { input: { action: 'double' } }, adds: 100, safe: false, held: null });
    expect(choose_step('blackjack', 'insurance', opening, r)).toMatchObject({ request: { input: { action: 'insurance' } }, adds: 50, held: null });
    expect(choose_step('blackjack', 'hit', opening, r)).toMatchObject({ request: { input: { action: 'hit' } }, adds: 0, held: null });
    // A second double after a split: the stake so far counts (2.00 + 1.00 > max_bet 2.00).
    expect(choose_step('blackjack', 'double', { opening: 100, total: 200 }, r).held?.reason).toBe('max_bet');
  });

  it('mines and hilo steps add nothing and are never refused by a limit; a bad answer is the safe action with error:strategy', () => {
    const r = refusal({ max_bet: 0.01, stop_loss: 0.01 }, -100);
    expect(choose_step('mines', { fields: [4] }, opening, r)).toMatchObject({ request: { kind: 'act', input: { fields: [4] } }, held: null });
    expect(choose_step('hilo', 'lowerEqual', opening, r)).toMatchObject({ request: { input: { guess: 'lowerEqual' } }, held: null });
    const bad = choose_step('mines', 'jump', opening, r);
    expect(bad).toMatchObject({ request: { kind: 'cashout' }, safe: true, held: { reason: 'error:strategy' } });
    expect(bad.held?.message).toMatch(/it answered "jump"/);
  });

  it('the safe step reads the state: noInsurance while insurance is offered (then stand); stand otherwise', () => {
    const offered = { player: [{ value: 12, actions: ['deal'], cards: [{ rank: '5', suit: 'H' }, { rank: '7', suit: 'C' }] }], dealer: [{ value: 11, actions: ['deal'], cards: [{ rank: 'A', suit: 'S' }] }] };
    const answered = { ...offered, player: [{ ...offered.player[0]!, actions: ['deal', 'noInsurance'] }] };
    // Insurance refused by max_bet on a flat 1.00 bet: the round goes on with noInsurance, not a stand the site refuses.
    const r = refusal({ max_bet: 1, stop_loss: 100 });
    const chosen = choose_step('blackjack', 'insurance', opening, r, null, offered);
    expect(chosen.request).toEqual({ kind: 'act', input: { action: 'noInsurance' }, label: 'noInsurance' });
    expect(chosen.held?.reason).toBe('max_bet');
    expect(choose_step('blackjack', null, opening, r, chosen.held, answered).request).toEqual({ kind: 'act', input: { action: 'stand' }, label: 'stand' });
  });

  it('mines and hilo before their first step have no safe step: nothing is sent, the round is left open, and the stop says so with its reason', () => {
    const r = refusal({ max_bet: 10, stop_loss: 100 });
    const fresh_mines = { mines: null, minesCount: 3, rounds: [] };
    const bad = choose_step('mines', 'jump', opening, r, null, fresh_mines);
    expect(bad.request).toBeNull();
    expect(bad.held?.reason).toBe('error:strategy');
    expect(bad.held?.message).toMatch(/the round is left open before its first reveal .*stakeql play mines --resume/);
    const fresh_hilo = { startCard: { rank: '7', suit: 'H' }, rounds: [] };
    expect(choose_step('hilo', null, opening, r, { reason: 'max_bet' }, fresh_hilo)).toMatchObject({ request: null, held: { reason: 'max_bet' } });
    // Once a tile is revealed, the cashout is the safe step again.
    const revealed = { ...fresh_mines, rounds: [{ field: 4, payoutMultiplier: 1.1 }] };
    expect(choose_step('mines', 'jump', opening, r, null, revealed).request).toEqual({ kind: 'cashout', label: 'cashout' });
  });
});
