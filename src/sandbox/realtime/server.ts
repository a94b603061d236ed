/**
 * The sandbox's realtime feed: a `graphql-transport-ws` server (graphql-ws
 * `useServer` on a `ws` WebSocketServer) on the sandbox's own HTTP server, at
 * the site's path `/_api/websockets`.
 *
 * As on the site (public clients send exactly this: github.com/poky1084/Limbo
 * Limbo/Forms/Form1.cs; a browser extension and a Python client add the web
 * app's `lockdownToken`; see src/realtime/documents.ts): the first message is
 * `connection_init` whose payload carries `accessToken` (the `x-access-token`
 * value) and `language`, the web app adds `lockdownToken`. The sandbox's own rules, where the site is not public:
 * no `accessToken` is an anonymous connection (public feeds only); a token the
 * sandbox does not accept is refused with close 4403 "Forbidden"; a revoked
 * token's connections are closed the same way; only subscriptions are served.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { parse as parseCookies } from 'cookie';
import type { DocumentNode, ExecutionArgs, ExecutionResult, GraphQLError as GraphQLErrorType } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer, type WebSocket } from 'ws';
import type { AuthRegistry } from '../auth.js';
import type { ClearanceRegistry } from '../clearance.js';
import { KASADA_COOKIE, kasadaRefusal, type KasadaGuard } from '../kasada.js';
import type { SandboxEvents } from '../events.js';
import { challengeAnswer, type Answer } from '../responses.js';
import { RealtimeFeed, type BalanceDelivery, type FeedConnection } from './feed.js';
import { REALTIME_SCHEMA } from './schema.js';
import { graphql } from './graphql.js';

const { GraphQLError, execute, getOperationAST, parse, subscribe, validate } = graphql;
type GraphQLError = GraphQLErrorType;

/** The websocket path, as on the site. */
export const WEBSOCKET_PATH = '/_api/websockets';

/** What the realtime server needs of its sandbox. */
export interface RealtimeDeps {
  readonly auth: AuthRegistry;
  readonly clearance: ClearanceRegistry;
  readonly requireClearance: boolean;
  /** With `protection: 'kasada'`: an upgrade needs the live `KP_UIDz` cookie the page's script got. */
  readonly kasada: KasadaGuard | null;
  readonly events: SandboxEvents;
}

/** What one `connection_init` carried; secrets as fingerprints (see {@link token_fingerprint}). */
export interface ConnectionInitRecord {
  /** 1 for the first websocket connection of this sandbox, then 2, ... */
  readonly connection: number;
  /** The sandbox's verdict on `accessToken`: `anonymous` when none was sent. */
  readonly verdict: 'ok' | 'anonymous' | 'not_authenticated' | 'expired' | 'malformed';
  readonly user_id: string | null;
  /** {@link token_fingerprint} of `accessToken`, or null when none was sent. */
  readonly access_token_fingerprint: string | null;
  readonly language: string | null;
  readonly has_lockdown_token: boolean;
  /** Every key of the payload, in the order sent. */
  readonly payload_keys: readonly string[];
  /** Headers of the upgrade request (values of `cookie` never kept, only whether it held these). */
  readonly user_agent: string | null;
  readonly origin: string | null;
  readonly had_session_cookie: boolean;
  readonly had_clearance_cookie: boolean;
  /** {@link token_fingerprint} of the `session` cookie the upgrade carried, or null. */
  readonly session_fingerprint: string | null;
  /** Names of the cookies the upgrade carried, in order (never their values). */
  readonly cookie_names: readonly string[];
}

/** The websocket side of a sandbox: counts, the init log and the delivery records. */
export interface WebsocketStats {
  /** Websocket connections accepted so far (upgrade completed). */
  readonly connections_opened: number;
  /** Connections open now. */
  readonly connections_open: number;
  /** Subscriptions live now, on connections not dropped. */
  readonly live_subscriptions: number;
  /** Upgrades refused with a challenge (403). */
  readonly upgrades_refused: number;
  /** One entry per `connection_init`, in arrival order. */
  readonly connection_inits: readonly ConnectionInitRecord[];
  /** Per balance event with an identifier, oldest first: subscriptions live when published, messages sent. */
  readonly balance_deliveries: readonly BalanceDelivery[];
}

/**
 * The fingerprint the init log shows instead of a token: the first 16 hex
 * digits of its SHA-256. A test compares it with the fingerprint of the token
 * it expects; the log itself holds nothing that could be sent as a credential.
 */
export function token_fingerprint(token: string): string {
  return createHash('sha256').update(token).digest('hex').slice(0, 16);
}

interface ConnState extends FeedConnection {
  readonly fingerprint: string | null;
}

const MAX_INIT_RECORDS = 10_000;
const DOCUMENT_CACHE_LIMIT = 256;

