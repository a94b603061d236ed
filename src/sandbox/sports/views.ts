/**
 * The GraphQL shapes of the sportsbook's records. Fields that are functions
 * resolve only when selected; union members carry `__typename`. Reading an
 * outcome's `odds` as a logged-in user is what "served" means in book.ts.
 */
import type { Ledger } from '../ledger.js';
import { checkRange } from '../refusals.js';
import { userView } from '../views.js';
import { listed } from './card.js';
import type { BookView, CategoryRec, FixtureRec, MarketRec, OutcomeRec, SportBetRec, SportRec, TemplateRec, TournamentRec } from './model.js';

/** Who reads: the book serves odds to this user (null: anonymous). */
export interface SportsViewer {
  readonly book: BookView;
  readonly ledger: Ledger;
  readonly userId: string | null;
}

/** Largest page of fixtures and bets (SLOT: `number_less_equal` above 50). */
export const MAX_SPORTS_PAGE = 50;

type TypeArg = { readonly type?: string | null };

function count(fixtures: readonly FixtureRec[], type: string | null | undefined): number {
  let n = 0;
  for (const f of fixtures) if (listed(f.status, type ?? 'all')) n++;
  return n;
}

function fixturesOfSport(sport: SportRec): FixtureRec[] {
  return sport.categories.flatMap((c) => c.tournaments.flatMap((t) => t.fixtures));
}

/** `Sport`. */
export function sportView(v: SportsViewer, sport: SportRec) {
  const all = fixturesOfSport(sport);
  return {
    id: sport.id,
    name: sport.name,
    slug: sport.slug,
    fixtureCount: (args: TypeArg) => count(all, args.type),
    allGroups: () => [...new Set(all.flatMap((f) => f.templates.map((t) => t.group)))].map((name, rank) => ({
      id: `${sport.id}:${name}`, name, translation: name, rank, templates: () => [],
    })),
    categoryList: (args: { limit?: number | null } & TypeArg) =>
      sport.categories
        .filter((c) => count(c.tournaments.flatMap((t) => t.fixtures), args.type) > 0)
        .slice(0, args.limit ?? 100)
        .map((c) => categoryView(v, c)),
  };
}

function categoryView(v: SportsViewer, category: CategoryRec) {
  return {
    id: category.id,
    name: category.name,
    slug: category.slug,
    cashoutEnabled: category.cashoutEnabled,
    sport: () => sportView(v, category.sport),
    fixtureCount: (args: TypeArg) => count(category.tournaments.flatMap((t) => t.fixtures), args.type),
    tournamentList: (args: { limit?: number | null } & TypeArg) =>
      category.tournaments.filter((t) => count(t.fixtures, args.type) > 0).slice(0, args.limit ?? 50).map((t) => tournamentView(v, t)),
  };
}

/** `SportTournament`. */
export function tournamentView(v: SportsViewer, tournament: TournamentRec) {
  return {
    id: tournament.id,
    name: tournament.name,
    slug: tournament.slug,
    category: () => categoryView(v, tournament.category),
    fixtureCount: (args: TypeArg) => count(tournament.fixtures, args.type),
    fixtureList: (args: { type: string; limit: number; offset?: number | null }) =>
      page(tournament.fixtures.filter((f) => listed(f.status, args.type)), args.limit, args.offset).map((f) => fixtureView(v, f)),
  };
}

/** One page of `items`, refused as the site refuses a limit above 50. */
export function page<T>(items: readonly T[], limit: number, offset: number | null | undefined): T[] {
  checkRange('limit', limit, 1, MAX_SPORTS_PAGE);
  checkRange('offset', offset ?? 0, 0, Number.MAX_SAFE_INTEGER);
  return items.slice(offset ?? 0, (offset ?? 0) + limit);
}

function statusFilter(status: readonly string[] | null | undefined): (m: MarketRec) => boolean {
  return status === null || status === undefined ? () => true : (m) => status.includes(m.status);
}

