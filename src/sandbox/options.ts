/** Checks {@link SandboxOptions} from user code and fills in the defaults. */
import { currencyInfo } from './currencies.js';
import { DEFAULT_KASADA_TTL_MS } from './kasada.js';
import type { SandboxOptions } from './types.js';
import { check_number } from '../games/kernel/number.js';

/** Options with every default applied. */
export interface ResolvedOptions {
  readonly port: number;
  readonly tokenTtlSeconds: number;
  readonly requireClearance: boolean;
  /** The bot protection emulated: `cloudflare` is what `require_clearance` turns on. */
  readonly protection: 'none' | 'cloudflare' | 'kasada';
  readonly kasadaTtlMs: number;
  readonly rateLimit: { readonly maxRequests: number; readonly windowMs: number; readonly retryAfterSeconds: number | undefined } | null;
  readonly rotateSession: boolean;
  readonly startingBalances: Readonly<Record<string, number>>;
  readonly sessionGraceSeconds: number;
  readonly diceSeed: string | undefined;
  readonly betDelayMs: number;
  /** Which site the sandbox plays: `stake.us` has no sportsbook. */
  readonly site: 'stake.com' | 'stake.us';
  /** Crash and Slide rounds: the phase length in ms, or null for no rounds. */
  readonly crashRoundMs: number | null;
  readonly crashChainSeed: string | undefined;
}

// Tests stay bounded: a bet never holds its lock longer than this.
const MAX_BET_DELAY_MS = 60_000;

const DEFAULT_BALANCES = Object.freeze({ btc: 1, usd: 1000 });

/** Throws TypeError (wrong type) or RangeError (bad value) naming the option. */
export function resolveOptions(options: SandboxOptions | undefined): ResolvedOptions {
  if (options === undefined || options === null) options = {};
  if (typeof options !== 'object') throw new TypeError('start_sandbox: options must be an object');
  const port = options.port ?? 0;
  checkNumber('port', port, 0, 65_535, true);
  const tokenTtlSeconds = options.token_ttl_seconds ?? 3600;
  checkNumber('token_ttl_seconds', tokenTtlSeconds, 0, Number.MAX_SAFE_INTEGER / 1000, false);
  const sessionGraceSeconds = options.session_grace_seconds ?? 10;
  checkNumber('session_grace_seconds', sessionGraceSeconds, 0, Number.MAX_SAFE_INTEGER / 1000, false);
  const { protection, requireClearance } = resolveProtection(options.protection, checkBoolean('require_clearance', options.require_clearance));
  const kasadaTtlMs = options.kasada_ttl_ms ?? DEFAULT_KASADA_TTL_MS;
  checkNumber('kasada_ttl_ms', kasadaTtlMs, 1, 86_400_000, true);
  const rotateSession = checkBoolean('rotate_session', options.rotate_session);

  let rateLimit: ResolvedOptions['rateLimit'] = null;
  const limit = options.rate_limit;
  if (limit !== undefined && limit !== null) {
    if (typeof limit !== 'object') throw new TypeError('start_sandbox: rate_limit must be an object or null');
    checkNumber('rate_limit.max_requests', limit.max_requests, 1, Number.MAX_SAFE_INTEGER, true);
    checkNumber('rate_limit.window_ms', limit.window_ms, 1, Number.MAX_SAFE_INTEGER, false);
    if (limit.retry_after_seconds !== undefined) {
      checkNumber('rate_limit.retry_after_seconds', limit.retry_after_seconds, 0, 86_400 * 365, true);
    }
    rateLimit = {
      maxRequests: limit.max_requests,
      windowMs: limit.window_ms,
      retryAfterSeconds: limit.retry_after_seconds,
    };
  }

  const balances = options.starting_balances ?? DEFAULT_BALANCES;
  if (typeof balances !== 'object' || balances === null) {
    throw new TypeError('start_sandbox: starting_balances must be an object');
  }
  for (const [name, amount] of Object.entries(balances)) {
    if (currencyInfo(name) === undefined) {
      throw new RangeError(`start_sandbox: starting_balances has an unknown currency "${name}"`);
    }
    checkNumber(`starting_balances.${name}`, amount, 0, 1e12, false);
  }

  const diceSeed = options.dice_seed;
  if (diceSeed !== undefined && typeof diceSeed !== 'string') {
    throw new TypeError('start_sandbox: dice_seed must be a string');
  }

  const betDelayMs = options.bet_delay_ms ?? 0;
  checkNumber('bet_delay_ms', betDelayMs, 0, MAX_BET_DELAY_MS, false);

  const site = options.site ?? 'stake.com';
  if (site !== 'stake.com' && site !== 'stake.us') throw new RangeError('start_sandbox: site must be "stake.com" or "stake.us"');

  const crashRoundMs = options.crash_round_ms ?? null;
  if (crashRoundMs !== null) checkNumber('crash_round_ms', crashRoundMs, 5, 600_000, false);
  const crashChainSeed = options.crash_chain_seed;
  if (crashChainSeed !== undefined) {
    if (typeof crashChainSeed !== 'string') throw new TypeError('start_sandbox: crash_chain_seed must be a string');
    if (crashChainSeed.length !== 64 || !/^[0-9a-f]+$/.test(crashChainSeed)) {
      throw new RangeError('start_sandbox: crash_chain_seed must be 64 lower-case hex digits');
    }
  }

  return {
    crashRoundMs,
    crashChainSeed,
    site,
    betDelayMs,
    port,
    tokenTtlSeconds,
    requireClearance,
    protection,
    kasadaTtlMs,
    rateLimit,
    rotateSession,
    startingBalances: Object.freeze({ ...balances }),
    sessionGraceSeconds,
    diceSeed,
  };
}

const PROTECTIONS = ['none', 'cloudflare', 'kasada'] as const;

/** `protection`, with `require_clearance` as the alias of `'cloudflare'` it has always been. */
function resolveProtection(value: unknown, requireClearance: boolean): { protection: ResolvedOptions['protection']; requireClearance: boolean } {
  if (value === undefined || value === null) {
    return { protection: requireClearance ? 'cloudflare' : 'none', requireClearance };
  }
  if (typeof value !== 'string') throw new TypeError('start_sandbox: protection must be a string');
  if (!(PROTECTIONS as readonly string[]).includes(value)) {
    throw new RangeError(`start_sandbox: protection must be one of ${PROTECTIONS.join(', ')}`);
  }
  const protection = value as ResolvedOptions['protection'];
  if (requireClearance && protection !== 'cloudflare') {
    throw new RangeError(`start_sandbox: require_clearance is protection 'cloudflare'; it cannot be combined with protection '${protection}'`);
  }
  return { protection, requireClearance: protection === 'cloudflare' };
}

function checkNumber(name: string, value: unknown, min: number, max: number, integer: boolean): void {
  check_number(value, `start_sandbox: ${name}`, { min, max, integer, words: `must be ${integer ? 'an integer' : 'a number'} from ${min} to ${max}` });
}

function checkBoolean(name: string, value: unknown): boolean {
  if (value === undefined) return false;
  if (typeof value !== 'boolean') throw new TypeError(`start_sandbox: ${name} must be a boolean`);
  return value;
}
