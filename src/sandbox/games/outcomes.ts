/**
 * Where every sandbox game draws its outcome: the bet's seeds and nonce go
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

/** Dice: `{ result }`, 0.00 to 100.00. */
export function diceOutcome(seeds: BetSeeds): { result: number } {
  return outcome('dice', { ...seeds });
}

/** Limbo: `{ result }`, the multiplier reached (1 % edge included). */
export function limboOutcome(seeds: BetSeeds): { result: number } {
  return outcome('limbo', { ...seeds });
}

/** Mines: the 0-based tiles holding the `minesCount` mines. */
export function minesOutcome(seeds: BetSeeds, minesCount: number): { mines: number[] } {
  return outcome('mines', { ...seeds, minesCount });
}

/** Keno: the 10 drawn squares, 0-based (0–39), in draw order. */
export function kenoOutcome(seeds: BetSeeds): { drawnNumbers: number[] } {
  return outcome('keno', { ...seeds });
}

/** Plinko: one step per row (0 left, 1 right) and the bucket (number of rights). */
export function plinkoOutcome(seeds: BetSeeds, rows: number): { path: number[]; bucket: number } {
  return outcome('plinko', { ...seeds, rows });
}
