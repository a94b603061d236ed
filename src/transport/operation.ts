import { Kind, parse } from 'graphql';
import type { OperationKind } from './errors/index.js';

/** The operation a request will run: its kind decides whether it may be retried. */
export interface ResolvedOperation {
  readonly kind: OperationKind;
  /** The `operationName` to send: the one given, else the document's only operation's name, else null. */
  readonly operation_name: string | null;
}

interface OperationSummary {
  readonly name: string | null;
  readonly kind: OperationKind;
}

/** Default number of distinct query strings whose parse is remembered. */
export const DEFAULT_OPERATION_CACHE_SIZE = 256;

/**
 * Reads which operation a GraphQL document runs, with graphql-js's own
 * parser (never by looking at the text, which comments and fragments fool),
 * remembering the answer per query string. Bounded: the least recently used
 * entry goes first, so a program that builds queries dynamically cannot grow it.
 */
export class OperationCache {
  readonly #entries = new Map<string, readonly OperationSummary[]>();
  readonly #max: number;

  constructor(max_entries: number = DEFAULT_OPERATION_CACHE_SIZE) {
    if (!Number.isInteger(max_entries) || max_entries < 1) throw new RangeError('max_entries must be a positive integer');
    this.#max = max_entries;
  }

  /** Number of documents currently remembered. */
  get size(): number {
    return this.#entries.size;
  }

  /** Whether the parse of `query` is remembered (without refreshing its recency). */
  has(query: string): boolean {
    return this.#entries.has(query);
  }

  /**
   * The operation `query` runs (the one named `operation_name` when given).
   * @throws TypeError when query is not a string; SyntaxError when it is not a
   * GraphQL document; RangeError when the operation cannot be chosen.
   */
  resolve(query: string, operation_name?: string | null): ResolvedOperation {
    if (typeof query !== 'string') throw new TypeError('query must be a string');
    if (operation_name !== undefined && operation_name !== null && typeof operation_name !== 'string') {
      throw new TypeError('operation_name must be a string');
    }
    const operations = this.#operations(query);
    if (operation_name !== undefined && operation_name !== null) {
      const found = operations.find((op) => op.name === operation_name);
      if (found === undefined) throw new RangeError(`operation_name "${operation_name}" is not an operation of the query`);
      return { kind: found.kind, operation_name };
    }
    if (operations.length > 1) {
      throw new RangeError('the query holds several operations: say which with operation_name');
    }
    const only = operations[0] as OperationSummary;
    return { kind: only.kind, operation_name: only.name };
  }

  #operations(query: string): readonly OperationSummary[] {
    const cached = this.#entries.get(query);
    if (cached !== undefined) {
      // Re-insert so the map's order stays least-recently-used first.
      this.#entries.delete(query);
      this.#entries.set(query, cached);
      return cached;
    }
    const summary = summarise(query);
    this.#entries.set(query, summary);
    if (this.#entries.size > this.#max) {
      const oldest = this.#entries.keys().next().value as string;
      this.#entries.delete(oldest);
    }
    return summary;
  }
}

function summarise(query: string): readonly OperationSummary[] {
  let document;
  try {
    document = parse(query, { noLocation: true });
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new SyntaxError(`query is not a valid GraphQL document: ${why}`, { cause: error });
  }
  const operations: OperationSummary[] = [];
  for (const def of document.definitions) {
    if (def.kind === Kind.OPERATION_DEFINITION) {
      operations.push(Object.freeze({ name: def.name?.value ?? null, kind: def.operation as OperationKind }));
    }
  }
  if (operations.length === 0) throw new SyntaxError('query defines no operation (only fragments or types)');
  return Object.freeze(operations);
}
