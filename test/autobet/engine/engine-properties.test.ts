/**
 * Property tests of the engine (automation.md "Limits"): whatever a strategy
 * answers — amounts huge, negative, NaN, strings, too precise; garbage
 * objects; `{ stop }`; throws; promises that resolve or reject — the engine
 * never sends a bet above `max_bet`, one whose loss could take the session
 * past `stop_loss` or below `floor_balance`, past `max_wagered`, or above the
 * balance; every run ends with a named reason that is true of the money; a
 * garbage answer ends the run with `error:strategy` and nothing is sent for it.
 *
 * The oracle is this file's driver: it settles bets from a seeded generator
 * and keeps its own balance, profit and peak in whole units, so no check
 * reads the engine's counters. Money limits are drawn as whole half-units
 * (h / 2e8 btc), so a limit that falls between two units is tested too and
 * every edge is compared in integers.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Money, new_counters } from '../../../src/autobet/engine/counters.js';
import type { Adoption, PlaceOutcome } from '../../../src/autobet/engine/driver.js';
import { run_engine } from '../../../src/autobet/engine/engine.js';
import type { StopLine } from '../../../src/autobet/engine/events.js';
import { MemoryJournal } from '../../../src/autobet/engine/journal-port.js';
import { check_limits, type Limits } from '../../../src/autobet/engine/limits.js';
import type { PlannedBet } from '../../../src/autobet/engine/planned-bet.js';
import type { SettledBet, Strategy, StrategyAnswer } from '../../../src/autobet/strategies/strategy.js';
import { BooksDriver, type Books } from './books-driver.js';

const btc = new Money(8);
const MAX_BETS = 300;

/**
 * What bets pay, in order: losses, a partial loss, a push (not a win), wins,
 * and 1000× once in about 500 bets; 0.87× on average, so sessions drift down
 * to their stop-loss. Drawn by fast-check, so a failing case shrinks.
 */
const outcomesArb = fc.array(
  fc.oneof({ weight: 499, arbitrary: fc.constantFrom(0, 0, 0, 0, 0, 0, 0.5, 1, 1.98, 1.98, 2, 3) }, { weight: 1, arbitrary: fc.constant(1000) }),
  { minLength: MAX_BETS + 5, maxLength: MAX_BETS + 5 },
);

/** What an answer is, as this file made it: a bet the engine must take as is, a stop, or garbage. */
type Kind = 'bet' | 'stop' | 'bad';

/** A limit whose room left an edge answer asks for (or one unit less or more). */
type Edge = 'max_bet' | 'stop_loss' | 'balance' | 'floor_balance' | 'max_wagered' | 'trailing_stop';
const EDGES: readonly Edge[] = ['max_bet', 'stop_loss', 'balance', 'floor_balance', 'max_wagered', 'trailing_stop'];

/** A bet's amount: fixed, or the room a limit leaves on the books when the strategy is asked, plus `delta` units. */
type Amount = { readonly units: number } | { readonly edge: Edge; readonly delta: -1 | 0 | 1 };

/** An answer to give, and how to give it (as is, in a promise, as a rejection or a throw). */
interface Spec {
  readonly kind: Kind;
  /** The answer; for a bet, everything but the amount. */
  readonly value: unknown;
  /** For a bet: its amount, and whether it is given as a decimal string. */
  readonly amount?: Amount;
  readonly string?: boolean;
  readonly how: 'plain' | 'promise' | 'reject' | 'throw';
}

const PARAMS = {
  dice: { target: 50.5, condition: 'above' },
  limbo: { multiplierTarget: 2 },
  keno: { numbers: [1, 2, 3], risk: 'low' },
} as const;

/** Amounts for limits `d`: mostly small against the tightest money limit (long runs), some at a limit's edge, a few wild. */
function amountArb(d: Drawn, edges: number, wild: number): fc.Arbitrary<Amount> {
  const small = Math.max(1, Math.floor(Math.min(d.max_bet, d.stop_loss / 8, d.max_wagered === undefined ? Infinity : d.max_wagered / 100) / 2));
  return fc.oneof(
    { weight: 200, arbitrary: fc.integer({ min: 0, max: small }).map((units) => ({ units })) },
    { weight: edges, arbitrary: fc.record({ edge: fc.constantFrom(...EDGES), delta: fc.constantFrom<-1 | 0 | 1>(-1, 0, 0, 1) }) },
    { weight: wild, arbitrary: fc.oneof(fc.integer({ min: 0, max: 60_000 }), fc.integer({ min: 0, max: 9_000_000_000_000_000 })).map((units) => ({ units })) },
  );
}

