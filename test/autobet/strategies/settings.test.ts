/**
 * The settings strategy (the site's autobet form with its advanced rules), as
 * automation.md "Strategies" item 1 says, driven by calling `next(state)` with
 * states built here: the counters are summed by this file from the outcomes it
 * feeds, and every expected sequence of bets is written out by hand.
 */
import { describe, expect, it } from 'vitest';
import { SettingsStrategy, check_settings, load_settings_strategy } from '../../../src/autobet/strategies/settings.js';
import { prepare_settings } from '../../../src/autobet/strategies/load.js';
import { StrategyError, type SettledBet, type StrategyAnswer, type StrategyState } from '../../../src/autobet/strategies/strategy.js';

/** `n` units of btc (1e-8) as the double nearest the decimal: settings below are written in units so the sequences read as whole numbers. */
const units = (n: number): number => n / 1e8;

function strategy(settings: Record<string, unknown>, currency = 'btc'): SettingsStrategy {
  return new SettingsStrategy(check_settings(settings), { currency });
}

const DICE = { target: 50.5, condition: 'above' } as const;

/** A dice settings object with base amount `base` units. */
function dice(base: number, rest: Record<string, unknown> = {}): Record<string, unknown> {
  return { game: 'dice', bet: { amount: units(base), ...DICE }, ...rest };
}

/** A settled bet that says only what the strategy reads: won when payoutMultiplier > 1. */
function settled(amount: number, won: boolean): SettledBet {
  return { amount, payoutMultiplier: won ? 2 : 0, payout: won ? amount * 2 : 0 } as unknown as SettledBet;
}

function state(over: Partial<StrategyState> = {}): StrategyState {
  return { bets: 0, wins: 0, losses: 0, profit: 0, wagered: 0, balance: 1, streak: 0, peak_profit: 0, last: null, currency: 'btc', memory: {}, ...over };
}

interface Played {
  /** Every answer, the first before any bet. */
  readonly answers: StrategyAnswer[];
  /** The amounts asked, in units. */
  readonly amounts: number[];
}

/**
 * Feeds outcomes ('W' wins at 2×, 'L' loses; 'P' pays 1×, a push) and
 * collects what the strategy asks for, summing the counters here.
 */
function play(s: SettingsStrategy, outcomes: string, start: Partial<StrategyState> = {}): Played {
  let st = state(start);
  const answers: StrategyAnswer[] = [s.next(st)];
  for (const o of outcomes) {
    const a = answers[answers.length - 1] as StrategyAnswer;
    if ('stop' in a || 'skip' in a) break;
    const amount = Math.round(a.amount * 1e8);
    const won = o === 'W';
    const payout = o === 'W' ? 2 * amount : o === 'P' ? amount : 0;
    const profit = Math.round(st.profit * 1e8) + payout - amount;
    st = state({
      bets: st.bets + 1,
      wins: st.wins + (won ? 1 : 0),
      losses: st.losses + (won ? 0 : 1),
      profit: profit / 1e8,
      wagered: (Math.round(st.wagered * 1e8) + amount) / 1e8,
      streak: won ? (st.streak > 0 ? st.streak + 1 : 1) : st.streak < 0 ? st.streak - 1 : -1,
      last: { amount: a.amount, payout: payout / 1e8, payoutMultiplier: payout / amount || 0 } as unknown as SettledBet,
    });
    answers.push(s.next(st));
  }
  return { answers, amounts: answers.filter((a) => !('stop' in a)).map((a) => Math.round((a as { amount: number }).amount * 1e8)) };
}

const stopped = (p: Played): boolean => 'stop' in (p.answers[p.answers.length - 1] as object);

