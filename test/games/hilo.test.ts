/**
 * Hilo's pure rules against Stake's guide
 * (https://stake.com/blog/how-to-play-hilo-on-stake): on a 2, "higher or the
 * same" 92.31 % and "a 2 or lower" 15.38 %; ace lowest, king highest; and
 * Stake's 99 % return, checked by enumerating the 13 equally likely ranks
 * for every guess on every card.
 */
import { describe, expect, it } from 'vitest';
import { HILO_GUESSES } from '../../src/games/hilo/round.js';
import {
  hilo_can_cash_out,
  hilo_guess_allowed,
  hilo_guess_wins,
  hilo_settle,
  hilo_step,
  hilo_step_factor,
  hilo_win_chance,
} from '../../src/games/hilo/rules.js';

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const card = (rank: string) => ({ rank, suit: 'S' });

describe('hilo rules', () => {
  it("the guide's worked example: on a 2, higher-or-same 92.31 %, lower-or-same 15.38 %", () => {
    expect((hilo_win_chance('higherEqual', '2') * 100).toFixed(2)).toBe('92.31');
    expect((hilo_win_chance('lowerEqual', '2') * 100).toFixed(2)).toBe('15.38');
  });

  it('ace lowest, king highest: nothing above a king, nothing below an ace', () => {
    expect(hilo_guess_wins('higher', 'Q', 'K')).toBe(true);
    expect(hilo_guess_wins('lower', '2', 'A')).toBe(true);
    expect(hilo_win_chance('higher', 'K')).toBe(0);
    expect(hilo_win_chance('lower', 'A')).toBe(0);
    // Neither a sure loss nor a sure win is a bet.
    expect(hilo_guess_allowed('higher', 'K')).toBe(false);
    expect(hilo_guess_allowed('higherEqual', 'A')).toBe(false);
    expect(hilo_guess_allowed('lowerEqual', 'K')).toBe(false);
    expect(hilo_guess_allowed('equal', 'K')).toBe(true);
    expect(hilo_guess_allowed('skip', 'K')).toBe(true);
  });

  it('every offered guess on every card returns exactly 99 % over the 13 equally likely ranks', () => {
    for (const current of RANKS) {
      for (const guess of HILO_GUESSES) {
        if (guess === 'skip' || !hilo_guess_allowed(guess, current)) continue;
        const returned = RANKS.reduce((sum, next) => sum + (hilo_guess_wins(guess, current, next) ? hilo_step_factor(guess, current) : 0), 0) / 13;
        expect(returned, `${guess} on ${current}`).toBeCloseTo(0.99, 12);
      }
    }
  });

  it('a round: a skip changes nothing, wins multiply, a loss ends at 0, a cashout needs a won guess', () => {
    const start = card('7');
    // skip → 3 (no change); lowerEqual on 3 wins with a 2 (3/13: ×0.99·13/3 = 4.29); higher on 2 loses with an A.
    const lost = hilo_settle(start, [card('3'), card('2'), card('A')], ['skip', 'lowerEqual', 'higher']);
    expect(lost.states.map((s) => s.rounds.at(-1)?.payoutMultiplier)).toEqual([undefined, 1, expect.closeTo(4.29, 12), 0]);
    expect(lost.multiplier).toBe(0);
    const cashed = hilo_settle(start, [card('3'), card('2'), card('A')], ['skip', 'lowerEqual', 'cashout']);
    expect(cashed.multiplier).toBe(4.29);
    expect(hilo_settle(start, [card('3')], ['skip']).multiplier).toBeNull();
    expect(() => hilo_settle(start, [card('3')], ['skip', 'cashout'])).toThrow(/hiloNoRoundsPlayed/);
    expect(hilo_can_cash_out({ startCard: start, rounds: [] })).toBe(false);
    expect(() => hilo_step({ startCard: card('K'), rounds: [] }, 'higher', card('2'))).toThrow(RangeError);
    expect(() => hilo_settle(start, [], ['higherEqual'])).toThrow(/all 52/);
  });
});
