/**
 * `stakeql verify --bets` on Crash and Slide bet lines (autobet / sim `--json`
 * bet lines: `state { hash, point, cashoutAt }`): each point and payout
 * checked against the round hash, with the points computed here by createHmac
 * and the published algorithm; a tampered point fails, exit 1.
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

const hash = (i: number) => createHash('sha256').update(`round ${i}`).digest('hex');

function line(game: 'crash' | 'slide', i: number, cashoutAt: number, tamper = 0) {
  const point = shown_point(hash(i), game === 'crash' ? 0.01 : 0.02);
  return JSON.stringify({
    event: 'bet', seq: i, identifier: `b${i}`, game, amount: 0.0001, currency: 'btc',
    payoutMultiplier: cashoutAt <= point ? cashoutAt : 0, payout: 0, nonce: 0,
    state: { cashoutAt, point: point + tamper, hash: hash(i), gameId: `r${i}` },
  });
}

describe('stakeql verify --bets: crash and slide', () => {
  it('every bet checked against its round hash', async () => {
    const at = path.join(cli.config_dir, 'crash.jsonl');
    await fs.writeFile(at, [line('crash', 1, 1.5), line('crash', 2, 2), line('slide', 3, 1.2), line('slide', 4, 3)].join('\n') + '\n');
    const r = await cli.run(['verify', '--bets', at]);
    expect(r.stderr).toBe('');
    expect(r.stdout.trim()).toBe('4 bets: 4 verified, 0 failed, 0 not verifiable');
    expect(r.code).toBe(0);
  });

  it('a tampered point fails, naming the bet; exit 1', async () => {
    const at = path.join(cli.config_dir, 'tampered.jsonl');
    await fs.writeFile(at, [line('crash', 1, 1.5), line('crash', 5, 2, 0.5)].join('\n') + '\n');
    const r = await cli.run(['verify', '--bets', at, '--json']);
    const reports = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as { id: string; ok: boolean; failed: string[] });
    expect(reports.map((x) => [x.id, x.ok])).toEqual([['b1', true], ['b5', false]]);
    expect(reports[1]!.failed).toEqual(['outcome']);
    expect(r.code).toBe(1);
  });
});
