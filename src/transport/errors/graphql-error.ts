import { StakeError, name_error_class, type StakeErrorInit } from './stake-error.js';
import type { ErrorType } from './site-errors.js';

/** One entry of a GraphQL response's `errors`, as the client keeps it. */
export interface GraphQLErrorItem {
  /** The server's message (redacted of any credential). */
  readonly message: string;
  /** Where in the result the error arose, or null. */
  readonly path: ReadonlyArray<string | number> | null;
  /** stake.com's `errorType` (or a standard `extensions.code`), or null. */
  readonly error_type: ErrorType | null;
}

/** Fields of a {@link GraphQLError}. */
export interface GraphQLErrorInit extends StakeErrorInit {
  readonly errors: readonly GraphQLErrorItem[];
  readonly data?: unknown;
}

function describe(item: GraphQLErrorItem): string {
  const where = item.path === null ? '' : ` at ${item.path.join('.')}`;
  const type = item.error_type === null ? '' : ` [${item.error_type}]`;
  return `${item.message}${where}${type}`;
}

/**
 * The server answered with GraphQL `errors` that are not about
 * authentication (a validation error, an insufficient balance, ...).
 * `errors` lists every one; `data` (non-enumerable) holds any partial result.
 */
export class GraphQLError extends StakeError {
  declare readonly name: 'GraphQLError';
  /** Every error the server reported, in its order. */
  readonly errors: readonly GraphQLErrorItem[];
  /**
   * The first error's `errorType` (`insufficientBalance`, `parallelCasinoBet`,
   * ...; see `SITE_ERROR_TYPES`), or null: what to switch on, never the message.
   */
  readonly error_type: ErrorType | null;
  /** The partial `data` the server returned beside the errors (non-enumerable). */
  declare readonly data: unknown;

  constructor(init: GraphQLErrorInit) {
    const op = init.operation_name === null || init.operation_name === undefined ? '' : ` in ${init.operation_name}`;
    const list = init.errors.length === 0 ? 'no message' : init.errors.map(describe).join('; ');
    super(`GraphQL error${init.errors.length > 1 ? 's' : ''}${op}: ${list}`, {
      ...init,
      server_message: init.server_message ?? init.errors[0]?.message ?? null,
    });
    this.error_type = init.errors.find((e) => e.error_type !== null)?.error_type ?? null;
    this.errors = Object.freeze(init.errors.map((e) => Object.freeze({ ...e, path: e.path === null ? null : Object.freeze([...e.path]) })));
    Object.defineProperty(this, 'data', { value: init.data ?? null, enumerable: false, writable: false, configurable: true });
  }
}
name_error_class(GraphQLError, 'GraphQLError');
