/**
 * `sandbox.sports`: the test's levers on the sandbox sportsbook. Every
 * method checks its input (TypeError / RangeError naming the argument) and
 * changes nothing on a bad one.
 */
import type { SportsBook } from './book.js';
import type { FixtureSpec } from './card.js';
import type { FixtureRec, MarketStatus, SportBetRec } from './model.js';
import { SPORT_REFUSALS, type SportRefusal } from './refusals.js';

export type { FixtureSpec } from './card.js';
export type { SportRefusal } from './refusals.js';

/** One outcome as the sandbox holds it. */
export interface SandboxOutcomeInfo {
  readonly id: string;
  readonly name: string;
  readonly odds: number;
  readonly active: boolean;
}

/** One market as the sandbox holds it. */
export interface SandboxMarketInfo {
  readonly id: string;
  readonly name: string;
  readonly status: MarketStatus;
  readonly specifiers: string;
  readonly group: string;
  readonly outcomes: readonly SandboxOutcomeInfo[];
}

/** One fixture as the sandbox holds it (a snapshot). */
export interface SandboxFixtureInfo {
  readonly id: string;
  readonly slug: string;
  readonly name: string;
  readonly status: string;
  readonly sport: string;
  /** The tournament's slug. */
  readonly tournament: string;
  readonly provider: string;
  readonly markets: readonly SandboxMarketInfo[];
}

/** One slip the sandbox booked (a snapshot): what tests count and compare with. */
export interface SandboxSportBetInfo {
  readonly id: string;
  readonly iid: string;
  readonly user_id: string;
  readonly status: string;
  readonly amount: number;
  readonly currency: string;
  readonly payout: number;
  readonly identifier: string | null;
  readonly legs: readonly { readonly outcome_id: string; readonly odds: number; readonly result: string | null }[];
}

/** Root fields a refusal or an odds move can be queued for. */
export type SportsField =
  | 'sportList' | 'slugSport' | 'slugTournament' | 'slugFixture' | 'fixtureCount' | 'fixtureList' | 'sportMarketOutcome'
  | 'customBetOdds' | 'sportBet' | 'customSportBet' | 'cashoutSportBet' | 'activeSportBets' | 'activeSportBetCount' | 'sportBetList';

const FIELDS: readonly string[] = [
  'sportList', 'slugSport', 'slugTournament', 'slugFixture', 'fixtureCount', 'fixtureList', 'sportMarketOutcome',
  'customBetOdds', 'sportBet', 'customSportBet', 'cashoutSportBet', 'activeSportBets', 'activeSportBetCount', 'sportBetList',
];

/** The sandbox sportsbook's levers (`sandbox.sports`). */
export interface SandboxSportsbook {
  /** Every fixture now, in card order. */
  fixtures(): SandboxFixtureInfo[];
  /** One fixture by slug. @throws RangeError when there is none. */
  fixture(slug: string): SandboxFixtureInfo;
  /** Adds a fixture (to the sport's first tournament) and returns it. */
  add_fixture(spec?: FixtureSpec): SandboxFixtureInfo;
  /** Sets an outcome's decimal odds now (above 1, finite). */
  set_odds(outcome_id: string, odds: number): void;
  /**
   * Sets an outcome's odds when the next request reaching `field` arrives,
   * before it is answered: e.g. `'sportBet'` moves them between a client's
   * re-read and its bet, the race `oddsChange` is about.
   */
  move_odds_on(field: SportsField, outcome_id: string, odds: number): void;
  /** Sets a market's status (`active`, `suspended`, `deactivated`). */
  set_market_status(market_id: string, status: MarketStatus): void;
  /** Sets a fixture's status (`active` pre-match, `live`, `ended`, `cancelled`). */
  set_fixture_status(slug: string, status: FixtureRec['status']): void;
  /** Settles a market: `winners` won, the rest lost; `'void'` voids all. Slips whose legs are all settled pay out. */
  settle_market(market_id: string, winners: readonly string[] | 'void'): void;
  /** Fixes a slip's cashout multiplier (null: back to the one computed from the odds). */
  set_cashout_multiplier(bet_id: string, multiplier: number | null): void;
  /** The largest stake of a currency (null: no limit); above it `rejectedBetLimitExceededForBetReoffer`. */
  set_max_bet(currency: string, amount: number | null): void;
  /** Makes the next request reaching `field` fail with `refusal` (nothing is processed). */
  refuse_next(field: SportsField, refusal: SportRefusal): void;
  /** Every slip booked so far, oldest first. */
  bets(): SandboxSportBetInfo[];
}

function text(value: unknown, name: string): string {
  if (typeof value !== 'string') throw new TypeError(`sports: ${name} must be a string`);
  if (value.length === 0 || value.length > 200) throw new RangeError(`sports: ${name} must be 1 to 200 characters`);
  return value;
}

function oddsValue(value: unknown): number {
  if (typeof value !== 'number') throw new TypeError('sports: odds must be a number');
  if (!Number.isFinite(value) || value <= 1 || value > 1_000_000) throw new RangeError('sports: odds must be above 1 and at most 1000000');
  return value;
}

function field(value: unknown): string {
  if (typeof value !== 'string' || !FIELDS.includes(value)) throw new RangeError(`sports: field must be one of ${FIELDS.join(', ')}`);
  return value;
}

