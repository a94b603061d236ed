/**
 * The sandbox sportsbook's state and rules: the card, odds the test moves,
 * the slips booked against the ledger, cashout and settlement.
 *
 * Odds a bettor "saw": the mutation carries only outcome ids and
 * `oddsChange`, so the site must compare against odds it served the user
 * (the rule itself is not public). The sandbox remembers, per user and
 * outcome, the odds it last served through `sportMarketOutcome` or a
 * fixture's markets, and judges `oddsChange` against them at booking
 * (`none`: equal, `higher`: equal or above, `any`: anything). An outcome
 * never served to that user is judged against its current odds.
 */
import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import { currencyInfo, type CurrencyInfo } from '../currencies.js';
import type { SandboxEvents } from '../events.js';
import type { Ledger } from '../ledger.js';
import { betUnits, fromMinorUnits, requireCurrency } from '../money.js';
import { build_fixture, default_card, listed, type FixtureSpec } from './card.js';
import type { BookView, FixtureRec, MarketRec, OutcomeRec, SportBetRec, SportRec } from './model.js';
import { sportBetView } from './views.js';
import { DUPLICATE_WINDOW_MS, MAX_ACTIVE_SPORT_BETS, sportRefusal, type SportRefusal } from './refusals.js';

/** Most legs of one slip (ours: no public source states the site's). */
export const MAX_LEGS = 20;

/** The margin a cashout offer keeps (ours). */
const CASHOUT_MARGIN = 0.95;

// A sandbox left running for days must not grow without bound.
const MAX_SERVED = 100_000;

/** Arguments of `sportBet` / `customSportBet`, as the schema passes them. */
export interface SlipArgs {
  readonly amount: number;
  readonly currency: string;
  readonly outcomeIds: readonly string[];
  readonly oddsChange: 'any' | 'higher' | 'none';
  readonly identifier?: string | null;
}

/** A `sportBet` the book booked or a bet that changed; what the `SportBets` feed sends. */
export interface SportBookEvents {
  bet: [SportBetRec];
}

interface PendingMove {
  readonly field: string;
  readonly outcome: OutcomeRec;
  readonly odds: number;
}

/** The sportsbook of one sandbox. */
export class SportsBook implements BookView {
  readonly sports: SportRec[] = default_card();
  readonly bets: SportBetRec[] = [];
  /** `bet` on every slip booked, cashed out or settled, and on a cashout multiplier that moved. */
  readonly changes = new EventEmitter<SportBookEvents>();
  readonly #ledger: Ledger;
  readonly #events: SandboxEvents;
  readonly #disabled: boolean;
  readonly #outcomes = new Map<string, OutcomeRec>();
  readonly #markets = new Map<string, MarketRec>();
  readonly #fixtures = new Map<string, FixtureRec>();
  #served = new Map<string, number>();
  readonly #refusals: { field: string; kind: SportRefusal }[] = [];
  readonly #moves: PendingMove[] = [];
  readonly #lastSlip = new Map<string, { key: string; at: number }>();
  readonly #maxBet = new Map<string, number>();
  #added = 100;

  /** `disabled`: the site has no sportsbook (stake.us): every sports field answers `serviceDisabled`. */
  constructor(ledger: Ledger, events: SandboxEvents, disabled: boolean) {
    this.#ledger = ledger;
    this.#events = events;
    this.#disabled = disabled;
    this.changes.setMaxListeners(0);
    for (const sport of this.sports) for (const c of sport.categories) for (const t of c.tournaments) for (const f of t.fixtures) this.#index(f);
  }

