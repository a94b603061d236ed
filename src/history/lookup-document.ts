/**
 * `BetLookup`: one bet by its share id, as the web app's share links read it
 * (`bet(iid: String, betId: String) { id iid game { name slug } bet { ... on
 * CasinoBet { … } } }`; see src/sandbox/sdl.ts for the sources). The sync
 * selects only the seeds: it asks for a bet whose server seed it lacks, to
 * learn the seed once the pair is rotated away.
 */
import { typed_document } from '../operations/documents/typed.js';

/** Variables of `BetLookup`. */
export interface BetLookupVariables {
  readonly iid: string;
}

/** Result of `BetLookup` as the sync selects it. */
export interface BetLookupResult {
  readonly bet: {
    readonly id: string;
    readonly iid: string;
    readonly bet: { readonly __typename: string; readonly serverSeed?: { readonly seedHash: string; readonly seed: string | null } } | null;
  };
}

/** The `BetLookup` query the sync sends for a bet whose seed it lacks. */
export const BetLookup = typed_document<BetLookupResult, BetLookupVariables>(/* GraphQL */ `
query BetLookup($iid: String!) {
  bet(iid: $iid) {
    id
    iid
    bet {
      __typename
      ... on CasinoBet {
        serverSeed {
          seedHash
          seed
        }
      }
    }
  }
}
`);
