/**
 * The rolling wagered amount (`history stats --wagered 7d --in usd`): what
 * the stored bets of the last window add up to per currency (exact, in
 * smallest units, summed by SQLite over the account's time index), and that
 * in a fiat currency at the conversion rates the caller passes. The stored
 * bets carry no rate of their time, so the value is at the rates of now, and
 * says so (`rates: "now"`).
 */
import type { SqliteDatabase } from '../database/database.js';
import type { CurrencyRate } from '../operations/documents/rates.js';
import { FIAT_CURRENCIES } from '../operations/documents/rates.js';
import { format_units } from './record.js';

const UNIT_MS: Readonly<Record<string, number>> = { h: 3_600_000, d: 86_400_000 };
/** The longest window: a year. */
const MAX_WINDOW_MS = 366 * 86_400_000;

/**
 * `7d`, `24h`, `30d` in ms.
 * @throws RangeError naming `field` when it is not a whole number of hours or days up to a year.
 */
export function parse_window(text: unknown, field = 'wagered'): number {
  const m = typeof text === 'string' ? /^([0-9]{1,4})([hd])$/.exec(text) : null;
  const ms = m === null ? NaN : Number(m[1]) * (UNIT_MS[m[2] as string] as number);
  if (!(ms > 0 && ms <= MAX_WINDOW_MS)) throw new RangeError(`${field} must be a window like 24h, 7d or 30d (at most a year)`);
  return ms;
}

/**
 * A fiat currency the site converts to (`CurrencyConversionRate`).
 * @throws RangeError naming `field` for any other.
 */
export function check_fiat(text: unknown, field = 'in'): string {
  const fiat = typeof text === 'string' ? text.toLowerCase() : '';
  if (!(FIAT_CURRENCIES as readonly string[]).includes(fiat)) throw new RangeError(`${field} must be one of ${FIAT_CURRENCIES.join(', ')}`);
  return fiat;
}

/** One currency's wagered sum in the window. */
export interface WageredCurrency {
  readonly currency: string;
  readonly decimals: number;
  readonly bets: number;
  readonly wagered_units: bigint;
  /** A plain decimal of the currency. */
  readonly wagered: string;
}

/** Options of {@link wagered_since}. */
export interface WageredOptions {
  /** Bets at or after this time (ms since the epoch). */
  readonly since_ms: number;
  /** Only this account's bets (the site's origin and the user id), when known. */
  readonly site?: string;
  readonly user_id?: string;
  /** Only this currency. */
  readonly currency?: string;
}

/** The stored bets since `since_ms`, summed per currency (exact). */
export function wagered_since(db: SqliteDatabase, options: WageredOptions): WageredCurrency[] {
  const where = ['time_ms >= @since'];
  if (options.user_id !== undefined) where.push('user_id = @user');
  if (options.site !== undefined) where.push('site = @site');
  if (options.currency !== undefined) where.push('currency = @currency');
  const rows = db
    .prepare(`SELECT currency, MAX(decimals) AS decimals, COUNT(*) AS bets, SUM(amount_units) AS units FROM bets WHERE ${where.join(' AND ')} GROUP BY currency ORDER BY currency`)
    .safeIntegers(true)
    .all({ since: BigInt(Math.floor(options.since_ms)), user: options.user_id ?? null, site: options.site ?? null, currency: options.currency ?? null }) as Array<{ currency: string; decimals: bigint; bets: bigint; units: bigint | null }>;
  return rows.map((r) => ({
    currency: r.currency,
    decimals: Number(r.decimals),
    bets: Number(r.bets),
    wagered_units: r.units ?? 0n,
    wagered: format_units(r.units ?? 0n, Number(r.decimals)),
  }));
}

/** The window's wager in a fiat currency. */
export interface WageredInFiat {
  readonly fiat: string;
  /** Σ wagered × rate over the currencies with a rate, to 6 decimals (a satoshi-sized wager is not 0.00). */
  readonly total: number;
  /** Which rates: always `now` (the stored bets carry no rate of their time). */
  readonly rates: 'now';
  readonly by_currency: ReadonlyArray<WageredCurrency & { readonly rate: number | null; readonly value: number | null }>;
  /** Currencies the site gave no rate for: left out of `total`. */
  readonly missing: readonly string[];
}

/** `sums` valued in `fiat` at `rates` (the site's `CurrencyConversionRate`: fiat per unit of each currency). */
export function wagered_in_fiat(sums: readonly WageredCurrency[], rates: readonly CurrencyRate[], fiat: string): WageredInFiat {
  const by = new Map(rates.map((r) => [r.name.toLowerCase(), r]));
  let total = 0;
  const missing: string[] = [];
  const by_currency = sums.map((s) => {
    const rate = (by.get(s.currency.toLowerCase()) as Record<string, unknown> | undefined)?.[fiat];
    if (typeof rate !== 'number' || !Number.isFinite(rate)) {
      missing.push(s.currency);
      return { ...s, rate: null, value: null };
    }
    const value = Number(s.wagered) * rate;
    total += value;
    return { ...s, rate, value: round6(value) };
  });
  return { fiat, total: round6(total), rates: 'now', by_currency, missing };
}

function round6(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}
