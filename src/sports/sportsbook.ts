/**
 * `Sportsbook`: the sportsbook of one client, a small surface over the
 * site's sports documents.
 *
 *   const sports = new Sportsbook(client);
 *   const [fixture] = await sports.fixtures({ type: 'upcoming' });
 *   const slip = await sports.bet({ amount: '0.001', currency: 'btc', outcomeIds: [id], expected_odds: [1.9] });
 *
 * It sits above the client (cli → sports → StakeClient → operations →
 * transport) and adds no method to it: it is built from a client and sends
 * everything through `client.graphql` / `client.subscribe`, so the client's
 * transport (direct or browser), errors, redaction and money rules apply.
 */
import type { StakeClient } from '../facade/client.js';
import { place_slip, type SlipInput, type SlipOptions } from './bet.js';
import { cashout, cashout_preview, type CashoutOffer, type CashoutOptions, type CashoutResult } from './cashout.js';
import type { SportBet, SportBetChange } from './documents/bets.js';
import { check_lookup, find_cashout, find_slip, type CashoutLookup, type LookupOptions, type SlipKey, type SlipLookup } from './lookup.js';
import type { CustomBetOdds, FixtureMarkets, FixturePreview, OutcomeCheck, SportSummary, SportTournaments } from './documents/read.js';
import {
  active_bets, custom_bet_odds, finished_bets, finished_bets_all, fixture, fixtures, fixtures_all, list_sports, outcome, sport_bet, tournaments,
  type BetsOptions, type FinishedBetsOptions, type FixtureOptions, type FixturesOptions, type ListOptions, type SportsCore, type SportsReadOptions,
} from './read.js';
import type { PlacedSlip, Provider } from './types.js';
import { watch_fixture, watch_sport_bets, type FixtureChange, type WatchFixtureOptions } from './watch.js';

/** The sportsbook of one client. Every call rejects with a SportsError for the site's sports refusals. */
export class Sportsbook {
  readonly #core: SportsCore;

  /** @throws TypeError when `client` is not a StakeClient-like object (`graphql` and `subscribe`). */
  constructor(client: StakeClient) {
    if (typeof client !== 'object' || client === null || typeof client.graphql !== 'function' || typeof client.subscribe !== 'function') {
      throw new TypeError('Sportsbook needs a StakeClient');
    }
    this.#core = { client, providers: new Map() };
  }

  // ---- Reading.

  /** Sports with their fixture counts (`SportListMenu`). */
  list(options?: ListOptions): Promise<readonly SportSummary[]> {
    return list_sports(this.#core, options);
  }

  /** A sport's categories and tournaments (`TournamentTableList`). */
  tournaments(sport: string, options?: SportsReadOptions): Promise<SportTournaments> {
    return tournaments(this.#core, sport, options);
  }

  /** One page of fixtures with their headline markets (`FixtureList`, or `SlugTournamentFixtureList` with `tournament`). */
  fixtures(options?: FixturesOptions): Promise<readonly FixturePreview[]> {
    return fixtures(this.#core, options);
  }

  /** Every fixture, page by page: `for await (const f of sports.fixtures_all({ type: 'live' }))`. */
  fixtures_all(options?: FixturesOptions): AsyncIterable<FixturePreview> {
    return fixtures_all(this.#core, options);
  }

  /** A fixture's markets and outcomes with decimal odds (`FetchFixtureMarkets`). */
  fixture(slug: string, options?: FixtureOptions): Promise<FixtureMarkets> {
    return fixture(this.#core, slug, options);
  }

  /** One outcome re-read (`SportBet_SportMarketOutcome`); provider as a fixture read showed it, else `betradar`. */
  outcome(outcomeId: string, provider?: Provider, options?: SportsReadOptions): Promise<OutcomeCheck> {
    return outcome(this.#core, outcomeId, provider ?? this.#core.providers.get(outcomeId) ?? 'betradar', options);
  }

  /** Whether selections of one fixture combine into a same-game multi, and its odds (`customBetOdds`). */
  custom_bet_odds(selections: readonly string[], options?: SportsReadOptions): Promise<CustomBetOdds> {
    return custom_bet_odds(this.#core, selections, options);
  }

  /** Polls a fixture and yields only changes (odds, market status, fixture status). */
  watch_fixture(slug: string, options?: WatchFixtureOptions): AsyncIterable<FixtureChange> {
    return watch_fixture(this.#core, slug, options);
  }

  /** The site's `SportBets` subscription: the user's own slips as they change. */
  watch_sport_bets(options?: { readonly signal?: AbortSignal | null }): AsyncIterable<SportBetChange> {
    return watch_sport_bets(this.#core, options);
  }

  // ---- Betting.

  /** A single (one outcome id) or an accumulator (several): every leg re-read first, sent once (`PlaceSportBet`). */
  bet(input: SlipInput, options?: SlipOptions): Promise<PlacedSlip> {
    return place_slip(this.#core, input, options, false);
  }

  /** A same-game multi (`BetSlipFooter_CustomSportBet`), after `customBetOdds` says the selections combine. */
  custom_bet(input: SlipInput, options?: SlipOptions): Promise<PlacedSlip> {
    return place_slip(this.#core, input, options, true);
  }

  /** The live cashout offer of a slip, by its share id (`PreviewCashout`). */
  cashout_preview(iid: string, options?: SportsReadOptions): Promise<CashoutOffer> {
    return cashout_preview(this.#core, iid, options);
  }

  /** Cashes a slip out at the previewed multiplier (`CashoutSportBet`); sent once, never retried. */
  cashout(betId: string, multiplier: number, options?: CashoutOptions): Promise<CashoutResult> {
    return cashout(this.#core, betId, multiplier, options);
  }

  // ---- The user's slips.

  /** Open slips, newest first (`FetchActiveSportBets`). */
  active_bets(options?: BetsOptions): Promise<readonly SportBet[]> {
    return active_bets(this.#core, options);
  }

  /** Finished slips, newest first (`FetchFinishedSportBets`). */
  finished_bets(options?: FinishedBetsOptions): Promise<readonly SportBet[]> {
    return finished_bets(this.#core, options);
  }

  /** Every finished slip, page by page. */
  finished_bets_all(options?: FinishedBetsOptions): AsyncIterable<SportBet> {
    return finished_bets_all(this.#core, options);
  }

  /** One slip by its share id (`BetLookup`); null when the id is another kind of bet. */
  bet_by_iid(iid: string, options?: SportsReadOptions): Promise<SportBet | null> {
    return sport_bet(this.#core, iid, options);
  }

  // ---- Lost answers, looked for again (`stakeql sports check`).

  /**
   * Looks for a slip whose answer was lost (its journaled intent: amount,
   * currency, outcome ids, kind, `prior_ids`) until `settle_until` (on the
   * options' clock): `found` with the slip, or `not_found` (only from a look
   * after `settle_until`), `ambiguous`, `failed`. Sends nothing but reads.
   */
  find_slip(key: SlipKey, options: LookupOptions): Promise<SlipLookup> {
    const { settle_until, clock, signal } = check_lookup(options);
    return find_slip(this.#core, key, settle_until, clock, signal);
  }

  /** Looks at the slip `betId` whose cashout's answer was lost, until `settle_until`: `found` when cashed out. */
  find_cashout(betId: string, options: LookupOptions): Promise<CashoutLookup> {
    const { settle_until, clock, signal } = check_lookup(options);
    return find_cashout(this.#core, betId, settle_until, clock, signal);
  }

  /** Shows the client it runs on, never a credential. */
  toJSON(): Record<string, unknown> {
    return { sportsbook: String(this.#core.client) };
  }
}
