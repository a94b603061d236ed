/**
 * A Lua script's `print` (finding 17): kept by `sim` on worker threads as on
 * one thread, and shown by `sim` and `autobet` prefixed with the script's
 * name, never as a `stakeql:` line.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useAutobetWorld } from './helpers/autobet-world.js';
import { runCli } from './helpers/cli.js';

const world = useAutobetWorld(undefined, 'stakeql-lua-print-');
const SCRIPT = 'chance = 49.5\nnextbet = 0.00000001\nbethigh = true\nfunction dobet()\n  print("hello " .. bets)\nend\n';

describe("a script's print", () => {
  it('sim on two worker threads keeps every print, named by the script', async () => {
    const file = path.join(world.dir, 'talker.lua');
    fs.writeFileSync(file, SCRIPT);
    const r = await runCli(['sim', file, '--balance', '0.001', '--bets', '3', '--sessions', '4', '--workers', '2'], { configDir: world.dir, timeoutMs: 60_000 });
    expect(r.code, r.stderr).toBe(0);
    const printed = r.stderr.split('\n').filter((l) => l.includes('hello'));
    // dobet is asked for the next bet after each bet but the last of the 3: 4 sessions × 2 lines, whichever thread ran them.
    expect(printed).toHaveLength(8);
    expect(printed.every((l) => /^talker\.lua: hello [12]$/.test(l))).toBe(true);
  });

  it('autobet shows it named by the script, not as a stakeql line', async () => {
    const file = path.join(world.dir, 'talker.lua');
    fs.writeFileSync(file, SCRIPT);
    const env = { STAKEQL_DATA_DIR: path.join(world.dir, 'data'), STAKE_BASE_URL: world.sandbox.url, ...world.stake_env() };
    const r = await runCli(['autobet', file, '--stop-loss', '0.0001', '--max-bet', '0.00001', '--max-bets', '2', '--yes'], { configDir: path.join(world.dir, 'config'), env, timeoutMs: 60_000 });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^talker\.lua: hello 1$/m);
    expect(r.stderr).not.toMatch(/^stakeql: hello/m);
  });
});
