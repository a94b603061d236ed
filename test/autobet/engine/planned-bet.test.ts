/**
 * A strategy's answer, checked before anything is journaled or sent
 * (`plan_bet`): a good answer becomes exactly the bet asked for, in units; a
 * bad one is a StrategyError (phase run) naming the field, and nothing about
 * it is rounded or clamped.
 */
import { describe, expect, it } from 'vitest';
import { Money } from '../../../src/autobet/engine/counters.js';
import { ParamsCache, bet_input, plan_bet, type PlannedBet } from '../../../src/autobet/engine/planned-bet.js';
import { StrategyError } from '../../../src/autobet/strategies/strategy.js';

const btc = new Money(8);
const usd = new Money(2);

function planned(answer: unknown, money = btc, currency = 'btc'): PlannedBet {
  const p = plan_bet(answer, currency, money);
  if ('stop' in p) throw new Error('expected a bet');
  return p;
}

/** The StrategyError a bad answer gives. */
function refusal(answer: unknown, money = btc, currency = 'btc'): StrategyError {
  try {
    plan_bet(answer, currency, money);
  } catch (error) {
    expect(error).toBeInstanceOf(StrategyError);
    expect((error as StrategyError).phase).toBe('run');
    return error as StrategyError;
  }
  throw new Error(`expected ${JSON.stringify(answer)} to be refused`);
}

const DICE = { game: 'dice', amount: 0.0001, target: 50.5, condition: 'above' } as const;

describe('plan_bet: good answers', () => {
  it('each game, with only its parameters and the amount in units', () => {
    expect(planned(DICE)).toEqual({ game: 'dice', amount: 0.0001, amount_units: 10000, params: { target: 50.5, condition: 'above' }, rotate_seed_pair: false, vault_units: 0 });
    expect(planned({ game: 'limbo', amount: 0.00000001, multiplierTarget: 1000 }))
      .toEqual({ game: 'limbo', amount: 0.00000001, amount_units: 1, params: { multiplierTarget: 1000 }, rotate_seed_pair: false, vault_units: 0 });
    expect(planned({ game: 'keno', amount: 1, numbers: [0, 39], risk: 'medium' }))
      .toEqual({ game: 'keno', amount: 1, amount_units: 100_000_000, params: { numbers: [0, 39], risk: 'medium' }, rotate_seed_pair: false, vault_units: 0 });
    expect(planned({ game: 'keno', amount: 1, numbers: [7] }).params).toEqual({ numbers: [7] });
    expect(planned({ game: 'plinko', amount: 0, rows: 8, risk: 'high' }))
      .toEqual({ game: 'plinko', amount: 0, amount_units: 0, params: { rows: 8, risk: 'high' }, rotate_seed_pair: false, vault_units: 0 });
    expect(planned({ game: 'mines', amount: 0.5, minesCount: 24, fields: [12] }))
      .toEqual({ game: 'mines', amount: 0.5, amount_units: 50_000_000, params: { minesCount: 24, fields: [12] }, rotate_seed_pair: false, vault_units: 0 });
  });

  it('a vault deposit before the bet, in units; a bad one names the field', () => {
    expect(planned({ ...DICE, vault: 0.00000005 }).vault_units).toBe(5);
    expect(planned({ ...DICE, vault: 0 }).vault_units).toBe(0);
    for (const vault of [-1, 'x', 0.000000001]) expect(() => planned({ ...DICE, vault })).toThrow(/vault/);
  });

  it('an amount from float arithmetic is the decimal meant (0.1 + 0.2 is 0.3)', () => {
    const p = planned({ ...DICE, amount: 0.1 + 0.2 });
    expect(p.amount).toBe(0.3);
    expect(p.amount_units).toBe(30_000_000);
  });

  it('a plain decimal string is read digit by digit', () => {
    expect(planned({ ...DICE, amount: '0.00000003' }).amount_units).toBe(3);
    expect(planned({ ...DICE, amount: '12.5' }, usd, 'usd').amount_units).toBe(1250);
  });

  it('-0 is a bet of 0, not of -0', () => {
    expect(Object.is(planned({ ...DICE, amount: -0 }).amount, 0)).toBe(true);
  });

  it('rotate_seed_pair true is kept', () => {
    expect(planned({ ...DICE, rotate_seed_pair: true }).rotate_seed_pair).toBe(true);
    expect(planned({ ...DICE, rotate_seed_pair: false }).rotate_seed_pair).toBe(false);
  });

  it('the plan is a copy: changing the answer afterwards changes nothing', () => {
    const answer = { game: 'keno', amount: 1, numbers: [1, 2, 3] };
    const p = planned(answer);
    answer.numbers.push(4);
    answer.amount = 100;
    expect(p.params['numbers']).toEqual([1, 2, 3]);
    expect(p.amount).toBe(1);
  });

  it('each field is read once: an amount getter that grows on every read goes out as first read', () => {
    let reads = 0;
    const answer = { game: 'dice', target: 50.5, condition: 'above', get amount() { reads++; return reads === 1 ? 0.0001 : 1000; } };
    expect(planned(answer).amount_units).toBe(10000);
    expect(reads).toBe(1);
  });

  it('{ stop } comes back as is; a stop that is not a string gets the default words, a long one is cut', () => {
    expect(plan_bet({ stop: 'target reached' }, 'btc', btc)).toEqual({ stop: 'target reached' });
    expect(plan_bet({ stop: true }, 'btc', btc)).toEqual({ stop: 'stopped by the strategy' });
    expect((plan_bet({ stop: 'x'.repeat(1000) }, 'btc', btc) as { stop: string }).stop).toHaveLength(200);
    // A stop wins over a bet in the same answer: stopping is always safe.
    expect(plan_bet({ ...DICE, stop: 'now' }, 'btc', btc)).toEqual({ stop: 'now' });
  });

  it('stop: false, null or undefined is no stop: `{ ...bet, stop: done ? why : undefined }` bets until done', () => {
    for (const stop of [false, null, undefined]) {
      expect(planned({ ...DICE, stop }).amount_units).toBe(10000);
    }
    expect(refusal({ stop: false }).field).toBe('game');
  });
});