describe('settings: the base bet', () => {
  it('asks for the base bet first, with the game parameters as given', () => {
    expect(strategy(dice(100)).next(state())).toEqual({ game: 'dice', amount: units(100), target: 50.5, condition: 'above' });
    expect(strategy({ game: 'limbo', bet: { amount: 0.0001, multiplierTarget: 2 } }).next(state())).toEqual({ game: 'limbo', amount: 0.0001, multiplierTarget: 2 });
    expect(strategy({ game: 'keno', bet: { amount: 0.0001, numbers: [1, 2, 3], risk: 'high' } }).next(state()))
      .toEqual({ game: 'keno', amount: 0.0001, numbers: [1, 2, 3], risk: 'high' });
    expect(strategy({ game: 'plinko', bet: { amount: 0.0001, rows: 16, risk: 'low' } }).next(state()))
      .toEqual({ game: 'plinko', amount: 0.0001, rows: 16, risk: 'low' });
    expect(strategy({ game: 'mines', bet: { amount: 0.0001, minesCount: 3, fields: [0, 24] } }).next(state()))
      .toEqual({ game: 'mines', amount: 0.0001, minesCount: 3, fields: [0, 24] });
  });

  it('a limbo multiplierTarget is sent as written, whatever win chance it makes (1000× is not 990×)', () => {
    for (const multiplierTarget of [1.01, 2, 3, 7, 100, 500, 1000, 9999.99, 10000, 1_000_000]) {
      const s = strategy({ game: 'limbo', bet: { amount: 0.0001, multiplierTarget }, on_win: 'reset', on_loss: { increase_pct: 100 } });
      const p = play(s, 'LLW');
      expect(p.answers.map((a) => (a as { multiplierTarget: number }).multiplierTarget)).toEqual([multiplierTarget, multiplierTarget, multiplierTarget, multiplierTarget]);
    }
  });

  it('a keno / plinko / mines bet keeps its parameters bet after bet; only the amount moves', () => {
    const s = strategy({ game: 'keno', bet: { amount: units(100), numbers: [5, 6] }, on_loss: { increase_pct: 100 } });
    const p = play(s, 'LLW');
    expect(p.amounts).toEqual([100, 200, 400, 100]);
    for (const a of p.answers) expect(a).toMatchObject({ game: 'keno', numbers: [5, 6] });
  });

  it('a decimal string amount is read exactly', () => {
    expect(strategy({ game: 'dice', bet: { amount: '0.00000300', ...DICE } }).next(state())).toMatchObject({ amount: units(300) });
  });
});

describe('settings: on_win / on_loss', () => {
  it('martingale: reset on a win, +100% on a loss', () => {
    const s = strategy(dice(100, { on_win: 'reset', on_loss: { increase_pct: 100 } }));
    expect(play(s, 'LLLWLW').amounts).toEqual([100, 200, 400, 800, 100, 200, 100]);
  });

  it('a push (payoutMultiplier 1) is not a win', () => {
    const s = strategy(dice(100, { on_win: 'reset', on_loss: { increase_pct: 100 } }));
    expect(play(s, 'LPW').amounts).toEqual([100, 200, 400, 100]);
  });

  it('on_win and on_loss default to reset', () => {
    expect(play(strategy(dice(100)), 'LWLL').amounts).toEqual([100, 100, 100, 100, 100]);
  });

  it('a negative increase_pct lowers the amount (paroli down, reset on a loss)', () => {
    const s = strategy(dice(800, { on_win: { increase_pct: -50 }, on_loss: 'reset' }));
    expect(play(s, 'WWWLW').amounts).toEqual([800, 400, 200, 100, 800, 400]);
  });

  it('both sides changing: +50% after a win, -25% after a loss', () => {
    // 400 → W 600 → W 900 → L 675 → L 506.25 = 506 → W 759
    const s = strategy(dice(400, { on_win: { increase_pct: 50 }, on_loss: { increase_pct: -25 } }));
    expect(play(s, 'WWLLW').amounts).toEqual([400, 600, 900, 675, 506, 759]);
  });

  it('a percentage change rounds to the nearest unit, a half up', () => {
    // 50 × 1.15 = 57.5 → 58; 58 × 1.15 = 66.7 → 67; 67 × 1.15 = 77.05 → 77; 77 × 1.15 = 88.55 → 89
    const s = strategy(dice(50, { on_loss: { increase_pct: 15 } }));
    expect(play(s, 'LLLL').amounts).toEqual([50, 58, 67, 77, 89]);
    // 90 × 1.15 = 103.5 → 104; 110 × 1.15 = 126.5 → 127; 5 × 0.9 = 4.5 → 5
    expect(play(strategy(dice(90, { on_loss: { increase_pct: 15 } })), 'L').amounts).toEqual([90, 104]);
    expect(play(strategy(dice(110, { on_loss: { increase_pct: 15 } })), 'L').amounts).toEqual([110, 127]);
    expect(play(strategy(dice(5, { on_loss: { increase_pct: -10 } })), 'L').amounts).toEqual([5, 5]);
  });
});