function betArb(d: Drawn, edges: number, wild = 0): fc.Arbitrary<Omit<Spec, 'how'>> {
  return fc.record({
    game: fc.constantFrom('dice', 'limbo', 'keno'),
    amount: amountArb(d, edges, wild),
    string: fc.boolean(),
    rotate: fc.constantFrom(undefined, undefined, false, true),
  }).map(({ game, amount, string, rotate }) => {
    const value = { game, ...PARAMS[game as keyof typeof PARAMS], ...(rotate === undefined ? {} : { rotate_seed_pair: rotate }) };
    return { kind: 'bet' as const, value, amount, string };
  });
}

/** Amounts no currency can send: refused, never rounded or clamped. */
const badAmountArb = fc.oneof(
  fc.constantFrom<unknown>(-1e-8, -1, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 1e300, 1e-12, 1.5e-8, '1e3', 'abc', '', '-0.1', null, undefined, true, {}, [1]),
  fc.integer({ min: 0, max: 1e6 }).map((u) => (u + 0.5) / 1e8),
  fc.double({ noNaN: false }).filter((d) => !(Number.isFinite(d) && d >= 0 && Number.isInteger(d * 1e8) && d * 1e8 <= Number.MAX_SAFE_INTEGER)),
);

const badArb: fc.Arbitrary<Omit<Spec, 'how'>> = fc.oneof(
  badAmountArb.map((amount) => ({ game: 'dice', amount, target: 50.5, condition: 'above' })),
  fc.constantFrom<unknown>(
    null, undefined, 0, 1, 'dice', true, [], [{ game: 'dice', amount: 0, target: 50.5, condition: 'above' }],
    {}, { game: 'dice' }, { game: 'crash', amount: 0 }, { game: 'dice', amount: 0, target: 99.99, condition: 'below' },
    { game: 'dice', amount: 0, target: 50.5, condition: 'above', currency: 'eth' },
    { game: 'dice', amount: 0, target: 50.5, condition: 'above', rotate_seed_pair: 'yes' },
    { game: 'limbo', amount: 0, multiplierTarget: 0.5 }, { game: 'keno', amount: 0, numbers: [1, 1] },
  ),
  fc.anything().filter((v) => typeof v !== 'object' || v === null || !('stop' in (v as object))),
).map((value) => ({ kind: 'bad' as const, value }));

/** `{ stop }`; with `stop` false, null or undefined it is no stop, and with no bet beside it garbage. */
const stopArb: fc.Arbitrary<Omit<Spec, 'how'>> = fc.oneof(fc.string(), fc.anything(), fc.constantFrom(false, null, undefined))
  .map((words) => ({ kind: words === false || words === null || words === undefined ? 'bad' as const : 'stop' as const, value: { stop: words } }));

const HOW_ANY = ['plain', 'promise', 'reject', 'throw'] as const;

/**
 * Answers for limits `d`, with edge amounts and garbage (any way given: a
 * rejection or a throw is garbage whatever it carries) at rates drawn per
 * case, so runs go from a few bets to hundreds and end by a limit as often as
 * by the strategy.
 */
function specsArb(d: Drawn, long: boolean): fc.Arbitrary<Spec[]> {
  const rates = long ? fc.tuple(fc.constantFrom(0, 1), fc.constantFrom(0, 1)) : fc.tuple(fc.constantFrom(0, 10, 60, 200), fc.constantFrom(0, 1, 10, 60));
  return rates.chain(([edges, rate]) => {
    const good = fc.tuple(betArb(d, edges), fc.constantFrom<Spec['how']>('plain', 'plain', 'plain', 'promise')).map(([body, how]) => ({ ...body, how }));
    const end = fc.tuple(fc.oneof({ weight: 4, arbitrary: badArb }, { weight: 1, arbitrary: stopArb }, { weight: 2, arbitrary: betArb(d, 20, 200) }), fc.constantFrom(...HOW_ANY))
      .map(([body, how]): Spec => ({ ...body, kind: how === 'reject' || how === 'throw' ? 'bad' : body.kind, how }));
    return fc.array(rate === 0 ? good : fc.oneof({ weight: 600, arbitrary: good }, { weight: rate, arbitrary: end }), { minLength: long ? MAX_BETS + 5 : 0, maxLength: MAX_BETS + 5, size: 'max' });
  });
}

