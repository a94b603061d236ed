/**
 * Issue 48 item 8: roulette and baccarat are played without an `amount`, the
 * stake being the chips (shared/spec/games.md: "roulette takes the chip lists
 * and no `amount`"). The example (docs/games.md, the README's until issue 47) is type-checked
 * with every docs block (test/docs/typescript.test.ts, which also shows a chip
 * without an amount refused) and run here as written against the sandbox,
 * whose ledger and request log say what was staked and sent.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { StakeClient } from '../../src/facade/index.js';
import { start_sandbox } from '../../src/sandbox/index.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

function chipsExample(): string {
  const lines = readFileSync(path.join(ROOT, 'docs', 'games.md'), 'utf8').split('\n');
  const start = lines.findIndex((line) => line.includes("client.play('roulette'"));
  expect(start, 'docs/games.md has a roulette example').toBeGreaterThanOrEqual(0);
  const end = lines.findIndex((line, i) => i > start && line.trim() === '```');
  return lines.slice(start, end).map((l) => l.trim()).join('\n');
}

describe("docs/games.md's roulette and baccarat example (no amount)", () => {
  it('runs as written against the sandbox: the stake is the chips, no amount is sent, the ledger takes the total', async () => {
    await using sandbox = await start_sandbox({ dice_seed: 'readme-chips', starting_balances: { usd: 1000 } });
    await using client = new StakeClient({ base_url: sandbox.url, ...sandbox.login('reader') });
    const usd = async (): Promise<number> => (await client.balances()).find((b) => b.available.currency === 'usd')?.available.amount ?? Number.NaN;
    const before = await usd();
    const logged: unknown[][] = [];
    const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (...args: string[]) => (client: StakeClient, console: { log: (...a: unknown[]) => void }) => Promise<{ spin: { amount: number; payout: number }; hand: { amount: number; payout: number } }>;
    const run = new AsyncFunction('client', 'console', `${chipsExample()}\nreturn { spin, hand };`);
    const { spin, hand } = await run(client, { log: (...a: unknown[]) => logged.push(a) });
    // The totals of the chips the example names: colorRed 1 + number17 0.5; player 1 + tie 0.25.
    expect([spin.amount, hand.amount]).toEqual([1.5, 1.25]);
    expect(logged).toEqual([[1.5, 1.25]]);
    expect(await usd()).toBeCloseTo(before - 1.5 - 1.25 + spin.payout + hand.payout, 8);
    const sent = sandbox.stats().request_log.filter((e) => e.operation_name === 'RouletteBet' || e.operation_name === 'BaccaratBet');
    expect(sent).toHaveLength(2);
    for (const entry of sent) expect(entry.variables).not.toHaveProperty('amount');
  });

  it('an amount that is not the chips\' total is still refused before the wire', async () => {
    await using sandbox = await start_sandbox();
    await using client = new StakeClient({ base_url: sandbox.url, ...sandbox.login('reader') });
    await expect(client.play('roulette', { amount: 2, currency: 'usd', colors: [{ value: 'colorRed', amount: 1 }] })).rejects.toThrow(/^amount must be the chips' total, 1/);
    expect(sandbox.stats().request_log.filter((e) => e.operation_name === 'RouletteBet')).toHaveLength(0);
  });
});
