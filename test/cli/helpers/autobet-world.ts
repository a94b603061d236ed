import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { start_sandbox, type Sandbox, type SandboxLogin } from '../../../src/sandbox/index.js';
import { ready } from '../../support/ready.js';

/** What an autobet CLI test runs against, made anew for each test. */
export interface AutobetWorld {
  /** A sandbox with 1 btc for the player. */
  readonly sandbox: Sandbox;
  /** A private directory for the test's config, data and strategy files. */
  readonly dir: string;
  /** `flat.json` in `dir`: one satoshi on dice, roll above 50.5, every bet. */
  readonly strategy: string;
  /** The player's STAKE_ACCESS_TOKEN and STAKE_SESSION_COOKIE on the current sandbox. */
  stake_env(): Record<string, string>;
  /** Replaces the sandbox by one whose bets each take `bet_delay_ms`, the player logged in on it: for a test that needs a bet in flight. */
  slow_down(bet_delay_ms: number): Promise<void>;
}

/**
 * Registers the hooks of an autobet CLI test file: before each test a
 * sandbox with `player` logged in (the sandbox's default user when
 * undefined) and a private directory named with `dir_prefix` holding the
 * flat strategy; after it, both removed.
 */
export function useAutobetWorld(player: string | undefined, dir_prefix: string): AutobetWorld {
  let state: { sandbox?: Sandbox; login?: SandboxLogin; dir?: string } = {};
  const start = async (bet_delay_ms?: number): Promise<void> => {
    state.sandbox = await start_sandbox({ starting_balances: { btc: 1 }, ...(bet_delay_ms === undefined ? {} : { bet_delay_ms }) });
    state.login = state.sandbox.login(player);
  };
  beforeEach(async () => {
    state = {};
    await start();
    state.dir = fs.mkdtempSync(path.join(os.tmpdir(), dir_prefix));
    fs.writeFileSync(path.join(state.dir, 'flat.json'), JSON.stringify({ game: 'dice', bet: { amount: 0.00000001, target: 50.5, condition: 'above' } }));
  });
  afterEach(async () => {
    await state.sandbox?.close();
    if (state.dir !== undefined) fs.rmSync(state.dir, { recursive: true, force: true });
  });
  return {
    get sandbox() { return ready(state.sandbox); },
    get dir() { return ready(state.dir); },
    get strategy() { return path.join(ready(state.dir), 'flat.json'); },
    stake_env: () => ({ STAKE_ACCESS_TOKEN: ready(state.login).access_token, STAKE_SESSION_COOKIE: ready(state.login).session_cookie }),
    slow_down: async (bet_delay_ms) => {
      await ready(state.sandbox).close();
      await start(bet_delay_ms);
    },
  };
}
