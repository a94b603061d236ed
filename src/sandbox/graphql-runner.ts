/**
 * Runs GraphQL requests against the sandbox schema: parses and validates
 * each distinct query once (cached by its text), executes, and shapes errors
 * the site's way (`errorType` beside `message`, no `extensions`).
 */
import {
  type DocumentNode,
  GraphQLError,
  type OperationDefinitionNode,
  execute,
  parse,
  validate,
} from 'graphql';
import { SiteRefusal } from './refusals.js';
import { ROOT, SCHEMA, type RequestContext } from './schema.js';

/** A GraphQL error as the site sends it. */
export interface SiteGraphQLError {
  readonly message: string;
  readonly errorType?: string;
  readonly path?: readonly (string | number)[];
  readonly locations?: readonly { readonly line: number; readonly column: number }[];
}

/** The JSON body of a GraphQL answer. */
export interface GraphQLAnswer {
  readonly data?: Record<string, unknown> | null;
  readonly errors?: readonly SiteGraphQLError[];
}

/** A checked request body. */
export interface GraphQLRequestBody {
  readonly query: string;
  readonly variables: Record<string, unknown> | undefined;
  readonly operationName: string | undefined;
}

type Prepared = { readonly document: DocumentNode } | { readonly errors: readonly GraphQLError[] };

// Distinct queries a client sends are few; the bound only guards against a flood of unique ones.
const CACHE_LIMIT = 256;

/** Prepares and executes GraphQL documents. */
export class GraphQLRunner {
  readonly #cache = new Map<string, Prepared>();

  /** The operation name a request goes by: its `operationName`, else the name of its only operation, else ''. */
  operationName(body: GraphQLRequestBody): string {
    if (body.operationName !== undefined && body.operationName !== '') return body.operationName;
    const prepared = this.#prepare(body.query);
    if (!('document' in prepared)) return '';
    const operations = prepared.document.definitions.filter(
      (d): d is OperationDefinitionNode => d.kind === 'OperationDefinition',
    );
    return operations.length === 1 ? (operations[0]?.name?.value ?? '') : '';
  }

  /** Executes one request; never throws for anything the client sent. */
  run(body: GraphQLRequestBody, context: RequestContext): Promise<GraphQLAnswer> {
    return this.#execute(body, context, ROOT);
  }

  /**
   * The site's answer when it refuses the request with `refusal` before
   * doing anything: each top-level field fails with it (path, locations, the
   * `errorType`), and no resolver runs.
   */
  refuse(body: GraphQLRequestBody, refusal: SiteRefusal): Promise<GraphQLAnswer> {
    const refusing = (): never => {
      throw refusal;
    };
    // graphql-js's default resolver calls rootValue[field]: every root field refuses.
    return this.#execute(body, undefined, new Proxy({}, { get: () => refusing }));
  }

  async #execute(body: GraphQLRequestBody, context: RequestContext | undefined, rootValue: object): Promise<GraphQLAnswer> {
    const prepared = this.#prepare(body.query);
    if ('errors' in prepared) return { errors: prepared.errors.map(toSiteError) };
    const result = await execute({
      schema: SCHEMA,
      document: prepared.document,
      rootValue,
      contextValue: context,
      variableValues: body.variables,
      operationName: body.operationName,
    });
    const answer: { data?: Record<string, unknown> | null; errors?: SiteGraphQLError[] } = {};
    if (result.errors !== undefined) answer.errors = result.errors.map(toSiteError);
    if ('data' in result) answer.data = (result.data as Record<string, unknown> | null | undefined) ?? null;
    return answer;
  }

  #prepare(query: string): Prepared {
    const cached = this.#cache.get(query);
    if (cached !== undefined) return cached;
    let prepared: Prepared;
    try {
      const document = parse(query);
      const errors = validate(SCHEMA, document);
      prepared = errors.length > 0 ? { errors } : { document };
    } catch (error) {
      if (!(error instanceof GraphQLError)) throw error;
      prepared = { errors: [error] };
    }
    if (this.#cache.size >= CACHE_LIMIT) {
      const oldest = this.#cache.keys().next();
      if (oldest.done !== true) this.#cache.delete(oldest.value);
    }
    this.#cache.set(query, prepared);
    return prepared;
  }
}

function toSiteError(error: GraphQLError): SiteGraphQLError {
  const original = error.originalError;
  // A refusal thrown by any resolver, nested ones included, is the site's answer.
  const refusal = original instanceof SiteRefusal ? original : undefined;
  // A bug in a resolver must not leak internals to the client.
  const internal = original !== undefined && original !== null && !(original instanceof GraphQLError) && refusal === undefined;
  const errorType = refusal?.errorType ?? error.extensions['errorType'];
  return {
    message: internal ? 'Internal server error.' : error.message,
    ...(typeof errorType === 'string' ? { errorType } : internal ? { errorType: 'internal' } : {}),
    ...(error.path !== undefined ? { path: error.path } : {}),
    ...(error.locations !== undefined ? { locations: error.locations } : {}),
  };
}