/** The amount `a` comes to on the books as they stand (never below 0: a negative amount is another test's garbage). */
function unitsOf(a: Amount, d: Drawn, books: BooksDriver): number {
  if ('units' in a) return a.units;
  const room = (() => {
    switch (a.edge) {
      case 'max_bet':
        return Math.floor(d.max_bet / 2);
      case 'stop_loss':
        return Math.floor(d.stop_loss / 2) + books.profit;
      case 'floor_balance':
        return d.floor_balance === undefined ? books.balance : books.balance - Math.ceil(d.floor_balance / 2);
      case 'max_wagered':
        return d.max_wagered === undefined ? books.balance : Math.floor(d.max_wagered / 2) - books.wagered;
      case 'balance':
        return books.balance;
      case 'trailing_stop':
        // A loss of it all takes the fall from the peak to exactly the trailing stop (rounded down).
        return d.trailing_stop === undefined ? books.balance : Math.floor(d.trailing_stop / 2) - (books.peak - books.profit);
    }
  })();
  return Math.max(0, room + a.delta);
}

/** What the strategy answered, in order: the kind, and a bet's amount in units. */
interface Asked {
  readonly kind: Kind;
  readonly units: number;
}

/** A strategy that gives the specs in order, then stops. */
class ScriptStrategy implements Strategy {
  readonly name = 'script';
  readonly asked: Asked[] = [];
  constructor(readonly specs: readonly Spec[], readonly limits: Drawn, readonly books: BooksDriver) {}
  next(): StrategyAnswer | Promise<StrategyAnswer> {
    const spec = this.specs[this.asked.length];
    if (spec === undefined) {
      this.asked.push({ kind: 'stop', units: -1 });
      return { stop: 'script done' };
    }
    let value = spec.value;
    let units = -1;
    if (spec.amount !== undefined) {
      units = unitsOf(spec.amount, this.limits, this.books);
      value = { ...(spec.value as object), amount: spec.string === true ? (units / 1e8).toFixed(8) : units / 1e8 };
    }
    this.asked.push({ kind: spec.kind, units });
    switch (spec.how) {
      case 'plain':
        return value as StrategyAnswer;
      case 'promise':
        return Promise.resolve(value as StrategyAnswer);
      case 'reject':
        return Promise.reject(value);
      case 'throw':
        throw value;
    }
  }
  save(): unknown {
    return { asked: this.asked.length };
  }
  restore(): void {}
}

/** Limits as half-unit counts (h / 2e8 btc); counts as they are. */
interface Drawn {
  readonly max_bet: number;
  readonly stop_loss: number;
  readonly floor_balance?: number;
  readonly max_wagered?: number;
  readonly take_profit?: number;
  readonly trailing_stop?: number;
  readonly max_loss_streak?: number;
  readonly max_bets: number;
  readonly max_duration?: number;
}

/** Limits at their bounds (fast-check's bias) as often as anywhere between. */
const spread = (arb: fc.Arbitrary<number>) => fc.oneof(arb, fc.noBias(arb));
const halves = (max: number) => spread(fc.integer({ min: 1, max }));
/** Limits of a long session: after-bet stops far enough that it can run to max_bets. */
const longArb: fc.Arbitrary<Drawn> = fc.record(
  {
    max_bet: fc.noBias(fc.integer({ min: 2, max: 10_000 })),
    stop_loss: fc.noBias(fc.integer({ min: 1000, max: 400_000 })),
    floor_balance: fc.integer({ min: 0, max: 40_000 }),
    max_wagered: fc.noBias(fc.integer({ min: 2_000_000, max: 20_000_000 })),
    take_profit: fc.noBias(fc.integer({ min: 100_000, max: 4_000_000 })),
    trailing_stop: fc.noBias(fc.integer({ min: 100_000, max: 4_000_000 })),
    max_loss_streak: fc.integer({ min: 20, max: 60 }),
    max_bets: fc.noBias(fc.integer({ min: 100, max: MAX_BETS })),
  },
  { requiredKeys: ['max_bet', 'stop_loss', 'max_bets'] },
);

