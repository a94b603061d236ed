/**
 * `stakeql/history`: the account's bets in the local SQLite database (the
 * same file as the autobet journal: `open_database(default_database_path())`),
 * synced incrementally from the site, with statistics, fairness verification,
 * export and lookup. Loads the native SQLite module (through the journal).
 */
export { open_database, default_database_path, JournalError, type JournalErrorCode, type SqliteDatabase } from '../journal/index.js';
export { sync_history, site_of, type HistoryClient, type SyncOptions, type SyncResult } from './sync.js';
export {
  history_stats,
  MULTIPLIER_BUCKETS,
  THEORETICAL_RTP,
  type HistoryStats,
  type MultiplierBucket,
  type StatsGroup,
  type StatsGrouping,
  type StatsOptions,
} from './stats.js';
export { verify_history, type HistoryFailure, type VerifyHistoryOptions, type VerifyHistoryResult } from './verify.js';
export {
  export_csv_header,
  export_csv_line,
  export_history,
  export_json_line,
  export_record,
  export_record_of,
  EXPORT_COLUMNS,
  type ExportFormat,
  type ExportRecord,
} from './export.js';
export { lookup_bet, type FoundBet } from './lookup.js';
export { format_units, to_units, type StoredBet } from './record.js';
export type { BetFilter, TimeInput } from './query.js';
