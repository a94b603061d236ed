/**
 * The tests' own Crash and Slide oracle, from the published algorithm with
 * node:crypto (bitcointalk topic 5162888: a SHA-256 chain played from its
 * end; point = max(1, 2^32 / (n + 1) × (1 − edge)) from the first 4 bytes of
 * HMAC_SHA256(key = round hash, message = the hash of Bitcoin block 584,500),
 * shown rounded down to two decimals). Never the code under test.
 */
import { createHash, createHmac } from 'node:crypto';

/** The hash of Bitcoin block 584,500: the HMAC message of every round. */
export const BLOCK_584500 = '0000000000000000001b34dc6a1e86083f95500b096231436e9b25cbdd0075c4';

/** SHA-256 of a hash's hex: the round played before it. */
export const sha = (hex: string): string => createHash('sha256').update(hex).digest('hex');

/** A round's shown point; edge 0.01 for Crash, 0.02 for Slide. */
export function shown_point(hash: string, edge: number): number {
  const n = createHmac('sha256', hash).update(BLOCK_584500).digest().readUInt32BE(0);
  return Math.floor(Math.max(1, (2 ** 32 / (n + 1)) * (1 - edge)) * 100) / 100;
}

/** The sandbox's chain as its option documents it (seed, then each hash the SHA-256 of the one before), in the order played. */
export function chain_from(seed: string, length = 10_000): string[] {
  const hashes = [seed];
  for (let i = 1; i < length; i++) hashes.push(sha(hashes[i - 1]!));
  return hashes.reverse();
}
