/**
 * `stakeql doctor`'s document check: whether the site's schema still takes
 * the documents stakeql's commands send. One harmless query per family of
 * documents (never a mutation, never a bet), each the family's own document
 * from the code: GraphQL validates a whole document before anything runs, so
 * an answer without a validation error (data, or a site error such as
 * `notFound`) says the document validates; a validation error (a field, type
 * or argument the schema lacks) names the family that a schema change broke.
 * `MyBetList` carries every game's `state` fragment and the Crash/Slide bet
 * fragments, so the bet mutations' selections are checked through it.
 */
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import type { StakeClient } from '../facade/index.js';
import { GraphQLError } from '../transport/errors/index.js';
import { MyBetList } from '../operations/documents/my-bet-list.js';
import { UserSeedPair } from '../operations/documents/seeds.js';
import { CurrencyConversionRate } from '../operations/documents/rates.js';
import { VipProgressMeta } from '../operations/documents/rewards.js';
import { MinesActiveBet } from '../games/mines/site.js';
import { BlackjackActiveBet } from '../games/blackjack/site.js';
import { HiloActiveBet } from '../games/hilo/site.js';
import { CrashGameListHistory } from '../games/crash/site.js';
import { SlideGameListHistory } from '../games/slide/site.js';
import { BetLookup } from '../history/lookup-document.js';
import { FetchActiveSportBets } from '../sports/documents/bets.js';

/** One family: the commands that need it and the query that stands for it. */
export interface DocumentFamily {
  readonly family: string;
  readonly needed_by: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each family's result and variables differ
  readonly document: TypedDocumentNode<any, any>;
  readonly variables: Readonly<Record<string, unknown>>;
}

/** The families, each with a read that changes nothing. */
export const DOCUMENT_FAMILIES: readonly DocumentFamily[] = Object.freeze([
  { family: 'bets', needed_by: 'bets, history sync, every game\'s state', document: MyBetList, variables: { offset: 0, limit: 1 } },
  // A share id no bet has: the site answers notFound once the document validated.
  { family: 'lookup', needed_by: 'verify, history rounds', document: BetLookup, variables: { iid: 'house:0' } },
  { family: 'seeds', needed_by: 'seeds, verify', document: UserSeedPair, variables: {} },
  { family: 'mines', needed_by: 'mines rounds', document: MinesActiveBet, variables: {} },
  { family: 'blackjack', needed_by: 'blackjack rounds', document: BlackjackActiveBet, variables: {} },
  { family: 'hilo', needed_by: 'hilo rounds', document: HiloActiveBet, variables: {} },
  { family: 'crash', needed_by: 'crash, watch crash', document: CrashGameListHistory, variables: { limit: 1, offset: 0 } },
  { family: 'slide', needed_by: 'slide, watch slide', document: SlideGameListHistory, variables: { limit: 1, offset: 0 } },
  { family: 'rates', needed_by: 'rates', document: CurrencyConversionRate, variables: {} },
  { family: 'rewards', needed_by: 'rewards', document: VipProgressMeta, variables: {} },
  { family: 'sports', needed_by: 'sports', document: FetchActiveSportBets, variables: { limit: 1, offset: 0 } },
]);

/** A family's verdict: `ok` (validates), `invalid` (a validation error), `unknown` (no answer to judge). */
export interface FamilyVerdict {
  readonly family: string;
  readonly ok: boolean;
  readonly reason: 'ok' | 'invalid' | 'unknown';
  /** The server's message for `invalid`, the client's for `unknown` (both redacted of credentials). */
  readonly detail: string;
}

// The standard codes (Apollo, graphql-over-http servers) and graphql-js's validation messages, by their start:
// a validation error comes before execution, so it has no path and no site errorType.
const VALIDATION_CODES = new Set(['GRAPHQL_VALIDATION_FAILED', 'GRAPHQL_PARSE_FAILED']);
const VALIDATION_MESSAGE = /^(?:Cannot query field|Unknown (?:argument|type|fragment|directive|operation)|Field "|Fields "|Variable "\$|Argument "|Fragment "|Syntax Error)/;

/** Whether one error of an answer is a validation error (the document does not fit the schema). */
export function is_validation_error(item: { readonly message: string; readonly path: readonly unknown[] | null; readonly error_type: string | null }): boolean {
  if (item.error_type !== null) return VALIDATION_CODES.has(item.error_type);
  return item.path === null && VALIDATION_MESSAGE.test(item.message.slice(0, 200));
}

/** Asks each family's query once through `client`; never throws. */
export async function check_families(client: StakeClient, families: readonly DocumentFamily[] = DOCUMENT_FAMILIES): Promise<FamilyVerdict[]> {
  const verdicts: FamilyVerdict[] = [];
  for (const f of families) {
    try {
      await client.graphql(f.document, f.variables as never);
      verdicts.push({ family: f.family, ok: true, reason: 'ok', detail: 'validates' });
    } catch (error) {
      if (GraphQLError.is(error)) {
        const invalid = error.errors.find(is_validation_error);
        // Any other GraphQL error (notFound, notAuthenticated) came from running the document: it validated.
        verdicts.push(invalid === undefined
          ? { family: f.family, ok: true, reason: 'ok', detail: 'validates' }
          : { family: f.family, ok: false, reason: 'invalid', detail: invalid.message });
      } else {
        verdicts.push({ family: f.family, ok: false, reason: 'unknown', detail: error instanceof Error ? error.message : String(error) });
      }
    }
  }
  return verdicts;
}
