/**
 * Mines computed here from the seeds with createHmac (Stake's published
 * byte-to-float and draw), independent of the code under test, and the
 * `{ fields, cashout_after }` policy's expected steps over them.
 */
import { floats } from '../../../support/stake-floats.js';
export { floats };


/** Mines: tiles drawn without replacement from 0–24, the first `count` are the mines. */
export function mines_of(server: string, client: string, nonce: number, count: number): number[] {
  const left = Array.from({ length: 25 }, (_, i) => i);
  return floats(server, client, nonce, count).map((f, i) => left.splice(Math.floor(f * (25 - i)), 1)[0]!);
}

/** The requests the policy makes in a round over `mines`: the tiles revealed, up to a mine, and whether it cashes out. */
export function policy_steps(fields: readonly number[], cashout_after: number, mines: readonly number[]): { reveals: number[]; cashout: boolean } {
  const reveals: number[] = [];
  for (const f of fields.slice(0, cashout_after)) {
    reveals.push(f);
    if (mines.includes(f)) return { reveals, cashout: false };
  }
  return { reveals, cashout: true };
}

/** Stake's mines multiplier for `safe` gems under `count` mines (1 % edge): 0.99 · C(25, safe) / C(25 − count, safe). */
export function mines_multiplier(count: number, safe: number): number {
  let m = 0.99;
  for (let i = 0; i < safe; i++) m *= (25 - i) / (25 - count - i);
  return m;
}
