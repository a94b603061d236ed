/**
 * `export_history`: the stored bets as CSV (csv-stringify) or JSON lines, in
 * bet order, one chunk per bet, streamed from the database. Amounts come from
 * the exact integer units, so the exported amounts add up to what
 * `history_stats` reports.
 */
import { stringify } from 'csv-stringify/sync';
import type { SqliteDatabase } from '../journal/database.js';
import { where_of, type BetFilter } from './query.js';
import { format_units, type StoredBet } from './record.js';
import { BET_COLUMNS, BET_ORDER, stored_bet } from './store.js';

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

function csvLine(cells: ReadonlyArray<unknown>): string {
  // Booleans as JSON writes them (csv-stringify's default is "1" and ""), objects as JSON.
  return stringify([cells], { cast: { boolean: (value) => (value ? 'true' : 'false'), object: (value) => JSON.stringify(value) } });
}

/** The JSON line of a record: amounts as numbers, as the client's typed methods return them. */
function jsonLine(record: ExportRecord): string {
  return `${JSON.stringify({ ...record, amount: Number(record.amount), payout: Number(record.payout) })}\n`;
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
      yield format === 'csv' ? csvLine(EXPORT_COLUMNS.map((c) => record[c])) : jsonLine(record);
    }
  })();
}
