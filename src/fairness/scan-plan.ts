/**
 * The inputs of a scan, checked: everything `scan` refuses, it refuses here,
 * before a single nonce is evaluated.
 */
import { availableParallelism } from 'node:os';
import { game_definition } from './outcome.js';
import { check_server_seed, server_seed_hash } from './rng.js';
import { SCAN_GAMES, is_scan_game, type ScanGameName, type ScanJobData } from './scan-core.js';
import { parse_where } from './scan-where.js';
import { check_number } from '../games/kernel/number.js';

/** Largest range `scan` takes without `force` (about four minutes on one core). */
export const MAX_SCAN_NONCES = 1_000_000_000;

/** Nonces per unit of work handed to a worker, unless `chunk_size` says otherwise. */
export const SCAN_CHUNK_SIZE = 65_536;

/** Inputs of `scan()`. */
export interface ScanOptions {
  /** One of {@link SCAN_GAMES}: a game whose outcome is one number. */
  game: ScanGameName;
  /** The revealed server seed (lower-case hex). A seed still hidden behind its hash cannot be scanned. */
  server_seed: string;
  client_seed: string;
  /** `[from, to]`: nonces `from … to − 1`. */
  nonces: readonly [number, number];
  /** `'>=X'`, `'<=X'`, `'==X'` or `'between A B'` (both ends included), on the game's number. */
  where: string;
  /** The game's parameters: `{ segments }` for wheel, `{ rows }` for plinko, `{ difficulty }` for pump. */
  params?: Record<string, unknown>;
  /** Stop after this many hits (the summary then covers the nonces up to the last one). */
  limit?: number;
  /** Worker threads; default the machine's cores. 1 scans on the calling thread, between turns of its event loop. */
  workers?: number;
  /** Stops the scan; the iteration ends and the summary covers what was evaluated. */
  signal?: AbortSignal;
  /** Allow a range of more than {@link MAX_SCAN_NONCES} nonces. */
  force?: boolean;
  /**
   * The hash the site showed for the seed (`seedHash`). When given, the scan
   * checks that `server_seed` hashes to it, and refuses a `server_seed` that
   * IS this hash: the hidden seed's hash is all the site shows before a rotation.
   */
  server_seed_hash?: string;
  /** Nonces per unit of work (default {@link SCAN_CHUNK_SIZE}); the mean's last bits depend on it, nothing else does. */
  chunk_size?: number;
}

function check_count(name: string, value: unknown, min: number): number {
  return check_number(value, name, { min, integer: true, got: 'comma' });
}

function check_hash_pair(server_seed: string, hash: unknown): void {
  if (typeof hash !== 'string') throw new TypeError('server_seed_hash must be a string');
  check_server_seed(hash, 'server_seed_hash');
  if (hash.length !== 64) throw new RangeError('server_seed_hash must be 64 hex digits, as the site shows seedHash');
  if (server_seed === hash) {
    throw new RangeError('server_seed is the seed hash (server_seed_hash), not the seed: a server seed can be scanned only once the site reveals it (rotate the seed pair first)');
  }
  if (server_seed_hash(server_seed) !== hash) throw new RangeError('server_seed does not hash to server_seed_hash: it is not the seed that hash was shown for');
}

/** The checked inputs of a scan. */
export interface Plan {
  readonly data: ScanJobData;
  readonly from: number;
  readonly to: number;
  readonly limit: number | null;
  readonly workers: number;
  readonly chunk: number;
  readonly seed_hash: string;
}

export function plan_of(options: ScanOptions): Plan {
  if (options === null || typeof options !== 'object') throw new TypeError('scan expects an options object');
  const game: unknown = options.game;
  if (!is_scan_game(game)) {
    const got = typeof game === 'string' ? JSON.stringify(game.slice(0, 40)) : typeof game;
    throw new RangeError(`game must be one whose result is a number: ${Object.keys(SCAN_GAMES).join(', ')}; got ${got}`);
  }
  check_server_seed(options.server_seed);
  if (typeof options.client_seed !== 'string') throw new TypeError('client_seed must be a string');
  if (options.server_seed_hash !== undefined) check_hash_pair(options.server_seed, options.server_seed_hash);
  const range = options.nonces;
  if (!Array.isArray(range) || range.length !== 2) throw new TypeError('nonces must be [from, to] (to excluded)');
  const from = check_count('nonces[0]', range[0], 0);
  const to = check_count('nonces[1]', range[1], 0);
  if (to < from) throw new RangeError(`nonces: the range ${from}..${to} is reversed (from must come first; to is excluded)`);
  if (to === from) throw new RangeError(`nonces: the range ${from}..${to} is empty (to is excluded)`);
  if (to - from > MAX_SCAN_NONCES && options.force !== true) {
    throw new RangeError(`nonces: ${to - from} nonces is more than ${MAX_SCAN_NONCES.toLocaleString('en')}; pass force: true (--force on the command line) to scan them anyway`);
  }
  const where = parse_where(options.where);
  if (options.params !== undefined && (options.params === null || typeof options.params !== 'object')) throw new TypeError('params must be an object');
  const params = game_definition(game).params({ ...(options.params ?? {}) }) as Record<string, unknown>;
  const limit = options.limit === undefined ? null : check_count('limit', options.limit, 1);
  const workers = options.workers === undefined ? availableParallelism() : check_count('workers', options.workers, 1);
  const chunk = options.chunk_size === undefined ? SCAN_CHUNK_SIZE : check_count('chunk_size', options.chunk_size, 1);
  if (options.signal !== undefined && !(options.signal instanceof AbortSignal)) throw new TypeError('signal must be an AbortSignal');
  return {
    data: { server_seed: options.server_seed, client_seed: options.client_seed, game, params, low: where.low, high: where.high },
    from,
    to,
    limit,
    workers: Math.min(workers, 256),
    chunk,
    seed_hash: server_seed_hash(options.server_seed),
  };
}

