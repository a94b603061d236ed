/** Which bet in the history is the one an intent sent (issue 36): parameters choose between candidates, never rule one out. */
import { describe, expect, it } from 'vitest';
import type { IntentRef } from '../../../src/autobet/engine/driver.js';
import { intended_among } from '../../../src/autobet/engine/reconcile.js';
import type { SettledBet } from '../../../src/autobet/strategies/strategy.js';

const bet = (nonce: number, amount: number, state: Record<string, unknown>, game = 'dice'): SettledBet =>
  ({ id: `b${nonce}`, nonce, amount, game, state }) as unknown as SettledBet;
const intent: IntentRef = { identifier: 'x', game: 'dice', amount: 2e-8, seed_hash: 'h', nonce_expected: 5, params: { amount: 2e-8, target: 33.333, condition: 'above' } };

describe('intended_among', () => {
  it('takes the first bet of the intent\'s game and amount whose state shows its parameters', () => {
    const bets = [bet(5, 1e-8, { target: 33.333, condition: 'above' }), bet(6, 2e-8, { target: 50, condition: 'above' }), bet(7, 2e-8, { target: 33.333, condition: 'above' })];
    expect(intended_among(bets, intent)?.nonce).toBe(7);
  });

  it('still takes a bet of its game and amount whose state writes a parameter otherwise (33.333 shown as 33.33)', () => {
    expect(intended_among([bet(5, 1e-8, {}), bet(6, 2e-8, { target: 33.33, condition: 'above' })], intent)?.nonce).toBe(6);
  });

  it('finds nothing among bets of another game or amount', () => {
    expect(intended_among([bet(5, 1e-8, { target: 33.333 }), bet(6, 2e-8, {}, 'limbo')], intent)).toBeUndefined();
  });
});
