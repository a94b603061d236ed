/**
 * What the operations need of a client, and how a bet's outcome keeps its
 * identifier: the result carries it, and so does any error the bet rejects
 * with (above all a TransportError whose `may_have_reached_server` is true),
 * so the caller can look the bet up instead of placing it again.
 */
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { StakeError, TransportError } from '../transport/errors/index.js';

/** Per-call options of every operation. */
export interface OperationOptions {
  /** Aborts the call (a bet already sent may still run: see `may_have_reached_server`). */
  readonly signal?: AbortSignal | null;
}

/** The part of `StakeClient` the operations use. */
export interface OperationsClient {
  graphql<Result, Variables>(
    document: TypedDocumentNode<Result, Variables>,
    variables?: Variables | null,
    options?: OperationOptions,
  ): Promise<Result>;
  /** The REST request kind (`StakeClient.rest`); absent on a client that has none. */
  rest?<T = unknown>(path: string, body: Readonly<Record<string, unknown>>, options?: OperationOptions): Promise<T>;
  /** The client's `rest` option. */
  readonly prefers_rest?: boolean;
}

/** How one bet goes on the wire: a GraphQL document, or a REST route. */
export type BetRequest<Result, Variables> =
  | { readonly kind: 'graphql'; readonly document: TypedDocumentNode<Result, Variables> }
  | { readonly kind: 'rest'; readonly path: string };

/** An error a bet rejected with, carrying the identifier that was sent. */
export type BetError = StakeError & { readonly identifier: string };

/** The identifier a bet's error carries, or null for any other value. */
export function identifier_of(error: unknown): string | null {
  if (!StakeError.is(error)) return null;
  const id = (error as { identifier?: unknown }).identifier;
  return typeof id === 'string' ? id : null;
}

/**
 * Sends one bet mutation and returns its result with the identifier added;
 * an error gets the identifier as an own enumerable field (so logs and
 * `JSON.stringify` show it) and is rethrown unchanged otherwise.
 */
export async function send_bet<Result, Variables, Bet extends object>(
  client: OperationsClient,
  request: TypedDocumentNode<Result, Variables> | BetRequest<Result, Variables>,
  variables: Variables,
  identifier: string,
  pick: (result: Result) => Bet,
  options: OperationOptions,
): Promise<Bet & { readonly identifier: string }> {
  const how: BetRequest<Result, Variables> = 'kind' in request && (request.kind === 'rest' || request.kind === 'graphql') && !('definitions' in request)
    ? request
    : { kind: 'graphql', document: request as TypedDocumentNode<Result, Variables> };
  if (how.kind === 'rest' && typeof client.rest !== 'function') throw new TypeError('this client cannot send REST requests');
  try {
    const bet = await on_the_wire(async () => {
      const result = how.kind === 'rest'
        ? await (client.rest as NonNullable<OperationsClient['rest']>)<Result>(how.path, variables as Record<string, unknown>, { signal: options.signal ?? null })
        : await client.graphql(how.document, variables, { signal: options.signal ?? null });
      return bet_of(pick(result));
    });
    return { ...bet, identifier };
  } catch (error) {
    throw with_identifier(error, identifier);
  }
}

/**
 * Runs what happens from the moment a request may leave: any failure that is
 * not already the client's typed error (a TypeError reading an answer of an
 * unexpected shape, say) becomes a TransportError that may have reached the
 * server, so nobody reads it as the client's own check before the wire
 * (request-fate.ts).
 */
export async function on_the_wire<T>(send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (StakeError.is(error)) throw error;
    const why = error instanceof Error ? `${error.name}: ${error.message}` : 'a failure';
    throw new TransportError({ reason: 'bad_response', may_have_reached_server: true, detail: `The answer could not be read (${why.slice(0, 200)})` });
  }
}

/**
 * The bet of an answer; an answer without one (a null field, an unexpected
 * shape) says nothing of whether it ran: never an empty bet taken as placed,
 * but a lost answer the caller finds out about.
 */
export function bet_of<Bet>(bet: Bet): Bet & object {
  if (typeof bet !== 'object' || bet === null || Array.isArray(bet) || typeof (bet as { id?: unknown }).id !== 'string') {
    throw new TransportError({ reason: 'bad_response', may_have_reached_server: true, detail: 'The answer holds no bet' });
  }
  return bet as Bet & object;
}

/** `error` with the bet's identifier on it (a StakeError the caller can look the bet up by). */
function with_identifier(error: unknown, identifier: string): unknown {
  if (StakeError.is(error) && Object.isExtensible(error)) {
    Object.defineProperty(error, 'identifier', { value: identifier, enumerable: true, writable: false, configurable: true });
  }
  return error;
}

/** Checks the options object every operation takes. */
export function check_options(options: unknown): OperationOptions {
  if (options === undefined) return {};
  if (typeof options !== 'object' || options === null) throw new TypeError('options must be an object');
  return options as OperationOptions;
}

/** Checks the input object of an operation. */
export function check_input(input: unknown, what: string): Record<string, unknown> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw new TypeError(`${what} needs an object of inputs`);
  return input as Record<string, unknown>;
}
