/**
 * The realtime feed of a StakeClient: one {@link RealtimeConnection} per
 * client, made on the first subscription from the client's own state (its
 * credentials, cookie jar, User-Agent, redaction, logger) and released by
 * the client's `close()`.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { Kind, getOperationAST, parse, print, type DocumentNode } from 'graphql';
import type { ClientCore } from '../transport/core.js';
import { internals_of } from '../transport/internals.js';
import { RealtimeConnection, type RealtimeHost, type RealtimeStateEvent } from './connection.js';
import {
  AVAILABLE_BALANCES_SUBSCRIPTION,
  HOUSE_BETS_SUBSCRIPTION,
  VAULT_BALANCES_SUBSCRIPTION,
  type BalanceUpdate,
  type HouseBet,
} from './documents.js';
import { resolve_realtime_options, type RealtimeOptions, type ResolvedRealtimeOptions } from './options.js';
import { page_socket_class } from './page-socket.js';

/** Per-subscription options. */
export interface SubscribeOptions {
  /** Which operation of the document to run; needed when it holds several. */
  readonly operation_name?: string | null;
  /** Ends the subscription: the iterator then throws a TransportError (`reason: 'aborted'`, `cause` = the signal's reason). */
  readonly signal?: AbortSignal | null;
}

/** Any document `subscribe` accepts: text, a parsed document, or a typed one. */
export type SubscriptionDocument<TData, TVariables> = string | DocumentNode | TypedDocumentNode<TData, TVariables>;

const OPTIONS = new WeakMap<ClientCore, ResolvedRealtimeOptions>();
const CONNECTIONS = new WeakMap<ClientCore, RealtimeConnection>();

/** Checks `options.realtime` when the client is built (a bad one throws and no client is made). */
export function configure_realtime(client: object, options: unknown): void {
  const core = internals_of(client);
  // On the browser path the websocket is opened in the page, unless the caller brought a class of their own.
  if (core.browser !== null && (options === undefined || options === null || (typeof options === 'object' && (options as RealtimeOptions).websocket == null))) {
    options = { ...(options as RealtimeOptions | null | undefined ?? {}), websocket: page_socket_class(core.browser) };
  }
  OPTIONS.set(core, resolve_realtime_options(options));
}

/** The client's realtime connection, made on first use. */
export function realtime_of(client: object): RealtimeConnection {
  const core = internals_of(client);
  let connection = CONNECTIONS.get(core);
  if (connection === undefined) {
    const made = new RealtimeConnection(host_of(core), OPTIONS.get(core) ?? resolve_realtime_options(undefined));
    made.on_state((event) => core.log({ type: 'realtime', ...event }));
    core.add_disposer(() => made.close());
    CONNECTIONS.set(core, made);
    connection = made;
  }
  return connection;
}

/** See `StakeClient.subscribe`. */
export function subscribe<TData, TVariables>(
  client: object,
  document: SubscriptionDocument<TData, TVariables>,
  variables: TVariables | undefined,
  options: SubscribeOptions | undefined,
): AsyncIterableIterator<TData> {
  return subscribe_picked<TData, TData>(client, document, variables, options, undefined);
}

export function subscribe_picked<TData, TOut>(
  client: object,
  document: SubscriptionDocument<TData, unknown>,
  variables: unknown,
  options: SubscribeOptions | undefined,
  pick: ((data: TData) => TOut) | undefined,
): AsyncIterableIterator<TOut> {
  const o = options ?? {};
  if (typeof o !== 'object' || o === null) throw new TypeError('subscribe: options must be an object');
  const signal = o.signal ?? null;
  if (signal !== null && !(signal instanceof AbortSignal)) throw new TypeError('subscribe: options.signal must be an AbortSignal');
  const wanted = o.operation_name ?? null;
  if (wanted !== null && typeof wanted !== 'string') throw new TypeError('subscribe: options.operation_name must be a string');
  if (variables !== undefined && variables !== null && (typeof variables !== 'object' || Array.isArray(variables))) {
    throw new TypeError('subscribe: variables must be an object');
  }
  const { query, operation_name } = read_document(document, wanted);
  return realtime_of(client).subscribe<TOut>(
    { query, variables: (variables ?? undefined) as Record<string, unknown> | undefined, operation_name },
    signal,
    pick as ((data: unknown) => TOut) | undefined,
  );
}

/** Listens to the realtime connection's state (connected, disconnected, token changed). */
export function on_realtime_state(client: object, listener: (event: RealtimeStateEvent) => void): () => void {
  if (typeof listener !== 'function') throw new TypeError('on_realtime_state: listener must be a function');
  return realtime_of(client).on_state(listener);
}

