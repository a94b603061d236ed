/** The typed errors the client rejects with; every one is a {@link StakeError}. */
export { StakeError, type OperationKind, type RedactedRequest, type StakeErrorInit } from './stake-error.js';
export { AuthenticationError, is_authentication_failure, type AuthenticationErrorInit } from './authentication-error.js';
export { ChallengeError, is_challenge, is_kasada_refusal, type ChallengeErrorInit, type ChallengeVendor } from './challenge-error.js';
export { RateLimitError, type RateLimitErrorInit } from './rate-limit-error.js';
export { GraphQLError, type GraphQLErrorItem, type GraphQLErrorInit } from './graphql-error.js';
export { TransportError, type TransportFailure, type TransportErrorInit } from './transport-error.js';
export { SITE_ERROR_TYPES, describe_error_type, is_site_error_type, type ErrorType, type SiteErrorType } from './site-errors.js';
