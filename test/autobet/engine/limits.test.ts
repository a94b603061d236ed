/**
 * Every limit at its edge, on the engine's own counters (whole units of btc,
 * 8 decimals): a bet of exactly the room left is allowed, one unit more is
 * refused with the limit's name; the after-bet stops fire exactly when the
 * contract's inequality holds. Counters are built with `count_bet` from bets
 * whose sums are written out by hand here.
 */
import { describe, expect, it } from 'vitest';
import { count_bet, Money, new_counters, type Counters } from '../../../src/autobet/engine/counters.js';
import { check_after, check_before, limit_rules } from '../../../src/autobet/engine/limit-rules.js';
import { check_limits, LIMIT_NAMES, type Limits } from '../../../src/autobet/engine/limits.js';

const btc = new Money(8);

/** The reason a bet of `amount` units is refused under `limits`, or null. */
function refused(limits: Limits, c: Counters, amount: number): string | null {
  return check_before(limit_rules(check_limits(limits, false), btc), c, amount);
}

/** The reason the run stops after the bets counted in `c`, or null. */
function stops(limits: Limits, c: Counters): string | null {
  return check_after(limit_rules(check_limits(limits, false), btc), c);
}

/** Counters after the bets given as [amount, payout] in units, from a start balance. */
function after(start: number, bets: ReadonlyArray<readonly [number, number]>): Counters {
  const c = new_counters(start);
  for (const [amount, payout] of bets) count_bet(c, amount, payout, payout > amount);
  return c;
}

describe('limits before a bet: exactly the room left is allowed, one unit more is refused', () => {
  it('stop_loss: -profit + amount <= stop_loss, with the session behind', () => {
    // Lost 5000 then won 2000 net on 3000: profit -3000 units; stop_loss 0.0001 btc = 10000 units leaves 7000.
    const c = after(1_000_000, [[5000, 0], [3000, 5000]]);
    expect(c.profit).toBe(-3000);
    expect(refused({ stop_loss: 0.0001 }, c, 7000)).toBeNull();
    expect(refused({ stop_loss: 0.0001 }, c, 7001)).toBe('stop_loss');
  });

  it('stop_loss: a session ahead has its profit as extra room', () => {
    const c = after(1_000_000, [[2000, 4000]]); // profit +2000
    expect(refused({ stop_loss: 0.0001 }, c, 12000)).toBeNull();
    expect(refused({ stop_loss: 0.0001 }, c, 12001)).toBe('stop_loss');
  });

  it('stop_loss: a session that already lost exactly the limit may only bet 0', () => {
    const c = after(1_000_000, [[10000, 0]]);
    expect(refused({ stop_loss: 0.0001 }, c, 0)).toBeNull();
    expect(refused({ stop_loss: 0.0001 }, c, 1)).toBe('stop_loss');
  });

  it('stop_loss that does not fall on a unit rounds down: less room, never more', () => {
    // 0.000000015 btc is 1.5 units: a loss of 2 units would exceed it, 1 does not.
    const c = new_counters(1_000_000);
    expect(refused({ stop_loss: 0.000000015 }, c, 1)).toBeNull();
    expect(refused({ stop_loss: 0.000000015 }, c, 2)).toBe('stop_loss');
    // Below one unit: nothing can be lost at all.
    expect(refused({ stop_loss: 0.000000009 }, c, 1)).toBe('stop_loss');
    expect(refused({ stop_loss: 0.000000009 }, c, 0)).toBeNull();
  });

  it('stop_loss read as the decimal the user wrote (0.3 is 30000000 units, not 29999999)', () => {
    const c = new_counters(100_000_000);
    expect(refused({ stop_loss: 0.1 + 0.2 }, c, 30_000_000)).toBeNull();
    expect(refused({ stop_loss: 0.3 }, c, 30_000_000)).toBeNull();
    expect(refused({ stop_loss: 0.3 }, c, 30_000_001)).toBe('stop_loss');
  });

  it('floor_balance: balance - amount >= floor_balance', () => {
    const c = after(50_000, [[10_000, 0]]); // balance 40000
    expect(refused({ floor_balance: 0.0001 }, c, 30000)).toBeNull();
    expect(refused({ floor_balance: 0.0001 }, c, 30001)).toBe('floor_balance');
  });

  it('floor_balance 0 lets the whole balance be bet (then insufficient_balance guards)', () => {
    const c = new_counters(777);
    expect(refused({ floor_balance: 0 }, c, 777)).toBeNull();
    expect(refused({ floor_balance: 0 }, c, 778)).toBe('insufficient_balance');
  });

  it('floor_balance that does not fall on a unit rounds up: a higher floor, never lower', () => {
    // Balance 10 units, floor 1.5 units: 10 - 8 = 2 >= 1.5 is allowed, 10 - 9 = 1 is below it.
    const c = new_counters(10);
    expect(refused({ floor_balance: 0.000000015 }, c, 8)).toBeNull();
    expect(refused({ floor_balance: 0.000000015 }, c, 9)).toBe('floor_balance');
  });

  it('max_bet: amount <= max_bet, never clamped', () => {
    const c = new_counters(1_000_000);
    expect(refused({ max_bet: 0.000001 }, c, 100)).toBeNull();
    expect(refused({ max_bet: 0.000001 }, c, 101)).toBe('max_bet');
    // 100.5 units: 100 is the most.
    expect(refused({ max_bet: 0.000001005 }, c, 100)).toBeNull();
    expect(refused({ max_bet: 0.000001005 }, c, 101)).toBe('max_bet');
  });

  it('max_wagered: wagered + amount <= max_wagered', () => {
    const c = after(1_000_000, [[25000, 50000], [15000, 0]]); // wagered 40000
    expect(c.wagered).toBe(40000);
    expect(refused({ max_wagered: 0.001 }, c, 60000)).toBeNull();
    expect(refused({ max_wagered: 0.001 }, c, 60001)).toBe('max_wagered');
    expect(refused({ max_wagered: 0.000400005 }, c, 0)).toBeNull();
    expect(refused({ max_wagered: 0.000400005 }, c, 1)).toBe('max_wagered');
  });

  it('insufficient_balance: amount <= balance, with no limit set at all', () => {
    const c = after(1000, [[400, 100]]); // balance 700
    expect(refused({}, c, 700)).toBeNull();
    expect(refused({}, c, 701)).toBe('insufficient_balance');
  });

  it('max_bets refuses the bet past the count; max_duration refuses once the time is spent', () => {
    const c = after(1_000_000, [[1, 0], [1, 0]]);
    expect(refused({ max_bets: 3 }, c, 1)).toBeNull();
    expect(refused({ max_bets: 2 }, c, 1)).toBe('max_bets');
    c.elapsed_ms = 1999;
    expect(refused({ max_duration: 2 }, c, 1)).toBeNull();
    c.elapsed_ms = 2000;
    expect(refused({ max_duration: 2 }, c, 1)).toBe('max_duration');
  });

  it('a limit never changes the amount: only a reason or null comes back, for every limit at once', () => {
    const limits: Limits = { max_bet: 0.001, stop_loss: 0.001, floor_balance: 0, max_wagered: 0.01, max_bets: 10, max_duration: 60 };
    const c = new_counters(1_000_000);
    expect(refused(limits, c, 100_000)).toBeNull();
    expect(refused(limits, c, 100_001)).toBe('max_bet'); // over max_bet and stop_loss: the first checked names it
  });
});