const rule = (r: Record<string, unknown>) => ({ rules: [r] });
const keep = { on_win: { increase_pct: 0 }, on_loss: { increase_pct: 0 } };

describe('settings: rule conditions', () => {
  it('every n bets, counted from the session start (fires at n, 2n, …)', () => {
    const s = strategy(dice(100, rule({ every: 3, of: 'bets', action: { set_bet: units(500) } })));
    // on_loss resets to 100 after the bet of 500.
    expect(play(s, 'LLLLLLL').amounts).toEqual([100, 100, 100, 500, 100, 100, 500, 100]);
  });

  it('every n bets counts the session, not what this strategy object saw (a resumed session)', () => {
    const s = strategy(dice(100, rule({ every: 5, of: 'bets', action: { set_bet: units(700) } })));
    expect(s.next(state({ bets: 10, losses: 10, streak: -10, last: settled(units(100), false) }))).toMatchObject({ amount: units(700) });
    expect(s.next(state({ bets: 11, losses: 11, streak: -11, last: settled(units(100), false) }))).toMatchObject({ amount: units(100) });
  });

  it('every n wins: the n-th, 2n-th win of the session, losses in between not resetting the count', () => {
    const s = strategy(dice(100, { ...keep, ...rule({ every: 2, of: 'wins', action: { increase_bet_pct: 100 } }) }));
    // wins: 1, -, 2 (fire), 3, -, 4 (fire)
    expect(play(s, 'WLWWLW').amounts).toEqual([100, 100, 100, 200, 200, 200, 400]);
  });

  it('every n losses', () => {
    const s = strategy(dice(100, { ...keep, ...rule({ every: 3, of: 'losses', action: { increase_bet_pct: 100 } }) }));
    // losses: 1, 2, -, 3 (fire), 4, 5, 6 (fire)
    expect(play(s, 'LLWLLLL').amounts).toEqual([100, 100, 100, 100, 200, 200, 200, 400]);
  });

  it('every_streak n: at every multiple of n within one streak', () => {
    const s = strategy(dice(100, { on_win: 'reset', on_loss: { increase_pct: 0 }, ...rule({ every_streak: 2, of: 'losses', action: { increase_bet_pct: 100 } }) }));
    // streak -1, -2 (fire), -3, -4 (fire), win (reset), -1, -2 (fire)
    expect(play(s, 'LLLLWLL').amounts).toEqual([100, 100, 200, 200, 400, 100, 100, 200]);
  });

  it('every_streak of wins', () => {
    const s = strategy(dice(100, { on_win: { increase_pct: 0 }, on_loss: 'reset', ...rule({ every_streak: 3, of: 'wins', action: { set_bet: units(900) } }) }));
    expect(play(s, 'WWWWWWL').amounts).toEqual([100, 100, 100, 900, 900, 900, 900, 100]);
  });

  it('first_streak n: once per streak, when it reaches n', () => {
    const s = strategy(dice(100, { on_win: 'reset', on_loss: { increase_pct: 0 }, ...rule({ first_streak: 2, of: 'losses', action: { increase_bet_pct: 100 } }) }));
    // -1, -2 (fire), -3, -4, win (reset), -1, -2 (fire again: a new streak)
    expect(play(s, 'LLLLWLL').amounts).toEqual([100, 100, 200, 200, 200, 100, 100, 200]);
  });

  it('streak_above n: every bet of a streak past n', () => {
    const s = strategy(dice(100, { on_win: 'reset', on_loss: { increase_pct: 0 }, ...rule({ streak_above: 2, of: 'losses', action: { increase_bet_pct: 100 } }) }));
    // -1, -2, -3 (fire), -4 (fire), win (reset)
    expect(play(s, 'LLLLW').amounts).toEqual([100, 100, 100, 200, 400, 100]);
  });

  it('streak_below n: every bet of a streak of that kind shorter than n', () => {
    const s = strategy(dice(100, rule({ streak_below: 3, of: 'wins', action: { set_bet: units(300) } })));
    // +1 (fire), +2 (fire), +3 (reset only), loss (no win streak: reset), +1 (fire)
    expect(play(s, 'WWWLW').amounts).toEqual([100, 300, 300, 100, 100, 300]);
  });

  it('profit_above x is strict', () => {
    const s = strategy(dice(100, rule({ profit_above: units(200), action: { set_bet: units(50) } })));
    expect(s.next(state({ bets: 2, wins: 2, streak: 2, profit: units(200), last: settled(units(100), true) }))).toMatchObject({ amount: units(100) });
    expect(s.next(state({ bets: 3, wins: 3, streak: 3, profit: units(201), last: settled(units(100), true) }))).toMatchObject({ amount: units(50) });
  });

  it('profit_above 0: any profit at all', () => {
    const s = strategy(dice(100, rule({ profit_above: 0, action: { stop: true } })));
    expect(s.next(state({ bets: 1, losses: 1, streak: -1, profit: 0, last: settled(units(100), false) }))).not.toHaveProperty('stop');
    expect(s.next(state({ bets: 2, wins: 1, streak: 1, profit: units(1), last: settled(units(100), true) }))).toHaveProperty('stop');
  });

  it('loss_above x is strict, on the session loss (-profit)', () => {
    const s = strategy(dice(100, rule({ loss_above: units(200), action: { set_bet: units(50) } })));
    expect(s.next(state({ bets: 2, losses: 2, streak: -2, profit: -units(200), last: settled(units(100), false) }))).toMatchObject({ amount: units(100) });
    expect(s.next(state({ bets: 3, losses: 3, streak: -3, profit: -units(201), last: settled(units(100), false) }))).toMatchObject({ amount: units(50) });
    // A session ahead has no loss.
    expect(s.next(state({ bets: 3, wins: 3, streak: 3, profit: units(900), last: settled(units(100), true) }))).toMatchObject({ amount: units(100) });
  });

  it('no rule is looked at before the first bet', () => {
    const s = strategy(dice(100, rule({ every: 1, of: 'bets', action: { stop: true } })));
    expect(s.next(state())).toMatchObject({ amount: units(100) });
  });
});

