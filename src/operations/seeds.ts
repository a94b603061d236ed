/**
 * The provably-fair seed pair: read it, rotate it. Rotating reveals the old
 * server seed (read it with `active_seeds().previousServerSeed`, or from a
 * bet placed under it); the site refuses while a multi-step game is open.
 */
import { randomBytes } from 'node:crypto';
import { RotateSeedPair, UserSeedPair, type RotateSeedPairResult, type UserSeedPairResult } from './documents/seeds.js';
import { check_options, type OperationOptions, type OperationsClient } from './runner.js';
import { check_client_seed } from './validate/games.js';

/** Inputs of `client.rotate_seed_pair()`. */
export interface RotateSeedPairInput {
  /** The new client seed; 20 random hex characters when omitted. */
  readonly seed?: string;
}

/** What `rotate_seed_pair` returns: the new active pair, plus the client seed sent. */
export type RotatedSeedPair = RotateSeedPairResult['rotateSeedPair']['clientSeed']['user'];

/** Rotates the seed pair (`RotateSeedPair`) with `seed` or a fresh random client seed. */
export async function rotate_seed_pair(client: OperationsClient, input: RotateSeedPairInput = {}, options?: OperationOptions): Promise<RotatedSeedPair> {
  if (typeof input !== 'object' || input === null) throw new TypeError('rotate_seed_pair takes an object of inputs');
  const opts = check_options(options);
  const seed = input.seed === undefined ? randomBytes(10).toString('hex') : check_client_seed(input.seed);
  const data = await client.graphql(RotateSeedPair, { seed }, { signal: opts.signal ?? null });
  return data.rotateSeedPair.clientSeed.user;
}

/** The active seed pair and the last revealed server seed (`UserSeedPair`). */
export async function active_seeds(client: OperationsClient, options?: OperationOptions): Promise<UserSeedPairResult['user']> {
  const opts = check_options(options);
  const data = await client.graphql(UserSeedPair, {}, { signal: opts.signal ?? null });
  return data.user;
}
