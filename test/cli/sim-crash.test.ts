/**
 * `stakeql sim` of a crash strategy replaying a chain (`--chain FILE`): bet
 * by bet, each round's point the published algorithm's (createHmac here),
 * the martingale's amounts following the results; a malformed chain file is
 * a usage error (exit 2).
 */
import { createHash, createHmac } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useBuiltCli } from './helpers/cli.js';

const cli = useBuiltCli();
const BLOCK_584500 = '0000000000000000001b34dc6a1e86083f95500b096231436e9b25cbdd0075c4';

function shown_point(hash: string, edge: number): number {
  const n = createHmac('sha256', hash).update(BLOCK_584500).digest().readUInt32BE(0);
  return Math.floor(Math.max(1, (2 ** 32 / (n + 1)) * (1 - edge)) * 100) / 100;
}

describe('stakeql sim --chain (crash)', () => {
  it('replays the chain bet by bet: points, payouts and a martingale from the results', async () => {
    // A real chain: each hash the SHA-256 of the next one played.
    const hashes = [createHash('sha256').update('sim crash chain').digest('hex')];
    for (let i = 1; i < 12; i++) hashes.push(createHash('sha256').update(hashes[i - 1]!).digest('hex'));
    hashes.reverse();
    const chain = path.join(cli.config_dir, 'chain.txt');
    await fs.writeFile(chain, `# oldest first\n${hashes.join('\n')}\n`);
    const strategy = path.join(cli.config_dir, 'crash.json');
    await fs.writeFile(strategy, JSON.stringify({ game: 'crash', bet: { amount: 0.00001, cashoutAt: 2 }, on_win: 'reset', on_loss: { increase_pct: 100 } }));
    const r = await cli.run(['sim', strategy, '--balance', '1', '--bets', '10', '--chain', chain, '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as { event: string; amount: number; payoutMultiplier: number; payout: number; state: { hash: string; point: number } });
    const bets = lines.filter((l) => l.event === 'bet');
    expect(bets).toHaveLength(10);
    let amount = 0.00001;
    bets.forEach((b, i) => {
      expect(b.state.hash).toBe(hashes[i]);
      const point = shown_point(hashes[i]!, 0.01);
      expect(b.state.point).toBe(point);
      expect(b.amount).toBeCloseTo(amount, 10);
      const won = 2 <= point;
      expect(b.payoutMultiplier).toBe(won ? 2 : 0);
      expect(b.payout).toBeCloseTo(won ? amount * 2 : 0, 10);
      amount = won ? 0.00001 : amount * 2;
    });
    expect(lines.at(-1)).toMatchObject({ event: 'stop', bets: 10 });
  });

  it('a chain file with a line that is not a hash: exit 2 naming the line', async () => {
    const chain = path.join(cli.config_dir, 'bad-chain.txt');
    await fs.writeFile(chain, `${'a'.repeat(64)}\nnot-a-hash\n`);
    const strategy = path.join(cli.config_dir, 'crash2.json');
    await fs.writeFile(strategy, JSON.stringify({ game: 'crash', bet: { amount: 0.00001, cashoutAt: 2 } }));
    const r = await cli.run(['sim', strategy, '--balance', '1', '--bets', '10', '--chain', chain]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('line 2 is not a round hash');
  });
});
