/**
 * A stored bet: the row of the `bets` table (schema v2, src/database/migrations.ts)
 * as the history functions hand it out, and the conversion of the site's
 * `houseBetList` entry into one. Money is exact: integers of the currency's
 * smallest unit (bigint), written as decimal text when shown.
 */
import type { HouseBet, HouseMultiplayerBet } from '../operations/documents/my-bet-list.js';
import { decimals_for } from '../operations/validate/currencies.js';

/** One bet of the account, as the database holds it. */
export interface StoredBet {
  /** The site's bet id (the primary key). */
  readonly id: string;
  /** The site's share id, `house:N`. */
  readonly iid: string;
  /** The origin of the site it came from (`https://stake.com`, a sandbox's `http://127.0.0.1:PORT`). */
  readonly site: string;
  /** The account's user id on that site. */
  readonly user_id: string;
  readonly user_name: string | null;
  /** The game's slug (`dice`, `limbo`, `mines`, ...). */
  readonly game: string;
  readonly currency: string;
  /** Decimals of `currency` the units count in. */
  readonly decimals: number;
  /** The amount in whole smallest units (exact). */
  readonly amount_units: bigint;
  /** The payout in whole smallest units (exact); 0 for a lost bet. */
  readonly payout_units: bigint;
  /** The site's `payoutMultiplier`. */
  readonly payout_multiplier: number;
  /** The site's `amountMultiplier`, when it sent one. */
  readonly amount_multiplier: number | null;
  /** True while a multi-step round (mines) was open when last read. */
  readonly active: boolean;
  readonly nonce: number | null;
  readonly client_seed: string | null;
  readonly server_seed_hash: string | null;
  /** Null until the seed pair was rotated away and a sync learnt the seed. */
  readonly server_seed: string | null;
  /** The game's `state` as the site returned it (with its `__typename`). */
  readonly state: Record<string, unknown> | null;
  /** The site's `updatedAt`, as written. */
  readonly updated_at: string;
  /** `updated_at` in Unix milliseconds (the sync's clock when the site's text does not parse). */
  readonly time_ms: number;
  /** The identifier the bet was sent with, for bets the CLI placed (journaled); else null. */
  readonly identifier: string | null;
}

/** The values one upsert binds: a {@link StoredBet}'s fields as SQLite columns, and what only the table keeps. */
export interface BetRow extends Omit<StoredBet, 'active' | 'state' | 'identifier'> {
  /** The number of `iid`, which orders bets of one second. */
  readonly iid_num: number | null;
  /** The site's amount and payout as read (display only: sums use the units). */
  readonly amount: number;
  readonly payout: number;
  readonly active: number;
  /** `state` as JSON text. */
  readonly state: string | null;
  readonly synced_at: number;
}

const IID_NUMBER = /^[a-z]{1,16}:([0-9]{1,15})$/;

/** The number of a share id (`house:42` → 42), or null for another shape. */
export function iid_number(iid: string): number | null {
  const match = IID_NUMBER.exec(iid);
  return match === null ? null : Number(match[1]);
}

/**
 * `value` (a finite number of the currency) in whole units of `decimals`
 * places: the decimal the double stands for, rounded to the unit. Going
 * through `toFixed` keeps it exact above 2^53 units, where `value * 10^d` is not.
 */
export function to_units(value: number, decimals: number, field: string): bigint {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new TypeError(`${field} must be a finite number`);
  // A sync converts two amounts a bet, and the text's way costs most of the row's conversion. Below 2^40 units the
  // product is within 2^-13 of the decimal the double stands for, so a product within 0.001 of an integer means
  // that decimal rounds to it, as toFixed rounds it.
  if (Number.isInteger(decimals) && decimals >= 0 && decimals <= 100) {
    const scaled = value * 10 ** decimals;
    const near = Math.round(scaled);
    if (Math.abs(near) <= 2 ** 40 && Math.abs(scaled - near) <= 1e-3) return BigInt(near);
  }
  const text = Math.abs(value).toFixed(decimals).replace('.', '');
  const units = BigInt(text);
  return value < 0 ? -units : units;
}

