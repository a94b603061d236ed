/**
 * The sandbox's own hash chain for Crash and Slide, built as the site built
 * its Crash chain (src/games/crash/outcome.ts): from a seed, each hash the SHA-256
 * of the previous one's hex, played from the end, so the hash of round k+1
 * hashes to the hash of round k. One chain per game.
 */
import { randomBytes } from 'node:crypto';
import { previous_game_hash } from '../../games/crash/outcome.js';
export { round_point, type MultiplayerGame } from '../../games/crash/rules.js';

/** The rounds a sandbox can play on one chain before it stops starting new ones. */
export const CHAIN_LENGTH = 10_000;

/** A chain, played from its last hash back towards its seed. */
export class RoundChain {
  readonly #hashes: string[];
  #next: number;

  /** `seed`: 64 lower-case hex digits (the chain's first hash), random when omitted. */
  constructor(seed: string | undefined, length: number = CHAIN_LENGTH) {
    const hashes = [seed ?? randomBytes(32).toString('hex')];
    for (let i = 1; i < length; i++) hashes.push(previous_game_hash(hashes[i - 1] as string));
    this.#hashes = hashes;
    this.#next = length - 1;
  }

  /** The next round's hash, or null when the chain is played out. */
  take(): string | null {
    if (this.#next < 0) return null;
    return this.#hashes[this.#next--] as string;
  }
}
