/**
 * The rounds of the stored Crash and Slide bets: the round's revealed hash,
 * the salt and the round's number on its chain, which `houseBetList` does not
 * carry, read once per bet through the share lookup (`bet(iid:) { bet { ... on
 * MultiplayerCrashBet { id crashGame: game { id seed { id seed } hash { id
 * hash number } } } ... on MultiplayerSlideBet { id slideGame: game { … } } } }`,
 * site-coverage.md §2.6, one source: LOOKUP). Slide's arm is elided there;
 * it is read with Crash's selection. A failed lookup ends the pass with a
 * note: the sync's bets stay written and the next sync asks again.
 */
import type { SqliteDatabase } from '../database/database.js';
import { typed_document } from '../operations/documents/typed.js';
import type { OperationsClient } from '../operations/runner.js';

/** A round as the lookup reads it; `hash` is null until the round has ended. */
export interface LookedUpRound {
  readonly id: string;
  readonly seed: { readonly id: string; readonly seed: string } | null;
  readonly hash: { readonly id: string; readonly hash: string; readonly number: number | null } | null;
}

/** Result of `RoundLookup`. */
export interface RoundLookupResult {
  readonly bet: {
    readonly id: string;
    readonly iid: string;
    readonly bet: {
      readonly __typename: string;
      readonly id?: string;
      readonly crashGame?: LookedUpRound | null;
      readonly slideGame?: LookedUpRound | null;
    } | null;
  };
}

/** The share lookup of a Crash or Slide bet's round. */
export const RoundLookup = typed_document<RoundLookupResult, { iid: string }>(/* GraphQL */ `
query RoundLookup($iid: String!) {
  bet(iid: $iid) {
    id
    iid
    bet {
      __typename
      ... on MultiplayerCrashBet {
        id
        crashGame: game {
          id
          seed { id seed }
          hash { id hash number }
        }
      }
      ... on MultiplayerSlideBet {
        id
        slideGame: game {
          id
          seed { id seed }
          hash { id hash number }
        }
      }
    }
  }
}
`);

/** Lookups in a row that find no revealed hash before a sync stops asking. */
const MAX_EMPTY_LOOKUPS = 5;

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Looks up the rounds of up to `limit` of the account's settled Crash and
 * Slide bets stored without one, and writes each into its bet (`server_seed`
 * the hash, `client_seed` the salt, `nonce` the number; see
 * src/history/record.ts `chain_row_of`).
 */
export async function lookup_rounds(
  client: OperationsClient,
  db: SqliteDatabase,
  site: string,
  user_id: string | null,
  limit: number,
  signal: AbortSignal | null,
): Promise<{ found: number; notes: string[] }> {
  const notes: string[] = [];
  if (user_id === null || limit === 0) return { found: 0, notes };
  // server_seed IS NULL: the partial index bets_unrevealed holds these bets (their server_seed_hash is null).
  const missing = db
    .prepare(`SELECT id, iid FROM bets WHERE server_seed IS NULL AND server_seed_hash IS NULL AND site = ? AND user_id = ?
      AND game IN ('crash', 'slide') AND active = 0 LIMIT ?`)
    .all(site, user_id, limit) as Array<{ id: string; iid: string }>;
  const write = db.prepare('UPDATE bets SET server_seed = ?, client_seed = ?, nonce = ? WHERE id = ? AND server_seed IS NULL');
  let found = 0;
  let empty = 0;
  for (const { id, iid } of missing) {
    let round: LookedUpRound | null | undefined;
    try {
      const bet = (await client.graphql(RoundLookup, { iid }, { signal })).bet.bet;
      round = bet?.crashGame ?? bet?.slideGame;
    } catch (error) {
      if (signal?.aborted) throw error;
      notes.push(`looking up the round of ${iid} failed: ${message(error)}`);
      break;
    }
    const hash = round?.hash;
    if (hash === null || hash === undefined || typeof hash.hash !== 'string') {
      // Settled bets whose round the site does not reveal: asking for the rest this sync would be requests for nothing.
      if (++empty === MAX_EMPTY_LOOKUPS) {
        notes.push(`the site gave no round hash for ${MAX_EMPTY_LOOKUPS} crash/slide bets in a row (the last ${iid}); the next sync asks again`);
        break;
      }
      continue;
    }
    empty = 0;
    const number = Number.isSafeInteger(hash.number) ? hash.number : null;
    found += write.run(hash.hash, typeof round?.seed?.seed === 'string' ? round.seed.seed : null, number, id).changes;
  }
  return { found, notes };
}
