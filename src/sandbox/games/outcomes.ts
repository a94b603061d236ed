/**
 * Where mines draws its outcome (the one-request games draw in casino.ts's
 * `play`): the bet's seeds and nonce go
 * through `stakeql/fairness` (the site's published algorithm), so a sandbox
 * bet verifies with `verify_bet` once its server seed is revealed.
 */
import { outcome, server_seed_hash } from '../../fairness/index.js';

/** The seed triple one bet is drawn from. */
export interface BetSeeds {
  readonly server_seed: string;
  readonly client_seed: string;
  readonly nonce: number;
}

/** SHA-256 hex of a server seed: the `seedHash` shown before the seed is revealed. */
export function seedHash(serverSeed: string): string {
  return server_seed_hash(serverSeed);
}

/** Mines: the 0-based tiles holding the `minesCount` mines. */
export function minesOutcome(seeds: BetSeeds, minesCount: number): { mines: number[] } {
  return outcome('mines', { ...seeds, minesCount });
}

