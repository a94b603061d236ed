/**
 * Brand shared by every copy of this library in the process (and by every
 * realm: the global symbol registry is per isolate), so `StakeError.is` works
 * where `instanceof` fails: two installed versions, a vm context, a bundle.
 */
const BRAND = Symbol.for('stakeql.error');

/** Whether the operation was a query, a mutation or a subscription. */
export type OperationKind = 'query' | 'mutation' | 'subscription';

/**
 * The request an error is about, as it may safely be shown: the headers that
 * carry a credential (`X-Access-Token`, `Cookie`, ...) read `[redacted]`.
 */
export interface RedactedRequest {
  readonly method: 'POST';
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly operation_name: string | null;
  readonly operation_kind: OperationKind | null;
  /** 1 for the first send, 2 for the first resend, ... */
  readonly attempt: number;
}

/** Fields every {@link StakeError} constructor accepts. */
export interface StakeErrorInit {
  readonly status?: number | null;
  readonly operation_name?: string | null;
  readonly server_message?: string | null;
  readonly request?: RedactedRequest | null;
  readonly cause?: unknown;
}

/**
 * Base of every error the client rejects with. Its own enumerable fields
 * (what `util.inspect` and `JSON.stringify` show) hold no secret; the request
 * it is about is non-enumerable and redacted.
 */
export abstract class StakeError extends Error {
  /** HTTP status of the answer, or null when there was none (network failure, timeout, ...). */
  readonly status: number | null;
  /** The GraphQL operation name sent (given or read from the document), or null. */
  readonly operation_name: string | null;
  /** The server's own message (redacted of any credential), or null. */
  readonly server_message: string | null;
  /** The request, headers redacted; non-enumerable. */
  declare readonly request: RedactedRequest | null;

  protected constructor(message: string, init: StakeErrorInit = {}) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status ?? null;
    this.operation_name = init.operation_name ?? null;
    this.server_message = init.server_message ?? null;
    Object.defineProperty(this, 'request', {
      value: init.request ?? null,
      enumerable: false,
      writable: false,
      configurable: true,
    });
  }

  /**
   * True when `value` is an error of this class from any copy of stakeql:
   * `StakeError.is(x)` for any of them, `RateLimitError.is(x)` for that one.
   */
  static is<T extends StakeError>(this: { readonly prototype: T }, value: unknown): value is T {
    if (typeof value !== 'object' || value === null) return false;
    if ((value as { [BRAND]?: unknown })[BRAND] !== true) return false;
    if ((this as unknown) === StakeError) return true;
    return (value as { name?: unknown }).name === this.prototype.name;
  }

  /** Plain form for logs: name, message and the public fields, never the request. */
  toJSON(): Record<string, unknown> {
    return { name: this.name, message: this.message, ...Object.fromEntries(Object.entries(this)) };
  }
}

Object.defineProperty(StakeError.prototype, BRAND, { value: true, enumerable: false });
Object.defineProperty(StakeError.prototype, 'name', { value: 'StakeError', enumerable: false, writable: true });

/**
 * Gives an error class its `name` on the prototype (non-enumerable, as
 * `Error.prototype.name` is), which is what `is` compares across copies.
 */
export function name_error_class(cls: { readonly prototype: StakeError }, name: string): void {
  Object.defineProperty(cls.prototype, 'name', { value: name, enumerable: false, writable: true });
}
