/**
 * `stakeql/sandbox`: a local stand-in for the site's GraphQL API, on
 * 127.0.0.1 only, with the site's authentication behaviour, a ledger, and
 * switches for the failures a client must survive.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AuthRegistry } from './auth.js';
import { ClearanceRegistry } from './clearance.js';
import { DEFAULT_USER_AGENT, curlSample } from './curl-sample.js';
import { SandboxEvents } from './events.js';
import { FaultPlan, checkFault } from './faults.js';
import { GraphQLRunner } from './graphql-runner.js';
import { KasadaGuard } from './kasada.js';
import { setRakeback, setVip } from './rakeback.js';
import { Ledger } from './ledger.js';
import { resolveOptions } from './options.js';
import { RateLimiter } from './rate-limit.js';
import { RealtimeServer, type WebsocketStats } from './realtime/server.js';
import { type SandboxCore, createRequestHandler } from './server.js';
import { StatsRecorder } from './stats.js';
import { SportsBook } from './sports/book.js';
import { SportsControl } from './sports/control.js';
import { RoundClock } from './crash/rounds.js';
import type { MultiplayerClocks } from './crash/views.js';
import { previous_game_hash } from '../games/crash/outcome.js';
import { check_number } from '../games/kernel/number.js';
import type { RandomFaultOptions, Sandbox, SandboxFault, SandboxLogin, SandboxOptions, SandboxStats } from './types.js';

export type {
  RandomFaultOptions,
  Sandbox,
  SandboxErrorType,
  SandboxFault,
  SandboxFaultAction,
  SandboxFaultTarget,
  SandboxLogin,
  SandboxOptions,
  SandboxStats,
} from './types.js';
export { token_fingerprint, type ConnectionInitRecord, type WebsocketStats } from './realtime/server.js';
export type { BalanceDelivery } from './realtime/feed.js';
export { FAULT_SPEC_HELP, add_fault_rules, parse_fault_spec, type FaultRule, type FaultSchedule } from './fault-spec.js';
/** The sandbox's schema as SDL (the site's names), e.g. to `validate` your own documents against it. */
export { SANDBOX_SDL } from './sdl.js';
export type { FixtureSpec, SandboxFixtureInfo, SandboxMarketInfo, SandboxOutcomeInfo, SandboxSportBetInfo, SandboxSportsbook, SportRefusal, SportsField } from './sports/control.js';

/** The User-Agent `sample_curl` uses when given none (a desktop Chrome). */
export const SANDBOX_DEFAULT_USER_AGENT: string = DEFAULT_USER_AGENT;

const MAX_NAME_LENGTH = 64;
const MAX_FAULT_COUNT = 1_000_000;

/**
 * Starts a sandbox listening on 127.0.0.1 and resolves once it accepts
 * connections. Bad options throw TypeError / RangeError before anything starts.
 */
