/**
 * Reading the sportsbook: sports, tournaments, fixtures (a page per call,
 * or every page through an async iterator), a fixture's markets, one
 * outcome, custom-bet odds, the user's slips. Every read remembers the
 * provider of each outcome it saw, which the bets use to re-read a leg.
 */
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import type { StakeClient } from '../facade/client.js';
import { DEFAULT_PAGE, MAX_PAGE, integer, name, object, search, signal, sport_type } from './check.js';
import {
  FetchActiveSportBets, FetchFinishedSportBets, SPORT_BET_STATUSES, SportBetLookup,
  type SportBet, type SportBetStatus,
} from './documents/bets.js';
import {
  FetchFixtureMarkets, FixtureList, SlugTournamentFixtureList, SportBet_SportMarketOutcome, SportListMenu, TournamentTableList, customBetOdds,
  type CustomBetOdds, type FixtureMarkets, type FixturePreview, type MarketGroup, type OutcomeCheck, type SportSearch, type SportSummary, type SportTournaments, type SportType,
} from './documents/read.js';
import { to_sports_error } from './errors.js';
import type { Provider } from './types.js';

/** What every sports call shares: the client, and the providers seen per outcome. */
export interface SportsCore {
  readonly client: StakeClient;
  readonly providers: Map<string, Provider>;
}

/** Outcomes whose provider is remembered; beyond it the memory starts over (a bet then falls back to the defaults). */
const MAX_PROVIDERS = 50_000;

/** Per-call options of every read. */
export interface SportsReadOptions {
  readonly signal?: AbortSignal | null;
}

/** Sends one read; the site's refusals become SportsErrors. */
export async function read<R, V>(core: SportsCore, document: TypedDocumentNode<R, V>, variables: V, abort: AbortSignal | null): Promise<R> {
  try {
    return await core.client.graphql(document, variables, { signal: abort });
  } catch (error) {
    throw to_sports_error(error, false);
  }
}

/** Remembers the provider of every outcome of these groups. */
export function remember(core: SportsCore, groups: readonly MarketGroup[]): void {
  if (core.providers.size > MAX_PROVIDERS) core.providers.clear();
  for (const group of groups) for (const t of group.templates) for (const m of t.markets) for (const o of m.outcomes) core.providers.set(o.id, m.provider);
}

/** Options of `list`. */
export interface ListOptions extends SportsReadOptions {
  /** `upcoming` (default) or `live` (any `SportSearchEnum` value). */
  readonly type?: SportSearch;
  readonly sportType?: SportType;
}

export async function list_sports(core: SportsCore, options: ListOptions = {}): Promise<readonly SportSummary[]> {
  const o = object(options, 'options');
  const variables = { type: search(o['type'], 'type', 'upcoming'), sportType: sport_type(o['sportType']) };
  return (await read(core, SportListMenu, variables, signal(o['signal']))).sportList;
}

export async function tournaments(core: SportsCore, sport: string, options: SportsReadOptions = {}): Promise<SportTournaments> {
  const o = object(options, 'options');
  return (await read(core, TournamentTableList, { sport: name(sport, 'sport') }, signal(o['signal']))).slugSport;
}

/** A tournament, by the slugs `tournaments()` lists. */
export interface TournamentRef {
  readonly sport: string;
  readonly category: string;
  readonly tournament: string;
}

/** Options of `fixtures` and `fixtures_all`. */
export interface FixturesOptions extends SportsReadOptions {
  /** `upcoming` (default), `live`, or any `SportSearchEnum` value. */
  readonly type?: SportSearch;
  /** The market group whose headline markets come with each fixture; default `main`. */
  readonly group?: string;
  /** Only this tournament's fixtures (`SlugTournamentFixtureList`: one page, no offset). */
  readonly tournament?: TournamentRef;
  readonly sportType?: SportType;
  /** Fixtures per page, 1 to 50 (the site's maximum); default 20 (`fixtures_all`: 50). */
  readonly limit?: number;
  /** Skip this many; default 0. Not with `tournament`. */
  readonly offset?: number;
}