const drawnArb: fc.Arbitrary<Drawn> = fc.record(
  {
    max_bet: halves(10_000),
    stop_loss: halves(40_000),
    floor_balance: spread(fc.integer({ min: 0, max: 40_000 })),
    max_wagered: halves(200_000),
    take_profit: halves(40_000),
    trailing_stop: halves(40_000),
    max_loss_streak: spread(fc.integer({ min: 1, max: 40 })),
    max_bets: spread(fc.integer({ min: 1, max: MAX_BETS })),
    max_duration: fc.integer({ min: 1, max: 3 }),
  },
  { requiredKeys: ['max_bet', 'stop_loss', 'max_bets'] },
);

function limitsOf(d: Drawn): Limits {
  const money = (h: number | undefined) => (h === undefined ? undefined : h / 2e8);
  return check_limits({
    max_bet: money(d.max_bet),
    stop_loss: money(d.stop_loss),
    floor_balance: money(d.floor_balance),
    max_wagered: money(d.max_wagered),
    take_profit: money(d.take_profit),
    trailing_stop: money(d.trailing_stop),
    max_loss_streak: d.max_loss_streak,
    max_bets: d.max_bets,
    max_duration: d.max_duration,
  }, true);
}

/** The before-bet limits a bet of `amount` breaks on the books as they stand (empty: it may be sent). */
function broken(d: Drawn, b: Books, amount: number): string[] {
  const out: string[] = [];
  if (2 * amount > d.max_bet) out.push('max_bet');
  if (amount > b.balance) out.push('insufficient_balance');
  if (2 * (amount - b.profit) > d.stop_loss) out.push('stop_loss');
  if (d.floor_balance !== undefined && 2 * (b.balance - amount) < d.floor_balance) out.push('floor_balance');
  if (d.max_wagered !== undefined && 2 * (b.wagered + amount) > d.max_wagered) out.push('max_wagered');
  if (d.max_duration !== undefined && b.clock >= d.max_duration * 1000) out.push('max_duration');
  if (b.booked >= d.max_bets) out.push('max_bets');
  return out;
}

/** The after-bet stops the books say are due. */
function due(d: Drawn, b: Books): string[] {
  const out: string[] = [];
  if (b.booked === 0) return out;
  if (d.take_profit !== undefined && 2 * b.profit >= d.take_profit) out.push('take_profit');
  if (d.trailing_stop !== undefined && 2 * (b.peak - b.profit) >= d.trailing_stop) out.push('trailing_stop');
  if (d.max_loss_streak !== undefined && b.loss_streak >= d.max_loss_streak) out.push('max_loss_streak');
  if (b.booked >= d.max_bets) out.push('max_bets');
  if (d.max_duration !== undefined && b.clock >= d.max_duration * 1000) out.push('max_duration');
  return out;
}

interface Run {
  readonly stop: StopLine;
  readonly driver: BooksDriver;
  readonly strategy: ScriptStrategy;
  readonly journal: MemoryJournal;
}

async function run(d: Drawn, start: number, outcomes: readonly number[], specs: readonly Spec[], driver = new BooksDriver(start, outcomes)): Promise<Run> {
  const strategy = new ScriptStrategy(specs, d, driver);
  const journal = new MemoryJournal();
  const begin = await driver.start();
  const stop = await run_engine({
    strategy,
    driver,
    journal,
    currency: 'btc',
    money: btc,
    limits: limitsOf(d),
    counters: new_counters(btc.units(begin.balance)),
    memory: {},
    last: null,
    seq: 1,
    seeds: begin.seeds,
    signal: new AbortController().signal,
    resolve_timeout_ms: 1000,
    now: () => driver.clock,
  });
  return { stop, driver, strategy, journal };
}

