/**
 * The account locks of autobet runs, read from outside a run. A run holds
 * `autobet-<key>.lock` in one per-user directory ({@link account_lock_dir})
 * for as long as it bets (key: the first 32 hex digits of SHA-256 of the
 * site's account id, so two runs on one account exclude each other whatever
 * their databases or the mirror domain they use; written by
 * src/store/lock.ts as `{ pid, host, nonce }`). The session row knows the
 * account by name, not id, so `autobet list` reads every lock there is (one
 * per account that ran, few; also beside the database, where older versions
 * kept them) and matches them by pid.
 *
 * A killed run leaves its lock file and its pid behind, and the system may
 * give that pid to another process: on Linux a holder is live only when its
 * process is older than the lock (/proc/PID/stat's start time against the
 * file's mtime); elsewhere a live pid is taken as the holder.
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A lock file name: `autobet-` and 32 lower-case hex digits. */
const LOCK_NAME = /^autobet-[0-9a-f]{32}\.lock$/;
/** At most this many locks are read (an account per lock: far more than one user has). */
const MAX_LOCKS = 1000;
/** Lock files are a few dozen bytes; anything larger is not one. */
const MAX_LOCK_BYTES = 4096;
/**
 * How much older than its lock a holder may look: the boot time the start
 * time counts from is whole seconds, and it moves when the clock is set.
 */
const START_SLACK_MS = 2000;
/** Linux's USER_HZ: the clock ticks /proc counts process times in (100 on every architecture Node runs on). */
const USER_HZ = 100;

/**
 * The user's one directory of account locks: `$STAKEQL_LOCK_DIR` when set;
 * else `$XDG_STATE_HOME/stakeql/locks` (an absolute one only); else
 * `~/.local/state/stakeql/locks`. Not the data directory: two data
 * directories on one account must see each other's lock.
 */
export function account_lock_dir(env: NodeJS.ProcessEnv = process.env, home: () => string = os.homedir): string {
  const override = env['STAKEQL_LOCK_DIR'];
  if (override) return path.resolve(override);
  const xdg = env['XDG_STATE_HOME'];
  return path.join(xdg && path.isAbsolute(xdg) ? xdg : path.join(home(), '.local', 'state'), 'stakeql', 'locks');
}

/** The lock of the run betting on the account whose id on the site is `user_id`. */
export function account_lock_path(user_id: string, env: NodeJS.ProcessEnv = process.env): string {
  const key = createHash('sha256').update(user_id).digest('hex').slice(0, 32);
  return path.join(account_lock_dir(env), `autobet-${key}.lock`);
}

/** One lock's holder, as the lock file names it. */
export interface LockHolder {
  readonly pid: number;
  /** When the lock was written (the file's mtime), Unix ms. */
  readonly locked_at_ms: number;
  /** False when the process with that pid started after the lock was written: not the one that wrote it. */
  live(): boolean;
}

/**
 * The holders of the autobet locks, by pid (this host's locks only): the
 * per-user lock directory's, and those beside `database` (older versions). Synchronous: a few small files, read by a list or a poll.
 */
export function lock_holders(database: string): Map<number, LockHolder> {
  const holders = new Map<number, LockHolder>();
  for (const dir of new Set([account_lock_dir(), path.dirname(path.resolve(database))])) read_holders(dir, holders);
  return holders;
}

function read_holders(dir: string, holders: Map<number, LockHolder>): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  const host = os.hostname();
  for (const name of names.filter((n) => LOCK_NAME.test(n)).slice(0, MAX_LOCKS)) {
    const file = path.join(dir, name);
    try {
      const stat = statSync(file);
      if (!stat.isFile() || stat.size > MAX_LOCK_BYTES) continue;
      const parsed = JSON.parse(readFileSync(file, 'utf8')) as { pid?: unknown; host?: unknown };
      if (!Number.isSafeInteger(parsed.pid) || parsed.host !== host) continue;
      const pid = parsed.pid as number;
      const locked_at_ms = stat.mtimeMs;
      holders.set(pid, { pid, locked_at_ms, live: () => !started_after(pid, locked_at_ms) });
    } catch {
      // Gone meanwhile (its run ended), or being written: not a holder now.
    }
  }
}

/** Whether process `pid` holds an autobet lock beside `database` and is the process that took it (see the module comment). */
export function holds_lock(database: string, pid: number): boolean {
  return lock_holders(database).get(pid)?.live() === true;
}

/** Whether process `pid` started after `ms` (Linux); false when that cannot be read. */
function started_after(pid: number, ms: number): boolean {
  const start = process_start_ms(pid);
  return start !== null && start > ms + START_SLACK_MS;
}

/** When process `pid` started, Unix ms, from /proc (Linux); null elsewhere or when it is gone. */
export function process_start_ms(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    // The command name (field 2) is in parentheses and may hold spaces or parentheses: count from the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[19]);
    const boot = /^btime ([0-9]+)$/m.exec(readFileSync('/proc/stat', 'latin1'));
    if (!Number.isFinite(ticks) || boot === null) return null;
    return Number(boot[1]) * 1000 + (ticks / USER_HZ) * 1000;
  } catch {
    return null;
  }
}
