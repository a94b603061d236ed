/**
 * The sandbox sportsbook's records: sports → categories → tournaments →
 * fixtures → groups of market templates → markets → outcomes, and the slips
 * booked against them. Plain mutable records; the book (book.ts) owns them.
 */

/** A fixture's state. The site's values are not public as an enum (site-coverage.md §1.2, §5.2): `active` (pre-match) and `live` are the ones bots compare against; `ended` and `cancelled` are ours. */
export type FixtureStatus = 'active' | 'live' | 'ended' | 'cancelled';

/** `SportMarketStatusEnum`'s values (sourced): only `active` takes bets. */
export type MarketStatus = 'active' | 'suspended' | 'deactivated';

/** How one outcome settled; null while open. */
export type OutcomeResult = 'won' | 'lost' | 'void' | null;

/** `SportsbookOddsProviderEnum`: `betradar` for sports, `oddin` for esports. */
export type Provider = 'betradar' | 'oddin';

export interface SportRec {
  readonly id: string;
  readonly name: string;
  readonly slug: string;
  readonly sportType: 'sport' | 'esport';
  readonly categories: CategoryRec[];
}

export interface CategoryRec {
  readonly id: string;
  readonly name: string;
  readonly slug: string;
  readonly cashoutEnabled: boolean;
  readonly sport: SportRec;
  readonly tournaments: TournamentRec[];
}

export interface TournamentRec {
  readonly id: string;
  readonly name: string;
  readonly slug: string;
  readonly category: CategoryRec;
  readonly fixtures: FixtureRec[];
}

export interface OutcomeRec {
  readonly id: string;
  readonly name: string;
  odds: number;
  active: boolean;
  readonly customBetAvailable: boolean;
  readonly market: MarketRec;
  result: OutcomeResult;
}

export interface MarketRec {
  readonly id: string;
  readonly name: string;
  status: MarketStatus;
  readonly extId: string;
  readonly specifiers: string;
  readonly customBetAvailable: boolean;
  readonly template: TemplateRec;
  readonly outcomes: OutcomeRec[];
  settled: boolean;
}

export interface TemplateRec {
  readonly id: string;
  readonly extId: string;
  readonly rank: number;
  readonly name: string;
  /** The market group it is shown under (`main`, `goals`, `winner`, ...). */
  readonly group: string;
  readonly fixture: FixtureRec;
  readonly markets: MarketRec[];
}

export interface FixtureRec {
  readonly id: string;
  readonly slug: string;
  readonly name: string;
  status: FixtureStatus;
  readonly provider: Provider;
  readonly startTime: string;
  readonly tournament: TournamentRec;
  readonly home: string;
  readonly away: string;
  readonly templates: TemplateRec[];
  homeScore: number;
  awayScore: number;
}

/** One leg of a slip: the odds it was booked at, and how it settled. */
export interface LegRec {
  readonly id: string;
  readonly outcome: OutcomeRec;
  readonly odds: number;
}

/** A booked slip (`SportBet`). Amounts in minor units. */
export interface SportBetRec {
  readonly id: string;
  /** The share id (`Bet.iid`); the site's form for sport bets is not public, `sport:N` is ours. */
  readonly iid: string;
  readonly userId: string;
  readonly currency: string;
  readonly amountUnits: bigint;
  readonly legs: readonly LegRec[];
  readonly customBet: boolean;
  readonly identifier: string | null;
  readonly createdAt: number;
  /** `active` while open, then `settled`, `cashout` or `cancelled`. */
  status: 'active' | 'settled' | 'cashout' | 'cancelled';
  payoutUnits: bigint;
  payoutMultiplier: number;
  /** A multiplier the test set; null: computed from the odds (book.ts). */
  cashoutOverride: number | null;
}

/** What the GraphQL views need of the book (book.ts implements it; views.ts does not import the book). */
export interface BookView {
  /** Remembers the odds `userId` was shown for `outcome`. */
  served(userId: string | null, outcome: OutcomeRec): void;
  /** The slip's live cashout offer. */
  cashout(bet: SportBetRec): { multiplier: number; disabled: boolean };
  /** Minor units of the slip's currency as currency units. */
  amount(bet: SportBetRec, units: bigint): number;
  /** The slip's total odds. */
  potential(bet: SportBetRec): number;
}
