/**
 * The exports agree (finding 26): `stakeql bets` and `stakeql history export`
 * write one layout (the same CSV header, the same JSON keys, one bet a line),
 * amounts as plain decimals in CSV and JSON (never `1e-8`), and `verify
 * --bets` reads the JSON of both. A session's CSV (`autobet show --csv`)
 * writes plain decimals too. The bets are the ones placed here on the sandbox.
 */
import fs from 'node:fs';
import path from 'node:path';
import { readCsvRecords } from '../support/read-csv.js';
import { describe, expect, it } from 'vitest';
import { StakeClient } from '../../src/facade/index.js';
import { sessionCsv } from '../../src/cli/autobet/session-csv.js';
import type { BetLine } from '../../src/autobet/engine/events.js';
import { useCliSandboxSession } from './helpers/sandbox-session.js';

describe('the exports agree', () => {
  const session = useCliSandboxSession();
  const env = () => ({ ...session.stake_env(), STAKEQL_DATA_DIR: path.join(session.config_dir, 'data') });

  it('bets and history export: one layout, plain decimals, both verifiable', async () => {
    const client = new StakeClient({ base_url: session.sandbox.url, access_token: session.user.access_token });
    const placed: string[] = [];
    for (let i = 0; i < 3; i++) placed.push((await client.dice({ amount: '0.00000001', currency: 'btc', target: 50, condition: 'above' })).id);
    await client.rotate_seed_pair();
    await client.close();
    expect((await session.run(['history', 'sync'], '', env())).code).toBe(0);

    const [bCsv, hCsv, bJson, hJson] = await Promise.all([
      session.run(['bets', '--csv'], '', env()),
      session.run(['history', 'export', '--csv'], '', env()),
      session.run(['bets', '--json'], '', env()),
      session.run(['history', 'export', '--json'], '', env()),
    ]);
    for (const r of [bCsv, hCsv, bJson, hJson]) expect(r.code, r.stderr).toBe(0);
    expect(bCsv.stdout.split('\n')[0]).toBe(hCsv.stdout.split('\n')[0]);
    const jsonLines = (text: string) => text.trim().split('\n');
    const keys = (line: string) => Object.keys(JSON.parse(line) as object);
    expect(keys(jsonLines(bJson.stdout)[0] as string)).toEqual(keys(jsonLines(hJson.stdout)[0] as string));
    // The amount and payout cells as written: plain decimals, never e-notation (ids and seeds may hold "e-" by chance).
    const csvAmounts = (text: string): string[] =>
      readCsvRecords(text).flatMap((r) => [r['amount'] as string, r['payout'] as string]);
    const jsonAmounts = (text: string): string[] => [...text.matchAll(/"(?:amount|payout)":([^,}]*)/g)].map((m) => m[1] as string);
    for (const cells of [csvAmounts(bCsv.stdout), csvAmounts(hCsv.stdout), jsonAmounts(bJson.stdout), jsonAmounts(hJson.stdout)]) {
      expect(cells.length).toBeGreaterThan(0);
      for (const cell of cells) expect(cell).toMatch(/^-?[0-9]+(?:\.[0-9]+)?$/);
      expect(cells).toContain('0.00000001');
    }
    // The same bets, newest first from the site and oldest first from the database.
    const ids = (text: string) => jsonLines(text).map((l) => (JSON.parse(l) as { id: string }).id);
    expect(ids(bJson.stdout)).toEqual([...placed].reverse());
    expect(ids(hJson.stdout)).toEqual(placed);

    for (const [name, text] of [['bets.jsonl', bJson.stdout], ['export.jsonl', hJson.stdout]] as const) {
      const file = path.join(session.config_dir, name);
      fs.writeFileSync(file, text);
      const verified = await session.run(['verify', '--bets', file], '', env());
      expect(verified.code, verified.stderr + verified.stdout).toBe(0);
      expect(verified.stdout).toContain('3 bets: 3 verified, 0 failed');
    }
  });

  it("a session's CSV writes plain decimals", () => {
    const line = { seq: 1, identifier: 'x', game: 'dice', amount: 1e-8, currency: 'btc', payoutMultiplier: 0, payout: 0, profit: -1e-8, balance: 0.00099999, nonce: 1, state: { result: 12, target: 50, condition: 'above' } } as unknown as BetLine;
    const [, row] = sessionCsv([line]).trim().split('\n');
    expect(row).toBe('1,x,dice,0.00000001,btc,0,0,-0.00000001,0.00099999,1,12,50,,above');
  });
});