describe('settings: rule actions', () => {
  const onLoss = (action: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    ({ ...keep, ...extra, rules: [{ every: 1, of: 'losses', action }] });

  it('increase_bet_pct, negative too', () => {
    expect(play(strategy(dice(100, onLoss({ increase_bet_pct: 50 }))), 'LLW').amounts).toEqual([100, 150, 225, 225]);
    expect(play(strategy(dice(1000, onLoss({ increase_bet_pct: -10 }))), 'LL').amounts).toEqual([1000, 900, 810]);
  });

  it('set_bet then reset_bet', () => {
    const s = strategy(dice(100, { ...keep, rules: [
      { every: 1, of: 'losses', action: { set_bet: units(250) } },
      { every: 1, of: 'wins', action: { reset_bet: true } },
    ] }));
    expect(play(s, 'LWLL').amounts).toEqual([100, 250, 100, 250, 250]);
  });

  it('set_bet 0: a free bet', () => {
    expect(play(strategy(dice(100, onLoss({ set_bet: 0 }))), 'L').amounts).toEqual([100, 0]);
  });

  it('increase_chance_pct on dice: the chance in hundredths, rounded half up; the target follows', () => {
    // chance 49.5 → ×1.1 = 54.45 → ×1.1 = 59.895 → 59.9; condition above: target = 100 − chance
    const s = strategy(dice(100, onLoss({ increase_chance_pct: 10 })));
    const p = play(s, 'LL');
    expect(p.answers.map((a) => (a as { target: number }).target)).toEqual([50.5, 45.55, 40.1]);
    expect(p.answers.every((a) => (a as { condition: string }).condition === 'above')).toBe(true);
  });

  it('increase_chance_pct negative, condition below: the target is the chance', () => {
    const s = strategy({ game: 'dice', bet: { amount: units(100), target: 40, condition: 'below' }, ...onLoss({ increase_chance_pct: -50 }) });
    expect(play(s, 'LL').answers.map((a) => (a as { target: number }).target)).toEqual([40, 20, 10]);
  });

  it('set_chance then reset_chance on dice', () => {
    const s = strategy(dice(100, { ...keep, rules: [
      { every: 1, of: 'losses', action: { set_chance: 20 } },
      { every: 1, of: 'wins', action: { reset_chance: true } },
    ] }));
    const targets = play(s, 'LWL').answers.map((a) => (a as { target: number }).target);
    expect(targets).toEqual([50.5, 80, 50.5, 80]);
  });

  it('switch_condition keeps the win chance', () => {
    const s = strategy(dice(100, onLoss({ switch_condition: true })));
    const p = play(s, 'LLWL');
    expect(p.answers.map((a) => [(a as { condition: string }).condition, (a as { target: number }).target])).toEqual([
      ['above', 50.5], ['below', 49.5], ['above', 50.5], ['above', 50.5], ['below', 49.5],
    ]);
  });

  it('switch_condition after a chance change keeps the changed chance', () => {
    const s = strategy(dice(100, { ...keep, rules: [
      { every: 1, of: 'losses', action: { set_chance: 10 } },
      { every: 1, of: 'losses', action: { switch_condition: true } },
    ] }));
    const p = play(s, 'LL');
    expect(p.answers.map((a) => [(a as { condition: string }).condition, (a as { target: number }).target])).toEqual([
      ['above', 50.5], ['below', 10], ['above', 90],
    ]);
  });

  it('limbo chance actions: the win chance is 99 / multiplierTarget', () => {
    const s = strategy({ game: 'limbo', bet: { amount: units(100), multiplierTarget: 1000 }, ...keep, rules: [
      { every: 1, of: 'losses', action: { increase_chance_pct: 100 } },
      { every: 2, of: 'wins', action: { set_chance: 49.5 } },
      { every: 3, of: 'wins', action: { reset_chance: true } },
    ] });
    // 1000× is a chance of 0.099 %; doubled: 0.198 % is 500×; set 49.5 % is 2×; reset is 1000× again
    const targets = play(s, 'LWWW').answers.map((a) => (a as { multiplierTarget: number }).multiplierTarget);
    expect(targets).toEqual([1000, 500, 500, 2, 1000]);
  });

  it('stop → { stop } (reason strategy), and no bet is asked for', () => {
    const s = strategy(dice(100, { on_loss: { increase_pct: 100 }, ...rule({ first_streak: 3, of: 'losses', action: { stop: true } }) }));
    const p = play(s, 'LLLLL');
    expect(p.amounts).toEqual([100, 200, 400]);
    expect(stopped(p)).toBe(true);
    const last = p.answers[p.answers.length - 1] as { stop: unknown };
    expect(typeof last.stop).toBe('string');
  });

  it('on_win / on_loss apply first, then the rules in order', () => {
    // on_loss resets to 100; then the rules: 500, then +50% → 750.
    const a = strategy(dice(100, { on_loss: 'reset', rules: [
      { every: 1, of: 'losses', action: { set_bet: units(500) } },
      { every: 1, of: 'losses', action: { increase_bet_pct: 50 } },
    ] }));
    expect(play(a, 'L').amounts).toEqual([100, 750]);
    // The same rules the other way round: +50% of 100 = 150, then set 500.
    const b = strategy(dice(100, { on_loss: 'reset', rules: [
      { every: 1, of: 'losses', action: { increase_bet_pct: 50 } },
      { every: 1, of: 'losses', action: { set_bet: units(500) } },
    ] }));
    expect(play(b, 'L').amounts).toEqual([100, 500]);
    // on_loss +100% first (200), then the rule +50% → 300.
    const c = strategy(dice(100, { on_loss: { increase_pct: 100 }, rules: [{ every: 1, of: 'losses', action: { increase_bet_pct: 50 } }] }));
    expect(play(c, 'L').amounts).toEqual([100, 300]);
  });

  it('a stop rule stops before later rules and the bet; rules before it took effect but are not bet', () => {
    const s = strategy(dice(100, { rules: [
      { every: 1, of: 'losses', action: { set_bet: units(500) } },
      { every: 2, of: 'losses', action: { stop: true } },
    ] }));
    const p = play(s, 'LL');
    expect(p.amounts).toEqual([100, 500]);
    expect(stopped(p)).toBe(true);
  });
});

describe('settings: save() and restore()', () => {
  const settings = dice(100, { on_win: 'reset', on_loss: { increase_pct: 100 }, rules: [
    { every_streak: 2, of: 'losses', action: { switch_condition: true } },
    { every: 3, of: 'wins', action: { increase_chance_pct: 10 } },
  ] });

  it('a strategy restored from save() asks for the same next bets as the one that saved', () => {
    const a = strategy(settings);
    play(a, 'LLWWLWWLL');
    const snapshot = JSON.parse(JSON.stringify(a.save())) as unknown;
    const b = strategy(settings);
    b.restore(snapshot);
    // Both continue from the same session state.
    const next = [
      state({ bets: 10, wins: 4, losses: 6, streak: -3, profit: -units(300), last: settled(units(400), false) }),
      state({ bets: 11, wins: 5, losses: 6, streak: 1, profit: units(500), last: settled(units(800), true) }),
      state({ bets: 12, wins: 6, losses: 6, streak: 2, profit: units(600), last: settled(units(100), true) }),
      state({ bets: 13, wins: 6, losses: 7, streak: -1, profit: units(500), last: settled(units(100), false) }),
      state({ bets: 14, wins: 6, losses: 8, streak: -2, profit: units(300), last: settled(units(200), false) }),
    ];
    for (const st of next) expect(b.next(st)).toEqual(a.next(st));
  });

  it('the snapshot holds the changed amount, chance and condition (not the base ones)', () => {
    const a = strategy(settings);
    const before = play(a, 'LL').answers.at(-1) as { amount: number; condition: string };
    expect(before).toMatchObject({ amount: units(400), condition: 'below' });
    const b = strategy(settings);
    b.restore(a.save());
    // One more loss from there: the amount doubles from 400, the condition stays (streak 3 is not a multiple of 2).
    expect(b.next(state({ bets: 3, losses: 3, streak: -3, profit: -units(700), last: settled(units(400), false) })))
      .toEqual({ game: 'dice', amount: units(800), condition: 'below', target: 49.5 });
  });

  it('restore() refuses what is not a snapshot', () => {
    const s = strategy(settings);
    expect(() => s.restore(null)).toThrow(StrategyError);
    expect(() => s.restore({ amount_units: 1.5 })).toThrow(StrategyError);
    expect(() => s.restore('x')).toThrow(StrategyError);
  });
});

/** The StrategyError `fn` throws (phase load), for its field. */
function loadError(fn: () => unknown): StrategyError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(StrategyError);
    expect((error as StrategyError).phase).toBe('load');
    return error as StrategyError;
  }
  throw new Error('expected a StrategyError');
}