/** Builds the snapshot of a fixture. */
function info(fixture: FixtureRec): SandboxFixtureInfo {
  return {
    id: fixture.id,
    slug: fixture.slug,
    name: fixture.name,
    status: fixture.status,
    sport: fixture.tournament.category.sport.slug,
    tournament: fixture.tournament.slug,
    provider: fixture.provider,
    markets: fixture.templates.flatMap((t) => t.markets.map((m) => ({
      id: m.id, name: m.name, status: m.status, specifiers: m.specifiers, group: t.group,
      outcomes: m.outcomes.map((o) => ({ id: o.id, name: o.name, odds: o.odds, active: o.active })),
    }))),
  };
}

/** The levers over one book. */
export class SportsControl implements SandboxSportsbook {
  readonly #book: SportsBook;

  constructor(book: SportsBook) {
    this.#book = book;
  }

  fixtures(): SandboxFixtureInfo[] {
    return this.#book.allFixtures().map(info);
  }

  fixture(slug: string): SandboxFixtureInfo {
    return info(this.#fixture(slug));
  }

  add_fixture(spec: FixtureSpec = {}): SandboxFixtureInfo {
    if (typeof spec !== 'object' || spec === null) throw new TypeError('sports: add_fixture needs an object');
    const markets = spec.markets ?? 2;
    if (!Number.isInteger(markets) || markets < 1 || markets > 250) throw new RangeError('sports: markets must be an integer 1 to 250');
    if (spec.status !== undefined && spec.status !== 'active' && spec.status !== 'live') throw new RangeError('sports: status must be "active" or "live"');
    if (spec.home !== undefined) text(spec.home, 'home');
    if (spec.away !== undefined) text(spec.away, 'away');
    return info(this.#book.addFixture(spec));
  }

  set_odds(outcome_id: string, odds: number): void {
    const value = oddsValue(odds);
    this.#outcome(outcome_id).odds = value;
  }

  move_odds_on(on: SportsField, outcome_id: string, odds: number): void {
    const name = field(on);
    const value = oddsValue(odds);
    this.#outcome(outcome_id);
    this.#book.queueMove(name, outcome_id, value);
  }

  set_market_status(market_id: string, status: MarketStatus): void {
    if (status !== 'active' && status !== 'suspended' && status !== 'deactivated') throw new RangeError('sports: status must be active, suspended or deactivated');
    this.#market(market_id).status = status;
  }

  set_fixture_status(slug: string, status: FixtureRec['status']): void {
    if (!['active', 'live', 'ended', 'cancelled'].includes(status)) throw new RangeError('sports: status must be active, live, ended or cancelled');
    this.#fixture(slug).status = status;
  }

  settle_market(market_id: string, winners: readonly string[] | 'void'): void {
    const market = this.#market(market_id);
    if (market.settled) throw new RangeError(`sports: market ${market_id} is settled already`);
    if (winners !== 'void') {
      if (!Array.isArray(winners)) throw new TypeError('sports: winners must be an array of outcome ids or "void"');
      for (const id of winners) if (!market.outcomes.some((o) => o.id === id)) throw new RangeError(`sports: ${String(id)} is not an outcome of that market`);
    }
    this.#book.settle(market, winners);
  }

  set_cashout_multiplier(bet_id: string, multiplier: number | null): void {
    const bet = this.#bet(bet_id);
    if (multiplier !== null && (typeof multiplier !== 'number' || !Number.isFinite(multiplier) || multiplier < 0)) {
      throw new RangeError('sports: multiplier must be a finite number >= 0 or null');
    }
    bet.cashoutOverride = multiplier;
    this.#book.changed(bet);
  }

  set_max_bet(currency: string, amount: number | null): void {
    text(currency, 'currency');
    if (amount !== null && (typeof amount !== 'number' || !Number.isFinite(amount) || amount < 0)) throw new RangeError('sports: amount must be a finite number >= 0 or null');
    this.#book.setMaxBet(currency, amount);
  }

  refuse_next(on: SportsField, refusal: SportRefusal): void {
    const name = field(on);
    if (!SPORT_REFUSALS.includes(refusal)) throw new RangeError(`sports: refusal must be one of ${SPORT_REFUSALS.join(', ')}`);
    this.#book.queueRefusal(name, refusal);
  }

  bets(): SandboxSportBetInfo[] {
    return this.#book.bets.map((b: SportBetRec) => ({
      id: b.id, iid: b.iid, user_id: b.userId, status: b.status, currency: b.currency,
      amount: this.#book.amount(b, b.amountUnits), payout: this.#book.amount(b, b.payoutUnits), identifier: b.identifier,
      legs: b.legs.map((l) => ({ outcome_id: l.outcome.id, odds: l.odds, result: l.outcome.result })),
    }));
  }

  #fixture(slug: string): FixtureRec {
    text(slug, 'slug');
    try {
      return this.#book.fixture(slug);
    } catch {
      throw new RangeError(`sports: no fixture ${slug}`);
    }
  }

  #outcome(id: string) {
    text(id, 'outcome_id');
    try {
      return this.#book.outcome(id);
    } catch {
      throw new RangeError(`sports: no outcome ${id}`);
    }
  }

  #market(id: string) {
    text(id, 'market_id');
    try {
      return this.#book.market(id);
    } catch {
      throw new RangeError(`sports: no market ${id}`);
    }
  }

  #bet(id: string): SportBetRec {
    text(id, 'bet_id');
    const bet = this.#book.byId(id);
    if (bet === undefined) throw new RangeError(`sports: no slip ${id}`);
    return bet;
  }
}
