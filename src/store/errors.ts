/**
 * Why the credential store refused to go on. Each one is a state the user has
 * to look at (a file others can read, a file that no longer parses, a keyring
 * that is not there), so the store stops rather than guess.
 */
export type StoreErrorCode =
  /** The store file or directory is open to group or others. */
  | 'insecure_permissions'
  /** The store file or directory belongs to another user. */
  | 'wrong_owner'
  /** The store is not a regular file / directory where one is expected. */
  | 'not_a_file'
  /** The store's content does not parse or does not hold valid profiles. */
  | 'corrupt'
  /** Another process holds the store's lock longer than the bounded wait. */
  | 'locked'
  /** `STAKEQL_STORE=keyring` was asked for but no OS keyring can be used. */
  | 'unavailable'
  /** The OS keyring failed an operation. */
  | 'keyring_failed'
  /** A profile named explicitly does not exist. */
  | 'profile_not_found'
  /** The store's file or directory cannot be read or written: permission denied, a path component that is not a directory, a disk error. */
  | 'io_failed';

/**
 * The credential store's own error: a one-line message naming the place and
 * the fix. Never holds a secret: messages are built from paths, profile names
 * and field names only, and no error that could quote file content is chained.
 */
export class StoreError extends Error {
  /** What went wrong, for code that reacts to it. */
  readonly code: StoreErrorCode;
  /** The file, directory or keyring entry concerned, when there is one. */
  readonly path: string | null;

  constructor(code: StoreErrorCode, message: string, path: string | null = null, options?: ErrorOptions) {
    super(message, options);
    this.name = 'StoreError';
    this.code = code;
    this.path = path;
  }
}