/** `SportFixture`. */
export function fixtureView(v: SportsViewer, fixture: FixtureRec) {
  const esport = fixture.provider === 'oddin';
  return {
    id: fixture.id,
    slug: fixture.slug,
    name: fixture.name,
    status: fixture.status,
    provider: fixture.provider,
    extId: fixture.slug.slice(0, fixture.slug.indexOf('-')),
    marketCount: (args: { status?: readonly string[] | null }) => fixture.templates.flatMap((t) => t.markets).filter(statusFilter(args.status)).length,
    data: {
      __typename: 'SportFixtureDataMatch',
      startTime: fixture.startTime,
      competitors: [fixture.home, fixture.away].map((name) => ({ name, defaultName: name, extId: null, countryCode: null, abbreviation: name.slice(0, 3).toUpperCase(), iconPath: null })),
      teams: [{ name: fixture.home, qualifier: 'home' }, { name: fixture.away, qualifier: 'away' }],
    },
    tournament: () => tournamentView(v, fixture.tournament),
    eventStatus: fixture.status !== 'live' ? null : esport
      ? { __typename: 'EsportFixtureEventStatus', matchStatus: 'started', homeScore: fixture.homeScore, awayScore: fixture.awayScore }
      : {
          __typename: 'SportFixtureEventStatusData', homeScore: fixture.homeScore, awayScore: fixture.awayScore, matchStatus: 'in_play',
          clock: null, periodScores: [], currentTeamServing: null, homeGameScore: null, awayGameScore: null,
        },
    groups: (args: { groups: readonly string[]; status?: readonly string[] | null }) => {
      const keep = statusFilter(args.status);
      return args.groups.flatMap((name, rank) => {
        const templates = fixture.templates.filter((t) => t.group === name);
        if (templates.length === 0) return [];
        return [{
          id: `${fixture.id}:${name}`, name, translation: name, rank,
          templates: (a: { limit?: number | null; includeEmpty?: boolean | null }) =>
            templates
              .filter((t) => a.includeEmpty === true || t.markets.some(keep))
              .slice(0, a.limit ?? 50)
              .map((t) => templateView(v, t, keep)),
        }];
      });
    },
  };
}

function templateView(v: SportsViewer, template: TemplateRec, keep: (m: MarketRec) => boolean) {
  return {
    id: template.id,
    extId: template.extId,
    rank: template.rank,
    name: template.name,
    markets: (args: { limit?: number | null }) => template.markets.filter(keep).slice(0, args.limit ?? 50).map((m) => marketView(v, m)),
  };
}

/** `SportMarket`. */
export function marketView(v: SportsViewer, market: MarketRec) {
  return {
    id: market.id,
    name: market.name,
    status: market.status,
    extId: market.extId,
    specifiers: market.specifiers,
    customBetAvailable: market.customBetAvailable,
    provider: market.template.fixture.provider,
    outcomes: () => market.outcomes.map((o) => outcomeView(v, o)),
    fixture: () => fixtureView(v, market.template.fixture),
  };
}

/** `SportMarketOutcome`: reading `odds` serves them to the viewer. */
export function outcomeView(v: SportsViewer, outcome: OutcomeRec) {
  return {
    id: outcome.id,
    name: outcome.name,
    odds: () => {
      v.book.served(v.userId, outcome);
      return outcome.odds;
    },
    active: outcome.active,
    customBetAvailable: outcome.customBetAvailable,
    market: () => marketView(v, outcome.market),
  };
}

/** `SportBet`. */
export function sportBetView(v: SportsViewer, bet: SportBetRec) {
  const { book } = v;
  // Another user's slip is never shown with the viewer's odds memory.
  const quiet: SportsViewer = { ...v, userId: null };
  return {
    __typename: 'SportBet',
    id: bet.id,
    active: bet.status === 'active',
    status: bet.status,
    customBet: bet.customBet,
    cashoutDisabled: () => book.cashout(bet).disabled,
    amount: book.amount(bet, bet.amountUnits),
    currency: bet.currency,
    payout: book.amount(bet, bet.payoutUnits),
    potentialMultiplier: book.potential(bet),
    payoutMultiplier: bet.payoutMultiplier,
    cashoutMultiplier: () => book.cashout(bet).multiplier,
    createdAt: new Date(bet.createdAt).toISOString(),
    bet: () => sportBetEntry(v, bet),
    user: () => userView(v.ledger, bet.userId),
    adjustments: [],
    outcomes: bet.legs.map((leg) => ({
      id: leg.id,
      odds: leg.odds,
      status: leg.outcome.result ?? 'pending',
      outcome: outcomeView(quiet, leg.outcome),
      market: () => marketView(quiet, leg.outcome.market),
      fixture: () => fixtureView(quiet, leg.outcome.market.template.fixture),
    })),
    customPrices: bet.customBet ? [{ customOdds: book.potential(bet), type: 'customBet', promotion: null }] : [],
  };
}

/** `Bet` wrapping a sport bet (history entries, `bet(iid:)`). */
export function sportBetEntry(v: SportsViewer, bet: SportBetRec) {
  return { id: bet.id, iid: bet.iid, type: 'sport', game: { name: 'Sports', slug: 'sports', icon: null }, bet: () => sportBetView(v, bet) };
}