interface FixturesQuery {
  readonly type: SportSearch;
  readonly group: string;
  readonly tournament: TournamentRef | null;
  readonly sportType: SportType | null;
  readonly limit: number;
  readonly offset: number;
  readonly signal: AbortSignal | null;
}

function fixtures_query(options: unknown, default_limit: number): FixturesQuery {
  const o = object(options, 'options');
  let tournament: TournamentRef | null = null;
  if (o['tournament'] !== undefined) {
    const t = object(o['tournament'], 'tournament');
    tournament = { sport: name(t['sport'], 'tournament.sport'), category: name(t['category'], 'tournament.category'), tournament: name(t['tournament'], 'tournament.tournament') };
  }
  const offset = integer(o['offset'], 'offset', 0, Number.MAX_SAFE_INTEGER, 0);
  if (tournament !== null && offset !== 0) throw new RangeError('offset must be 0 with tournament (the site\'s tournament list has no offset)');
  return {
    type: search(o['type'], 'type', 'upcoming'),
    group: o['group'] === undefined ? 'main' : name(o['group'], 'group'),
    tournament,
    sportType: sport_type(o['sportType']),
    limit: integer(o['limit'], 'limit', 1, MAX_PAGE, default_limit),
    offset,
    signal: signal(o['signal']),
  };
}

async function fixtures_page(core: SportsCore, q: FixturesQuery, offset: number): Promise<readonly FixturePreview[]> {
  let page: readonly FixturePreview[];
  if (q.tournament === null) {
    page = (await read(core, FixtureList, { type: q.type, groups: q.group, offset, limit: q.limit, sportType: q.sportType }, q.signal)).fixtureList;
  } else {
    page = (await read(core, SlugTournamentFixtureList, { ...q.tournament, group: q.group, type: q.type, limit: q.limit }, q.signal)).slugTournament.fixtureList;
  }
  for (const fixture of page) remember(core, fixture.groups);
  return page;
}

/** One page of fixtures with their headline markets. */
export async function fixtures(core: SportsCore, options: FixturesOptions = {}): Promise<readonly FixturePreview[]> {
  const q = fixtures_query(options, DEFAULT_PAGE);
  return fixtures_page(core, q, q.offset);
}

/** Every fixture, a page per request, until a short page. Options are checked at once. */
export function fixtures_all(core: SportsCore, options: FixturesOptions = {}): AsyncIterable<FixturePreview> {
  const q = fixtures_query(options, MAX_PAGE);
  return {
    async *[Symbol.asyncIterator]() {
      let offset = q.offset;
      for (;;) {
        const page = await fixtures_page(core, q, offset);
        yield* page;
        if (page.length < q.limit || q.tournament !== null) return;
        offset += page.length;
      }
    },
  };
}

/** Options of `fixture`. */
export interface FixtureOptions extends SportsReadOptions {
  /** Market groups to read (`main`, `goals`, `winner`, ...); default `['main']`. */
  readonly groups?: readonly string[];
}

export async function fixture(core: SportsCore, slug: string, options: FixtureOptions = {}): Promise<FixtureMarkets> {
  const o = object(options, 'options');
  const groups = o['groups'] === undefined ? ['main'] : o['groups'];
  if (!Array.isArray(groups)) throw new TypeError('groups must be an array of group names');
  if (groups.length === 0 || groups.length > 20) throw new RangeError('groups must hold 1 to 20 names');
  const checked = groups.map((g, i) => name(g, `groups[${i}]`));
  const found = (await read(core, FetchFixtureMarkets, { fixture: name(slug, 'slug'), groups: checked }, signal(o['signal']))).slugFixture;
  remember(core, found.groups);
  return found;
}

/** One outcome, re-read (its odds, its market's status, its fixture's). */
export async function outcome(core: SportsCore, outcomeId: string, provider: Provider, options: SportsReadOptions = {}): Promise<OutcomeCheck> {
  const o = object(options, 'options');
  const result = (await read(core, SportBet_SportMarketOutcome, { outcomeId: name(outcomeId, 'outcomeId'), provider: name(provider, 'provider') }, signal(o['signal']))).sportMarketOutcome;
  core.providers.set(result.id, result.market.provider);
  return result;
}