describe('settings: bad settings are refused at load, naming the field', () => {
  const cases: ReadonlyArray<readonly [string, Record<string, unknown> | unknown, string]> = [
    ['an unknown top-level key', { ...dice(100), on_lose: 'reset' }, 'on_lose'],
    ['an unknown key in bet', { game: 'dice', bet: { amount: 0.0001, ...DICE, chance: 49.5 } }, 'bet.chance'],
    ['an unknown key in a keno bet', { game: 'keno', bet: { amount: 0.0001, numbers: [1], colour: 'red' } }, 'bet.colour'],
    ['a negative amount', { game: 'dice', bet: { amount: -0.0001, ...DICE } }, 'bet.amount'],
    ['an amount that is not a number', { game: 'dice', bet: { amount: true, ...DICE } }, 'bet.amount'],
    ['an empty string amount', { game: 'dice', bet: { amount: '', ...DICE } }, 'bet.amount'],
    ['a hexadecimal string amount', { game: 'dice', bet: { amount: '0x10', ...DICE } }, 'bet.amount'],
    ['a NaN amount', { game: 'dice', bet: { amount: Number.NaN, ...DICE } }, 'bet.amount'],
    ['no amount', { game: 'dice', bet: { ...DICE } }, 'bet.amount'],
    ['an unknown game', { game: 'noSuchGame', bet: { amount: 1 } }, 'game'],
    ['a dice target out of range', { game: 'dice', bet: { amount: 0.0001, target: 99, condition: 'below' } }, 'bet.target'],
    ['a dice condition wrong', { game: 'dice', bet: { amount: 0.0001, target: 50, condition: 'over' } }, 'bet.condition'],
    ['a limbo multiplier of 1', { game: 'limbo', bet: { amount: 0.0001, multiplierTarget: 1 } }, 'bet.multiplierTarget'],
    ['a keno number out of range', { game: 'keno', bet: { amount: 0.0001, numbers: [40] } }, 'bet.numbers'],
    ['plinko rows out of range', { game: 'plinko', bet: { amount: 0.0001, rows: 7, risk: 'low' } }, 'bet.rows'],
    ['mines fields missing', { game: 'mines', bet: { amount: 0.0001, minesCount: 3 } }, 'bet.fields'],
    ['on_loss not reset or an object', dice(100, { on_loss: 'double' }), 'on_loss'],
    ['on_loss with an unknown key', dice(100, { on_loss: { increase: 100 } }), 'on_loss.increase'],
    ['increase_pct of -100', dice(100, { on_win: { increase_pct: -100 } }), 'on_win.increase_pct'],
    ['increase_pct not a number', dice(100, { on_win: { increase_pct: '50' } }), 'on_win.increase_pct'],
    ['rules not a list', dice(100, { rules: { every: 1 } }), 'rules'],
    ['a rule with two conditions', dice(100, rule({ every: 2, streak_above: 3, of: 'losses', action: { stop: true } })), 'rules[0]'],
    ['a rule with no condition', dice(100, rule({ of: 'losses', action: { stop: true } })), 'rules[0]'],
    ['a rule with an unknown condition', dice(100, rule({ every_other: 2, action: { stop: true } })), 'rules[0].every_other'],
    ['of: bets on every_streak', dice(100, rule({ every_streak: 2, of: 'bets', action: { stop: true } })), 'rules[0].of'],
    ['of: bets on first_streak', dice(100, rule({ first_streak: 2, of: 'bets', action: { stop: true } })), 'rules[0].of'],
    ['of: bets on streak_above', dice(100, rule({ streak_above: 2, of: 'bets', action: { stop: true } })), 'rules[0].of'],
    ['of missing', dice(100, rule({ every: 2, action: { stop: true } })), 'rules[0].of'],
    ['of on a profit rule', dice(100, rule({ profit_above: 1, of: 'wins', action: { stop: true } })), 'rules[0].of'],
    ['every 0', dice(100, rule({ every: 0, of: 'bets', action: { stop: true } })), 'rules[0].every'],
    ['every 1.5', dice(100, rule({ every: 1.5, of: 'bets', action: { stop: true } })), 'rules[0].every'],
    ['a negative loss_above', dice(100, rule({ loss_above: -1, action: { stop: true } })), 'rules[0].loss_above'],
    ['no action', dice(100, rule({ every: 2, of: 'bets' })), 'rules[0].action'],
    ['two actions', dice(100, rule({ every: 2, of: 'bets', action: { stop: true, reset_bet: true } })), 'rules[0].action'],
    ['an unknown action', dice(100, rule({ every: 2, of: 'bets', action: { double: true } })), 'rules[0].action.double'],
    ['a flag action not true', dice(100, rule({ every: 2, of: 'bets', action: { stop: 1 } })), 'rules[0].action.stop'],
    ['a negative set_bet', dice(100, rule({ every: 2, of: 'bets', action: { set_bet: -1 } })), 'rules[0].action.set_bet'],
    ['increase_bet_pct of -100', dice(100, rule({ every: 2, of: 'bets', action: { increase_bet_pct: -100 } })), 'rules[0].action.increase_bet_pct'],
    ['a chance action on keno', { game: 'keno', bet: { amount: 0.0001, numbers: [1] }, ...rule({ every: 2, of: 'bets', action: { set_chance: 10 } }) }, 'rules[0].action'],
    ['reset_chance on plinko', { game: 'plinko', bet: { amount: 0.0001, rows: 8, risk: 'low' }, ...rule({ every: 2, of: 'bets', action: { reset_chance: true } }) }, 'rules[0].action'],
    ['switch_condition on limbo', { game: 'limbo', bet: { amount: 0.0001, multiplierTarget: 2 }, ...rule({ every: 2, of: 'bets', action: { switch_condition: true } }) }, 'rules[0].action'],
    ['not an object', [dice(100)], 'settings'],
  ];
  for (const [what, settings, field] of cases) {
    it(`${what} → ${field}`, () => {
      const error = loadError(() => check_settings(settings));
      expect(error.field).toBe(field);
      expect(error.message).toContain(field);
    });
  }

  it('the second rule is named by its index', () => {
    const error = loadError(() => check_settings(dice(100, { rules: [
      { every: 2, of: 'bets', action: { stop: true } },
      { every: 2, of: 'bets', action: { set_bet: '1' } },
    ] })));
    expect(error.field).toBe('rules[1].action.set_bet');
  });

  it('amounts the run\'s currency cannot hold are refused when the strategy is built, not rounded', () => {
    const tooPrecise = loadError(() => strategy({ game: 'dice', bet: { amount: 0.000000015, ...DICE } }));
    expect(tooPrecise.field).toBe('bet.amount');
    // 0.001 is fine in btc, not in usd (2 decimals).
    expect(() => strategy({ game: 'dice', bet: { amount: 0.001, ...DICE } })).not.toThrow();
    expect(loadError(() => strategy({ game: 'dice', bet: { amount: 0.001, ...DICE } }, 'usd')).field).toBe('bet.amount');
    const huge = loadError(() => strategy({ game: 'dice', bet: { amount: 1e300, ...DICE } }));
    expect(huge.field).toBe('bet.amount');
    const setBet = loadError(() => strategy(dice(100, rule({ every: 1, of: 'losses', action: { set_bet: 0.000000015 } }))));
    expect(setBet.field).toBe('rules[0].action.set_bet');
    const setHuge = loadError(() => strategy(dice(100, rule({ every: 1, of: 'losses', action: { set_bet: 1e300 } }))));
    expect(setHuge.field).toBe('rules[0].action.set_bet');
  });

  it('a set_chance the game cannot take is refused at load', () => {
    expect(loadError(() => strategy(dice(100, rule({ every: 1, of: 'losses', action: { set_chance: 99 } })))).field).toBe('rules[0].action.set_chance');
    expect(loadError(() => strategy(dice(100, rule({ every: 1, of: 'losses', action: { set_chance: 10.005 } })))).field).toBe('rules[0].action.set_chance');
  });

  it('JSON text that does not parse (a .json file)', () => {
    const error = loadError(() => load_settings_strategy('{ "game": "dice", ', { currency: 'btc' }));
    expect(error.message).toMatch(/not valid JSON/);
  });

  it('prepare_settings refuses what check_settings refuses, before any run', () => {
    expect(loadError(() => prepare_settings({ game: 'dice', bet: { amount: -1, ...DICE } })).field).toBe('bet.amount');
  });
});
