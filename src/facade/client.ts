import { inspect } from 'node:util';
import type { AuthManager } from '../auth/index.js';
import { NoCredentialsError, extract_credentials, found_anything, type Credentials } from '../paste/index.js';
import type { LoadCredentialsOptions } from '../store/resolve.js';
import type { Call } from '../transport/call.js';
import { run_call } from '../transport/call-loop.js';
import { run_rest } from '../transport/rest.js';
import { ClientCore } from '../transport/core.js';
import { register_core } from '../transport/internals.js';
import { GameMethods } from './game-methods.js';
import type { StakeClientOptions } from './options.js';
import { read_balances, read_current_user, type Balance, type CurrentUser, type ReadOptions } from './queries.js';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import type { DocumentNode } from 'graphql';
import { document_text } from '../operations/documents/typed.js';
import type { VaultMovement, HouseBet, CurrencyRate, CurrencyConfig, UserSeedPairResult } from '../operations/documents/index.js';
import { vault_deposit, vault_withdraw, type VaultDepositInput, type VaultWithdrawInput } from '../operations/vault.js';
import { active_seeds, rotate_seed_pair, type RotateSeedPairInput, type RotatedSeedPair } from '../operations/seeds.js';
import { bet_history, type BetHistoryOptions } from '../operations/bet-pages.js';
import { conversion_rates, load_currency_configuration } from '../operations/rates.js';
import type { OperationOptions } from '../operations/runner.js';
import {
  configure_realtime,
  on_realtime_state,
  subscribe as realtime_subscribe,
  watch_balances,
  watch_house_bets,
  watch_vault_balances,
  type SubscribeOptions,
  type SubscriptionDocument,
} from '../realtime/client-feed.js';
import type { RealtimeStateEvent } from '../realtime/connection.js';
import type { BalanceUpdate, HouseBet as RealtimeHouseBet } from '../realtime/documents.js';

/** Per-call options of {@link StakeClient.graphql}. */
export interface GraphQLCallOptions {
  /** Which operation of the document to run; needed when it holds several. */
  readonly operation_name?: string | null;
  /**
   * Aborts the call, including any retry wait or refresh it is waiting for.
   * The call then rejects with a {@link TransportError} whose `reason` is
   * `'aborted'` and whose `cause` is the signal's reason (not with the bare
   * reason: the error must still say whether a mutation may have reached the server).
   */
  readonly signal?: AbortSignal | null;
}

/**
 * Credentials found somewhere (a paste, the store) with the caller's options
 * laid over them: a given option wins, `null` removes a value, `undefined`
 * keeps the found one.
 */
function overlay(found: Credentials, options: StakeClientOptions): StakeClientOptions {
  const merged: Record<string, unknown> = {
    access_token: found.access_token,
    session_cookie: found.session_cookie,
    cf_clearance: found.cf_clearance,
    user_agent: found.user_agent,
    base_url: found.base_url,
  };
  for (const [key, value] of Object.entries(options)) if (value !== undefined) merged[key] = value;
  return merged as StakeClientOptions;
}
/**
 * A client of the site's GraphQL API for one account. It owns one
 * {@link AuthManager} (`client._auth_manager`) and reads the credentials from
 * it when each request leaves, so `set_access_token` or `clear_tokens` changes
 * the very next request. Queries are retried on network errors, 429 and 5xx;
 * mutations never are, so a bet is never placed twice by the client.
 *
 * This class is the public face only: the state lives in `ClientCore`
 * (core.ts), one call's attempts in call-loop.ts / attempt.ts, the reading
 * of answers in classify.ts.
 */
export class StakeClient extends GameMethods implements AsyncDisposable {
  readonly #core: ClientCore;

