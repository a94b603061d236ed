/**
 * The sportsbook's root resolvers (spread into the sandbox's `ROOT`) and the
 * `User` fields it adds. Every field first passes `book.enter(field)`: the
 * site switch (stake.us: `serviceDisabled`), then the refusals and odds
 * moves a test queued for that field.
 */
import type { AuthVerdict } from '../auth.js';
import type { Ledger } from '../ledger.js';
import { SITE_ERROR_MESSAGES, SiteRefusal, checkRange } from '../refusals.js';
import type { SlipArgs, SportsBook } from './book.js';
import { compatible } from './book.js';
import { MAX_SPORTS_PAGE, fixtureView, outcomeView, page, sportBetEntry, sportBetView, sportView, tournamentView, type SportsViewer } from './views.js';

/** What the sports resolvers need of a request's context. */
export interface SportsContext {
  readonly auth: AuthVerdict;
  readonly ledger: Ledger;
  readonly sports: SportsBook;
  readonly onMutationExecuted: () => void;
}

function viewer(context: SportsContext): SportsViewer {
  const userId = context.auth.kind === 'ok' && context.ledger.user(context.auth.userId) !== undefined ? context.auth.userId : null;
  return { book: context.sports, ledger: context.ledger, userId };
}

function requireUser(context: SportsContext): SportsViewer {
  const v = viewer(context);
  if (v.userId !== null) return v;
  if (context.auth.kind === 'expired') throw new SiteRefusal('tokenExpired', SITE_ERROR_MESSAGES.tokenExpired);
  throw new SiteRefusal('notAuthenticated', SITE_ERROR_MESSAGES.notAuthenticated);
}

function notFound(): SiteRefusal {
  return new SiteRefusal('notFound', SITE_ERROR_MESSAGES.notFound);
}

/** The `Query` and `Mutation` fields of the sportsbook. */
export const SPORTS_ROOT = Object.freeze({
  sportList: (args: { type: string; limit?: number | null; offset?: number | null; sportType?: string | null }, context: SportsContext) => {
    context.sports.enter('sportList');
    const v = viewer(context);
    const limit = args.limit ?? 100;
    const offset = args.offset ?? 0;
    checkRange('limit', limit, 1, 100);
    checkRange('offset', offset, 0, Number.MAX_SAFE_INTEGER);
    return context.sports.sports
      .filter((s) => (args.sportType == null || s.sportType === args.sportType) && context.sports.fixtures(args.type, s.sportType).some((f) => f.tournament.category.sport === s))
      .slice(offset, offset + limit)
      .map((s) => sportView(v, s));
  },

  slugSport: (args: { sport: string }, context: SportsContext) => {
    context.sports.enter('slugSport');
    const sport = context.sports.sports.find((s) => s.slug === args.sport);
    if (sport === undefined) throw notFound();
    return sportView(viewer(context), sport);
  },

  slugTournament: (args: { sport: string; category: string; tournament: string }, context: SportsContext) => {
    context.sports.enter('slugTournament');
    const tournament = context.sports.sports
      .find((s) => s.slug === args.sport)?.categories.find((c) => c.slug === args.category)?.tournaments.find((t) => t.slug === args.tournament);
    if (tournament === undefined) throw notFound();
    return tournamentView(viewer(context), tournament);
  },

  slugFixture: (args: { fixture: string }, context: SportsContext) => {
    context.sports.enter('slugFixture');
    return fixtureView(viewer(context), context.sports.fixture(args.fixture));
  },

  fixtureCount: (args: { type: string; sportType?: string | null }, context: SportsContext) => {
    context.sports.enter('fixtureCount');
    return context.sports.fixtures(args.type, args.sportType ?? null).length;
  },

  fixtureList: (args: { type: string; limit: number; offset?: number | null; sportType?: string | null }, context: SportsContext) => {
    context.sports.enter('fixtureList');
    const v = viewer(context);
    return page(context.sports.fixtures(args.type, args.sportType ?? null), args.limit, args.offset).map((f) => fixtureView(v, f));
  },

  sportMarketOutcome: (args: { outcomeId: string; provider: string }, context: SportsContext) => {
    context.sports.enter('sportMarketOutcome');
    const outcome = context.sports.outcome(args.outcomeId);
    // The provider is part of the outcome's key (ARB sends it with every re-check).
    if (outcome.market.template.fixture.provider !== args.provider) context.sports.outcome('');
    return outcomeView(viewer(context), outcome);
  },

  customBetOdds: (args: { selections: readonly string[] }, context: SportsContext) => {
    context.sports.enter('customBetOdds');
    const outcomes = args.selections.map((id) => context.sports.outcome(id));
    const ok = compatible(outcomes) && new Set(outcomes.map((o) => o.market.template.fixture)).size <= 1;
    const markets = [...new Set(outcomes.map((o) => o.market))];
    return {
      odds: outcomes.reduce((p, o) => p * o.odds, 1),
      compatibleSelections: markets.map((m) => {
        const picked = outcomes.filter((o) => o.market === m);
        const conflict = !ok || !m.customBetAvailable || picked.length > 1;
        return { conflict, marketId: m.id, specifiers: m.specifiers, outcomes: picked.map((o) => ({ conflict, id: o.id })) };
      }),
    };
  },

  sportBet: (args: SlipArgs, context: SportsContext) => slip(args, context, false),
  customSportBet: (args: SlipArgs, context: SportsContext) => slip(args, context, true),

  cashoutSportBet: (args: { betId: string; multiplier: number }, context: SportsContext) => {
    const v = requireUser(context);
    context.sports.enter('cashoutSportBet');
    const bet = context.sports.cashOut(v.userId as string, args.betId, args.multiplier);
    context.onMutationExecuted();
    return sportBetView(v, bet);
  },
});

