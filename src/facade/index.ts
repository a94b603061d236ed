/**
 * The GraphQL client: `StakeClient` (the facade, on top of the operations and
 * the realtime feed, which sit on the transport core in src/transport/), its
 * options, its typed errors and its typed reads.
 */
export { StakeClient, type GraphQLCallOptions } from './client.js';
export type { StakeClientOptions } from './options.js';
export {
  DEFAULT_BASE_URL,
  DEFAULT_TIMEOUT_MS,
  type ClientLogEvent,
  type ClientLogger,
  type FetchInit,
  type FetchLike,
  type FetchResponseLike,
} from '../transport/options.js';
export { DEFAULT_RETRY, type RetryOptions } from '../transport/retry.js';
export type { RefreshCallback, RefreshResult } from '../transport/refresh.js';
export { BALANCES_QUERY, CURRENT_USER_QUERY, type Amount, type Balance, type CurrentUser, type ReadOptions } from './queries.js';
export type { HeadersLike } from '../transport/cookie-jar.js';
export {
  AuthenticationError,
  ChallengeError,
  GraphQLError,
  RateLimitError,
  StakeError,
  TransportError,
  type ChallengeVendor,
  type GraphQLErrorItem,
  type OperationKind,
  type RedactedRequest,
  type TransportFailure,
  SITE_ERROR_TYPES,
  describe_error_type,
  is_site_error_type,
  type ErrorType,
  type SiteErrorType,
} from '../transport/errors/index.js';
export { request_fate, cause_name, type RequestFate, type MayHaveRunCause } from '../operations/request-fate.js';
