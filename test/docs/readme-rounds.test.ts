/**
 * The rounds example of docs/rounds.md (the README's until issue 47) (`client.start` … `client.active_bet`), run as
 * written against the sandbox round after round: it must end every mines
 * round, whether the tile is a mine or not.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { StakeClient } from '../../src/facade/index.js';
import { start_sandbox } from '../../src/sandbox/index.js';

function roundsExample(): string {
  const lines = readFileSync(new URL('../../docs/rounds.md', import.meta.url), 'utf8').split('\n');
  const start = lines.findIndex((line) => line.includes("client.start('mines'"));
  const end = lines.findIndex((line, i) => i >= start && line.includes('client.active_bet('));
  expect(start, 'docs/rounds.md has a rounds example').toBeGreaterThanOrEqual(0);
  expect(end).toBeGreaterThanOrEqual(start);
  return lines.slice(start, end + 1).join('\n');
}

describe("docs/rounds.md's rounds example", () => {
  it('ends every round, mines or not, and leaves none open', async () => {
    const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (...args: string[]) => (client: StakeClient) => Promise<void>;
    const play = new AsyncFunction('client', roundsExample());
    await using sandbox = await start_sandbox({ dice_seed: 'readme-rounds', starting_balances: { usd: 1000 } });
    await using client = new StakeClient({ base_url: sandbox.url, ...sandbox.login('reader') });
    const payouts: number[] = [];
    for (let round = 0; round < 24; round++) {
      await play(client);
      expect(await client.active_bet('mines')).toBeNull();
      for await (const entry of client.bets({ max: 1 })) payouts.push((entry.bet as { payoutMultiplier: number }).payoutMultiplier);
    }
    expect(payouts).toHaveLength(24);
    // Both endings occur under this seed: a mine under tile 12 (nothing paid) and a cashout.
    expect(payouts.some((m) => m === 0)).toBe(true);
    expect(payouts.some((m) => m > 1)).toBe(true);
  });
});