/** The realtime server of one sandbox, attached to its HTTP server's `upgrade` event. */
export class RealtimeServer {
  readonly #http: Server;
  readonly #deps: RealtimeDeps;
  readonly #wss = new WebSocketServer({ noServer: true });
  readonly #feed: RealtimeFeed;
  readonly #states = new WeakMap<WebSocket, ConnState>();
  readonly #inits: ConnectionInitRecord[] = [];
  readonly #documents = new Map<string, DocumentNode | readonly GraphQLError[]>();
  readonly #disposeServer: () => Promise<void>;
  #opened = 0;
  #refused = 0;
  #refuse_until = 0;
  #closing: Promise<void> | null = null;
  readonly #onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => this.#upgrade(req, socket, head);

  constructor(http: Server, deps: RealtimeDeps) {
    this.#http = http;
    this.#deps = deps;
    this.#feed = new RealtimeFeed(deps.events);
    const disposable = useServer(
      {
        schema: REALTIME_SCHEMA,
        // The same graphql-js realm as the schema's (see ./graphql.ts).
        execute: (args) => execute(args),
        subscribe: (args) => subscribe(args),
        validate: (schema, document) => validate(schema, document),
        // One init per connection; the sandbox answers at once, so 3 s is generous.
        connectionInitWaitTimeout: 3_000,
        onConnect: (ctx) => this.#connect(ctx.extra.socket, ctx.extra.request, ctx.connectionParams),
        onSubscribe: (ctx, _id, payload) => this.#prepare(ctx.extra.socket, payload),
        onNext: (_ctx, _id, _payload, _args, result) => this.#shape(result),
        // Exceptions inside a resolver must not reach the client as internals.
        onError: (_ctx, _id, _payload, errors) => errors.map((e) => (e.originalError instanceof GraphQLError || e.originalError == null ? e : new GraphQLError('Internal server error.'))),
      },
      this.#wss,
      // ws-level ping every 12 s (graphql-ws's default), so a dead peer is noticed.
      12_000,
    );
    this.#disposeServer = async () => {
      await disposable.dispose();
    };
    http.on('upgrade', this.#onUpgrade);
  }

  /**
   * Destroys every websocket connection now (no close frame: what a client
   * sees when the network drops), and marks each dropped so nothing more is
   * published to it. Returns how many were dropped.
   */
  drop_all(): number {
    let n = 0;
    for (const socket of this.#wss.clients) {
      const state = this.#states.get(socket);
      if (state !== undefined) state.dropped = true;
      socket.terminate();
      n++;
    }
    return n;
  }

  /** Closes, with 4403 "Forbidden", every connection whose `connection_init` carried this token. */
  revoke(token: string): number {
    const fingerprint = token_fingerprint(token);
    let n = 0;
    for (const socket of this.#wss.clients) {
      const state = this.#states.get(socket);
      if (state === undefined || state.fingerprint !== fingerprint) continue;
      state.dropped = true;
      socket.close(4403, 'Forbidden');
      n++;
    }
    return n;
  }

  stats(): WebsocketStats {
    return {
      connections_opened: this.#opened,
      connections_open: this.#wss.clients.size,
      live_subscriptions: this.#feed.live_subscriptions,
      upgrades_refused: this.#refused,
      connection_inits: this.#inits.slice(),
      balance_deliveries: this.#feed.deliveries(),
    };
  }

