/**
 * The sportsbook's bet documents, as public clients send them (keys of
 * shared/research/site-coverage.md §1: SLOT = swqstake-bot/sportslots@05037ce,
 * ARB = file 55072958887, KAS = file 54492260599, MCS =
 * McSon2/stake-bot@792fb15, YUKI and file 20413227885 for the subscription).
 */
import { typed_document } from '../../operations/documents/typed.js';
import type { OddsChange, SportBetType } from '../types.js';

/** One leg of a booked slip, as `SportBetPreview_SportBet` reads it. */
export interface SportBetLeg {
  /** The leg's own id (not the outcome's: that is `outcome.id`). */
  readonly id: string;
  /** The odds the leg was booked at. */
  readonly odds: number;
  /** The leg's state (`pending` while open; the site's other values are not public as an enum). */
  readonly status: string;
  readonly outcome: { readonly id: string; readonly odds: number; readonly name: string };
  readonly market: { readonly id: string; readonly name: string; readonly status: string };
  readonly fixture: {
    readonly id: string; readonly name: string; readonly status: string;
    readonly data: { readonly startTime?: string; readonly competitors?: readonly { readonly name: string }[] };
  };
}

/** A sport bet, as the web app's `SportBetPreview_SportBet` fragment reads it. */
export interface SportBet {
  /** The id `cashoutSportBet` takes. */
  readonly id: string;
  readonly active: boolean;
  readonly status: string;
  readonly customBet: boolean;
  readonly cashoutDisabled: boolean;
  readonly amount: number;
  readonly currency: string;
  readonly payout: number;
  /** The slip's total odds: the product of its legs' odds. */
  readonly potentialMultiplier: number;
  readonly payoutMultiplier: number;
  readonly cashoutMultiplier: number;
  readonly createdAt: string;
  /** `iid`: the share id `PreviewCashout` and `bet(iid)` take. */
  readonly bet: { readonly iid: string };
  readonly user: { readonly id: string };
  readonly adjustments: readonly { readonly payoutMultiplier: number }[];
  readonly outcomes: readonly SportBetLeg[];
}

// SLOT's fragment, "trimmed" as site-coverage.md §1.4 quotes it.
const SPORT_BET_FRAGMENT = /* GraphQL */ `
fragment SportBetPreview_SportBet on SportBet {
  id active status customBet cashoutDisabled amount currency payout potentialMultiplier payoutMultiplier cashoutMultiplier createdAt
  bet { iid } user { id } adjustments { payoutMultiplier }
  outcomes { id odds status outcome { id odds name } market { id name status }
    fixture { id name status data { ... on SportFixtureDataMatch { startTime competitors { name } } } } } }
`;

/** Variables of `PlaceSportBet`. */
export interface PlaceSportBetVariables {
  readonly amount: number;
  readonly currency: string;
  readonly outcomeIds: readonly string[];
  readonly oddsChange: OddsChange;
  readonly identifier: string;
  readonly betType: SportBetType;
  readonly stakeShieldEnabled?: boolean | null;
  readonly stakeShieldProtectionLevel?: number | null;
  readonly stakeShieldOfferOdds?: number | null;
}

/**
 * `PlaceSportBet` (SLOT's name; the arguments are the web app's
 * `BetSlipFooter_SportBet`, ARB, and SLOT selects `...SportBetPreview_SportBet`
 * as here): one outcome id is a single, several an accumulator.
 */
export const PlaceSportBet = typed_document<{ readonly sportBet: SportBet }, PlaceSportBetVariables>(/* GraphQL */ `
mutation PlaceSportBet($amount: Float!, $currency: CurrencyEnum!, $outcomeIds: [String!]!, $oddsChange: SportOddsChangeEnum!, $identifier: String, $betType: SportBetTypeEnum!, $stakeShieldEnabled: Boolean, $stakeShieldProtectionLevel: Int, $stakeShieldOfferOdds: Float) {
  sportBet(amount: $amount, currency: $currency, outcomeIds: $outcomeIds, oddsChange: $oddsChange, identifier: $identifier, betType: $betType,
           stakeShieldEnabled: $stakeShieldEnabled, stakeShieldProtectionLevel: $stakeShieldProtectionLevel, stakeShieldOfferOdds: $stakeShieldOfferOdds) {
    ...SportBetPreview_SportBet } }
${SPORT_BET_FRAGMENT}`);

/** The answer of `customSportBet`. */
export interface CustomSportBet {
  readonly id: string;
  readonly amount: number;
  readonly currency: string;
  readonly potentialMultiplier: number;
  readonly customPrices: readonly { readonly customOdds: number; readonly type: string; readonly promotion: { readonly id: string; readonly name: string } | null }[];
}

/** `BetSlipFooter_CustomSportBet` (KAS; MCS the same without `sessionIds`): a same-game multi; no `betType`. */
export const BetSlipFooter_CustomSportBet = typed_document<
  { readonly customSportBet: CustomSportBet },
  { readonly amount: number; readonly currency: string; readonly outcomeIds: readonly string[]; readonly oddsChange: OddsChange; readonly identifier: string }
>(/* GraphQL */ `
mutation BetSlipFooter_CustomSportBet($amount: Float!, $currency: CurrencyEnum!, $outcomeIds: [String!]!, $oddsChange: SportOddsChangeEnum!, $identifier: String, $sessionIds: [CustomSportBetSessionIdsInput!]) {
  customSportBet(amount: $amount, currency: $currency, outcomeIds: $outcomeIds, oddsChange: $oddsChange, identifier: $identifier, sessionIds: $sessionIds) {
    id amount currency potentialMultiplier
    customPrices { customOdds type promotion { id name } } } }
`);

