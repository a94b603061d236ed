/**
 * Which stored bets a history function reads: the filters every reader takes
 * (time range, game, currency, account), checked and turned into one SQL
 * `WHERE` clause with bound parameters.
 */

/** A point in time: a `Date`, Unix milliseconds, or a date text `Date.parse` reads (`2024-05-14`, ISO 8601). */
export type TimeInput = Date | number | string;

/** The bets a reader looks at; every field narrows, none given means every stored bet. */
export interface BetFilter {
  /** Bets at or after this time (by the site's `updatedAt`). */
  readonly from?: TimeInput;
  /** Bets before this time. */
  readonly to?: TimeInput;
  /** One game (`dice`, ...). */
  readonly game?: string;
  /** One currency (`btc`, ...). */
  readonly currency?: string;
  /** One site's bets, by origin (`https://stake.com`). */
  readonly site?: string;
  /** One account's bets, by the site's user id. */
  readonly user_id?: string;
}

/** Unix milliseconds of `value`. @throws TypeError / RangeError naming `field`. */
export function time_ms(value: TimeInput, field: string): number {
  let ms: number;
  if (value instanceof Date) ms = value.getTime();
  else if (typeof value === 'number') ms = value;
  else if (typeof value === 'string') ms = value.length > 64 ? Number.NaN : Date.parse(value);
  else throw new TypeError(`${field} must be a Date, Unix milliseconds or a date text`);
  if (!Number.isFinite(ms)) throw new RangeError(`${field} is not a valid time`);
  return ms;
}

function text(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 256) throw new TypeError(`${field} must be a non-empty string`);
  return value;
}

/** The `WHERE` clause (empty, or starting with `WHERE`) and its parameters. */
export function where_of(filter: BetFilter): { sql: string; params: Array<string | number> } {
  if (filter === null || typeof filter !== 'object') throw new TypeError('options must be an object');
  const terms: string[] = [];
  const params: Array<string | number> = [];
  if (filter.from !== undefined) {
    terms.push('time_ms >= ?');
    params.push(time_ms(filter.from, 'from'));
  }
  if (filter.to !== undefined) {
    terms.push('time_ms < ?');
    params.push(time_ms(filter.to, 'to'));
  }
  for (const field of ['game', 'currency', 'site', 'user_id'] as const) {
    if (filter[field] === undefined) continue;
    terms.push(`${field} = ?`);
    params.push(text(filter[field], field));
  }
  return { sql: terms.length === 0 ? '' : `WHERE ${terms.join(' AND ')}`, params };
}
