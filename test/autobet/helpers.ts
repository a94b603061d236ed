/** A sandbox, a logged-in client on it and a private database directory, for the autobet tests. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import type { BetLine } from '../../src/autobet/index.js';
import { StakeClient } from '../../src/facade/index.js';
import { start_sandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/index.js';

export interface World {
  readonly sandbox: Sandbox;
  readonly client: StakeClient;
  readonly dir: string;
  readonly database: string;
  readonly login: { access_token: string; session_cookie: string };
  close(): Promise<void>;
}

/** `timeout_ms`: the client's request timeout (the settle period is at least twice it). */
export async function world(options: SandboxOptions = {}, timeout_ms?: number): Promise<World> {
  const sandbox = await start_sandbox({ starting_balances: { btc: 1, usd: 1000 }, ...options });
  const login = sandbox.login();
  const client = new StakeClient({ access_token: login.access_token, session_cookie: login.session_cookie, base_url: sandbox.url, ...(timeout_ms === undefined ? {} : { timeout_ms }) });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stakeql-autobet-'));
  return {
    sandbox,
    client,
    dir,
    database: path.join(dir, 'data', 'stakeql.db'),
    login,
    async close() {
      await client.close();
      await sandbox.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The sandbox's dice rule, written out here so tests do not take it from the code under test: win when the roll beats the target. */
export function dice_won(result: number, target: number, condition: string): boolean {
  return condition === 'above' ? result > target : result < target;
}

/** One satoshi. */
export const UNIT = 1e-8;

/** A 1-satoshi martingale on dice (49.5 %), as the site's autobet form writes it. */
export const MARTINGALE = { game: 'dice', bet: { amount: UNIT, target: 50.5, condition: 'above' }, on_win: 'reset', on_loss: { increase_pct: 100 } };

/** Checks, from each bet's own roll, that a martingale's next amount follows it (the base after a win, double after a loss). */
export function expectMartingale(lines: readonly BetLine[]): void {
  let expected = UNIT;
  for (const l of lines) {
    expect(l.amount).toBeCloseTo(expected, 12);
    const s = l.state as { result: number; target: number; condition: string };
    expected = dice_won(s.result, s.target, s.condition) ? UNIT : Math.round((l.amount * 2) / UNIT) * UNIT;
  }
}
