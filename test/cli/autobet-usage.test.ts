/**
 * What a new user types wrong at `autobet` (findings 5, 6, 11): every usage
 * mistake said at once before anything is opened or sent, with "did you mean"
 * for a mistyped subcommand; limit flags refused on resume (never ignored);
 * `--max-duration` in the units a person writes. The sandbox's request count
 * and the journal's own row are the sources.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Database } from '../support/sqlite.js';
import { useAutobetWorld } from './helpers/autobet-world.js';
import { oneErrorLine, runCli } from './helpers/cli.js';

const world = useAutobetWorld(undefined, 'stakeql-autobet-usage-');
const env = (): Record<string, string> => ({ STAKEQL_DATA_DIR: path.join(world.dir, 'data'), STAKE_BASE_URL: world.sandbox.url, ...world.stake_env() });
const run = (args: string[]) => runCli(args, { configDir: path.join(world.dir, 'config'), env: env(), timeoutMs: 30_000 });

describe('autobet usage', () => {
  it("'autobet lst' names every mistake at once, the subcommand it was close to first, and sends nothing", async () => {
    const before = world.sandbox.stats().requests;
    const r = await run(['autobet', 'lst']);
    expect(r.code).toBe(2);
    expect(oneErrorLine(r)).toBe(
      "stakeql: autobet: 'lst' is neither a subcommand (resume, list, show, stop, abandon, pause, stop-after-win, stop-after, limit) nor a strategy file (.json, .js, .mjs, .ts, .lua); did you mean 'list'?; " +
        "stop_loss is required (--stop-loss X); max_bet is required (--max-bet X); no terminal to ask on: pass --yes to confirm the run (see 'stakeql autobet --help')",
    );
    expect(world.sandbox.stats().requests).toBe(before);
  });

  it('resume refuses new limits instead of ignoring them', async () => {
    const before = world.sandbox.stats().requests;
    const r = await run(['autobet', 'resume', '1', '--max-bets', '150', '--take-profit', '0.1', '--yes']);
    expect(r.code).toBe(2);
    expect(oneErrorLine(r)).toMatch(/^stakeql: autobet resume: limits are fixed on resume \(--take-profit, --max-bets given\)/);
    expect(world.sandbox.stats().requests).toBe(before);
  });

  it('--max-duration takes 1h, 90m, 1h30m as well as seconds, and refuses what is not a duration', async () => {
    const r = await run(['autobet', world.strategy, '--stop-loss', '0.0001', '--max-bet', '0.00001', '--max-bets', '3', '--max-duration', '1h30m', '--yes', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const db = new Database(path.join(world.dir, 'data', 'stakeql.db'), { readonly: true });
    const limits = JSON.parse((db.prepare('SELECT limits FROM sessions ORDER BY id DESC LIMIT 1').get() as { limits: string }).limits) as Record<string, number>;
    db.close();
    expect(limits['max_duration']).toBe(5400);
    const bad = await run(['autobet', world.strategy, '--stop-loss', '1', '--max-bet', '1', '--max-duration', '1x', '--yes']);
    expect(bad.code).toBe(2);
    expect(oneErrorLine(bad)).toMatch(/--max-duration must be a duration such as 90 \(seconds\), 90s, 10m, 2h or 1h30m/);
  });
});