function slip(args: SlipArgs, context: SportsContext, custom: boolean) {
  const v = requireUser(context);
  context.sports.enter(custom ? 'customSportBet' : 'sportBet');
  const bet = context.sports.place(v.userId as string, args, custom);
  context.onMutationExecuted();
  return sportBetView(v, bet);
}

/** The `User` fields of the sportsbook, for the logged-in user's own object. */
export function sportsUserFields(context: SportsContext, userId: string) {
  const v: SportsViewer = { book: context.sports, ledger: context.ledger, userId };
  const own = (c: SportsContext) => {
    if (c.auth.kind !== 'ok' || c.auth.userId !== userId) throw new SiteRefusal('forbidden', SITE_ERROR_MESSAGES.forbidden);
  };
  return {
    activeSportBets: (args: { limit: number; offset: number }, c: SportsContext) => {
      own(c);
      c.sports.enter('activeSportBets');
      return page(c.sports.active(userId), args.limit, args.offset).map((b) => sportBetView(v, b));
    },
    activeSportBetCount: (_args: unknown, c: SportsContext) => {
      own(c);
      c.sports.enter('activeSportBetCount');
      return c.sports.active(userId).length;
    },
    sportBetList: (args: { limit: number; offset: number; status?: readonly string[] | null }, c: SportsContext) => {
      own(c);
      c.sports.enter('sportBetList');
      checkRange('limit', args.limit, 1, MAX_SPORTS_PAGE);
      return page(c.sports.finished(userId, args.status ?? null), args.limit, args.offset).map((b) => sportBetEntry(v, b));
    },
  };
}

/** `bet(iid:)` / `bet(betId:)` for a sport bet: the entry, or undefined when the id is not a sport bet's. */
export function sportBetLookup(context: SportsContext, args: { iid?: string | null; betId?: string | null }): ReturnType<typeof sportBetEntry> | undefined {
  const bet = args.iid != null ? context.sports.byIid(args.iid) : args.betId != null ? context.sports.byId(args.betId) : undefined;
  if (bet === undefined) return undefined;
  return sportBetEntry(viewer(context), bet);
}
