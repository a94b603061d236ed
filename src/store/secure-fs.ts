import type { Stats } from 'node:fs';
import { constants } from 'node:fs';
import fs from 'node:fs/promises';
import { StoreError } from './errors.js';

// POSIX modes and owners mean nothing on Windows, where %APPDATA% is protected
// by the user profile's ACLs instead.
const POSIX = process.platform !== 'win32';

/** Largest store file read: profiles are a few kilobytes, so more is not ours. */
export const MAX_STORE_FILE_BYTES = 1024 * 1024;

/** True when `error` is a Node system error with `code` (e.g. `ENOENT`). */
export function isErrno(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as NodeJS.ErrnoException).code === code;
}

// What a person reads for the system errors a store path meets most.
const IO_REASONS: Readonly<Record<string, string>> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ENOTDIR: 'a part of the path is not a directory',
  EISDIR: 'it is a directory',
  ELOOP: 'too many symbolic links',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the device',
  EIO: 'an input/output error',
};

/**
 * A system error met while reading or writing the store at `p` as the
 * store's own error (`io_failed`), naming the path and the reason, never
 * anything read; other errors (already a StoreError, a bug) unchanged.
 */
export function storeIoError(error: unknown, p: string): unknown {
  if (error instanceof StoreError || typeof error !== 'object' || error === null) return error;
  // A system call's failure, not a Node argument error (those have a code too).
  const { code, syscall } = error as NodeJS.ErrnoException;
  if (typeof code !== 'string' || typeof syscall !== 'string') return error;
  const reason = IO_REASONS[code] ?? code;
  const fix = code === 'EACCES' || code === 'EPERM' ? 'fix its permissions, or set' : 'set';
  return new StoreError('io_failed', `cannot use the credential store at ${p}: ${reason} (${code}); ${fix} STAKEQL_CONFIG_DIR to a directory of yours`, p);
}

/** `p` quoted for a POSIX shell when it needs to be, so a fix can be pasted as is. */
export function shellQuote(p: string): string {
  return /^[A-Za-z0-9/._@%+=:,-]+$/.test(p) ? p : `'${p.split("'").join(`'\\''`)}'`;
}

/**
 * Throws the store's error when `st` (of `p`) is not owned by the current
 * user, or is open to group or others, as ssh does with private keys.
 */
export function assertPrivate(st: Stats, p: string, kind: 'file' | 'directory'): void {
  if (!POSIX) return;
  const uid = process.getuid?.();
  if (uid !== undefined && st.uid !== uid) {
    throw new StoreError(
      'wrong_owner',
      `refusing to use ${p}: it is owned by uid ${st.uid}, not by you (uid ${uid}); fix with: chown ${uid} ${shellQuote(p)}`,
      p,
    );
  }
  if ((st.mode & 0o077) !== 0) {
    const mode = (st.mode & 0o777).toString(8).padStart(4, '0');
    throw new StoreError(
      'insecure_permissions',
      `refusing to use ${p}: group or others can access it (mode ${mode}); fix with: chmod ${kind === 'file' ? '600' : '700'} ${shellQuote(p)}`,
      p,
    );
  }
}

/**
 * Checks the store directory: false when it does not exist; throws when it is
 * not a directory or not private; true otherwise. Symlinks are followed (a
 * config dir kept elsewhere is common); the target is what must be private.
 */
export async function checkPrivateDirectory(dir: string): Promise<boolean> {
  let st: Stats;
  try {
    st = await fs.stat(dir);
  } catch (error) {
    if (isErrno(error, 'ENOENT')) return false;
    throw error;
  }
  if (!st.isDirectory()) {
    throw new StoreError('not_a_file', `refusing to use ${dir}: it is not a directory`, dir);
  }
  assertPrivate(st, dir, 'directory');
  return true;
}

/**
 * Reads a private file: null when it does not exist; throws when it is not a
 * regular file, not private, or too large; its text otherwise. The checks run
 * on the open descriptor (no window between check and read), and the open is
 * non-blocking so a FIFO put in its place cannot hang us.
 */
export async function readPrivateFile(file: string): Promise<string | null> {
  const flags = constants.O_RDONLY | (POSIX ? constants.O_NONBLOCK : 0);
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, flags);
  } catch (error) {
    if (isErrno(error, 'ENOENT')) return null;
    throw error;
  }
  try {
    const st = await handle.stat();
    if (!st.isFile()) throw new StoreError('not_a_file', `refusing to use ${file}: it is not a regular file`, file);
    assertPrivate(st, file, 'file');
    if (st.size > MAX_STORE_FILE_BYTES) {
      throw new StoreError('corrupt', `refusing to read ${file}: it is larger than a credential store can be (${st.size} bytes)`, file);
    }
    return await handle.readFile({ encoding: 'utf8' });
  } finally {
    await handle.close();
  }
}