/** A cashout offer, as `PreviewCashout` reads it. */
export interface CashoutPreview {
  readonly id: string;
  /** Multiply the stake by this for the offer; send it back as is to `cashoutSportBet`. */
  readonly cashoutMultiplier: number;
  readonly amount: number;
  readonly currency: string;
  /** Often 0 in a preview (SLOT's note); the offer is `amount × cashoutMultiplier`. */
  readonly payout: number;
  readonly cashoutDisabled: boolean;
}

/** `PreviewCashout` (SLOT, complete). */
export const PreviewCashout = typed_document<{ readonly bet: { readonly bet: CashoutPreview | Record<string, never> | null } }, { readonly iid: string }>(/* GraphQL */ `
query PreviewCashout($iid: String!) {
  bet(iid: $iid) { ... on Bet { bet {
    ... on SportBet            { id cashoutMultiplier amount currency payout cashoutDisabled }
    ... on SportsbookXMultiBet { id cashoutMultiplier amount currency payout cashoutDisabled }
    ... on SwishBet            { id cashoutMultiplier amount currency payout cashoutDisabled } } } } }
`);

/** The answer of `cashoutSportBet`. */
export interface CashedOut {
  readonly id: string;
  readonly payout: number;
  readonly currency: string;
}

/** `CashoutSportBet` (SLOT; CRIC selects `{ id status }`). */
export const CashoutSportBet = typed_document<{ readonly cashoutSportBet: CashedOut }, { readonly betId: string; readonly multiplier: number }>(/* GraphQL */ `
mutation CashoutSportBet($betId: String!, $multiplier: Float!) {
  cashoutSportBet(betId: $betId, multiplier: $multiplier) { id payout currency } }
`);

/** `FetchActiveSportBets` (SLOT): open slips, newest first. */
export const FetchActiveSportBets = typed_document<
  { readonly user: { readonly id: string; readonly activeSportBets: readonly SportBet[] } },
  { readonly limit: number; readonly offset: number; readonly name?: string | null }
>(/* GraphQL */ `
query FetchActiveSportBets($limit: Int!, $offset: Int!, $name: String) {
  user(name: $name) { id activeSportBets(limit: $limit, offset: $offset, sort: placedTime) { ...SportBetPreview_SportBet } } }
${SPORT_BET_FRAGMENT}`);

/** `SportBetStatusEnum`, the finished-list filter (ARB `getOrders`). */
export type SportBetStatus = 'settled' | 'settledManual' | 'settledPending' | 'cancelPending' | 'cancelled' | 'cashout' | 'cashoutPending';

/** Every {@link SportBetStatus}. */
export const SPORT_BET_STATUSES: readonly SportBetStatus[] = Object.freeze(['settled', 'settledManual', 'settledPending', 'cancelPending', 'cancelled', 'cashout', 'cashoutPending']);

/** `FetchFinishedSportBets` (SLOT): `Bet` wrappers of finished slips, newest first. */
export const FetchFinishedSportBets = typed_document<
  { readonly user: { readonly id: string; readonly sportBetList: readonly { readonly id: string; readonly iid: string; readonly bet: SportBet | Record<string, never> }[] } },
  { readonly limit: number; readonly offset: number; readonly name?: string | null; readonly status?: readonly SportBetStatus[] | null }
>(/* GraphQL */ `
query FetchFinishedSportBets($limit: Int!, $offset: Int!, $name: String, $status: [SportBetStatusEnum!]) {
  user(name: $name) { id sportBetList(limit: $limit, offset: $offset, status: $status) { id iid bet { ... on SportBet { ...SportBetPreview_SportBet } } } } }
${SPORT_BET_FRAGMENT}`);

/**
 * `BetLookup` for a sport bet: MCS's `betLookupQuery.graphql` takes
 * `$iid, $betId` and reads `bet { ... on SportBet {…} }`; its SportBet
 * selection is not quoted, so SLOT's fragment stands in for it. `$iid` is
 * `String!` as LOOKUP's and KENO's `bet(iid:)` declare it: the sport read
 * always sends it (research/wire-conformance.md §4.4).
 */
export const SportBetLookup = typed_document<
  { readonly bet: { readonly id: string; readonly iid: string; readonly bet: SportBet | Record<string, never> } },
  { readonly iid: string; readonly betId?: string | null }
>(/* GraphQL */ `
query BetLookup($iid: String!, $betId: String) {
  bet(iid: $iid, betId: $betId) { id iid bet { ... on SportBet { ...SportBetPreview_SportBet } } } }
${SPORT_BET_FRAGMENT}`);

/** One change of the user's own sport bet. */
export interface SportBetChange {
  readonly id: string;
  readonly active: boolean;
  readonly status: string;
  readonly cashoutMultiplier: number;
  readonly outcomes: readonly { readonly id: string; readonly status: string; readonly __typename: string }[];
  readonly __typename: string;
}

/** `SportBets` (YUKI; file 20413227885 identical): the user's own sport bets as they change. */
export const SportBets = typed_document<{ readonly sportBets: SportBetChange }, Record<string, never>>(/* GraphQL */ `
subscription SportBets { sportBets { id active status cashoutMultiplier outcomes { id status __typename } __typename } }
`);
