/**
 * `stakeql verify`, spawned as a user runs it: the steps of one bet, and a
 * JSONL history with a tampered bet. Seeds and outcomes are the published
 * vectors (KyranRana/stake-provably-fair-api GameSeeds.json, quoting the
 * site's calculation page): dice 77.18 / 19.59 / 56.37 at nonces 1 / 3 / 54.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliEnv, oneErrorLine, useBuiltCli } from './helpers/cli.js';

const cli = useBuiltCli();

const run = (args: string[]) => cli.run(args);
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const SEEDS = [
  { client: 'bb62964774', server: '18e93f4a7b5b58d2569765766d1b6c3296bbd8430d6f20249044d72f14720159', nonce: 1, dice: 77.18 },
  { client: '3c83fc7e07', server: 'a9a09f7f84c9dc6d4f46f9b702d8e7e211e1fc219ac10e1145c4ca032eb000c6', nonce: 3, dice: 19.59 },
  { client: '8b3ca8298c', server: 'a5022ccf5dd5a76d2014278e3d91d1dfc47c3f12e683ea0c8151fdc2f944beb1', nonce: 54, dice: 56.37 },
];

function diceBet(i: number, result: number, id = `bet-${i}`, seedInBet = false) {
  const s = SEEDS[i] as (typeof SEEDS)[number];
  return {
    id,
    game: 'dice',
    nonce: s.nonce,
    state: { result, target: 50, condition: 'above' },
    clientSeed: { seed: s.client },
    serverSeed: { seedHash: sha256(s.server), seed: seedInBet ? s.server : null },
  };
}

async function file(name: string, content: string): Promise<string> {
  const at = path.join(cli.config_dir, name);
  await fs.writeFile(at, content);
  return at;
}

describe('stakeql verify (one bet, step by step)', () => {
  it('prints the seed hash, the HMAC round, its bytes, the float, the formula and the outcome', async () => {
    const s = SEEDS[0] as (typeof SEEDS)[number];
    const result = await run(['verify', '--server-seed', s.server, '--client-seed', s.client, '--nonce', '1', '--game', 'dice']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(sha256(s.server));
    // The round's HMAC as KyranRana's Dice.test.ts lists it (hmacsUsed), and its first four bytes.
    expect(result.stdout).toContain('HMAC_SHA256(server seed, "bb62964774:1:0") c590d171e39b70404ee1fff2ce09c3e1090688e1320a9cd27f58b1ac3dfa8c92');
    expect(result.stdout).toMatch(/\(197, 144, 209, 113\)\s+0\.7717409993/);
    expect(result.stdout).toContain('floor(float × 10001) / 100');
    expect(result.stdout).toMatch(/Outcome\s+result 77\.18/);
  });

  it('--json gives the same steps as data', async () => {
    const s = SEEDS[2] as (typeof SEEDS)[number];
    const result = await run(['verify', '--server-seed', s.server, '--client-seed', s.client, '--nonce', '54', '--game', 'keno', '--json']);
    expect(result.code, result.stderr).toBe(0);
    const steps = JSON.parse(result.stdout) as { rounds: { hmac: string }[]; floats: number[]; outcome: { drawnNumbers: number[] } };
    expect(steps.rounds.map((r) => r.hmac)).toEqual([
      '904e9ab7d196e089042c7f2de3ee9a8a33dc4f417d1450ab7edf8fc3b1e863c4',
      '34b2400ee9da856aa70693ce07dd99fe094746243b0788a526cd1272c83e490b',
    ]);
    expect(steps.floats).toHaveLength(10);
    expect(steps.outcome.drawnNumbers.map((n) => n + 1)).toEqual([23, 33, 1, 36, 9, 20, 19, 28, 8, 38]);
  });

  it('crash: the round from its hash, and its place on the chain the site published (lucasholder/fair crash.rs: game #1,126,614)', async () => {
    const result = await run(['verify', '--game', 'crash', '--game-hash', '5844bf329a6334074778ab8a5f0960e24f9eec43f83bbd98ac0a9f8bcd87184e', '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ point: 2.3522275811778033, shown: 2.35, game_number: 1126614 });
    const missing = await run(['verify', '--game', 'slide']);
    expect(missing.code).toBe(2);
    expect(oneErrorLine(missing)).toMatch(/--game-hash/);
  });

  it('bad input is a usage error (exit 2) naming what is wrong', async () => {
    const s = SEEDS[0] as (typeof SEEDS)[number];
    const base = ['verify', '--server-seed', s.server, '--client-seed', s.client, '--nonce', '1'];
    const unknown = await run([...base, '--game', 'dragonTower']);
    expect(unknown.code).toBe(2);
    expect(oneErrorLine(unknown)).toMatch(/--game must be one of dice, limbo, .*, crash, slide$/);
    const noRows = await run([...base, '--game', 'plinko']);
    expect(noRows.code).toBe(2);
    expect(oneErrorLine(noRows)).toMatch(/rows/);
    const badNonce = await run(['verify', '--server-seed', 'a', '--client-seed', 'b', '--nonce', '-3', '--game', 'dice']);
    expect(badNonce.code).toBe(2);
    expect((await run(['verify'])).code).toBe(2);
  });
});

describe('stakeql verify --bets (an exported history)', () => {
  it('passes an honest history and exits 0', async () => {
    const bets = await file('honest.jsonl', SEEDS.map((s, i) => JSON.stringify(diceBet(i, s.dice))).join('\n') + '\n');
    const seeds = await file('seeds.txt', SEEDS.map((s) => s.server).join('\n'));
    const result = await run(['verify', '--bets', bets, '--seeds', seeds]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('3 bets: 3 verified, 0 failed, 0 not verifiable');
  });

  it('a tampered bet gives a non-zero exit that names it', async () => {
    const history = [diceBet(0, 77.18), diceBet(1, 19.6, 'tampered-bet-42'), diceBet(2, 56.37)];
    const bets = await file('tampered.jsonl', history.map((b) => JSON.stringify(b)).join('\n'));
    const seeds = await file('seeds2.txt', SEEDS.map((s) => s.server).join('\n'));
    const result = await run(['verify', '--bets', bets, '--seeds', seeds]);
    expect(result.code).toBe(1);
    expect(oneErrorLine(result)).toBe('stakeql: 1 of 3 bets failed verification: tampered-bet-42');
    expect(result.stdout).toContain('FAIL tampered-bet-42 (dice, nonce 3): outcome: recorded {"result":19.6}, the seeds give {"result":19.59}');
  });

  it("reads the file 'stakeql bets --json' writes: a JSON array, one houseBetList entry per line, seeds carried by the bets", async () => {
    const entries = SEEDS.map((s, i) => ({ id: `h${i}`, iid: `house:${i}`, game: { name: 'Dice', slug: 'dice' }, bet: { __typename: 'CasinoBet', ...diceBet(i, s.dice, `b${i}`, true) } }));
    entries.push({ id: 'h9', iid: 'house:9', game: { name: 'Slots', slug: 'slots' }, bet: null } as never);
    const bets = await file('export.json', `[\n${entries.map((e) => JSON.stringify(e)).join(',\n')}\n]\n`);
    const result = await run(['verify', '--bets', bets]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('3 bets: 3 verified, 0 failed, 0 not verifiable (1 non-originals entry skipped)');
  });

  it('a seed not yet revealed is reported, with exit 3; --json writes one report per bet', async () => {
    const bets = await file('unrevealed.jsonl', `${JSON.stringify(diceBet(0, 77.18))}\n${JSON.stringify({ ...diceBet(1, 19.59, 'no-client-seed'), clientSeed: null })}\n`);
    const result = await run(['verify', '--bets', bets, '--json']);
    expect(result.code).toBe(3);
    const reports = result.stdout.trim().split('\n').map((l) => JSON.parse(l) as { id: string; ok: boolean; note: string });
    expect(reports.map((r) => [r.id, r.ok])).toEqual([
      ['bet-0', false],
      ['no-client-seed', false],
    ]);
    expect(reports[0]?.note).toMatch(/not revealed/);
    expect(reports[1]?.note).toMatch(/not a bet: .*clientSeed/);
    expect(oneErrorLine(result)).toMatch(/2 of 2 bets could not be verified/);
  });

  it('a file that is not a bets export is one usage error naming the line (exit 2), not a SKIP per line', async () => {
    const csv = await file('bets.csv', 'iid,id,identifier,game\nhouse:1,b1,,dice\nhouse:2,b2,,dice\n');
    const result = await run(['verify', '--bets', csv]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(oneErrorLine(result)).toBe(
      `stakeql: verify: --bets ${csv}: line 1 is not JSON: not a bets export; give the file 'stakeql bets --json' writes (not --csv), or JSON lines of bets`,
    );
    const other = await file('other.jsonl', `${JSON.stringify(diceBet(0, 77.18))}\n{"name":"stakeql","version":"1"}\n`);
    const json = await run(['verify', '--bets', other]);
    expect(json.code).toBe(2);
    expect(oneErrorLine(json)).toMatch(/line 2 is not a bet \(no "bet" or "nonce"\): not a bets export/);
  });

  it('an empty history (an empty file, or the "[]" of an empty export) exits 0', async () => {
    for (const content of ['', '[]\n']) {
      const result = await run(['verify', '--bets', await file('empty.json', content)]);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toBe('0 bets: 0 verified, 0 failed, 0 not verifiable\n');
    }
  });

  it('--bets - reads the history from standard input; one bet is "1 bet"', async () => {
    const s = SEEDS[0] as (typeof SEEDS)[number];
    const result = await cli.run(['verify', '--bets', '-'], { input: `${JSON.stringify(diceBet(0, s.dice, 'stdin-bet', true))}\n` });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('1 bet: 1 verified, 0 failed, 0 not verifiable\n');
    const both = await run(['verify', '--bets', '-', '--seeds', '-']);
    expect(both.code).toBe(2);
  });

  it('a --seeds line that is not a seed is a usage error naming the line, not skipped', async () => {
    const bets = await file('for-seeds.jsonl', SEEDS.map((s, i) => JSON.stringify(diceBet(i, s.dice))).join('\n'));
    const s = SEEDS.map((x) => x.server);
    const cases: Array<[string, RegExp]> = [
      [`# revealed\n${s[0]}\nseed: ${s[1]}\n`, /line 3 is not a server seed \(64 hex digits\)/],
      [`${s[0]}\n${(s[1] as string).slice(0, 63)}\n`, /line 2 is not a server seed/],
      [`{"seed":"${s[0]}"}\n{"seed": 12}\n`, /line 2 is JSON without a "seed"/],
      [`{"seed":"${s[0]}"\n`, /line 1 starts with "\{" but is not JSON/],
    ];
    for (const [content, message] of cases) {
      const seeds = await file('bad-seeds.txt', content);
      const result = await run(['verify', '--bets', bets, '--seeds', seeds]);
      expect(result.code, content).toBe(2);
      expect(result.stdout).toBe('');
      expect(oneErrorLine(result)).toMatch(message);
      expect(oneErrorLine(result)).toContain(`--seeds ${seeds}: `);
    }
  });

  it('a missing file reads as it does for every command: "cannot read PATH: no such file", exit 2', async () => {
    const missing = path.join(cli.config_dir, 'nope.jsonl');
    const bets = await file('one.jsonl', `${JSON.stringify(diceBet(0, 77.18))}\n`);
    for (const args of [['verify', '--bets', missing], ['verify', '--bets', bets, '--seeds', missing], ['extract', missing]]) {
      const result = await run(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(oneErrorLine(result)).toBe(`stakeql: cannot read ${missing}: no such file`);
    }
    const dir = await run(['verify', '--bets', cli.config_dir]);
    expect(dir.code).toBe(2);
    expect(oneErrorLine(dir)).toBe(`stakeql: ${cli.config_dir} is a directory, not a file`);
  });

  // util-linux `script` gives the CLI a terminal and records what it wrote to it, escapes included.
  it.skipIf(spawnSync('script', ['--version'], { timeout: 5000 }).status !== 0)('shows a progress line on a terminal, and clears it before the summary', async () => {
    const bets = await file('progress.jsonl', SEEDS.map((s, i) => JSON.stringify(diceBet(i, s.dice, `p${i}`, true))).join('\n'));
    const quote = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`;
    const result = spawnSync('script', ['-q', '-e', '-c', [process.execPath, cli.bin, 'verify', '--bets', bets].map(quote).join(' '), '/dev/null'], {
      env: { ...cliEnv(cli.config_dir), TERM: 'xterm' },
      encoding: 'utf8',
      timeout: 15_000,
    });
    expect(result.status, result.stdout).toBe(0);
    expect(result.stdout).toMatch(/verifying: 1 bet, 0 failed/);
    // Cleared (erase line) before the summary, which stands on a line of its own.
    expect(result.stdout).toMatch(/\u001b\[2K3 bets: 3 verified, 0 failed, 0 not verifiable\r?\n/);
  });

  it('is listed in stakeql --help', async () => {
    const result = await run(['--help']);
    expect(result.stdout).toMatch(/\n {2}verify\s+check bets against their revealed seeds/);
  });
});