describe('limits after a bet: the run stops exactly when the inequality holds', () => {
  it('take_profit: profit >= take_profit', () => {
    expect(stops({ take_profit: 0.0001 }, after(1_000_000, [[9999, 19998]]))).toBeNull(); // profit 9999
    expect(stops({ take_profit: 0.0001 }, after(1_000_000, [[10000, 20000]]))).toBe('take_profit'); // profit 10000
    expect(stops({ take_profit: 0.0001 }, after(1_000_000, [[5000, 20000]]))).toBe('take_profit');
  });

  it('take_profit that does not fall on a unit: 1 unit < 1.5 goes on, 2 units stop', () => {
    expect(stops({ take_profit: 0.000000015 }, after(1000, [[1, 2]]))).toBeNull();
    expect(stops({ take_profit: 0.000000015 }, after(1000, [[2, 4]]))).toBe('take_profit');
  });

  it('trailing_stop: peak_profit - profit >= trailing_stop, the peak starting at 0', () => {
    // First bet lost: the peak is 0, not the lost bet's profit.
    expect(stops({ trailing_stop: 0.0001 }, after(1_000_000, [[9999, 0]]))).toBeNull();
    expect(stops({ trailing_stop: 0.0001 }, after(1_000_000, [[10000, 0]]))).toBe('trailing_stop');
    // Up 5000 (peak 5000), then down 9999 from it, then one unit more.
    const c = after(1_000_000, [[5000, 10000], [9999, 0]]);
    expect(c.peak_profit).toBe(5000);
    expect(stops({ trailing_stop: 0.0001 }, c)).toBeNull();
    count_bet(c, 1, 0, false);
    expect(stops({ trailing_stop: 0.0001 }, c)).toBe('trailing_stop');
  });

  it('trailing_stop that does not fall on a unit: a fall of 1 unit < 1.5 goes on, 2 units stop', () => {
    expect(stops({ trailing_stop: 0.000000015 }, after(1000, [[1, 0]]))).toBeNull();
    expect(stops({ trailing_stop: 0.000000015 }, after(1000, [[2, 0]]))).toBe('trailing_stop');
  });

  it('max_loss_streak: stops when the losses in a row reach it; a win starts over', () => {
    expect(stops({ max_loss_streak: 3 }, after(1000, [[1, 0], [1, 0]]))).toBeNull();
    expect(stops({ max_loss_streak: 3 }, after(1000, [[1, 0], [1, 0], [1, 0]]))).toBe('max_loss_streak');
    expect(stops({ max_loss_streak: 3 }, after(1000, [[1, 0], [1, 0], [1, 2], [1, 0], [1, 0]]))).toBeNull();
    // A push (payout = amount) is not a win: it continues the loss streak.
    expect(stops({ max_loss_streak: 3 }, after(1000, [[1, 0], [1, 0], [1, 1]]))).toBe('max_loss_streak');
  });

  it('max_bets: stops when bets reaches it', () => {
    expect(stops({ max_bets: 3 }, after(1000, [[1, 0], [1, 2]]))).toBeNull();
    expect(stops({ max_bets: 3 }, after(1000, [[1, 0], [1, 2], [1, 0]]))).toBe('max_bets');
  });

  it('max_duration: stops once the seconds are spent', () => {
    const c = after(1000, [[1, 0]]);
    c.elapsed_ms = 4999;
    expect(stops({ max_duration: 5 }, c)).toBeNull();
    c.elapsed_ms = 5000;
    expect(stops({ max_duration: 5 }, c)).toBe('max_duration');
  });

  it('no limit set: nothing stops the run after a bet', () => {
    expect(stops({}, after(1000, [[500, 0], [400, 0]]))).toBeNull();
  });
});

