/** What the sandbox saw of the GraphQL requests, for tests to check. */
import type { IncomingMessage } from 'node:http';
import type { SandboxStats } from './types.js';

// A sandbox left running for days must not grow without bound.
const MAX_ENTRIES = 10_000;
const MAX_LOGGED_VARIABLES = 16 * 1024;

/** Accumulates {@link SandboxStats}. */
export class StatsRecorder {
  #requests = 0;
  #mutations = 0;
  readonly #byOperation = new Map<string, number>();
  readonly #tokens: string[] = [];
  #lastHeaders: Record<string, string | string[] | undefined> = {};
  readonly #lineCounts: { cookie: number; access_token: number }[] = [];
  readonly #log: SandboxStats['request_log'][number][] = [];
  readonly #faults = new Map<string, number>();

  /** Records a request as it arrives on the GraphQL path. */
  arrived(req: IncomingMessage): void {
    this.#requests++;
    const token = req.headers['x-access-token'];
    if (typeof token === 'string' && token !== '') pushBounded(this.#tokens, token);
    this.#lastHeaders = { ...req.headers };
    let cookie = 0;
    let accessToken = 0;
    // rawHeaders alternates name, value; names keep the client's case.
    for (let i = 0; i < req.rawHeaders.length; i += 2) {
      const name = (req.rawHeaders[i] as string).toLowerCase();
      if (name === 'cookie') cookie++;
      else if (name === 'x-access-token') accessToken++;
    }
    pushBounded(this.#lineCounts, Object.freeze({ cookie, access_token: accessToken }));
  }

  /** Counts a request under its operation name ('' when it had none) and logs its variables, secrets redacted. */
  operation(name: string, variables: Record<string, unknown> | undefined): void {
    this.#byOperation.set(name, (this.#byOperation.get(name) ?? 0) + 1);
    // Bodies may be up to 1 MiB: keep the log small by dropping oversized variables.
    const kept = variables !== undefined && JSON.stringify(variables).length > MAX_LOGGED_VARIABLES ? { '[truncated]': true } : variables;
    pushBounded(this.#log, Object.freeze({ operation_name: name, variables: redacted(kept ?? {}) as Record<string, unknown> }));
  }

  /** Counts a fault a request took, under its label. */
  faultApplied(label: string): void {
    this.#faults.set(label, (this.#faults.get(label) ?? 0) + 1);
  }

  /** Counts a mutation that reached the ledger. */
  mutationExecuted(): void {
    this.#mutations++;
  }

  /** A copy, frozen, that later requests do not change. */
  snapshot(): SandboxStats {
    return Object.freeze({
      requests: this.#requests,
      mutations_executed: this.#mutations,
      by_operation: Object.freeze(Object.fromEntries(this.#byOperation)),
      tokens_seen: Object.freeze([...this.#tokens]),
      last_headers: Object.freeze({ ...this.#lastHeaders }),
      faults_applied: Object.freeze(Object.fromEntries(this.#faults)),
      header_line_counts: Object.freeze([...this.#lineCounts]),
      request_log: Object.freeze([...this.#log]),
    });
  }
}

// Names of variables whose values are credentials (CreateVaultWithdrawal's password / tfaToken / oauthToken, …).
const SECRET_NAME = /password|token|secret|session|clearance|tfa|otp/i;

/** A frozen deep copy with secret-named values replaced. */
function redacted(value: unknown): unknown {
  if (Array.isArray(value)) return Object.freeze(value.map(redacted));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) out[key] = SECRET_NAME.test(key) ? '[redacted]' : redacted(inner);
  return Object.freeze(out);
}

function pushBounded<T>(list: T[], item: T): void {
  list.push(item);
  if (list.length > MAX_ENTRIES) list.shift();
}
