/**
 * `stakeql games` as a user runs it (a real child process), and docs/games.md's
 * games table: both read the registry, and docs/games.md's table is exactly the
 * one the registry generates (scripts/games-readme.mjs rewrites it).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { README_BEGIN, README_END, games_markdown, with_games_table } from '../../src/cli/games-table.js';
import { REGISTRY_GAMES } from '../../src/games/registry.js';
import { PAY_TABLES } from '../support/pay-tables.js';
import { runCli } from './helpers/cli.js';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stakeql-games-cli-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// The games table lives in docs/games.md since issue 47 (the README links to it).
const README = fs.readFileSync(new URL('../../docs/games.md', import.meta.url), 'utf8');

describe('stakeql games', () => {
  it('--json: one line per game of the registry, with inputs, operation, offline play and the source', async () => {
    const r = await runCli(['games', '--json'], { configDir: dir, timeoutMs: 30_000 });
    expect(r.code, r.stderr).toBe(0);
    const rows = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(rows.slice(0, 9).map((row) => row['game'])).toEqual(['dice', 'limbo', 'keno', 'plinko', 'mines', 'baccarat', 'pump', 'roulette', 'wheel']);
    expect(rows.map((row) => row['game'])).toEqual([...REGISTRY_GAMES]);
    const keno = rows[2] as { inputs: { name: string }[]; transport: unknown; pays: { table: boolean; source: string }; sandbox: boolean; simulator: boolean };
    expect(keno.inputs.map((i) => i.name)).toEqual(['numbers', 'risk']);
    expect(keno.transport).toEqual({ graphql: 'KenoBet', field: 'kenoBet' });
    expect(keno.pays).toMatchObject({ table: true, source: PAY_TABLES.keno.source });
    expect([keno.sandbox, keno.simulator]).toEqual([true, true]);
    expect(rows[3]).toMatchObject({ game: 'plinko', pays: { table: true, source: PAY_TABLES.plinko.source }, offline_except: expect.stringMatching(/expert/) });
    expect(rows[0]).toMatchObject({ game: 'dice', pays: { table: false, rule: '99 / chance' }, offline_except: null, rtp: 0.99 });
  }, 60_000);

  it('without --json: every game with its operation and source, readable', async () => {
    const r = await runCli(['games'], { configDir: dir, timeoutMs: 30_000 });
    expect(r.code, r.stderr).toBe(0);
    for (const game of REGISTRY_GAMES) expect(r.stdout).toMatch(new RegExp(`^${game}  \\(`, 'm'));
    expect(r.stdout).toMatch(/sandbox: yes, except risk expert/);
  }, 60_000);

  it('refuses an argument with exit 2', async () => {
    const r = await runCli(['games', 'dice'], { configDir: dir, timeoutMs: 30_000 });
    expect(r.code).toBe(2);
  }, 60_000);
});

describe("the games table of docs/games.md", () => {
  it('is the table the registry generates, between its markers, one row per game', () => {
    expect(README).toContain(README_BEGIN);
    expect(README).toContain(README_END);
    expect(with_games_table(README)).toBe(README);
    const block = README.slice(README.indexOf(README_BEGIN), README.indexOf(README_END));
    expect(block.split('\n').filter((l) => l.startsWith('| `'))).toHaveLength(REGISTRY_GAMES.length);
  });

  it('a stale table is rewritten, the text around it kept', () => {
    const stale = `intro\n${README_BEGIN}\n| old |\n${README_END}\noutro\n`;
    expect(with_games_table(stale)).toBe(`intro\n${README_BEGIN}\n${games_markdown()}${README_END}\noutro\n`);
    expect(() => with_games_table('no markers')).toThrow(/markers/);
  });
});