/** `AvailableBalances`, each update unwrapped. */
export function watch_balances(client: object, options?: Omit<SubscribeOptions, 'operation_name'>): AsyncIterableIterator<BalanceUpdate> {
  return subscribe_picked(client, AVAILABLE_BALANCES_SUBSCRIPTION, undefined, options, (d) => d.availableBalances);
}

/** `VaultBalances`, each update unwrapped. */
export function watch_vault_balances(client: object, options?: Omit<SubscribeOptions, 'operation_name'>): AsyncIterableIterator<BalanceUpdate> {
  return subscribe_picked(client, VAULT_BALANCES_SUBSCRIPTION, undefined, options, (d) => d.vaultBalances);
}

/** `HouseBets`, each bet unwrapped. */
export function watch_house_bets(client: object, options?: Omit<SubscribeOptions, 'operation_name'>): AsyncIterableIterator<HouseBet> {
  return subscribe_picked(client, HOUSE_BETS_SUBSCRIPTION, undefined, options, (d) => d.houseBets);
}

/** The text to send and the operation's name; the operation must be a subscription. */
function read_document(document: unknown, wanted: string | null): { query: string; operation_name: string | null } {
  let parsed: DocumentNode;
  let query: string;
  if (typeof document === 'string') {
    query = document;
    try {
      parsed = parse(document);
    } catch (error) {
      throw new TypeError(`subscribe: the document is not valid GraphQL (${(error as Error).message})`);
    }
  } else if (typeof document === 'object' && document !== null && (document as DocumentNode).kind === Kind.DOCUMENT) {
    parsed = document as DocumentNode;
    query = print(parsed);
  } else {
    throw new TypeError('subscribe: document must be a GraphQL string or a parsed (typed) document');
  }
  const operation = getOperationAST(parsed, wanted ?? undefined);
  if (operation == null) {
    throw new TypeError(wanted === null ? 'subscribe: the document holds several operations: give options.operation_name' : `subscribe: no operation named ${wanted}`);
  }
  if (operation.operation !== 'subscription') {
    throw new TypeError(`subscribe: ${operation.name?.value ?? 'the operation'} is a ${operation.operation}; send it with client.graphql()`);
  }
  return { query, operation_name: wanted ?? operation.name?.value ?? null };
}

function host_of(core: ClientCore): RealtimeHost {
  const base = new URL(core.opts.base_url);
  const url = `${base.protocol === 'https:' ? 'wss:' : 'ws:'}//${base.host}${base.pathname.replace(/\/+$/, '')}/_api/websockets`;
  const browser = core.browser;
  if (browser !== null) {
    // The page's socket carries the page's cookies; the token (given, else the page's session) goes in connection_init.
    let page_token: string | null = null;
    const token = (): string | null => core.auth.access_token ?? page_token;
    return {
      url,
      async upgrade_headers() {
        if (core.auth.access_token === null) page_token = await browser.page_token().catch(() => page_token);
        return { headers: {}, had_clearance: false };
      },
      access_token: token,
      token_to_send: () => {
        const value = token();
        core.secrets.remember(value);
        return value;
      },
      scrub: (value) => core.secrets.scrub(value),
      store_cookies: () => {},
      redact: (text) => core.redact(text),
      had_user_agent: false,
    };
  }
  return {
    url,
    async upgrade_headers() {
      const built = await core.request_headers();
      // The token goes in connection_init, as the web app sends it; the upgrade carries what a browser's would.
      const headers: Record<string, string> = { origin: base.origin };
      if (built.headers.cookie !== undefined) headers.cookie = built.headers.cookie;
      if (built.headers['user-agent'] !== undefined) headers['user-agent'] = built.headers['user-agent'];
      return { headers, had_clearance: built.had_clearance };
    },
    access_token: () => core.auth.access_token,
    token_to_send: () => {
      const token = core.auth.access_token;
      core.secrets.remember(token);
      return token;
    },
    scrub: (value) => core.secrets.scrub(value),
    store_cookies: (headers: IncomingHttpHeaders) => core.store_cookies(headers_like(headers)),
    redact: (text) => core.redact(text),
    had_user_agent: core.opts.user_agent !== null,
  };
}

function headers_like(headers: IncomingHttpHeaders): { get(name: string): string | null; getSetCookie(): string[] } {
  return {
    get(name) {
      const value = headers[name.toLowerCase()];
      if (value === undefined) return null;
      return Array.isArray(value) ? value.join(', ') : value;
    },
    getSetCookie() {
      const value = headers['set-cookie'];
      return value === undefined ? [] : [...value];
    },
  };
}