  /** Stops accepting upgrades and closes every connection (1001). Safe to call twice. */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      this.#http.off('upgrade', this.#onUpgrade);
      this.#feed.close();
      for (const socket of this.#wss.clients) socket.terminate();
      await this.#disposeServer();
    })();
    return this.#closing;
  }

  /** Refuses upgrades (503) for `ms` from now: a feed whose reconnects fail for a while. */
  refuse_for(ms: number): void {
    this.#refuse_until = Math.max(this.#refuse_until, Date.now() + ms);
  }

  #upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', () => socket.destroy());
    if (this.#closing !== null) {
      socket.destroy();
      return;
    }
    if (Date.now() < this.#refuse_until) {
      this.#refused++;
      writeRawAnswer(socket, { status: 503, headers: { 'content-type': 'text/plain' }, body: 'Service unavailable.', cookies: [] });
      return;
    }
    const path = (req.url ?? '/').split('?', 1)[0];
    const cookies = parseCookies(req.headers.cookie ?? '', { decode: (v) => v });
    // Cloudflare stands in front of the websocket too: the same clearance rule as the HTTP API.
    if (this.#deps.requireClearance && !this.#deps.clearance.passes(cookies['cf_clearance'], req.headers['user-agent'])) {
      this.#refused++;
      writeRawAnswer(socket, challengeAnswer());
      return;
    }
    if (this.#deps.kasada !== null && !this.#deps.kasada.passes_cookie(cookies[KASADA_COOKIE])) {
      this.#refused++;
      writeRawAnswer(socket, kasadaRefusal());
      return;
    }
    if (path !== WEBSOCKET_PATH) {
      writeRawAnswer(socket, { status: 404, headers: { 'content-type': 'text/plain' }, body: 'Not found.', cookies: [] });
      return;
    }
    this.#wss.handleUpgrade(req, socket, head, (ws) => {
      this.#opened++;
      this.#wss.emit('connection', ws, req);
    });
  }

  #connect(socket: WebSocket, req: IncomingMessage, params: Readonly<Record<string, unknown>> | undefined): boolean {
    const payload = params ?? {};
    const token = typeof payload['accessToken'] === 'string' && payload['accessToken'] !== '' ? payload['accessToken'] : null;
    const cookies = parseCookies(req.headers.cookie ?? '', { decode: (v) => v });
    const verdict = token === null ? null : this.#deps.auth.judge(token, cookies['session']);
    const userId = verdict?.kind === 'ok' ? verdict.userId : null;
    const fingerprint = token === null ? null : token_fingerprint(token);
    const record: ConnectionInitRecord = {
      connection: this.#opened,
      verdict: verdict === null ? 'anonymous' : verdict.kind,
      user_id: userId,
      access_token_fingerprint: fingerprint,
      language: typeof payload['language'] === 'string' ? payload['language'] : null,
      has_lockdown_token: typeof payload['lockdownToken'] === 'string' && payload['lockdownToken'] !== '',
      payload_keys: Object.keys(payload),
      user_agent: req.headers['user-agent'] ?? null,
      origin: req.headers.origin ?? null,
      had_session_cookie: cookies['session'] !== undefined,
      had_clearance_cookie: cookies['cf_clearance'] !== undefined,
      session_fingerprint: cookies['session'] === undefined ? null : token_fingerprint(cookies['session']),
      cookie_names: Object.keys(cookies),
    };
    if (this.#inits.length >= MAX_INIT_RECORDS) this.#inits.shift();
    this.#inits.push(record);
    if (verdict !== null && verdict.kind !== 'ok') return false; // graphql-ws closes with 4403 Forbidden
    this.#states.set(socket, { id: this.#opened, user_id: userId, dropped: false, fingerprint });
    return true;
  }

  #prepare(socket: WebSocket, payload: { query: string; variables?: Record<string, unknown> | null; operationName?: string | null }): ExecutionArgs | readonly GraphQLError[] {
    const state = this.#states.get(socket);
    if (state === undefined) return [new GraphQLError('Not connected.')];
    const document = this.#document(payload.query);
    if (!('kind' in document)) return document;
    const operation = getOperationAST(document, payload.operationName ?? undefined);
    if (operation == null) return [new GraphQLError('Unknown or ambiguous operation name.')];
    if (operation.operation !== 'subscription') {
      return [new GraphQLError('Only subscriptions are served on the websocket; send queries and mutations to /_api/graphql.')];
    }
    return {
      schema: REALTIME_SCHEMA,
      document,
      rootValue: this.#feed.roots(),
      contextValue: state,
      variableValues: payload.variables ?? undefined,
      operationName: payload.operationName ?? undefined,
    };
  }

  #document(query: string): DocumentNode | readonly GraphQLError[] {
    const cached = this.#documents.get(query);
    if (cached !== undefined) return cached;
    let prepared: DocumentNode | readonly GraphQLError[];
    try {
      const document = parse(query);
      const errors = validate(REALTIME_SCHEMA, document);
      prepared = errors.length > 0 ? errors : document;
    } catch (error) {
      if (!(error instanceof GraphQLError)) throw error;
      prepared = [error];
    }
    if (this.#documents.size >= DOCUMENT_CACHE_LIMIT) {
      const oldest = this.#documents.keys().next();
      if (oldest.done !== true) this.#documents.delete(oldest.value);
    }
    this.#documents.set(query, prepared);
    return prepared;
  }

  /** Counts the delivery, and writes errors the site's way (`errorType` beside `message`). */
  #shape(result: ExecutionResult): ExecutionResult | undefined {
    const update = (result.data as { availableBalances?: { identifier?: unknown } } | null | undefined)?.availableBalances;
    if (typeof update?.identifier === 'string') this.#feed.record_sent(update.identifier);
    if (result.errors === undefined) return undefined;
    return {
      ...result,
      errors: result.errors.map((e) => {
        const errorType = e.extensions['errorType'];
        const json = e.toJSON();
        return { message: json.message, ...(json.path ? { path: json.path } : {}), ...(typeof errorType === 'string' ? { errorType } : {}) };
      }) as unknown as ExecutionResult['errors'],
    };
  }
}

function writeRawAnswer(socket: Duplex, answer: Answer): void {
  const lines = [`HTTP/1.1 ${answer.status} ${answer.status === 403 ? 'Forbidden' : 'Not Found'}`];
  const headers = { ...answer.headers, 'content-length': String(Buffer.byteLength(answer.body)), connection: 'close' };
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  socket.end(`${lines.join('\r\n')}\r\n\r\n${answer.body}`);
}