/** Checks one run against the books; returns nothing, throws on a broken property. */
function check(d: Drawn, start: number, r: Run): void {
  const { stop, driver, strategy } = r;
  const asked = strategy.asked;
  // Bet by bet, on the books just before it: each bet sent was a good answer, sent exactly as asked,
  // breaking no limit, with no stop due after the bets before it.
  for (const [i, s] of driver.sent.entries()) {
    const answer = asked[i] as Asked;
    expect(answer.kind).toBe('bet');
    expect(s.amount).toBe(answer.units);
    expect(broken(d, s.before, s.amount)).toEqual([]);
    expect(due(d, s.before)).toEqual([]);
    expect(s.before.clock).toBe(7 * i);
  }
  // The guarantee: the session's loss never exceeds stop_loss; the balance never goes below the floor or 0.
  expect(-2 * driver.profit).toBeLessThanOrEqual(d.stop_loss);
  expect(driver.balance).toBeGreaterThanOrEqual(0);
  if (d.floor_balance !== undefined) expect(2 * driver.balance).toBeGreaterThanOrEqual(Math.min(d.floor_balance, 2 * start));

  // Every run ends with a named reason, true of the books.
  const sent = driver.sent.length;
  expect(stop.bets).toBe(sent);
  expect(Math.round(stop.profit * 1e8)).toBe(driver.profit);
  expect(Math.round(stop.wagered * 1e8)).toBe(driver.wagered);
  if (asked.length === sent) {
    // The strategy was not asked again: an after-bet stop was due.
    expect(due(d, driver.books())).toContain(stop.reason);
    return;
  }
  expect(asked.length).toBe(sent + 1);
  // No after-bet stop was due before the last question (the engine asked).
  expect(due(d, driver.books())).toEqual([]);
  const last = asked[sent] as Asked;
  if (last.kind === 'bad') {
    expect(stop.reason).toBe('error:strategy');
    expect(typeof stop.message).toBe('string');
  } else if (last.kind === 'stop') {
    expect(stop.reason).toBe('strategy');
  } else {
    // A good bet the engine did not send: refused by a limit it really breaks.
    const reasons = broken(d, driver.books(), last.units);
    expect(reasons.length).toBeGreaterThan(0);
    expect(reasons).toContain(stop.reason);
  }
}

/** A case: limits, a start balance, the bets' outcomes and the answers; a third of them long sessions. */
const caseArb = fc.constantFrom(false, false, true).chain((long) => (long ? longArb : drawnArb).chain((limits) => fc.record({
  limits: fc.constant(limits),
  start: long
    ? fc.integer({ min: 1_000_000, max: 1_000_000_000 })
    : fc.oneof(spread(fc.integer({ min: 0, max: 60_000 })), fc.integer({ min: 0, max: 1_000_000_000 })),
  outcomes: outcomesArb,
  specs: specsArb(limits, long),
})));