  /**
   * @throws TypeError / RangeError on a bad option (the AuthManager's own errors
   * for a bad `access_token` / `session_cookie`); nothing is created then.
   */
  constructor(options: StakeClientOptions = {}) {
    super();
    this.#core = new ClientCore(options);
    register_core(this, this.#core);
    configure_realtime(this, options?.realtime);
  }

  /**
   * A client from one paste of a browser request (cURL in any shell, fetch,
   * HAR, raw headers: whatever `extract_credentials` reads). Options given
   * here override what the paste holds (`null` removes a value; `undefined`
   * keeps the paste's); the paste's origin is the `base_url` unless one is given.
   *
   * @throws NoCredentialsError (a RangeError) when the paste holds nothing of
   * a request (no token, cookie, User-Agent or site): not a DevTools copy.
   */
  static from_curl(text: string, options: StakeClientOptions = {}): StakeClient {
    if (typeof options !== 'object' || options === null) throw new TypeError('options must be an object');
    const found = extract_credentials(text);
    if (!found_anything(found)) throw new NoCredentialsError();
    return new StakeClient(overlay(found, options));
  }

  /**
   * A client from stored credentials: `STAKE_*` environment variables first,
   * field by field, then the named profile of the credential store (default
   * `default`; see `load_credentials`). The token's stored expiry is restored,
   * so `is_token_expired()` keeps working across runs. Options given here
   * override both.
   *
   * @throws StoreError when the named profile does not exist or the store is unsafe.
   */
  static async from_profile(
    name?: string | null,
    options: StakeClientOptions & { readonly env?: NodeJS.ProcessEnv; readonly store?: LoadCredentialsOptions['store'] } = {},
  ): Promise<StakeClient> {
    if (typeof options !== 'object' || options === null) throw new TypeError('options must be an object');
    // The store (and the keyring binding it may load) is only paid for by callers of this method.
    const { load_credentials } = await import('../store/resolve.js');
    const { env, store, ...clientOptions } = options;
    const loaded = await load_credentials({ profile: name ?? null, env, store });
    const client = new StakeClient(overlay(loaded, clientOptions));
    const auth = client.#core.auth;
    const token = auth.access_token;
    if (token !== null && loaded.token_expires_at !== null && clientOptions.access_token == null) {
      auth.set_access_token(token, loaded.token_expires_at - Date.now() / 1000);
    }
    return client;
  }

  /**
   * A client whose every request runs in a tab of the site in the user's own
   * browser, reached over the DevTools protocol at `cdp_url` (loopback only;
   * `stakeql browser` starts one): `new StakeClient({ ...options, browser: { cdp_url } })`.
   * Nothing connects until the first request. The token: `options.access_token`,
   * else the page's `session` cookie (log in to the site in that browser).
   *
   * @throws RangeError when `cdp_url` is not a loopback URL (before any connection).
   */
  static from_browser(cdp_url: string, options: StakeClientOptions & { readonly tab_url?: string | null } = {}): StakeClient {
    if (typeof options !== 'object' || options === null) throw new TypeError('options must be an object');
    const { tab_url, ...rest } = options;
    return new StakeClient({ ...rest, browser: { cdp_url, tab_url: tab_url ?? null } });
  }

  /** The credential manager every request reads from. */
  get _auth_manager(): AuthManager {
    return this.#core.auth;
  }

  /** The site origin requests go to (no trailing slash). */
  get base_url(): string {
    return this.#core.opts.base_url;
  }

  /** The limit of one attempt, in ms (`timeout_ms`, default 30000): autobet's settle period is never shorter than twice it. */
  get timeout_ms(): number {
    return this.#core.opts.timeout_ms;
  }

  /** Whether {@link close} was called. */
  get closed(): boolean {
    return this.#core.closed;
  }

  /**
   * Sends one GraphQL operation and resolves to the response's `data`.
   * Rejects with {@link AuthenticationError}, {@link ChallengeError},
   * {@link RateLimitError}, {@link GraphQLError} or {@link TransportError};
   * with TypeError / SyntaxError / RangeError (before sending anything) when
   * the query, variables or options are unusable.
   */
  graphql<Result, Variables>(
    document: TypedDocumentNode<Result, Variables>,
    variables?: Variables | null,
    options?: GraphQLCallOptions,
  ): Promise<Result>;
  graphql<T = unknown>(query: string, variables?: Record<string, unknown> | null, options?: GraphQLCallOptions): Promise<T>;
  async graphql<T = unknown>(
    document_or_query: string | DocumentNode,
    variables?: unknown,
    options: GraphQLCallOptions = {},
  ): Promise<T> {
    if (typeof options !== 'object' || options === null) throw new TypeError('options must be an object');
    // A parsed (typed) document is printed once and its text cached; its operation name is read from the text as usual.
    const query = typeof document_or_query === 'object' && document_or_query !== null && (document_or_query as DocumentNode).kind === 'Document'
      ? document_text(document_or_query as DocumentNode)
      : (document_or_query as string);
    const op = this.#core.operations.resolve(query, options.operation_name);
    if (variables !== undefined && variables !== null && (typeof variables !== 'object' || Array.isArray(variables))) {
      throw new TypeError('variables must be an object');
    }
    const signal = options.signal ?? null;
    if (signal !== null && !(typeof signal === 'object' && typeof signal.addEventListener === 'function' && 'aborted' in signal)) {
      throw new TypeError('signal must be an AbortSignal');
    }
    const body = JSON.stringify({ query, variables: variables ?? {}, operationName: op.operation_name });
    const call: Call = { op, body, signal, attempt: 0, maybe_ran: false };
    return (await run_call(this.#core, call)) as T;
  }

  /**
   * Sends one REST casino request, `POST {base_url}/_api/casino/{path}` with
   * `body` as JSON (the web app's form of an original's bet: `dice/roll`,
   * `snakes/bet`), through the same transport as {@link graphql}; resolves to
   * the answer object (`{ diceRoll: {...} }`, no `data` wrapper). It is a
   * mutation: never retried. Rejects as {@link graphql} does; with
   * TypeError / RangeError (before sending anything) for a bad path or body.
   */
  async rest<T = unknown>(path: string, body: Readonly<Record<string, unknown>>, options: GraphQLCallOptions = {}): Promise<T> {
    if (typeof options !== 'object' || options === null) throw new TypeError('options must be an object');
    const signal = options.signal ?? null;
    if (signal !== null && !(typeof signal === 'object' && typeof signal.addEventListener === 'function' && 'aborted' in signal)) {
      throw new TypeError('signal must be an AbortSignal');
    }
    return (await run_rest(this.#core, path, body, signal)) as T;
  }

  /** Whether bets of games with both a document and a REST route go over REST (the `rest` option). */
  get prefers_rest(): boolean {
    return this.#core.opts.rest;
  }

  // ---- Typed operations. New methods go in this section, each a thin call
  // ---- of `this.graphql(...)` or of a function in its own module taking `this`.

  /** The logged-in user (`user { id name }`). */
  current_user(options: ReadOptions = {}): Promise<CurrentUser> {
    return read_current_user(this, options);
  }

  /** The user's balances, one entry per currency (`available` and `vault`). */
  balances(options: ReadOptions = {}): Promise<Balance[]> {
    return read_balances(this, options);
  }

  /** Moves funds into the vault (`CreateVaultDeposit`). Never retried. */
  vault_deposit(input: VaultDepositInput, options?: OperationOptions): Promise<VaultMovement> {
    return vault_deposit(this, input, options);
  }

  /** Moves funds out of the vault (`CreateVaultWithdrawal`; needs `password`, and `tfaToken` with 2FA). Never retried. */
  vault_withdraw(input: VaultWithdrawInput, options?: OperationOptions): Promise<VaultMovement> {
    return vault_withdraw(this, input, options);
  }

  /** Rotates the seed pair (`RotateSeedPair`) with `seed` or a fresh random client seed. */
  rotate_seed_pair(input: RotateSeedPairInput = {}, options?: OperationOptions): Promise<RotatedSeedPair> {
    return rotate_seed_pair(this, input, options);
  }

  /** The active seed pair and the last revealed server seed (`UserSeedPair`). */
  active_seeds(options?: OperationOptions): Promise<UserSeedPairResult['user']> {
    return active_seeds(this, options);
  }

  /** The user's bets, newest first, paged (`MyBetList`): `for await (const bet of client.bets()) ...`. */
  bets(options: BetHistoryOptions = {}): AsyncIterable<HouseBet> {
    return bet_history(this, options);
  }

  /** Every currency's value in the web app's fiat currencies (`CurrencyConversionRate`). */
  conversion_rates(options?: OperationOptions): Promise<readonly CurrencyRate[]> {
    return conversion_rates(this, options);
  }

  /** The currencies the site lists (`CurrencyConfiguration`); amounts stay checked against the built-in decimals table. */
  load_currency_configuration(options?: OperationOptions): Promise<readonly CurrencyConfig[]> {
    return load_currency_configuration(this, options);
  }

  // ---- Realtime (src/realtime): one websocket per client, opened on the first subscription.

  /**
   * Subscribes over the site's `graphql-transport-ws` websocket
   * (`/_api/websockets`): an async iterable of each result's `data`, typed by a
   * `TypedDocumentNode`. Every subscription of the client shares one
   * connection, which reconnects (backoff with full jitter) and resubscribes
   * by itself. Ends by `break`, `signal` (TransportError `aborted`), `close()`
   * (normal end), or a typed error: AuthenticationError (token refused),
   * ChallengeError (Cloudflare), GraphQLError, TransportError (reconnecting failed).
   * @throws TypeError for a document that is not a subscription, bad variables or options.
   */
  subscribe<TData, TVariables extends Record<string, unknown> = Record<string, unknown>>(
    document: TypedDocumentNode<TData, TVariables>,
    variables?: TVariables,
    options?: SubscribeOptions,
  ): AsyncIterableIterator<TData>;
  subscribe<TData = Record<string, unknown>>(
    document: string | DocumentNode,
    variables?: Record<string, unknown>,
    options?: SubscribeOptions,
  ): AsyncIterableIterator<TData>;
  subscribe<TData>(
    document: SubscriptionDocument<TData, Record<string, unknown>>,
    variables?: Record<string, unknown>,
    options?: SubscribeOptions,
  ): AsyncIterableIterator<TData> {
    return realtime_subscribe(this, document, variables, options);
  }

  /** The site's `AvailableBalances` feed: one update per change (a bet's carries its `identifier`). */
  watch_balances(options?: { readonly signal?: AbortSignal | null }): AsyncIterableIterator<BalanceUpdate> {
    return watch_balances(this, options);
  }

  /** The site's `VaultBalances` feed. */
  watch_vault_balances(options?: { readonly signal?: AbortSignal | null }): AsyncIterableIterator<BalanceUpdate> {
    return watch_vault_balances(this, options);
  }

  /** The site's public `HouseBets` feed: every bet anyone finishes. */
  watch_house_bets(options?: { readonly signal?: AbortSignal | null }): AsyncIterableIterator<RealtimeHouseBet> {
    return watch_house_bets(this, options);
  }

  /** Listens to the realtime connection's state (connected, disconnected, token changed); returns the unlisten function. */
  on_realtime_state(listener: (event: RealtimeStateEvent) => void): () => void {
    return on_realtime_state(this, listener);
  }

  // ---- Lifecycle.

  /**
   * Stops the client: requests in flight and retry waits are aborted (they
   * reject with a TransportError whose `reason` is `'closed'`), whatever else
   * the client opened (registered with `internals_of(client).add_disposer`)
   * is released, and later calls reject the same way. Idempotent. The
   * AuthManager keeps its credentials.
   */
  close(): Promise<void> {
    return this.#core.close();
  }

  /** `await using client = new StakeClient(...)` closes it at the end of the block. */
  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }

  /** What inspecting or serialising the client shows: whether credentials are set, never their values. */
  toJSON(): Record<string, unknown> {
    const core = this.#core;
    return {
      base_url: core.opts.base_url,
      closed: core.closed,
      auth: core.auth.toJSON(),
      cf_clearance: core.opts.cf_clearance === null ? null : '[set]',
      user_agent: core.opts.user_agent,
      // Host and port only: the ws:// path of a DevTools endpoint is a capability.
      browser: core.browser === null ? null : { cdp: core.browser.cdp_host },
      // Names only; a name a hostile server chose could itself be a credential.
      cookies: core.jar.toJSON().cookies.map((name) => core.redact(name)),
    };
  }

  /** `StakeClient(https://stake.com)`: what `String(client)` and a template literal show (never a credential). */
  override toString(): string {
    return `StakeClient(${this.#core.opts.base_url})`;
  }

  [inspect.custom](depth: number, options: object): string {
    return `StakeClient ${inspect(this.toJSON(), { ...options, depth })}`;
  }
}