/** `units` of `decimals` places as a plain decimal (`-0.015`, `12`, `0`): no exponent, no trailing zeros. */
export function format_units(units: bigint, decimals: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction === '' ? '' : `.${fraction}`}`;
}

/** What the conversion needs besides the entry. */
export interface RowContext {
  readonly site: string;
  /** Whose decimals table applies (the client, after `load_currency_configuration`). */
  readonly decimals_owner?: object;
  /** The sync's clock, Unix milliseconds. */
  readonly now_ms: number;
}

type CasinoEntry = Extract<NonNullable<HouseBet['bet']>, { readonly __typename: 'CasinoBet'; readonly id: string }>;

/** The entry's originals bet, or null for another arm. */
export function casino_bet(entry: HouseBet): CasinoEntry | null {
  const bet = entry.bet;
  return bet !== null && bet.__typename === 'CasinoBet' && 'id' in bet ? (bet as CasinoEntry) : null;
}

/** The entry's Crash or Slide bet, or null for another arm. */
export function multiplayer_bet(entry: HouseBet): HouseMultiplayerBet | null {
  const bet = entry.bet;
  return bet !== null && (bet.__typename === 'MultiplayerCrashBet' || bet.__typename === 'MultiplayerSlideBet') && 'id' in bet
    ? (bet as HouseMultiplayerBet)
    : null;
}

/** The bet of an entry the history stores (originals, Crash, Slide), or null for one it does not (sports, third-party games). */
export function stored_arm(entry: HouseBet): CasinoEntry | HouseMultiplayerBet | null {
  return casino_bet(entry) ?? multiplayer_bet(entry);
}

/**
 * The row a Crash or Slide entry is stored as. These games have no seed
 * pair: one chain of round hashes for everybody. The columns hold the chain's
 * terms (see src/games/crash/outcome.ts): `server_seed` the round's hash
 * (the HMAC key), `client_seed` the salt (the HMAC message), `nonce` the
 * round's number on the chain, all three null until the sync looks the round
 * up (`bet(iid:)`, src/history/rounds.ts); `server_seed_hash` stays null, so
 * no seed lookup ever asks for them. `state` keeps the bet's own fields:
 * `{ __typename, cashoutAt, result, gameId }`. A bet whose round has not
 * settled it (`result: pending`) is stored as active, read again next sync.
 */
export function chain_row_of(entry: HouseBet, bet: HouseMultiplayerBet, context: RowContext): BetRow {
  const decimals = decimals_for(bet.currency, context.decimals_owner);
  const parsed = Date.parse(bet.updatedAt);
  return {
    id: bet.id,
    iid: entry.iid,
    iid_num: iid_number(entry.iid),
    site: context.site,
    user_id: bet.user.id,
    user_name: bet.user.name ?? null,
    game: bet.__typename === 'MultiplayerCrashBet' ? 'crash' : 'slide',
    currency: bet.currency,
    decimals,
    amount_units: to_units(bet.amount, decimals, `bet ${bet.id}: amount`),
    payout_units: to_units(bet.payout, decimals, `bet ${bet.id}: payout`),
    amount: bet.amount,
    payout: bet.payout,
    payout_multiplier: bet.payoutMultiplier,
    amount_multiplier: null,
    active: bet.result === 'pending' ? 1 : 0,
    nonce: null,
    client_seed: null,
    server_seed_hash: null,
    server_seed: null,
    state: JSON.stringify({ __typename: bet.__typename, cashoutAt: bet.cashoutAt, result: bet.result, gameId: bet.gameId }),
    updated_at: bet.updatedAt,
    time_ms: Number.isFinite(parsed) ? parsed : context.now_ms,
    synced_at: context.now_ms,
  };
}

/** The row of an entry's stored arm ({@link stored_arm}). */
export function any_row_of(entry: HouseBet, bet: CasinoEntry | HouseMultiplayerBet, context: RowContext): BetRow {
  return bet.__typename === 'CasinoBet' ? row_of(entry, bet, context) : chain_row_of(entry, bet, context);
}

/** The row an originals entry of `houseBetList` is stored as. */
export function row_of(entry: HouseBet, bet: CasinoEntry, context: RowContext): BetRow {
  const decimals = decimals_for(bet.currency, context.decimals_owner);
  const parsed = Date.parse(bet.updatedAt);
  return {
    id: bet.id,
    iid: entry.iid,
    iid_num: iid_number(entry.iid),
    site: context.site,
    user_id: bet.user.id,
    user_name: bet.user.name ?? null,
    game: bet.game ?? entry.game.slug,
    currency: bet.currency,
    decimals,
    amount_units: to_units(bet.amount, decimals, `bet ${bet.id}: amount`),
    payout_units: to_units(bet.payout, decimals, `bet ${bet.id}: payout`),
    amount: bet.amount,
    payout: bet.payout,
    payout_multiplier: bet.payoutMultiplier,
    amount_multiplier: typeof bet.amountMultiplier === 'number' ? bet.amountMultiplier : null,
    active: bet.active ? 1 : 0,
    nonce: typeof bet.nonce === 'number' ? bet.nonce : null,
    client_seed: bet.clientSeed?.seed ?? null,
    server_seed_hash: bet.serverSeed?.seedHash ?? null,
    server_seed: bet.serverSeed?.seed ?? null,
    state: bet.state === undefined || bet.state === null ? null : JSON.stringify(bet.state),
    updated_at: bet.updatedAt,
    time_ms: Number.isFinite(parsed) ? parsed : context.now_ms,
    synced_at: context.now_ms,
  };
}
