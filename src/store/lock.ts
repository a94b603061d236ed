import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import { StoreError } from './errors.js';
import { isErrno, shellQuote } from './secure-fs.js';

/** How long a writer waits for another one by default. */
export const DEFAULT_LOCK_TIMEOUT_MS = 5000;

/** Infix of the names a dead breaker's lock is moved to before it is removed. */
export const STALE_LOCK_INFIX = '.stale-';

/** Infix of the files a lock is written to before it is linked into place (`<lock>.new-<pid>-<hex>`). */
export const NEW_LOCK_INFIX = '.new-';

/** Suffix of the lock that breakers of a stale lock take turns on. */
export const BREAK_LOCK_SUFFIX = '.break';

// Locks are never empty (see createExclusive) except where the file system has
// no hard links, or when left by an older version, between creating and
// writing. After this long their writer is surely gone.
const UNPARSABLE_LOCK_GRACE_MS = 2000;

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

/** The text of a lock-like file and when it was written, or null when it is gone. */
async function readLock(p: string): Promise<{ text: string; mtimeMs: number } | null> {
  try {
    const text = await fs.readFile(p, 'utf8');
    return { text, mtimeMs: (await fs.stat(p)).mtimeMs };
  } catch (error) {
    if (isErrno(error, 'ENOENT')) return null;
    throw error;
  }
}

/** A lock whose owner is gone: same host and pid dead, or unparsable past the grace period. */
function isDead(lock: { text: string; mtimeMs: number }): boolean {
  const owner = parseOwner(lock.text);
  return owner ? owner.host === os.hostname() && !processAlive(owner.pid) : Date.now() - lock.mtimeMs > UNPARSABLE_LOCK_GRACE_MS;
}

/**
 * Whether a lock file left beside the lock (`<lock>.new-…`, `<lock>.stale-…`,
 * `<lock>.break.new-…`) may be deleted by whoever holds the lock: only when
 * its owner is gone. A live process may still be working on it.
 */
export async function isDeadLeftover(p: string): Promise<boolean> {
  // A draft is named after its writer's pid: a writer killed while creating
  // it leaves it empty, so its content cannot tell.
  const draft = p.lastIndexOf(NEW_LOCK_INFIX);
  if (draft >= 0) {
    const pid = Number(p.slice(draft + NEW_LOCK_INFIX.length).split('-')[0]);
    if (Number.isInteger(pid) && pid > 0) return !processAlive(pid);
  }
  const lock = await readLock(p);
  return lock !== null && isDead(lock);
}

// What link() fails with on a file system without hard links (FAT, some
// network and FUSE mounts).
const NO_HARD_LINKS = ['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV'];

// Where there are no hard links: O_EXCL, then the content (a lock is briefly
// empty, hence the grace period for unparsable locks).
async function createOpenThenWrite(p: string, content: string): Promise<boolean> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(p, 'wx', 0o600);
  } catch (error) {
    if (isErrno(error, 'EEXIST')) return false;
    throw error;
  }
  try {
    await handle.writeFile(content, { encoding: 'utf8' });
  } catch (error) {
    await handle.close();
    await fs.rm(p, { force: true });
    throw error;
  }
  await handle.close();
  return true;
}

/**
 * Creates `p` holding `content`, or returns false when it exists. The content
 * is written to a private file first and hard-linked into place, so a lock is
 * never seen empty: there is no window in which a live owner looks dead.
 */
async function createExclusive(p: string, content: string): Promise<boolean> {
  const draft = `${p}${NEW_LOCK_INFIX}${process.pid}-${randomBytes(6).toString('hex')}`;
  await fs.writeFile(draft, content, { encoding: 'utf8', mode: 0o600, flag: 'wx' });
  try {
    await fs.link(draft, p);
    return true;
  } catch (error) {
    if (isErrno(error, 'EEXIST')) return false;
    if (!NO_HARD_LINKS.some((code) => isErrno(error, code))) throw error;
    return createOpenThenWrite(p, content);
  } finally {
    await fs.rm(draft, { force: true });
  }
}

/**
 * Clears the break lock of a breaker that died holding it. It is moved aside
 * and compared with what was judged dead: if a live breaker took it in
 * between, it is put back (link fails rather than overwrite when yet another
 * appeared meanwhile: the one case this scheme cannot cover, needing a breaker
 * killed inside its few system calls and two others racing to clear it).
 */
async function clearDeadBreaker(breakPath: string): Promise<void> {
  const judged = await readLock(breakPath);
  if (judged === null || !isDead(judged)) return;
  const aside = `${breakPath}${STALE_LOCK_INFIX}${randomBytes(6).toString('hex')}`;
  try {
    await fs.rename(breakPath, aside);
  } catch (error) {
    if (isErrno(error, 'ENOENT')) return;
    throw error;
  }
  try {
    const moved = await readLock(aside);
    if (moved !== null && moved.text !== judged.text) await fs.link(aside, breakPath).catch(() => undefined);
  } finally {
    await fs.rm(aside, { force: true });
  }
}

/**
 * Removes the lock when its owner is gone (a writer killed mid-save). Returns
 * true when the caller should try to take the lock again at once.
 *
 * Breakers take turns on a second lock (`<lock>.break`): under it the lock is
 * read again and removed only if it is still the dead one. Nothing else can
 * remove or replace a lock that exists (its dead owner will not, and other
 * breakers wait), so the check and the removal cannot be split by a writer
 * taking the lock. (Moving the lock aside and putting it back when it turned
 * out to be live, as before, let two writers in at once when a third took the
 * lock in between: found by `npm run stress`, 1,000 SIGKILLed writers.)
 */
async function breakIfStale(lockPath: string, content: string): Promise<boolean> {
  const judged = await readLock(lockPath);
  if (judged === null) return true;
  if (!isDead(judged)) return false;
  const breakPath = `${lockPath}${BREAK_LOCK_SUFFIX}`;
  if (!(await createExclusive(breakPath, content))) {
    await clearDeadBreaker(breakPath);
    return false;
  }
  try {
    const now = await readLock(lockPath);
    if (now === null) return true;
    if (now.text !== judged.text || !isDead(now)) return false;
    await fs.rm(lockPath, { force: true });
    return true;
  } finally {
    const mine = await readLock(breakPath);
    if (mine?.text === content) await fs.rm(breakPath, { force: true });
  }
}

/**
 * Runs `fn` while holding `lockPath`, a file holding our pid, host and a nonce
 * that appears whole (hard-linked into place, failing when it exists). Waits
 * up to `timeoutMs` for a live holder, takes over from a dead one (same host,
 * pid gone), and only removes a lock it still owns.
 * @throws StoreError `locked` when the wait runs out.
 */
export async function withLock<T>(lockPath: string, fn: () => Promise<T>, timeoutMs = DEFAULT_LOCK_TIMEOUT_MS): Promise<T> {
  const nonce = randomBytes(12).toString('hex');
  const content = JSON.stringify({ pid: process.pid, host: os.hostname(), nonce });
  const deadline = Date.now() + timeoutMs;
  let delay = 5;
  for (;;) {
    if (await createExclusive(lockPath, content)) break;
    if (await breakIfStale(lockPath, content)) continue;
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