describe('plan_bet: garbage is refused, naming the field', () => {
  it('not an object', () => {
    for (const answer of [undefined, null, 0, 1e9, Number.NaN, 'dice', true, [DICE], () => DICE, Symbol('x'), 10n]) {
      const error = refusal(answer);
      expect(error.message).toMatch(/instead of a bet or \{ stop \}/);
    }
  });

  it('no game or an unknown one', () => {
    expect(refusal({ amount: 1 }).field).toBe('game');
    expect(refusal({ ...DICE, game: 'bustabit' }).field).toBe('game');
    // crash is a game now (issue 32): a dice bet sent as crash is refused for dice's field crash has not.
    expect(refusal({ ...DICE, game: 'crash' }).field).toBe('target');
    expect(refusal({ ...DICE, game: 'DICE' }).field).toBe('game');
    expect(refusal({ ...DICE, game: 42 }).field).toBe('game');
  });

  it('a field the game does not have (a currency, another game\'s parameter)', () => {
    expect(refusal({ ...DICE, currency: 'eth' }).field).toBe('currency');
    expect(refusal({ ...DICE, multiplierTarget: 2 }).field).toBe('multiplierTarget');
    expect(refusal({ ...DICE, identifier: 'abc' }).field).toBe('identifier');
  });

  it('rotate_seed_pair not a boolean', () => {
    expect(refusal({ ...DICE, rotate_seed_pair: 1 }).field).toBe('rotate_seed_pair');
  });

  it('an amount that is not one the currency can send: never rounded or clamped', () => {
    const bad: unknown[] = [-0.0001, -1e-300, Number.NaN, Number.POSITIVE_INFINITY, 1e300, 0.000000015, 1e-12, undefined, null, '1e3', '0x10', '', ' 1', '-1', 10n, new Number(1), {}];
    for (const amount of bad) expect(refusal({ ...DICE, amount }).field).toBe('amount');
    // 0.001 is fine in btc, not in usd.
    expect(planned({ ...DICE, amount: 0.001 }).amount_units).toBe(100_000);
    expect(refusal({ ...DICE, amount: 0.001 }, usd, 'usd').field).toBe('amount');
    // Too many units to count exactly.
    expect(refusal({ ...DICE, amount: 1e8 }).field).toBe('amount');
  });

  it('the game\'s own checks, each naming its field', () => {
    expect(refusal({ ...DICE, target: 99.995 }).field).toBe('target');
    expect(refusal({ ...DICE, target: 1, condition: 'above' }).field).toBe('target');
    expect(refusal({ ...DICE, target: '50' }).field).toBe('target');
    expect(refusal({ ...DICE, condition: 'over' }).field).toBe('condition');
    expect(refusal({ game: 'limbo', amount: 1, multiplierTarget: 1 }).field).toBe('multiplierTarget');
    expect(refusal({ game: 'limbo', amount: 1, multiplierTarget: 2.005 }).field).toBe('multiplierTarget');
    expect(refusal({ game: 'keno', amount: 1, numbers: [1, 1] }).field).toBe('numbers');
    expect(refusal({ game: 'keno', amount: 1, numbers: [] }).field).toBe('numbers');
    expect(refusal({ game: 'keno', amount: 1, numbers: [1], risk: 'extreme' }).field).toBe('risk');
    expect(refusal({ game: 'plinko', amount: 1, rows: 17, risk: 'low' }).field).toBe('rows');
    expect(refusal({ game: 'mines', amount: 1, minesCount: 0, fields: [1] }).field).toBe('minesCount');
    // 24 mines leave one safe tile: two tiles cannot be revealed.
    expect(refusal({ game: 'mines', amount: 1, minesCount: 24, fields: [1, 2] }).field).toBe('fields');
  });

  it('the refusal says which game and what was wrong', () => {
    expect(refusal({ ...DICE, amount: -1 }).message).toMatch(/^the strategy's dice bet: amount must be at least 0/);
  });
});

describe('plan_bet with a run\'s cache of checked parameters: a check skipped only where it would give the same', () => {
  /** Plans `answers` in order with one cache, as a run's seat does; each bet, or the refusal that ended them. */
  function run(answers: readonly unknown[]): (PlannedBet | StrategyError)[] {
    const cache = new ParamsCache();
    const out: (PlannedBet | StrategyError)[] = [];
    for (const answer of answers) {
      try {
        out.push(plan_bet(answer, 'btc', btc, cache) as PlannedBet);
      } catch (error) {
        out.push(error as StrategyError);
        break;
      }
    }
    return out;
  }

  it('the same parameters (only the amount moving) give the same frozen parameters, and each amount its own', () => {
    const [a, b, c] = run([
      { game: 'wheel', amount: 1e-8, risk: 'medium', segments: 30 },
      { game: 'wheel', amount: 2e-8, risk: 'medium', segments: 30 },
      { game: 'wheel', amount: 4e-8, risk: 'high', segments: 30 },
    ]) as PlannedBet[];
    expect(b!.params).toBe(a!.params);
    expect(Object.isFrozen(a!.params)).toBe(true);
    expect([a!.amount_units, b!.amount_units, c!.amount_units]).toEqual([1, 2, 4]);
    expect(c!.params).toEqual({ risk: 'high', segments: 30 });
  });

  it('a repeated amount gives the same units; an amount of too many decimals after it is still refused', () => {
    const bets = run([
      { game: 'dice', amount: 0.1 + 0.2, target: 50.5, condition: 'above' },
      { game: 'dice', amount: 0.1 + 0.2, target: 50.5, condition: 'above' },
      { game: 'dice', amount: '0.3', target: 50.5, condition: 'above' },
      { game: 'dice', amount: 0.123456789, target: 50.5, condition: 'above' },
    ]);
    expect(bets.slice(0, 3).map((b) => [(b as PlannedBet).amount, (b as PlannedBet).amount_units])).toEqual([[0.3, 30_000_000], [0.3, 30_000_000], [0.3, 30_000_000]]);
    expect(bets[3]).toBeInstanceOf(StrategyError);
    expect((bets[3] as StrategyError).field).toBe('amount');
  });

  it('a value the check refuses is refused after the same game was planned with good ones', () => {
    const [, refused] = run([
      { game: 'wheel', amount: 1e-8, risk: 'medium', segments: 30 },
      { game: 'wheel', amount: 1e-8, risk: 'medium', segments: 31 },
    ]);
    expect(refused).toBeInstanceOf(StrategyError);
    expect((refused as StrategyError).field).toBe('segments');
  });

  it('baccarat (the stake is the chips): the same stakes with another amount are checked again and refused', () => {
    const [first, refused] = run([
      { game: 'baccarat', amount: 3e-8, player: 1e-8, banker: 2e-8 },
      { game: 'baccarat', amount: 6e-8, player: 1e-8, banker: 2e-8 },
    ]);
    expect((first as PlannedBet).params).toEqual({ player: 1e-8, banker: 2e-8, tie: 0 });
    expect(refused).toBeInstanceOf(StrategyError);
    expect((refused as StrategyError).message).toMatch(/amount must be the stakes' total/);
  });

  it('an array changed in place since it was checked (keno\'s numbers) is checked again', () => {
    const numbers = [0, 39];
    const cache = new ParamsCache();
    const first = plan_bet({ game: 'keno', amount: 1e-8, numbers, risk: 'medium' }, 'btc', btc, cache) as PlannedBet;
    expect(first.params['numbers']).toEqual([0, 39]);
    numbers.push(40);
    expect(() => plan_bet({ game: 'keno', amount: 1e-8, numbers, risk: 'medium' }, 'btc', btc, cache)).toThrow(StrategyError);
  });

  it('an unknown field is refused even when the parameters repeat', () => {
    const [, refused] = run([
      { game: 'wheel', amount: 1e-8, risk: 'medium', segments: 30 },
      { game: 'wheel', amount: 1e-8, risk: 'medium', segments: 30, extra: 1 },
    ]);
    expect((refused as StrategyError).field).toBe('extra');
  });
});

describe('bet_input', () => {
  it('is the typed method\'s input: the game, amount, the run\'s currency, the identifier and the parameters', () => {
    const p = planned({ ...DICE, amount: 0.1 + 0.2 });
    expect(bet_input(p, 'btc', 'id-1')).toEqual({ game: 'dice', amount: 0.3, currency: 'btc', identifier: 'id-1', target: 50.5, condition: 'above' });
  });
});

describe('a round game', () => {
  it('blackjack and hilo (rules public, played by a round policy): the opening bet checked, hilo with its start card', () => {
    expect(plan_bet({ game: 'blackjack', amount: 0.00000001 }, 'btc', btc)).toMatchObject({ game: 'blackjack', amount_units: 1, params: {} });
    expect(plan_bet({ game: 'hilo', amount: 0.00000002, startCard: { rank: 'Q', suit: 'H' } }, 'btc', btc)).toMatchObject({ game: 'hilo', amount_units: 2, params: { startCard: { rank: 'Q', suit: 'H' } } });
    expect(() => plan_bet({ game: 'hilo', amount: 0.00000001 }, 'btc', btc)).toThrow(StrategyError);
    expect(() => plan_bet({ game: 'hilo', amount: 0.00000001, startCard: { rank: '1', suit: 'H' } }, 'btc', btc)).toThrow(/startCard\.rank must be one of/);
    expect(() => plan_bet({ game: 'blackjack', amount: 0.00000001, action: 'hit' }, 'btc', btc)).toThrow(/unknown field "action"/);
  });

  it.each(['videoPoker'])('%s: a StrategyError on game that says why and where it is played', (game) => {
    let error: unknown;
    try {
      plan_bet({ game, amount: 0.00000001 }, 'btc', btc);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(StrategyError);
    expect((error as StrategyError).message).toMatch(/in no public source.*client\.start/);
    expect((error as StrategyError).message).toMatch(/\(games: dice, /);
  });
});
