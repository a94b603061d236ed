/**
 * The sportsbook's read documents, as public clients send them. Sources
 * (keys of shared/research/site-coverage.md §1, where each document
 * is quoted in full): SLOT = swqstake-bot/sportslots@05037ce
 * src/api/queries.ts ("Ported from StakeSportsQueries.cs"); KAS = search-index
 * file 54492260599; ARB = file 55072958887. Where a selection differs from
 * the source, the comment above the document says how and why.
 */
import { typed_document } from '../../operations/documents/typed.js';
import type { Provider } from '../types.js';

/** `SportSearchEnum`: which fixtures a list holds (SLOT; file 42466936257). */
export type SportSearch = 'upcoming' | 'live' | 'active' | 'popular' | 'all';

/** `SportTypeEnum`: `sport` is sourced (SLOT); `esport` is the probable other value [unverified, §5.2]. */
export type SportType = 'sport' | 'esport';

/** A market group as `allGroups` lists it. */
export interface GroupName {
  readonly id: string;
  readonly name: string;
  readonly translation: string;
  readonly rank: number;
}

/** One entry of `sportList`. */
export interface SportSummary {
  readonly id: string;
  readonly name: string;
  readonly slug: string;
  readonly fixtureCount: number;
  readonly allGroups: readonly GroupName[];
}

/** `SportListMenu` (SLOT, complete). */
export const SportListMenu = typed_document<
  { readonly sportList: readonly SportSummary[] },
  { readonly type: SportSearch; readonly limit?: number; readonly offset?: number; readonly liveRank?: boolean; readonly sportType?: SportType | null }
>(/* GraphQL */ `
query SportListMenu($type: SportSearchEnum!, $limit: Int = 100, $offset: Int = 0, $liveRank: Boolean = false, $sportType: SportTypeEnum) {
  sportList(type: $type, limit: $limit, offset: $offset, liveRank: $liveRank, sportType: $sportType) {
    id name slug fixtureCount(type: $type)
    allGroups { name translation rank id } } }
`);

/** A tournament of `TournamentTableList`. */
export interface TournamentSummary {
  readonly id: string;
  readonly name: string;
  readonly slug: string;
  readonly fixtureCount: number;
}

/** A category of `TournamentTableList` with its tournaments. */
export interface CategorySummary extends TournamentSummary {
  readonly tournamentList: readonly TournamentSummary[];
}

/** The answer of `TournamentTableList`. */
export interface SportTournaments {
  readonly id: string;
  readonly name: string;
  readonly slug: string;
  readonly categoryList: readonly CategorySummary[];
}

/** `TournamentTableList` (SLOT, complete): sport → categories → tournaments. */
export const TournamentTableList = typed_document<{ readonly slugSport: SportTournaments }, { readonly sport: string }>(/* GraphQL */ `
query TournamentTableList($sport: String!) {
  slugSport(sport: $sport) { id name slug
    categoryList(limit: 100, type: active) { id name slug fixtureCount(type: active)
      tournamentList(limit: 50, type: active) { id name slug fixtureCount(type: active) } } } }
`);

/** One outcome of a market, with its decimal `odds`. */
export interface Outcome {
  readonly id: string;
  readonly active: boolean;
  readonly odds: number;
  readonly name: string;
  readonly customBetAvailable: boolean;
}

/** `SportMarketStatusEnum` values (SLOT, MCS): only `active` takes bets. */
export type MarketStatus = 'active' | 'suspended' | 'deactivated';

/** One market; `specifiers` (e.g. `total=2.5`) tells lines of one market apart. */
export interface Market {
  readonly id: string;
  readonly name: string;
  readonly status: MarketStatus | (string & {});
  readonly extId: string;
  readonly specifiers: string;
  readonly customBetAvailable: boolean;
  readonly provider: Provider;
  readonly outcomes: readonly Outcome[];
}

/** A market template (a kind of market) and its markets. */
export interface MarketTemplate {
  readonly extId: string;
  readonly rank: number;
  readonly name: string;
  readonly markets: readonly Market[];
}

