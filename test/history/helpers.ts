/** A sandbox, a logged-in client and a real database file in a temp directory, for the history tests. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { StakeClient } from '../../src/facade/index.js';
import { open_database, type SqliteDatabase } from '../../src/journal/index.js';
import type { Sandbox } from '../../src/sandbox/index.js';

/** A new user of `box` and a client logged in as them (timeouts bounded, so no test can hang). */
export function sandboxUser(box: Sandbox, name?: string): { client: StakeClient; access_token: string } {
  const login = box.login(name);
  const client = new StakeClient({ base_url: box.url, access_token: login.access_token, session_cookie: login.session_cookie, timeout_ms: 10_000 });
  return { client, access_token: login.access_token };
}

/** A private temp directory holding `stakeql.db` (not created yet); `remove` deletes it all. */
export function tempDatabase(): { dir: string; file: string; open: () => SqliteDatabase; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stakeql-history-'));
  fs.chmodSync(dir, 0o700);
  const file = path.join(dir, 'stakeql.db');
  return { dir, file, open: () => open_database(file), remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** `count` dice bets of varied amounts and targets (some win, some lose), one after another. */
export async function placeDice(client: StakeClient, count: number, currency = 'btc'): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const amount = currency === 'usd' ? (1 + (i % 7) * 0.37).toFixed(2) : (0.00001 * (1 + (i % 5)) + 0.00000003 * i).toFixed(8);
    const bet = await client.dice({ amount, currency, target: 20 + ((i * 13) % 60), condition: i % 2 === 0 ? 'above' : 'below' });
    ids.push(bet.id);
  }
  return ids;
}

/**
 * MyBetList requests the sandbox logged from `start` on, as their `offset`
 * variables, in offset order: a sync has two in flight at once, and the
 * sandbox logs whichever it handles first.
 */
export function betListOffsets(box: Sandbox, start: number): number[] {
  return box
    .stats()
    .request_log.slice(start)
    .filter((r) => r.operation_name === 'MyBetList')
    .map((r) => r.variables['offset'] as number)
    .sort((a, b) => a - b);
}

/** A decimal text as integer units of `decimals` places, by string arithmetic only (the tests' own oracle). */
export function unitsOf(text: string, decimals: number): bigint {
  const match = /^(-?)([0-9]+)(?:\.([0-9]+))?$/.exec(text);
  if (match === null) throw new Error(`not a plain decimal: ${text}`);
  const fraction = (match[3] ?? '').padEnd(decimals, '0');
  if (fraction.length > decimals) throw new Error(`${text} has more than ${decimals} decimals`);
  const units = BigInt(`${match[2]}${fraction}`);
  return match[1] === '-' ? -units : units;
}
