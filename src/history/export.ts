/**
 * `export_history`: the stored bets as CSV (csv-stringify) or JSON lines, in
 * bet order, one chunk per bet, streamed from the database. Amounts come from
 * the exact integer units, so the exported amounts add up to what
 * `history_stats` reports.
 */
import { stringify } from 'csv-stringify/sync';
import type { SqliteDatabase } from '../database/database.js';
import { where_of, type BetFilter } from './query.js';
import type { HouseBet } from '../operations/documents/my-bet-list.js';
import { any_row_of, format_units, stored_arm, type RowContext, type StoredBet } from './record.js';
import { BET_COLUMNS, BET_ORDER, stored_bet } from './bet-database.js';

/** `csv`: a header row, then one row per bet; `json`: one JSON object per line. */
export type ExportFormat = 'csv' | 'json';

/**
 * The export's fields, in CSV column order: the site's names for the site's
 * fields (`clientSeed`, `serverSeedHash`, `serverSeed` are the seed objects'
 * fields), `identifier` (the one the CLI sent, else empty) and `state` (the
 * game's state as JSON).
 */
export const EXPORT_COLUMNS = [
  'id', 'iid', 'identifier', 'game', 'updatedAt', 'currency', 'amount', 'payoutMultiplier', 'payout', 'active',
  'nonce', 'clientSeed', 'serverSeedHash', 'serverSeed', 'state',
] as const;

/** One exported bet: amounts as the currency's plain decimals (CSV) or numbers (JSON). */
export type ExportRecord = Record<(typeof EXPORT_COLUMNS)[number], string | number | boolean | null | Record<string, unknown>>;

/** A stored bet as an export record; `amount` and `payout` are exact decimal text. */
export function export_record(bet: StoredBet): ExportRecord {
  return {
    id: bet.id,
    iid: bet.iid,
    identifier: bet.identifier,
    game: bet.game,
    updatedAt: bet.updated_at,
    currency: bet.currency,
    amount: format_units(bet.amount_units, bet.decimals),
    payoutMultiplier: bet.payout_multiplier,
    payout: format_units(bet.payout_units, bet.decimals),
    active: bet.active,
    nonce: bet.nonce,
    clientSeed: bet.client_seed,
    serverSeedHash: bet.server_seed_hash,
    serverSeed: bet.server_seed,
    state: bet.state,
  };
}

/**
 * An entry of the site's history (`client.bets()`, `stakeql bets`) as the
 * same record `export_history` writes for a stored bet, so every export has
 * one layout; null for an entry the history does not store (sports,
 * third-party games). A Crash or Slide bet's round is not in the list: its
 * seed columns are empty until `history sync` looks it up.
 */
export function export_record_of(entry: HouseBet, identifier: string | null, context: RowContext): ExportRecord | null {
  const bet = stored_arm(entry);
  return bet === null ? null : export_record(stored_bet({ ...any_row_of(entry, bet, context), identifier }));
}

/** The CSV line of the header ({@link EXPORT_COLUMNS}). */
export function export_csv_header(): string {
  return csvLine(EXPORT_COLUMNS);
}

/** The CSV line of a record: amounts as the currency's plain decimals, `state` as JSON. */
export function export_csv_line(record: ExportRecord): string {
  return csvLine(EXPORT_COLUMNS.map((c) => record[c]));
}

function csvLine(cells: ReadonlyArray<unknown>): string {
  // Booleans as JSON writes them (csv-stringify's default is "1" and ""), objects as JSON.
  return stringify([cells], { cast: { boolean: (value) => (value ? 'true' : 'false'), object: (value) => JSON.stringify(value) } });
}

/** Fields written as JSON numbers in the currency's plain decimals (`0.00000001`, never `1e-8`). */
const DECIMAL_FIELDS: ReadonlySet<string> = new Set(['amount', 'payout']);

/**
 * The JSON line of a record, keys in {@link EXPORT_COLUMNS} order. `amount`
 * and `payout` are numbers written as the exact decimal text (a valid JSON
 * number that `JSON.parse` reads as the typed methods' number), never in
 * e-notation.
 */
export function export_json_line(record: ExportRecord): string {
  const parts = EXPORT_COLUMNS.map((key) => {
    const value = record[key];
    return `${JSON.stringify(key)}:${DECIMAL_FIELDS.has(key) && typeof value === 'string' ? value : JSON.stringify(value)}`;
  });
  return `{${parts.join(',')}}\n`;
}

/**
 * The stored bets (narrowed by the filter), oldest first, as text chunks:
 * CSV starts with its header line. The iteration holds the connection (an
 * open statement) until it ends or is returned.
 * @throws TypeError / RangeError naming a bad format or filter (at the call, before any row).
 */
export function export_history(db: SqliteDatabase, format: ExportFormat, filter: BetFilter = {}): Generator<string, void, undefined> {
  if (format !== 'csv' && format !== 'json') throw new RangeError('format must be "csv" or "json"');
  const { sql: where, params } = where_of(filter);
  const statement = db.prepare(`SELECT ${BET_COLUMNS} FROM bets ${where} ORDER BY ${BET_ORDER}`);
  return (function* () {
    if (format === 'csv') yield csvLine(EXPORT_COLUMNS);
    for (const raw of statement.iterate(params)) {
      const record = export_record(stored_bet(raw));
      yield format === 'csv' ? export_csv_line(record) : export_json_line(record);
    }
  })();
}
