/**
 * graphql-js as graphql-ws loads it. graphql-ws checks `instanceof
 * GraphQLError` (errors returned by `onSubscribe`) and validates schemas with
 * the graphql it imports; Node gives every importer graphql's CommonJS build,
 * but a bundler or test runner may give this module the ESM build, a second
 * realm graphql-ws rejects. Loading it the way Node does keeps one realm.
 */
import { createRequire } from 'node:module';

/** The graphql-js module graphql-ws uses. */
export const graphql = createRequire(import.meta.url)('graphql') as typeof import('graphql');
