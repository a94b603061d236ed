/** A sandbox and a logged-in client for the operations tests. */
import { start_sandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/index.js';
import { StakeClient } from '../../src/facade/index.js';

/** Starts a sandbox; the caller closes it in afterAll. */
export function sandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  return start_sandbox({ starting_balances: { btc: 1, usd: 1000 }, ...options });
}

/** A new user of `box` and a client logged in as them (timeouts bounded, so no test can hang). */
export function user(box: Sandbox, name?: string) {
  const login = box.login(name);
  const client = new StakeClient({ base_url: box.url, access_token: login.access_token, session_cookie: login.session_cookie, timeout_ms: 10_000 });
  return { login, client };
}

/** The last request the sandbox logged: its operation name and variables. */
export function last_request(box: Sandbox) {
  const log = box.stats().request_log;
  return log[log.length - 1];
}
