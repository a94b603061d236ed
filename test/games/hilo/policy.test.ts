/**
 * Hilo's `{ cashout_at }` policy, pure: the likelier side counted here over
 * the 13 ranks (A lowest, K highest), the cashout at the multiplier, and its
 * settings refused with the field named.
 */
import { describe, expect, it } from 'vitest';
import { HILO_CASHOUT_POLICY, check_hilo_policy, hilo_likelier } from '../../../src/games/hilo/policy.js';
import type { HiloState } from '../../../src/games/hilo/site.js';

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const card = (rank: string) => ({ rank, suit: 'S' }) as never;
const view = (state: HiloState) => ({ game: 'hilo', state, actions: [], stake: 1, amount: 1, multiplier: 1 });

describe('hilo cashout_at policy', () => {
  it.each(RANKS)('on %s it guesses the side with more ranks (ties: higher or equal)', (rank) => {
    const r = RANKS.indexOf(rank);
    const up = RANKS.length - r; // ranks at or above, this one included
    const down = r + 1;
    const expected = rank === 'A' ? 'higher' : rank === 'K' ? 'lower' : up >= down ? 'higherEqual' : 'lowerEqual';
    expect(hilo_likelier(rank)).toBe(expected);
  });

  it('guesses until the multiplier reaches cashout_at, then cashes out; never cashes out before a guess', () => {
    const step = HILO_CASHOUT_POLICY.make(check_hilo_policy({ cashout_at: 2 }));
    const start: HiloState = { startCard: card('3'), rounds: [] } as never;
    expect(step(view(start))).toBe('higherEqual');
    const after = (m: number, rank: string): HiloState => ({ startCard: card('3'), rounds: [{ card: card(rank), guess: 'higherEqual', payoutMultiplier: m }] }) as never;
    expect(step(view(after(1.5, 'Q')))).toBe('lowerEqual');
    expect(step(view(after(2, 'Q')))).toBe('cashout');
    expect(step(view(after(2.4, '2')))).toBe('cashout');
  });

  it('refuses bad settings naming the field', () => {
    expect(() => check_hilo_policy({ cashout_at: 1 })).toThrow(/^round\.cashout_at must be a number above 1/);
    expect(() => check_hilo_policy({ cashout_at: '2' })).toThrow(RangeError);
    expect(() => check_hilo_policy({ cashout_at: 2, skip: true })).toThrow(/^round\.skip: the hilo policy takes cashout_at only/);
    expect(() => check_hilo_policy(null)).toThrow(TypeError);
  });
});
