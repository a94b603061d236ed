/**
 * Mines' `{ fields, cashout_after }` policy, pure: one tile a step in the
 * given order, a cashout once `cashout_after` are revealed; its settings
 * refused with the field named; the policy list finds it by game and name.
 */
import { describe, expect, it } from 'vitest';
import { check_mines_policy, mines_policy_step } from '../../../src/games/mines/policy.js';
import { round_policy_of, stateless_policy } from '../../../src/games/round-policies.js';

const view = (revealed: number[]) => ({ game: 'mines', state: { mines: null, minesCount: 3, rounds: revealed.map((field) => ({ field, payoutMultiplier: 1.1 })) }, actions: [], stake: 1, amount: 1, multiplier: 1 });

describe('mines fields policy', () => {
  it('reveals the fields in order, one a step, and cashes out after cashout_after', () => {
    const s = check_mines_policy({ fields: [12, 0, 24, 6], cashout_after: 3 });
    expect(mines_policy_step(s, view([]))).toEqual({ fields: [12] });
    expect(mines_policy_step(s, view([12]))).toEqual({ fields: [0] });
    expect(mines_policy_step(s, view([12, 0]))).toEqual({ fields: [24] });
    expect(mines_policy_step(s, view([12, 0, 24]))).toBe('cashout');
  });

  it('cashout_after defaults to every field', () => {
    expect(check_mines_policy({ fields: [1, 2] })).toEqual({ fields: [1, 2], cashout_after: 2 });
  });

  it('refuses bad settings naming the field', () => {
    expect(() => check_mines_policy({ fields: [1, 2], cashout_after: 0 })).toThrow(/^round\.cashout_after/);
    expect(() => check_mines_policy({ fields: [1, 1] })).toThrow(/fields/);
    expect(() => check_mines_policy({ fields: [1], greedy: true })).toThrow(/^round\.greedy/);
  });

  it('the policy list: by game, the policy name optional when the game has one', () => {
    expect(round_policy_of({ game: 'mines', fields: [3] })).toMatchObject({ game: 'mines', name: 'fields' });
    expect(round_policy_of({ game: 'hilo', policy: 'cashout_at', cashout_at: 3 })).toMatchObject({ game: 'hilo', name: 'cashout_at' });
    expect(() => round_policy_of({ game: 'dice' })).toThrow(/^round\.game must be one of mines, hilo/);
  });

  it('a policy without settings (blackjack basic goes in so) takes none', () => {
    const basic = stateless_policy('blackjack', 'basic', () => 'stand');
    expect(basic.make(basic.check({ policy: 'basic' }))({ game: 'blackjack', state: {}, actions: [], stake: 1, amount: 1, multiplier: 1 })).toBe('stand');
    expect(() => basic.check({ policy: 'basic', soft17: true })).toThrow(/^round\.soft17: the blackjack basic policy takes no settings/);
  });
});
