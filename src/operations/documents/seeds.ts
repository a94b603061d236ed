/**
 * `RotateSeedPair` and `UserSeedPair`: the provably-fair seed pair.
 *
 * Sources: site-api.md; `RotateSeedPair` verbatim in the bot2love notes
 * (search-index file 42927075769) and the JS `StakeApi.resetSeed` (file
 * 36184893950). The read: `activeClientSeed { id seed }` and
 * `activeServerSeed { id nonce seedHash nextSeedHash }` are the fields the
 * site's `initialUserRequest` selects (Python client, file 44552582671), which
 * also selects `previousServerSeed { id seed }`; `previousServerSeed.seedHash`
 * is read by a public verifier (file 65971917777). The operation name
 * `UserSeedPair` is the one a public client gives this read (file
 * 71057706741); the web app reads the same fields inside larger queries.
 */
import { typed_document } from './typed.js';

/** The active client seed. */
export interface ActiveClientSeed {
  readonly id: string;
  readonly seed: string;
}

/** The active server seed: only its hash is known until the pair is rotated. */
export interface ActiveServerSeed {
  readonly id: string;
  readonly nonce: number;
  readonly seedHash: string;
  readonly nextSeedHash: string;
}

/** The server seed of the pair rotated away last, now revealed. */
export interface PreviousServerSeed {
  readonly id: string;
  readonly seed: string | null;
  readonly seedHash: string;
}

/** Variables of `RotateSeedPair`: the new client seed. */
export interface RotateSeedPairVariables {
  readonly seed: string;
}

/** Result of `RotateSeedPair`. */
export interface RotateSeedPairResult {
  readonly rotateSeedPair: {
    readonly clientSeed: {
      readonly user: {
        readonly id: string;
        readonly activeClientSeed: ActiveClientSeed;
        readonly activeServerSeed: ActiveServerSeed;
      };
    };
  };
}

/** Result of `UserSeedPair`. */
export interface UserSeedPairResult {
  readonly user: {
    readonly id: string;
    readonly activeClientSeed: ActiveClientSeed;
    readonly activeServerSeed: ActiveServerSeed;
    readonly previousServerSeed: PreviousServerSeed | null;
  };
}

/** The `RotateSeedPair` mutation `client.rotate_seed_pair()` sends. */
export const RotateSeedPair = typed_document<RotateSeedPairResult, RotateSeedPairVariables>(/* GraphQL */ `
mutation RotateSeedPair($seed: String!) {
  rotateSeedPair(seed: $seed) {
    clientSeed {
      user {
        id
        activeClientSeed {
          id
          seed
        }
        activeServerSeed {
          id
          nonce
          seedHash
          nextSeedHash
        }
      }
    }
  }
}
`);

/** The `UserSeedPair` query `client.active_seeds()` sends. */
export const UserSeedPair = typed_document<UserSeedPairResult, Record<string, never>>(/* GraphQL */ `
query UserSeedPair {
  user {
    id
    activeClientSeed {
      id
      seed
    }
    activeServerSeed {
      id
      nonce
      seedHash
      nextSeedHash
    }
    previousServerSeed {
      id
      seed
      seedHash
    }
  }
}
`);