/** A market group (`main`, `goals`, `winner`, ...) of a fixture. */
export interface MarketGroup {
  readonly name: string;
  readonly translation: string;
  readonly rank: number;
  readonly id?: string;
  readonly templates: readonly MarketTemplate[];
}

/** A fixture's teams and start, or an outright's. */
export type FixtureData =
  | {
      readonly __typename: 'SportFixtureDataMatch';
      readonly startTime: string;
      readonly competitors: readonly { readonly name: string; readonly defaultName: string | null; readonly extId: string | null; readonly countryCode: string | null; readonly abbreviation: string | null; readonly iconPath: string | null }[];
      readonly teams: readonly { readonly name: string; readonly qualifier: string | null }[];
    }
  | { readonly __typename: 'SportFixtureDataOutright'; readonly name: string; readonly startTime: string; readonly endTime: string | null };

/** A fixture of a list, with its headline markets (`markets(limit: 1)` per template). */
export interface FixturePreview {
  readonly id: string;
  readonly status: string;
  readonly slug: string;
  readonly name: string;
  readonly provider: Provider;
  readonly marketCount: number;
  readonly extId: string | null;
  readonly data: FixtureData;
  readonly tournament: {
    readonly id: string; readonly name: string; readonly slug: string;
    readonly category: { readonly id: string; readonly name: string; readonly slug: string; readonly cashoutEnabled: boolean; readonly sport: { readonly id: string; readonly name: string; readonly slug: string } };
  };
  readonly eventStatus: { readonly __typename: string; readonly homeScore: number | null; readonly awayScore: number | null; readonly matchStatus: string | null } | null;
  readonly groups: readonly MarketGroup[];
}

// SLOT's fragments; its stream, UFC, same-game-multi and esports-scoreboard fragments are left out (site-coverage.md §1.4 keeps every other field).
const FIXTURE_FRAGMENTS = /* GraphQL */ `
fragment FixturePreview on SportFixture {
  id status slug name provider marketCount(status: [active, suspended]) extId
  data { __typename
    ... on SportFixtureDataMatch { startTime competitors { name defaultName extId countryCode abbreviation iconPath } teams { name qualifier } }
    ... on SportFixtureDataOutright { name startTime endTime } }
  tournament { id name slug category { id name slug cashoutEnabled sport { id name slug } } }
  eventStatus {
    ... on SportFixtureEventStatusData { __typename homeScore awayScore matchStatus clock { matchTime remainingTime }
      periodScores { homeScore awayScore matchStatus } currentTeamServing homeGameScore awayGameScore }
    ... on EsportFixtureEventStatus { __typename matchStatus homeScore awayScore } } }
fragment SportGroupTemplates on SportGroup {
  name translation rank
  templates(limit: 10, includeEmpty: true) { extId rank name
    markets(limit: 1) { id name status extId specifiers customBetAvailable provider
      outcomes { __typename id active odds name customBetAvailable } } } }
`;

/** Variables of `FixtureList`. */
export interface FixtureListVariables {
  readonly type: SportSearch;
  readonly groups: string;
  readonly offset: number;
  readonly limit: number;
  readonly sportType?: SportType | null;
}

/** `FixtureList` (SLOT): upcoming and live fixtures, a page at a time. */
export const FixtureList = typed_document<{ readonly fixtureCount: number; readonly fixtureList: readonly FixturePreview[] }, FixtureListVariables>(/* GraphQL */ `
query FixtureList($type: SportSearchEnum!, $groups: String!, $offset: Int!, $limit: Int!, $sportType: SportTypeEnum) {
  fixtureCount(type: $type, sportType: $sportType)
  fixtureList(type: $type, limit: $limit, offset: $offset, sportType: $sportType) {
    ...FixturePreview
    groups(groups: [$groups], status: [active, suspended, deactivated]) { ...SportGroupTemplates } } }
${FIXTURE_FRAGMENTS}`);

/** Variables of `SlugTournamentFixtureList`. */
export interface TournamentFixturesVariables {
  readonly sport: string;
  readonly category: string;
  readonly tournament: string;
  readonly group: string;
  readonly type: SportSearch;
  readonly limit: number;
}