describe('engine properties: no answer gets a bet past a limit', () => {
  it('every bet sent fits every limit on the books, the loss never passes stop_loss, each stop has a true reason', async () => {
    await fc.assert(
      fc.asyncProperty(caseArb, async ({ limits, start, outcomes, specs }) => {
        const r = await run(limits, start, outcomes, specs);
        check(limits, start, r);
      }),
      { numRuns: 200 },
    );
  });

  it('a strategy that asks for exactly the room a limit leaves (a unit less, a unit more) gets it, and not one unit past it', async () => {
    const edgeArb = fc.record({
      edge: fc.constantFrom(...EDGES),
      delta: fc.constantFrom<-1 | 0 | 1>(-1, 0, 0, 0, 1),
      game: fc.constantFrom('dice', 'limbo', 'keno'),
    }).map(({ edge, delta, game }): Spec => ({ kind: 'bet', amount: { edge, delta }, how: 'plain', value: { game, ...PARAMS[game as keyof typeof PARAMS] } }));
    const edgeCase = drawnArb.chain((limits) => fc.record({
      limits: fc.constant(limits),
      // Some sessions start just above their floor, so the floor's edge is not hidden behind max_bet's.
      start: fc.oneof(spread(fc.integer({ min: 0, max: 60_000 })), fc.integer({ min: 0, max: limits.max_bet }).map((x) => Math.ceil((limits.floor_balance ?? 0) / 2) + x)),
      outcomes: outcomesArb,
      specs: fc.array(edgeArb, { maxLength: 60, size: 'max' }),
    }));
    await fc.assert(
      fc.asyncProperty(edgeCase, async ({ limits, start, outcomes, specs }) => {
        check(limits, start, await run(limits, start, outcomes, specs));
      }),
      { numRuns: 200 },
    );
  });

  it('a strategy that only ever asks for too much is stopped before the first bet', async () => {
    await fc.assert(
      fc.asyncProperty(drawnArb, fc.integer({ min: 0, max: 1_000_000 }), async (limits, start) => {
        // One unit above the room left by each of max_bet, stop_loss and the balance: the smallest that breaks one.
        const over = Math.min(Math.floor(limits.max_bet / 2), Math.floor(limits.stop_loss / 2), start) + 1;
        const spec: Spec = { kind: 'bet', amount: { units: over }, how: 'plain', value: { game: 'dice', target: 50.5, condition: 'above' } };
        const r = await run(limits, start, [], [spec]);
        expect(r.driver.sent).toEqual([]);
        expect(['max_bet', 'stop_loss', 'insufficient_balance']).toContain(r.stop.reason);
        check(limits, start, r);
      }),
      { numRuns: 100 },
    );
  });

  it('a garbage answer after good bets ends with error:strategy, and nothing is sent for it', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 20 }), badArb, fc.constantFrom('plain', 'promise', 'reject', 'throw'), async (good, bad, how) => {
        const bet: Spec = { kind: 'bet', amount: { units: 1 }, how: 'plain', value: { game: 'dice', target: 50.5, condition: 'above' } };
        const specs: Spec[] = [...Array.from({ length: good }, () => bet), { ...bad, how: how as Spec['how'] }];
        const limits: Drawn = { max_bet: 2, stop_loss: 1000, max_bets: 100 };
        const r = await run(limits, 1000, [], specs);
        expect(r.driver.sent).toHaveLength(good);
        expect(r.journal.intents).toHaveLength(good);
        expect(r.stop.reason).toBe('error:strategy');
      }),
      { numRuns: 100 },
    );
  });
});

