/**
 * `stakeql history sync | verify | export` and `stakeql verify --bets` on
 * Crash bets read from the sandbox's history, through the built CLI: the
 * rounds looked up, every bet checked against the chain, the payouts checked
 * here too with createHmac and the published formula, and a round hash moved
 * off the chain named as `chain`, exit 1.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StakeClient } from '../../src/facade/index.js';
import { open_database } from '../../src/journal/index.js';
import type { MultiplayerFrame, MultiplayerRoundFrame } from '../../src/realtime/multiplayer.js';
import { start_sandbox, type Sandbox } from '../../src/sandbox/index.js';
import { sha, shown_point } from '../support/crash-chain.js';
import { tempConfigDir, useBuiltCli } from './helpers/cli.js';

const cli = useBuiltCli();
const SEED = createHash('sha256').update('stakeql cli history crash').digest('hex');
const crash_point = (hash: string): number => shown_point(hash, 0.01);

const is_round = (f: MultiplayerFrame): f is MultiplayerRoundFrame => f.__typename === 'MultiplayerCrash';
const TARGETS = [1.5, 3, 1.1, 2];

describe('stakeql history on Crash bets', () => {
  let sandbox: Sandbox;
  let data: { dir: string; remove: () => Promise<void> };
  let env: Record<string, string>;
  beforeAll(async () => {
    sandbox = await start_sandbox({ crash_round_ms: 250, crash_chain_seed: SEED, starting_balances: { btc: 1 } });
    data = await tempConfigDir();
    const login = sandbox.login('crash-cli');
    env = { STAKE_ACCESS_TOKEN: login.access_token, STAKE_SESSION_COOKIE: login.session_cookie, STAKE_BASE_URL: sandbox.url, STAKEQL_DATA_DIR: data.dir };
    await using client = new StakeClient({ base_url: sandbox.url, access_token: login.access_token });
    // A bet in every other window, so the stored rounds are apart on the chain.
    const placed = new Set<string>();
    const ended = new Set<string>();
    let windows = 0;
    for await (const frame of client.watch_crash({ signal: AbortSignal.timeout(30_000) })) {
      if (!is_round(frame)) continue;
      if (frame.status === 'pending' && placed.size < TARGETS.length && windows++ % 2 === 0) {
        try {
          placed.add((await client.crash_bet({ amount: 0.001, currency: 'btc', cashoutAt: TARGETS[placed.size]! })).gameId);
        } catch (error) {
          // A frame that came late on a loaded machine: the window had closed, nothing was booked.
          if (!/only before the round starts/.test((error as Error).message)) throw error;
        }
      }
      if (frame.status === 'crash' && placed.has(frame.id)) ended.add(frame.id);
      if (ended.size === TARGETS.length) break;
    }
  }, 60_000);
  afterAll(async () => {
    await sandbox?.close();
    await data?.remove();
  });

  it("stakeql bets --json lists them; verify --bets says their round is not in the site's list, exit 3", async () => {
    const listed = await cli.run(['bets', '--json'], { env });
    expect(listed.code, listed.stderr).toBe(0);
    const checked = await cli.run(['verify', '--bets', '-'], { env, input: listed.stdout });
    expect(checked.code).toBe(3);
    expect(checked.stdout).toContain(`${TARGETS.length} bets: 0 verified, 0 failed, ${TARGETS.length} not verifiable`);
    expect(checked.stdout).toContain("'stakeql history sync' looks it up");
  });

  it('syncs the bets with their rounds; history verify and verify --bets of the export pass; a hash off the chain fails, exit 1', async () => {
    const synced = await cli.run(['history', 'sync'], { env });
    expect(synced.code, synced.stderr).toBe(0);
    expect(synced.stdout).toBe(`Synced: ${TARGETS.length} new bets, ${TARGETS.length} entries read, ${TARGETS.length} crash/slide rounds looked up.\n`);

    const verified = await cli.run(['history', 'verify'], { env });
    expect(verified.code, verified.stderr).toBe(0);
    expect(verified.stdout).toContain(`${TARGETS.length} bets with a revealed seed: ${TARGETS.length} verified, 0 failed`);

    const exported = await cli.run(['history', 'export', '--json'], { env });
    expect(exported.code, exported.stderr).toBe(0);
    const lines = exported.stdout.trimEnd().split('\n');
    const bets = lines.map((l) => JSON.parse(l) as { iid: string; game: string; payoutMultiplier: number; serverSeed: string; nonce: number; state: { cashoutAt: number } });
    expect(bets.map((b) => [b.game, b.state.cashoutAt])).toEqual(TARGETS.map((t) => ['crash', t]));
    for (const b of bets) {
      const point = crash_point(b.serverSeed);
      expect(b.payoutMultiplier).toBe(b.state.cashoutAt <= point ? b.state.cashoutAt : 0);
    }
    // The rounds' numbers and hashes are one chain: the newer hash hashes down to the older one in their difference of steps.
    for (let i = 1; i < bets.length; i++) {
      let h = bets[i]!.serverSeed;
      for (let s = 0; s < bets[i]!.nonce - bets[i - 1]!.nonce; s++) h = sha(h);
      expect(h).toBe(bets[i - 1]!.serverSeed);
    }
    const checked = await cli.run(['verify', '--bets', '-'], { env, input: exported.stdout });
    expect(checked.code, checked.stderr).toBe(0);
    expect(checked.stdout.trim()).toBe(`${TARGETS.length} bets: ${TARGETS.length} verified, 0 failed, 0 not verifiable`);

    // A round hash that pays what the bet was paid, yet is off the chain: only the walk can tell.
    const middle = bets[1]!;
    let off = sha(`off ${middle.iid}`);
    while ((middle.state.cashoutAt <= crash_point(off)) !== (middle.payoutMultiplier > 0)) off = sha(off);
    const db = open_database(path.join(data.dir, 'stakeql.db'));
    db.prepare('UPDATE bets SET server_seed = ? WHERE iid = ?').run(off, middle.iid);
    db.close();
    const failed = await cli.run(['history', 'verify'], { env });
    expect(failed.code).toBe(1);
    const newer = bets[2]!.nonce;
    expect(failed.stdout).toMatch(
      new RegExp(`^FAIL ${middle.iid} \\S+ \\(crash, nonce ${middle.nonce}\\): chain: round #${middle.nonce}'s hash is not ${newer - middle.nonce} SHA-256 steps below round #${newer}'s`, 'm'),
    );
    expect(failed.stderr).toContain(`1 of ${TARGETS.length} bets failed verification: ${middle.iid}`);
  }, 60_000);
});