  /** Called first by every sports field: refusals and odds moves the test queued for it, then the site switch. */
  enter(field: string): void {
    if (this.#disabled) throw sportRefusal('service_disabled');
    for (let i = 0; i < this.#moves.length; ) {
      const move = this.#moves[i] as PendingMove;
      if (move.field === field) {
        move.outcome.odds = move.odds;
        this.#moves.splice(i, 1);
      } else i++;
    }
    const at = this.#refusals.findIndex((r) => r.field === field);
    if (at >= 0) {
      const [refusal] = this.#refusals.splice(at, 1);
      // A queued limit refusal names a maximum of 100 (the test did not set one).
      throw sportRefusal((refusal as { kind: SportRefusal }).kind, 100);
    }
  }

  // ---- The test's levers (the public, checked side is control.ts).

  queueRefusal(field: string, kind: SportRefusal): void {
    this.#refusals.push({ field, kind });
  }

  queueMove(field: string, outcomeId: string, odds: number): void {
    this.#moves.push({ field, outcome: this.outcome(outcomeId), odds });
  }

  setMaxBet(currency: string, amount: number | null): void {
    if (amount === null) this.#maxBet.delete(currency);
    else this.#maxBet.set(currency, amount);
  }

  addFixture(spec: FixtureSpec): FixtureRec {
    const sport = this.sports.find((s) => s.slug === (spec.sport ?? 'soccer'));
    const tournament = sport?.categories[0]?.tournaments[0];
    if (tournament === undefined) throw new RangeError(`add_fixture: no sport "${spec.sport}" (soccer, tennis, counter-strike)`);
    const fixture = build_fixture(tournament, this.#added++, spec);
    this.#index(fixture);
    return fixture;
  }

  // ---- Reading.

  fixtures(type: string, sportType: string | null): FixtureRec[] {
    const out: FixtureRec[] = [];
    for (const sport of this.sports) {
      if (sportType !== null && sport.sportType !== sportType) continue;
      for (const c of sport.categories) for (const t of c.tournaments) for (const f of t.fixtures) if (listed(f.status, type)) out.push(f);
    }
    return out;
  }

  /** Every fixture, whatever its status, in card order. */
  allFixtures(): FixtureRec[] {
    return [...this.#fixtures.values()];
  }

  fixture(slug: string): FixtureRec {
    const fixture = this.#fixtures.get(slug);
    if (fixture === undefined) throw sportRefusal('outcome_unavailable');
    return fixture;
  }

  /** The outcome with this id; refused as the site refuses an unknown one. */
  outcome(id: string): OutcomeRec {
    const outcome = this.#outcomes.get(id);
    if (outcome === undefined) throw sportRefusal('outcome_unavailable');
    return outcome;
  }

  market(id: string): MarketRec {
    const market = this.#markets.get(id);
    if (market === undefined) throw new RangeError(`no market ${id}`);
    return market;
  }

  /** Remembers the odds `userId` was shown for `outcome` (see the file's note). */
  served(userId: string | null, outcome: OutcomeRec): void {
    if (userId === null) return;
    if (this.#served.size >= MAX_SERVED) this.#served = new Map();
    this.#served.set(`${userId}\n${outcome.id}`, outcome.odds);
  }

  // ---- Slips.

  /** Books a slip or refuses it (nothing changes on a refusal). */
  place(userId: string, args: SlipArgs, custom: boolean): SportBetRec {
    const info = requireCurrency(args.currency);
    const units = betUnits(args.amount, info);
    const ids = args.outcomeIds;
    if (ids.length === 0 || ids.length > MAX_LEGS || new Set(ids).size !== ids.length) throw sportRefusal('outcome_unavailable');
    const legs = ids.map((id) => this.outcome(id));
    for (const outcome of legs) {
      const fixture = outcome.market.template.fixture;
      if (!outcome.active || outcome.result !== null || fixture.status === 'ended' || fixture.status === 'cancelled') throw sportRefusal('outcome_unavailable');
      if (outcome.market.status !== 'active') throw sportRefusal('market_inactive');
    }
    const events = new Set(legs.map((o) => o.market.template.fixture));
    if (custom) {
      if (events.size !== 1 || legs.length < 2 || legs.some((o) => !o.customBetAvailable) || !compatible(legs)) throw sportRefusal('not_custom_compatible');
    } else if (events.size !== legs.length) {
      throw sportRefusal('same_event');
    }
    for (const outcome of legs) {
      const seen = this.#served.get(`${userId}\n${outcome.id}`) ?? outcome.odds;
      const ok = args.oddsChange === 'any' || outcome.odds === seen || (args.oddsChange === 'higher' && outcome.odds > seen);
      if (!ok) throw sportRefusal('odds_changed');
    }
    const max = this.#maxBet.get(info.name);
    if (max !== undefined && args.amount > max) throw sportRefusal('limit_exceeded', max);
    if (this.active(userId).length >= MAX_ACTIVE_SPORT_BETS) throw sportRefusal('too_many_active');
    const key = `${[...ids].sort().join(',')}|${units}|${info.name}|${custom}`;
    const last = this.#lastSlip.get(userId);
    const now = Date.now();
    if (last !== undefined && last.key === key && now - last.at < DUPLICATE_WINDOW_MS) throw sportRefusal('duplicate_slip');
    const balance = this.#ledger.debit(userId, info, units);
    this.#lastSlip.set(userId, { key, at: now });
    const bet: SportBetRec = {
      id: randomUUID(), iid: `sport:${this.bets.length + 1}`, userId, currency: info.name, amountUnits: units,
      legs: legs.map((outcome) => ({ id: randomUUID(), outcome, odds: outcome.odds })),
      customBet: custom, identifier: args.identifier ?? null, createdAt: now, status: 'active',
      payoutUnits: 0n, payoutMultiplier: 0, cashoutOverride: null,
    };
    this.bets.push(bet);
    this.#emitBalance(userId, info, -units, balance, bet.identifier);
    this.changed(bet);
    return bet;
  }

  /** The slip's total odds: the product of its legs' booked odds (a custom bet's price is the same product here). */
  potential(bet: SportBetRec): number {
    return bet.legs.reduce((p, leg) => p * leg.odds, 1);
  }

  /**
   * The cashout offer now: booked odds over current odds of the open legs,
   * times a margin, floored to 4 decimals; disabled for a custom bet, a lost
   * leg, or an open leg whose market is not active.
   */
  cashout(bet: SportBetRec): { multiplier: number; disabled: boolean } {
    if (bet.status !== 'active') return { multiplier: 0, disabled: true };
    let open = 1;
    let disabled = bet.customBet;
    for (const leg of bet.legs) {
      const result = leg.outcome.result;
      if (result === 'lost') return { multiplier: 0, disabled: true };
      if (result === null) {
        open *= leg.outcome.odds;
        if (leg.outcome.market.status !== 'active' || !leg.outcome.active) disabled = true;
      }
    }
    const fair = bet.legs.reduce((p, leg) => p * (leg.outcome.result === 'void' ? 1 : leg.odds), 1) / open;
    const multiplier = bet.cashoutOverride ?? Math.floor(fair * CASHOUT_MARGIN * 10_000) / 10_000;
    return { multiplier, disabled };
  }

  /** `cashoutSportBet`: at exactly the current offer, or refused. */
  cashOut(userId: string, betId: string, multiplier: number): SportBetRec {
    const bet = this.bets.find((b) => b.id === betId && b.userId === userId);
    if (bet === undefined) throw sportRefusal('cashout_disabled');
    const offer = this.cashout(bet);
    if (offer.disabled) throw sportRefusal('cashout_disabled');
    if (Math.abs(offer.multiplier - multiplier) > 1e-9) throw sportRefusal('cashout_changed');
    const info = currencyInfo(bet.currency) as CurrencyInfo;
    bet.payoutUnits = (bet.amountUnits * BigInt(Math.round(multiplier * 10_000))) / 10_000n;
    bet.payoutMultiplier = multiplier;
    bet.status = 'cashout';
    const balance = this.#ledger.credit(userId, info, bet.payoutUnits);
    this.#emitBalance(userId, info, bet.payoutUnits, balance, null);
    this.changed(bet);
    return bet;
  }

  /** Settles a market: `winners` won, its other outcomes lost (`'void'`: every outcome void); then every slip whose legs are all settled. */
  settle(market: MarketRec, winners: readonly string[] | 'void'): void {
    for (const outcome of market.outcomes) {
      outcome.result = winners === 'void' ? 'void' : winners.includes(outcome.id) ? 'won' : 'lost';
    }
    market.settled = true;
    market.status = 'deactivated';
    for (const bet of this.bets) {
      if (bet.status !== 'active' || !bet.legs.some((l) => l.outcome.market === market)) continue;
      if (bet.legs.some((l) => l.outcome.result === null)) {
        this.changed(bet);
        continue;
      }
      const lost = bet.legs.some((l) => l.outcome.result === 'lost');
      const multiplier = lost ? 0 : bet.legs.reduce((p, l) => p * (l.outcome.result === 'void' ? 1 : l.odds), 1);
      const info = currencyInfo(bet.currency) as CurrencyInfo;
      bet.payoutMultiplier = multiplier;
      bet.payoutUnits = lost ? 0n : (bet.amountUnits * BigInt(Math.round(multiplier * 1_000_000))) / 1_000_000n;
      bet.status = 'settled';
      if (bet.payoutUnits > 0n) {
        const balance = this.#ledger.credit(bet.userId, info, bet.payoutUnits);
        this.#emitBalance(bet.userId, info, bet.payoutUnits, balance, null);
      }
      this.changed(bet);
    }
  }

  /** Tells the `SportBets` feed (and `changes` listeners) that a slip changed. */
  changed(bet: SportBetRec): void {
    this.changes.emit('bet', bet);
    this.#events.emit('sport_bet', { user_id: bet.userId, bet: sportBetView({ book: this, ledger: this.#ledger, userId: null }, bet) });
  }

  /** The user's open slips, newest first. */
  active(userId: string): SportBetRec[] {
    return this.bets.filter((b) => b.userId === userId && b.status === 'active').reverse();
  }

  /** The user's finished slips, newest first, of the given site statuses (all when null). */
  finished(userId: string, statuses: readonly string[] | null): SportBetRec[] {
    return this.bets.filter((b) => b.userId === userId && b.status !== 'active' && (statuses === null || statuses.includes(b.status))).reverse();
  }

  byIid(iid: string): SportBetRec | undefined {
    return this.bets.find((b) => b.iid === iid);
  }

  byId(id: string): SportBetRec | undefined {
    return this.bets.find((b) => b.id === id);
  }

  amount(bet: SportBetRec, units: bigint): number {
    return fromMinorUnits(units, currencyInfo(bet.currency) as CurrencyInfo);
  }

  #emitBalance(userId: string, info: CurrencyInfo, change: bigint, balance: bigint, identifier: string | null): void {
    if (change === 0n) return;
    this.#events.emit('balance', {
      user_id: userId, currency: info.name, amount: fromMinorUnits(change, info), balance: fromMinorUnits(balance, info), identifier,
    });
  }

  #index(fixture: FixtureRec): void {
    this.#fixtures.set(fixture.slug, fixture);
    for (const t of fixture.templates) {
      for (const m of t.markets) {
        this.#markets.set(m.id, m);
        for (const o of m.outcomes) this.#outcomes.set(o.id, o);
      }
    }
  }
}

/** A same-game multi may not hold two outcomes of one market (ours: the site's compatibility table is not public). */
export function compatible(outcomes: readonly OutcomeRec[]): boolean {
  return new Set(outcomes.map((o) => o.market)).size === outcomes.length;
}
