/**
 * The tests' own oracle for Stake's provably-fair floats, written from the
 * published algorithm (stake.com/provably-fair/implementation) with
 * node:crypto, never from the code under test: HMAC_SHA256(server seed,
 * `client:nonce:cursor`), each 4 bytes of a digest one float in [0, 1),
 * 8 floats a digest, the cursor counting digests.
 */
import { createHmac } from 'node:crypto';

/** The first `count` floats of one bet. */
export function floats(server: string, client: string, nonce: number, count: number): number[] {
  const out: number[] = [];
  for (let cursor = 0; out.length < count; cursor++) {
    const digest = createHmac('sha256', server).update(`${client}:${nonce}:${cursor}`).digest();
    for (let i = 0; i < 32 && out.length < count; i += 4) {
      out.push(digest[i]! / 256 + digest[i + 1]! / 256 ** 2 + digest[i + 2]! / 256 ** 3 + digest[i + 3]! / 256 ** 4);
    }
  }
  return out;
}
