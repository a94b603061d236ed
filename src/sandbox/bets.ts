/**
 * The bets of one sandbox, as the site's `CasinoBet` holds them: amounts in
 * minor units, the seeds they were drawn under, and each game's state.
 */
import type { MultiplayerBet, MultiplayerRound } from './crash/frames.js';
import type { CurrencyInfo } from './currencies.js';
import type { SeedUse } from './seeds.js';

/** A sandbox user. */
export interface LedgerUser {
  readonly id: string;
  readonly name: string;
}

/** `CasinoGameMines`; `mines` is fixed at bet time but shown only once the round ends. */
export interface MinesState {
  readonly kind: 'mines';
  readonly minesCount: number;
  readonly mines: readonly number[];
  readonly rounds: Array<{ readonly field: number; readonly payoutMultiplier: number }>;
}

/**
 * A game played in one request: its name and the `state` its rules settled
 * (src/games/<game>/rules.ts `settle`), in the site's field names, as the
 * simulator returns it too.
 */
export interface PlayState {
  readonly kind: string;
  readonly view: Readonly<Record<string, unknown>>;
}

/**
 * A round game other than mines (hilo): its `state` as the site shows it,
 * changed by each step, and the round's cards drawn at bet time from its
 * seeds, kept out of the view.
 */
export interface RoundState {
  readonly kind: string;
  view: Readonly<Record<string, unknown>>;
  readonly cards: ReadonlyArray<{ readonly rank: string; readonly suit: string }>;
  /** The game's own round in play (blackjack's hands, stakes and insurance), when the view is not all of it. */
  engine?: unknown;
}

export type GameState = MinesState | PlayState | RoundState;

/** One bet; a mines bet changes while its round is open. */
export interface BetRecord {
  readonly id: string;
  /** The share id, `house:N` (the site's `Bet.iid`). */
  readonly iid: string;
  readonly game: string;
  readonly user: LedgerUser;
  readonly currency: CurrencyInfo;
  /** Everything staked: grows with a blackjack double, split or insurance. */
  amountUnits: bigint;
  /** The `identifier` the bet was placed with (null when a mines bet was sent without one). */
  readonly identifier: string | null;
  readonly seeds: SeedUse;
  readonly createdAt: number;
  readonly state: GameState;
  active: boolean;
  payoutUnits: bigint;
  /** In ten-thousandths; 0 for a lost bet. */
  payoutMultiplier: number;
  updatedAt: number;
}

/** A Crash or Slide bet as the user's history lists it, with the round it was placed in. */
export interface MultiplayerListing {
  readonly game: 'crash' | 'slide';
  readonly bet: MultiplayerBet;
  readonly round: MultiplayerRound;
}

/** An entry of a user's history: an originals bet or a multiplayer one. */
export type ListedBet = BetRecord | MultiplayerListing;

/** Whether `entry` is a Crash or Slide bet. */
export function is_multiplayer_listing(entry: ListedBet): entry is MultiplayerListing {
  return 'round' in entry;
}

function iid_of(entry: ListedBet): string {
  return is_multiplayer_listing(entry) ? entry.bet.iid : entry.iid;
}

/** Bets kept per user (history, `bet(iid:)`); older ones are forgotten. */
export const MAX_BETS_PER_USER = 10_000;

/**
 * Every bet of a sandbox (each user's newest {@link MAX_BETS_PER_USER}),
 * listed newest first; originals bets findable by id, every bet by iid.
 */
export class BetBook {
  readonly #byId = new Map<string, BetRecord>();
  readonly #byIid = new Map<string, ListedBet>();
  readonly #byUser = new Map<string, ListedBet[]>();
  #counter = 0;

  /** The next share id. */
  nextIid(): string {
    return `house:${++this.#counter}`;
  }

  add(bet: BetRecord): void {
    this.#byId.set(bet.id, bet);
    this.#list(bet.user.id, bet);
  }

  /** Lists a Crash or Slide bet (its iid from {@link nextIid}) in its user's history. */
  add_multiplayer(listing: MultiplayerListing): void {
    this.#list(listing.bet.user_id, listing);
  }

  #list(user_id: string, entry: ListedBet): void {
    this.#byIid.set(iid_of(entry), entry);
    let list = this.#byUser.get(user_id);
    if (list === undefined) this.#byUser.set(user_id, (list = []));
    list.push(entry);
    // A sandbox left running under a bot must not grow without bound.
    if (list.length > MAX_BETS_PER_USER) {
      const oldest = list.shift() as ListedBet;
      if (!is_multiplayer_listing(oldest)) this.#byId.delete(oldest.id);
      this.#byIid.delete(iid_of(oldest));
    }
  }

  /**
   * The bet with this iid; `casino:N` names the same bet as `house:N`, as the
   * site's share links do (public clients swap the prefixes both ways).
   */
  byIid(iid: string): ListedBet | undefined {
    return this.#byIid.get(iid.startsWith('casino:') ? `house:${iid.slice('casino:'.length)}` : iid);
  }

  byId(id: string): BetRecord | undefined {
    return this.#byId.get(id);
  }

  /** A user's bets, newest first, from `offset`, at most `limit`. */
  list(userId: string, offset: number, limit: number): ListedBet[] {
    const all = this.#byUser.get(userId) ?? [];
    const end = all.length - offset;
    return end <= 0 ? [] : all.slice(Math.max(0, end - limit), end).reverse();
  }
}