export async function custom_bet_odds(core: SportsCore, selections: readonly string[], options: SportsReadOptions = {}): Promise<CustomBetOdds> {
  const o = object(options, 'options');
  if (!Array.isArray(selections)) throw new TypeError('selections must be an array of outcome ids');
  const ids = selections.map((s, i) => name(s, `selections[${i}]`));
  return (await read(core, customBetOdds, { selections: ids }, signal(o['signal']))).customBetOdds;
}

/** Options of the bet lists. */
export interface BetsOptions extends SportsReadOptions {
  /** 1 to 50; default 20 (`*_all`: 50). */
  readonly limit?: number;
  readonly offset?: number;
}

/** Options of `finished_bets`. */
export interface FinishedBetsOptions extends BetsOptions {
  /** Only these statuses (`SportBetStatusEnum`); default all. */
  readonly status?: readonly SportBetStatus[];
}

export async function active_bets(core: SportsCore, options: BetsOptions = {}): Promise<readonly SportBet[]> {
  const o = object(options, 'options');
  const limit = integer(o['limit'], 'limit', 1, MAX_PAGE, DEFAULT_PAGE);
  const offset = integer(o['offset'], 'offset', 0, Number.MAX_SAFE_INTEGER, 0);
  return (await read(core, FetchActiveSportBets, { limit, offset }, signal(o['signal']))).user.activeSportBets;
}

function statuses(value: unknown): readonly SportBetStatus[] | null {
  if (value === undefined) return null;
  if (!Array.isArray(value)) throw new TypeError('status must be an array');
  for (const s of value) if (!SPORT_BET_STATUSES.includes(s as SportBetStatus)) throw new RangeError(`status must hold only ${SPORT_BET_STATUSES.join(', ')}`);
  return value as SportBetStatus[];
}

function finished_query(options: unknown, default_limit: number) {
  const o = object(options, 'options');
  return {
    limit: integer(o['limit'], 'limit', 1, MAX_PAGE, default_limit),
    offset: integer(o['offset'], 'offset', 0, Number.MAX_SAFE_INTEGER, 0),
    status: statuses(o['status']),
    signal: signal(o['signal']),
  };
}

async function finished_page(core: SportsCore, q: ReturnType<typeof finished_query>, offset: number): Promise<{ bets: SportBet[]; size: number }> {
  const page = (await read(core, FetchFinishedSportBets, { limit: q.limit, offset, status: q.status }, q.signal)).user.sportBetList;
  // Non-sport wrappers (no SportBet arm) are skipped; `size` still counts them for paging.
  return { bets: page.map((entry) => entry.bet).filter((b): b is SportBet => 'id' in b), size: page.length };
}

export async function finished_bets(core: SportsCore, options: FinishedBetsOptions = {}): Promise<readonly SportBet[]> {
  const q = finished_query(options, DEFAULT_PAGE);
  return (await finished_page(core, q, q.offset)).bets;
}

export function finished_bets_all(core: SportsCore, options: FinishedBetsOptions = {}): AsyncIterable<SportBet> {
  const q = finished_query(options, MAX_PAGE);
  return {
    async *[Symbol.asyncIterator]() {
      let offset = q.offset;
      for (;;) {
        const { bets, size } = await finished_page(core, q, offset);
        yield* bets;
        if (size < q.limit) return;
        offset += size;
      }
    },
  };
}

/** One sport bet by its share id. @throws RangeError before sending when `iid` is not a string of 1 to 200 characters. */
export async function sport_bet(core: SportsCore, iid: string, options: SportsReadOptions = {}): Promise<SportBet | null> {
  const o = object(options, 'options');
  const entry = (await read(core, SportBetLookup, { iid: name(iid, 'iid') }, signal(o['signal']))).bet;
  return 'id' in entry.bet ? (entry.bet as SportBet) : null;
}