describe('engine edges, one run each', () => {
  const bet = (units: number): Spec => ({ kind: 'bet', amount: { units }, how: 'plain', value: { game: 'dice', target: 50.5, condition: 'above' } });

  it('a bet of exactly the stop-loss room is sent; the next unit is refused with stop_loss', async () => {
    // stop_loss 100 units: 60 lost, then 40 (exactly the room) is sent and lost; then 1 more cannot be.
    const limits: Drawn = { max_bet: 1_000_000, stop_loss: 200, max_bets: 50 };
    const r = await run(limits, 1_000_000, [0, 0], [bet(60), bet(40), bet(1), bet(1)]);
    check(limits, 1_000_000, r);
    expect(r.driver.sent.map((s) => s.amount)).toEqual([60, 40]);
    expect(r.driver.profit).toBe(-100);
    expect(r.stop).toMatchObject({ reason: 'stop_loss', bets: 2, profit: -0.000001 });
  });

  it('a win makes room: the stop-loss room is the limit plus the profit', async () => {
    // stop_loss 100 units: 40 lost (−40; room 60), 50 won at 2× (+10): the room is 110, so 110 is sent and 111 would not be.
    const limits: Drawn = { max_bet: 1_000_000, stop_loss: 200, max_bets: 50 };
    const sent = await run(limits, 1_000_000, [0, 2, 0], [bet(40), bet(50), bet(110)]);
    expect(sent.driver.sent.map((s) => s.amount)).toEqual([40, 50, 110]);
    const refused = await run(limits, 1_000_000, [0, 2, 0], [bet(40), bet(50), bet(111)]);
    expect(refused.driver.sent.map((s) => s.amount)).toEqual([40, 50]);
    expect(refused.stop.reason).toBe('stop_loss');
  });

  it('trailing_stop from the peak: up 100, then down exactly the trailing stop ends the run', async () => {
    // trailing_stop 50 units: win 100 (peak 100), lose 49 (fall 49: on), lose 1 (fall 50: stop).
    const limits: Drawn = { max_bet: 1_000_000, stop_loss: 1_000_000, trailing_stop: 100, max_bets: 50 };
    const r = await run(limits, 1_000_000, [2, 0, 0], [bet(100), bet(49), bet(1), bet(1)]);
    expect(r.driver.sent.map((s) => s.amount)).toEqual([100, 49, 1]);
    expect(r.stop.reason).toBe('trailing_stop');
    expect(r.strategy.asked).toHaveLength(3);
  });

  it('a limit between two units: stop_loss 1.5 units lets 1 unit be lost, never 2', async () => {
    const limits: Drawn = { max_bet: 1000, stop_loss: 3, max_bets: 50 };
    const r = await run(limits, 1000, [], [bet(2)]);
    expect(r.driver.sent).toEqual([]);
    expect(r.stop.reason).toBe('stop_loss');
    const ok = await run(limits, 1000, [], [bet(1)]);
    expect(ok.driver.sent).toHaveLength(1);
  });

  it('a bet of the whole balance is sent; one unit more is insufficient_balance, before sending', async () => {
    const limits: Drawn = { max_bet: 1_000_000, stop_loss: 1_000_000, max_bets: 1 };
    expect((await run(limits, 500, [], [bet(500)])).driver.sent).toHaveLength(1);
    const r = await run(limits, 500, [], [bet(501)]);
    expect(r.driver.sent).toEqual([]);
    expect(r.stop.reason).toBe('insufficient_balance');
  });

  it('max_bets stops after exactly that many bets without asking the strategy again', async () => {
    const limits: Drawn = { max_bet: 10, stop_loss: 1_000_000, max_bets: 5 };
    const r = await run(limits, 100_000, [], Array.from({ length: 10 }, () => bet(1)));
    expect(r.driver.sent).toHaveLength(5);
    expect(r.strategy.asked).toHaveLength(5);
    expect(r.stop.reason).toBe('max_bets');
  });

  /**
   * A bet refused with parallelCasinoBet is sent again after the engine has
   * adopted the bets the site booked meanwhile (here, a 90-unit loss placed on
   * the account by someone else). Adopted bets count in the session's loss, so
   * the limits must be checked again before the same plan is sent: with
   * stop_loss 100, a 50-unit bet after a 90-unit loss could lose 140.
   */
  it('a bet sent again after a refusal is checked against the limits again, with the adopted bets counted', async () => {
    class ParallelDriver extends BooksDriver {
      #refused = false;
      #foreign: SettledBet | null = null;
      override async place(bet: PlannedBet, currency: string, identifier: string): Promise<PlaceOutcome> {
        if (this.#refused) return super.place(bet, currency, identifier);
        this.#refused = true;
        this.#foreign = this.book('dice', 90, currency, 'someone-else');
        return { kind: 'refused', error_type: 'parallelCasinoBet', message: 'another bet is in progress' };
      }
      override async adopt(): Promise<Adoption> {
        return { bets: this.#foreign === null ? [] : [this.#foreign], gap: null };
      }
    }
    const limits: Drawn = { max_bet: 1_000_000, stop_loss: 200, max_bets: 50 };
    const driver = new ParallelDriver(1_000_000, [0, 0]);
    const r = await run(limits, 1_000_000, [], [bet(50), bet(1)], driver);
    expect(driver.profit).toBeGreaterThanOrEqual(-100);
    expect(driver.sent).toEqual([]);
    expect(r.stop.reason).toBe('stop_loss');
  });

  /**
   * A bet refused by a limit changes nothing, the seed pair included: were
   * the pair rotated before the limits are checked, a refused bet would still
   * reveal the server seed live, and a replay with no pair left would stop
   * with seeds_exhausted instead of the limit's name.
   */
  it('a bet refused by a limit does not rotate the seed pair it asked for', async () => {
    const limits: Drawn = { max_bet: 100, stop_loss: 1_000_000, max_bets: 50 };
    const over: Spec = { kind: 'bet', amount: { units: 51 }, how: 'plain', value: { game: 'dice', target: 50.5, condition: 'above', rotate_seed_pair: true } };
    const r = await run(limits, 1_000_000, [], [over]);
    expect(r.stop.reason).toBe('max_bet');
    expect((await r.driver.seeds()).server_seed_hash).toBe('hash-0');
  });
});