describe('check_limits', () => {
  it('keeps what was given, frozen', () => {
    const limits = check_limits({ stop_loss: 0.001, max_bet: 0.0001, floor_balance: 0, max_bets: 5, max_duration: 1.5, max_bets_per_second: 0.5 }, true);
    expect(limits).toEqual({ stop_loss: 0.001, max_bet: 0.0001, floor_balance: 0, max_bets: 5, max_duration: 1.5, max_bets_per_second: 0.5 });
    expect(Object.isFrozen(limits)).toBe(true);
    expect(check_limits(undefined, false)).toEqual({});
  });

  it('refuses an unknown limit, naming it', () => {
    expect(() => check_limits({ stop_los: 1 }, false)).toThrow(RangeError);
    expect(() => check_limits({ stop_los: 1 }, false)).toThrow(/unknown limit "stop_los"/);
  });

  it('refuses a value that is not an object', () => {
    expect(() => check_limits([1], false)).toThrow(TypeError);
    expect(() => check_limits('stop_loss=1', false)).toThrow(TypeError);
  });

  for (const name of LIMIT_NAMES) {
    it(`${name}: negative, NaN, Infinity, a string → typed error naming it${name === 'floor_balance' ? '; 0 allowed' : '; 0 refused'}`, () => {
      for (const bad of [-1, -0.00000001, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
        expect(() => check_limits({ [name]: bad }, false)).toThrow(RangeError);
        expect(() => check_limits({ [name]: bad }, false)).toThrow(new RegExp(`^${name} `));
      }
      expect(() => check_limits({ [name]: '5' }, false)).toThrow(TypeError);
      expect(() => check_limits({ [name]: '5' }, false)).toThrow(new RegExp(`^${name} `));
      if (name === 'floor_balance') {
        expect(check_limits({ floor_balance: 0 }, false)).toEqual({ floor_balance: 0 });
      } else {
        expect(() => check_limits({ [name]: 0 }, false)).toThrow(RangeError);
        expect(() => check_limits({ [name]: 0 }, false)).toThrow(new RegExp(`^${name} `));
      }
    });
  }

  it('counts must be whole numbers', () => {
    for (const name of ['max_bets', 'max_loss_streak']) {
      expect(() => check_limits({ [name]: 2.5 }, false)).toThrow(RangeError);
      expect(() => check_limits({ [name]: 2.5 }, false)).toThrow(new RegExp(`^${name} must be a whole number`));
    }
  });

  it('a run on the site or the sandbox requires stop_loss and max_bet', () => {
    expect(() => check_limits({ max_bet: 1 }, true)).toThrow(RangeError);
    expect(() => check_limits({ max_bet: 1 }, true)).toThrow(/^stop_loss is required/);
    expect(() => check_limits({ stop_loss: 1 }, true)).toThrow(/^max_bet is required/);
    expect(() => check_limits({}, true)).toThrow(/is required/);
    expect(() => check_limits({ stop_loss: 1, max_bet: undefined }, true)).toThrow(/^max_bet is required/);
    expect(check_limits({ stop_loss: 1 }, false)).toEqual({ stop_loss: 1 }); // the simulator does not need them
  });
});
