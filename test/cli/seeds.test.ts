/** `stakeql seeds [--rotate]` against a sandbox. */
import { describe, expect, it } from 'vitest';
import { oneErrorLine } from './helpers/cli.js';
import { useCliSandboxSession } from './helpers/sandbox-session.js';

describe('stakeql seeds', () => {
  const session = useCliSandboxSession();
  const env = session.stake_env;

  it('shows the pair, rotates with a given seed, and then shows the revealed seed', async () => {
    const shown = await session.run(['seeds', '--json'], '', env());
    expect(shown.code, shown.stderr).toBe(0);
    const pair = JSON.parse(shown.stdout) as { activeServerSeed: { seedHash: string; nextSeedHash: string }; previousServerSeed: unknown };
    expect(pair.previousServerSeed).toBeNull();

    const rotated = await session.run(['seeds', '--rotate', '--seed', 'cli-seed-1'], '', env());
    expect(rotated.code, rotated.stderr).toBe(0);
    expect(rotated.stdout).toMatch(/^Rotated\. Active seed pair:\n/);
    expect(rotated.stdout).toMatch(/client seed +cli-seed-1\n/);
    expect(rotated.stdout).toContain(pair.activeServerSeed.nextSeedHash);
    expect(rotated.stdout).toMatch(new RegExp(`revealed seed +[0-9a-f]+ \\(hash ${pair.activeServerSeed.seedHash}\\)`));
    const log = session.sandbox.stats().request_log.slice(-2);
    expect(log.map((e) => e.operation_name)).toEqual(['RotateSeedPair', 'UserSeedPair']);
    expect(log[0]?.variables).toEqual({ seed: 'cli-seed-1' });
  });

  it('--seed without --rotate, or a bad seed, is a usage error and nothing is sent', async () => {
    const before = session.sandbox.stats().requests;
    const a = await session.run(['seeds', '--seed', 'x'], '', env());
    expect(a.code).toBe(2);
    expect(oneErrorLine(a)).toContain('--seed goes with --rotate');
    const b = await session.run(['seeds', '--rotate', '--seed', 'has space'], '', env());
    expect(b.code).toBe(2);
    expect(oneErrorLine(b)).toMatch(/seed must be 1 to 64 printable/);
    expect(session.sandbox.stats().requests).toBe(before);
  });
});