export async function start_sandbox(options?: SandboxOptions): Promise<Sandbox> {
  const resolved = resolveOptions(options);
  const sleeps = new Set<{ timer: NodeJS.Timeout; resolve: (done: boolean) => void }>();
  const limit = resolved.rateLimit;
  const auth = new AuthRegistry(resolved.tokenTtlSeconds, resolved.sessionGraceSeconds);
  const ledger = new Ledger(resolved.startingBalances, resolved.diceSeed);
  const events = new SandboxEvents();
  const kasada = resolved.protection === 'kasada' ? new KasadaGuard(resolved.kasadaTtlMs) : null;
  const core: SandboxCore = {
    options: resolved,
    auth,
    clearance: new ClearanceRegistry(),
    kasada,
    pages: { auth, ledger, kasada, users_by_name: new Map(), session_max_age_s: resolved.tokenTtlSeconds },
    ledger,
    events,
    sports: new SportsBook(ledger, events, resolved.site === 'stake.us'),
    multiplayer: startClocks(resolved, ledger, events),
    faults: new FaultPlan(),
    limiter: limit === null ? null : new RateLimiter(limit.maxRequests, limit.windowMs, limit.retryAfterSeconds),
    stats: new StatsRecorder(),
    runner: new GraphQLRunner(),
    // Set once the realtime server exists (below).
    drop_feed: () => undefined,
    sleep: (ms) =>
      new Promise<boolean>((resolve) => {
        const entry = {
          timer: setTimeout(() => {
            sleeps.delete(entry);
            resolve(true);
          }, ms),
          resolve,
        };
        sleeps.add(entry);
      }),
  };
  const server = createServer(createRequestHandler(core));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(resolved.port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const cancelSleeps = (): void => {
    for (const entry of sleeps) {
      clearTimeout(entry.timer);
      entry.resolve(false);
    }
    sleeps.clear();
  };
  // The realtime feed (`/_api/websockets`) rides on the same server's `upgrade` event.
  const realtime = new RealtimeServer(server, {
    auth: core.auth,
    clearance: core.clearance,
    requireClearance: resolved.requireClearance,
    kasada,
    events: core.events,
  });
  core.drop_feed = (refuse_ms) => {
    realtime.refuse_for(refuse_ms);
    realtime.drop_all();
  };
  return new RunningSandbox(server, core, cancelSleeps, realtime);
}

/** The Crash and Slide clocks, when `crash_round_ms` asks for rounds. Slide's chain starts where Crash's seed hashes to. */
function startClocks(resolved: ReturnType<typeof resolveOptions>, ledger: Ledger, events: SandboxEvents): MultiplayerClocks {
  const ms = resolved.crashRoundMs;
  if (ms === null) return { crash: null, slide: null };
  const seed = resolved.crashChainSeed;
  return {
    crash: new RoundClock('crash', ledger, events, ms, seed),
    slide: new RoundClock('slide', ledger, events, ms, seed === undefined ? undefined : previous_game_hash(seed)),
  };
}

/** Checks a count argument of a fault method: an integer from 1 to {@link MAX_FAULT_COUNT}. */
function checkCount(fn: string, name: string, value: unknown): number {
  return check_number(value, `${fn}: ${name}`, { min: 1, max: MAX_FAULT_COUNT, integer: true });
}

/** The running sandbox; state lives in private fields so inspecting it shows no secret. */
class RunningSandbox implements Sandbox {
  readonly url: string;
  readonly sports: SportsControl;
  readonly #server: Server;
  readonly #core: SandboxCore;
  readonly #cancelSleeps: () => void;
  readonly #realtime: RealtimeServer;
  #closing: Promise<void> | null = null;
  #logins = 0;

  constructor(server: Server, core: SandboxCore, cancelSleeps: () => void, realtime: RealtimeServer) {
    this.#server = server;
    this.#core = core;
    this.#cancelSleeps = cancelSleeps;
    this.#realtime = realtime;
    this.sports = new SportsControl(core.sports);
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  login(name?: string): SandboxLogin {
    if (name !== undefined && typeof name !== 'string') throw new TypeError('login: name must be a string');
    const userName = name ?? `sandbox-user-${this.#logins + 1}`;
    if (userName.length === 0 || userName.length > MAX_NAME_LENGTH) {
      throw new RangeError(`login: name must be 1 to ${MAX_NAME_LENGTH} characters`);
    }
    this.#logins++;
    const user = this.#core.ledger.createUser(userName);
    // `/login?user=NAME` in a browser logs in as this user from now on.
    this.#core.pages.users_by_name.set(userName, user.id);
    return Object.freeze({
      access_token: this.#core.auth.issueToken(user.id),
      session_cookie: this.#core.auth.issueSession(user.id),
      expires_in: this.#core.options.tokenTtlSeconds,
      user_id: user.id,
    });
  }

  set_rakeback(user_id: string, currency: string, amount: number): void {
    if (this.#core.ledger.user(user_id) === undefined) throw new RangeError('set_rakeback: no such user');
    if (typeof amount !== 'number' || !Number.isFinite(amount) || amount < 0) throw new RangeError('set_rakeback: amount must be a finite number >= 0');
    setRakeback(this.#core.ledger, user_id, currency, amount);
  }

  set_vip(user_id: string, vip: { flag: string; progress: number }): void {
    if (this.#core.ledger.user(user_id) === undefined) throw new RangeError('set_vip: no such user');
    setVip(this.#core.ledger, user_id, vip);
  }

  issue_clearance(user_agent: string): string {
    if (typeof user_agent !== 'string') throw new TypeError('issue_clearance: user_agent must be a string');
    if (user_agent.length === 0) throw new RangeError('issue_clearance: user_agent must not be empty');
    return this.#core.clearance.issue(user_agent);
  }

  fail_next(fault: SandboxFault, count = 1): void {
    const checked = checkFault(fault, 'fail_next');
    this.#core.faults.push(checked, checkCount('fail_next', 'count', count));
  }

  fail_randomly(fault: SandboxFault, probability: number, options?: RandomFaultOptions): void {
    const checked = checkFault(fault, 'fail_randomly');
    if (typeof probability !== 'number') throw new TypeError('fail_randomly: probability must be a number');
    if (!(probability > 0 && probability <= 1)) {
      throw new RangeError('fail_randomly: probability must be above 0 and at most 1');
    }
    if (options !== undefined && (typeof options !== 'object' || options === null)) {
      throw new TypeError('fail_randomly: options must be an object');
    }
    const seed = options?.seed;
    if (seed !== undefined && typeof seed !== 'string') throw new TypeError('fail_randomly: options.seed must be a string');
    this.#core.faults.addRandom(checked, probability, seed);
  }

  fail_every(fault: SandboxFault, every: number): void {
    const checked = checkFault(fault, 'fail_every');
    this.#core.faults.addEvery(checked, checkCount('fail_every', 'every', every));
  }

  clear_faults(): void {
    this.#core.faults.clear();
  }

  revoke_token(access_token: string): void {
    if (typeof access_token !== 'string') throw new TypeError('revoke_token: access_token must be a string');
    this.#core.auth.revokeToken(access_token);
    this.#realtime.revoke(access_token);
  }

  stats(): SandboxStats {
    return this.#core.stats.snapshot();
  }

  drop_websockets(): number {
    return this.#realtime.drop_all();
  }

  websocket_stats(): WebsocketStats {
    return this.#realtime.stats();
  }

  sample_curl(login: SandboxLogin, user_agent?: string, clearance?: string): string {
    if (typeof login !== 'object' || login === null) throw new TypeError('sample_curl: login must be a SandboxLogin');
    if (typeof login.access_token !== 'string' || typeof login.session_cookie !== 'string') {
      throw new TypeError('sample_curl: login must have string access_token and session_cookie');
    }
    if (user_agent !== undefined && typeof user_agent !== 'string') {
      throw new TypeError('sample_curl: user_agent must be a string');
    }
    if (clearance !== undefined && typeof clearance !== 'string') {
      throw new TypeError('sample_curl: clearance must be a string');
    }
    return curlSample({
      baseUrl: this.url,
      accessToken: login.access_token,
      sessionCookie: login.session_cookie,
      userAgent: user_agent ?? DEFAULT_USER_AGENT,
      clearance,
    });
  }

  close(): Promise<void> {
    this.#closing ??= new Promise<void>((resolve) => {
      this.#cancelSleeps();
      this.#core.multiplayer.crash?.stop();
      this.#core.multiplayer.slide?.stop();
      // Upgraded sockets are not HTTP connections: the realtime server ends them, or server.close() would wait forever.
      void this.#realtime.close();
      // close() stops accepting; closeAllConnections() ends keep-alive and in-flight sockets now.
      this.#server.close(() => resolve());
      this.#server.closeAllConnections();
    });
    return this.#closing;
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }
}
