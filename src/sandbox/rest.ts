/**
 * The site's REST casino routes in the sandbox: `POST /_api/casino/{path}`
 * with the variables as the JSON body, answered `{ "<field>": CasinoBet }`
 * (no `data` wrapper) or `{ errors: [{ errorType, message }] }`
 * (operations.md §1 "REST response envelope": MJE client.go, SBOT ExtractBet).
 * Only games whose sandbox part names a sourced route have one. A REST request
 * runs the game's own mutation through the GraphQL runner, so its checks,
 * ledger, faults and stats are the GraphQL path's.
 */
import { getNamedType, isAbstractType, isLeafType, isObjectType, type GraphQLNamedType } from 'graphql';
import type { GraphQLAnswer, GraphQLRequestBody } from './graphql-runner.js';
import { SANDBOX_GAMES } from './games/registry.js';
import { GAMES } from '../games/registry.js';
import { SCHEMA } from './schema.js';

/** The prefix of every casino REST route. */
export const REST_PREFIX = '/_api/casino/';

/** One REST route: its mutation and the query the sandbox runs for it, or the refusal it answers. */
export interface RestRoute {
  readonly field: string;
  /** Empty for a refused game with no mutation (a REST-only game). */
  readonly query: string;
  /** The operation name the request log and the faults know it by. */
  readonly operation: string;
  /** A game the sandbox does not play: the site's error it answers instead of running anything. */
  readonly refusal?: string;
}

// What the site's REST answer selects of the bet (site-coverage.md §2.1), beside the game's `state`.
const BET_FIELDS = 'id active payoutMultiplier amountMultiplier amount payout updatedAt currency game user { id name }';

const ROUTES: ReadonlyMap<string, RestRoute> = new Map(
  SANDBOX_GAMES.flatMap((game) => {
    if (game.rest === undefined) return [];
    const { path, field } = game.rest;
    // A refused game without a mutation (REST only) is answered here; one with a mutation refuses in it.
    const has_mutation = SCHEMA.getMutationType()?.getFields()[field] !== undefined;
    const served: RestRoute = has_mutation
      ? route(field, game.typename)
      : { field, query: '', operation: `Rest_${field}`, refusal: game.refused?.reason ?? 'The sandbox does not play that game.' };
    return [[path, served] as const];
  }),
);
// A registry game the sandbox has no part for (no sourced `state` type: rock-paper-scissors) and does not play: its route refuses too.
for (const rules of Object.values(GAMES)) {
  const path = rules.transport.rest;
  if (path === undefined || ROUTES.has(path) || rules.offline.sandbox) continue;
  const field = rules.transport.field;
  (ROUTES as Map<string, RestRoute>).set(path, { field, query: '', operation: `Rest_${field}`, refusal: `The sandbox does not play ${rules.name}: ${rules.unpayable?.({} as never) ?? 'no public table'}.` });
}

/** The REST answer of a route the sandbox refuses. */
export function rest_refusal(route: RestRoute): unknown {
  return { errors: [{ message: route.refusal, errorType: 'invalidArgument' }] };
}

/** The route a request path names, or undefined. */
export function rest_route(pathname: string): RestRoute | undefined {
  if (!pathname.startsWith(REST_PREFIX)) return undefined;
  return ROUTES.get(pathname.slice(REST_PREFIX.length));
}

/** The GraphQL request a REST body stands for (the body is the variables). */
export function rest_request(route: RestRoute, variables: Record<string, unknown>): GraphQLRequestBody {
  // A refused route's query is never run: answerNormally answers its refusal before the runner.
  return { query: route.query === '' ? `mutation ${route.operation} { __typename }` : route.query, variables, operationName: route.operation };
}

/** A GraphQL answer in the REST envelope. */
export function rest_answer(route: RestRoute, answer: GraphQLAnswer): unknown {
  if (answer.errors !== undefined && answer.errors.length > 0) {
    return { errors: answer.errors.map((e) => ({ message: e.message, ...(e.errorType === undefined ? {} : { errorType: e.errorType }) })) };
  }
  return { [route.field]: answer.data?.[route.field] ?? null };
}

function route(field: string, typename: string): RestRoute {
  const mutation = SCHEMA.getMutationType()?.getFields()[field];
  if (mutation === undefined) throw new Error(`sandbox: no mutation ${field} for its REST route`);
  const vars = mutation.args.map((a) => `$${a.name}: ${String(a.type)}`).join(', ');
  const args = mutation.args.map((a) => `${a.name}: $${a.name}`).join(', ');
  const state = SCHEMA.getType(typename);
  if (state === undefined) throw new Error(`sandbox: no type ${typename}`);
  const operation = `Rest_${field}`;
  return {
    field,
    operation,
    query: `mutation ${operation}(${vars}) { ${field}(${args}) { ${BET_FIELDS} state { ... on ${typename} ${selection(state, 0)} } } }`,
  };
}

/** Every field of a `state` type, nested objects included (state types are small trees, no cycles). */
function selection(type: GraphQLNamedType, depth: number): string {
  if (depth > 4 || isLeafType(type)) return '';
  if (isAbstractType(type)) {
    return `{ ${SCHEMA.getPossibleTypes(type).map((t) => `... on ${t.name} ${selection(t, depth + 1)}`).join(' ')} }`;
  }
  if (!isObjectType(type)) return '';
  const fields = Object.values(type.getFields())
    .filter((f) => f.args.every((a) => !String(a.type).endsWith('!')))
    .map((f) => `${f.name} ${selection(getNamedType(f.type), depth + 1)}`);
  return `{ ${fields.join(' ')} }`;
}
