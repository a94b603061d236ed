/** A sandbox, a logged-in client and its Sportsbook for the sports tests. */
import { start_sandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/index.js';
import { StakeClient, type ClientLogEvent } from '../../src/facade/index.js';
import { Sportsbook } from '../../src/sports/index.js';

/** Starts a sandbox; the caller closes it in afterAll. */
export function sandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  return start_sandbox({ starting_balances: { btc: 1, usd: 1000 }, ...options });
}

/** A new user of `box`, a client logged in as them (bounded timeouts), and its sportsbook; `log` sees the client's events. */
export function user(box: Sandbox, log?: (event: ClientLogEvent) => void) {
  const login = box.login();
  const client = new StakeClient({
    base_url: box.url, access_token: login.access_token, session_cookie: login.session_cookie, timeout_ms: 10_000,
    ...(log === undefined ? {} : { logger: log }),
  });
  return { login, client, sports: new Sportsbook(client) };
}

/** Requests of one operation the sandbox has seen. */
export function count(box: Sandbox, operation: string): number {
  return box.stats().by_operation[operation] ?? 0;
}

/** The user's available balance of a currency, from the sandbox's own ledger (through the site's `UserBalances`). */
export async function balance(client: StakeClient, currency: string): Promise<number> {
  const line = (await client.balances()).find((b) => b.available.currency === currency);
  return line?.available.amount ?? 0;
}

/**
 * A clock for the settle period that moves only when the library sleeps (no
 * real wait), `skew_ms` off the system's: `now()` at each look is recorded
 * in `looks`, so a test reads when (on this clock) the site was looked at.
 */
export function fake_clock(skew_ms = 0): { now(): number; sleep(ms: number): Promise<void>; readonly slept: number[] } {
  let t = Date.now() + skew_ms;
  const slept: number[] = [];
  return {
    now: () => t,
    sleep: async (ms: number) => {
      slept.push(ms);
      t += ms;
    },
    slept,
  };
}
