import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import { StoreError } from './errors.js';
import { isErrno, shellQuote } from './secure-fs.js';

/** How long a writer waits for another one by default. */
export const DEFAULT_LOCK_TIMEOUT_MS = 5000;

/** Infix of the names a stale lock is moved to before it is removed. */
export const STALE_LOCK_INFIX = '.stale-';

// A lock file is written right after it is created; one still empty after this
// long belongs to a writer that died between the two steps.
const EMPTY_LOCK_GRACE_MS = 2000;

interface LockOwner {
  pid: number;
  host: string;
  nonce: string;
}

function parseOwner(text: string): LockOwner | null {
  try {
    const v: unknown = JSON.parse(text);
    if (typeof v !== 'object' || v === null) return null;
    const { pid, host, nonce } = v as Record<string, unknown>;
    if (typeof pid !== 'number' || typeof host !== 'string' || typeof nonce !== 'string') return null;
    return { pid, host, nonce };
  } catch {
    return null;
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return !isErrno(error, 'ESRCH');
  }
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Removes the lock when its owner is gone (a writer killed mid-save). Returns
 * true when the caller should try to take the lock again at once.
 *
 * The lock is first renamed aside and its content compared with what was
 * judged stale: if another writer took the lock in between, it is put back
 * (link fails rather than overwrite when yet another lock appeared meanwhile).
 */
async function breakIfStale(lockPath: string): Promise<boolean> {
  let text: string;
  let mtimeMs: number;
  try {
    text = await fs.readFile(lockPath, 'utf8');
    mtimeMs = (await fs.stat(lockPath)).mtimeMs;
  } catch (error) {
    if (isErrno(error, 'ENOENT')) return true;
    throw error;
  }
  const owner = parseOwner(text);
  const stale = owner
    ? owner.host === os.hostname() && !processAlive(owner.pid)
    : Date.now() - mtimeMs > EMPTY_LOCK_GRACE_MS;
  if (!stale) return false;

  const aside = `${lockPath}${STALE_LOCK_INFIX}${randomBytes(6).toString('hex')}`;
  try {
    await fs.rename(lockPath, aside);
  } catch (error) {
    if (isErrno(error, 'ENOENT')) return true;
    throw error;
  }
  try {
    const movedText = await fs.readFile(aside, 'utf8');
    if (movedText !== text) await fs.link(aside, lockPath).catch(() => undefined);
  } finally {
    await fs.rm(aside, { force: true });
  }
  return true;
}

/**
 * Runs `fn` while holding `lockPath`, a file created with O_EXCL holding our
 * pid, host and a nonce. Waits up to `timeoutMs` for a live holder, takes over
 * from a dead one (same host, pid gone), and only removes a lock it still owns.
 * @throws StoreError `locked` when the wait runs out.
 */
export async function withLock<T>(lockPath: string, fn: () => Promise<T>, timeoutMs = DEFAULT_LOCK_TIMEOUT_MS): Promise<T> {
  const nonce = randomBytes(12).toString('hex');
  const content = JSON.stringify({ pid: process.pid, host: os.hostname(), nonce });
  const deadline = Date.now() + timeoutMs;
  let delay = 5;
  for (;;) {
    let handle: fs.FileHandle | null = null;
    try {
      handle = await fs.open(lockPath, 'wx', 0o600);
    } catch (error) {
      if (!isErrno(error, 'EEXIST')) throw error;
    }
    if (handle) {
      try {
        await handle.writeFile(content, { encoding: 'utf8' });
      } catch (error) {
        await handle.close();
        await fs.rm(lockPath, { force: true });
        throw error;
      }
      await handle.close();
      break;
    }
    if (await breakIfStale(lockPath)) continue;
    if (Date.now() >= deadline) {
      throw new StoreError(
        'locked',
        `another process holds ${lockPath}; if no stakeql process is running, remove it: rm ${shellQuote(lockPath)}`,
        lockPath,
      );
    }
    await sleep(delay);
    delay = Math.min(delay * 2, 50);
  }

  try {
    return await fn();
  } finally {
    const now = await fs.readFile(lockPath, 'utf8').catch(() => null);
    if (now === content) await fs.rm(lockPath, { force: true });
  }
}