/**
 * `SlugTournamentFixtureList` (SLOT): one tournament's fixtures. Its
 * variables and `slugTournament { id name slug fixtureList(type:, limit:)
 * { ...FixturePreview groups(...) } }` are SLOT's (§1.1); the fragments and
 * the `groups` arguments are FixtureList's. The document has no offset: one page.
 */
export const SlugTournamentFixtureList = typed_document<
  { readonly slugTournament: { readonly id: string; readonly name: string; readonly slug: string; readonly fixtureList: readonly FixturePreview[] } },
  TournamentFixturesVariables
>(/* GraphQL */ `
query SlugTournamentFixtureList($sport: String!, $category: String!, $tournament: String!, $group: String!, $type: SportSearchEnum!, $limit: Int!) {
  slugTournament(sport: $sport, category: $category, tournament: $tournament) { id name slug
    fixtureList(type: $type, limit: $limit) {
      ...FixturePreview
      groups(groups: [$group], status: [active, suspended, deactivated]) { ...SportGroupTemplates } } } }
${FIXTURE_FRAGMENTS}`);

/** A fixture with every market of the groups asked for. */
export interface FixtureMarkets {
  readonly id: string;
  readonly slug: string;
  readonly name: string;
  readonly status: string;
  readonly groups: readonly MarketGroup[];
}

/**
 * `FetchFixtureMarkets` (SLOT, complete), plus the fixture's `status`, which
 * KAS's `FixtureIndex` selects on the same `slugFixture` (the watch reports
 * a fixture going live or ending).
 */
export const FetchFixtureMarkets = typed_document<{ readonly slugFixture: FixtureMarkets }, { readonly fixture: string; readonly groups: readonly string[] }>(/* GraphQL */ `
query FetchFixtureMarkets($fixture: String!, $groups: [String!]!) {
  slugFixture(fixture: $fixture) { id slug name status
    groups(groups: $groups, status: [active, suspended, deactivated]) {
      name translation rank id
      templates(limit: 50, includeEmpty: false) { extId rank name
        markets(limit: 50) { id name status extId specifiers customBetAvailable provider
          outcomes { __typename id active odds name customBetAvailable } } } } } }
`);

/** One outcome re-read just before a bet. */
export interface OutcomeCheck {
  readonly id: string;
  readonly name: string;
  readonly odds: number;
  readonly market: {
    readonly id: string; readonly name: string; readonly status: MarketStatus | (string & {}); readonly provider: Provider;
    readonly fixture: { readonly id: string; readonly slug: string; readonly status: string };
  };
}

/** `SportBet_SportMarketOutcome` (ARB and its bundle): one outcome, re-checked before every bet. */
export const SportBet_SportMarketOutcome = typed_document<{ readonly sportMarketOutcome: OutcomeCheck }, { readonly outcomeId: string; readonly provider: Provider }>(/* GraphQL */ `
query SportBet_SportMarketOutcome($outcomeId: String!, $provider: SportsbookOddsProviderEnum!) {
  sportMarketOutcome(outcomeId: $outcomeId, provider: $provider) { id name odds
    market { id name status provider fixture { id slug status } } } }
`);

/** The answer of `customBetOdds`. */
export interface CustomBetOdds {
  readonly odds: number;
  readonly compatibleSelections: readonly {
    readonly conflict: boolean; readonly marketId: string; readonly specifiers: string;
    readonly outcomes: readonly { readonly conflict: boolean; readonly id: string }[];
  }[];
}

/** `customBetOdds` (KAS): whether selections of one fixture combine into a same-game multi, and at what odds. */
export const customBetOdds = typed_document<{ readonly customBetOdds: CustomBetOdds }, { readonly selections: readonly string[] }>(/* GraphQL */ `
query customBetOdds($selections: [String!]!) {
  customBetOdds(selections: $selections) { odds compatibleSelections { conflict marketId specifiers outcomes { conflict id } } } }
`);
