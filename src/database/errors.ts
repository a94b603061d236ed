/**
 * Why the journal database refused to open or write. Each names the file, so
 * the user knows what to look at; nothing is overwritten when one is thrown.
 */
export type JournalErrorCode =
  /** The file is not an SQLite database, or SQLite found it damaged. */
  | 'corrupt'
  /** Another process holds a write lock longer than the bounded wait. */
  | 'locked'
  /** The file was written by a newer stakeql (its schema version is unknown here). */
  | 'newer_schema'
  /** The file or its directory is open to others, owned by someone else, or cannot be read or written. */
  | 'unsafe'
  /** Any other failure of the file system or SQLite. */
  | 'io';

/** The journal database's error: one line naming the file and what to do. */
export class JournalError extends Error {
  readonly code: JournalErrorCode;
  /** The database file concerned. */
  readonly file: string;

  constructor(code: JournalErrorCode, message: string, file: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'JournalError';
    this.code = code;
    this.file = file;
  }
}
