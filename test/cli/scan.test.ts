/**
 * `stakeql scan`, spawned as a user runs it: JSON lines checked against a
 * loop over `outcome` in this file, the plain output, --limit, Ctrl-C as a
 * real SIGINT (summary so far, exit 130), a progress line on a real terminal
 * (tmux) and never in the data, and every bad input refused with exit 2 and
 * nothing on stdout.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { outcome } from '../../src/fairness/index.js';
import { cliEnv, oneErrorLine, useBuiltCli } from './helpers/cli.js';
import { HAS_TMUX, Tmux } from './helpers/tmux.js';

// KyranRana/stake-provably-fair-api GameSeeds.json[1]: dice 19.59 at nonce 3 on the site's calculation page.
const SERVER = 'a9a09f7f84c9dc6d4f46f9b702d8e7e211e1fc219ac10e1145c4ca032eb000c6';
const CLIENT = '3c83fc7e07';
const HASH = createHash('sha256').update(SERVER).digest('hex');
const SEED_ARGS = ['--server-seed', SERVER, '--client-seed', CLIENT];

const cli = useBuiltCli();

const run = (args: string[]) => cli.run(['scan', ...args], { timeoutMs: 30_000 });
const lines = (stdout: string) => stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);

describe('stakeql scan', () => {
  it('--json: one line a hit in nonce order, as outcome() gives them, then the summary', async () => {
    const result = await run(['dice', ...SEED_ARGS, '--nonces', '0..6000', '--where', '>=99', '--json', '--workers', '2']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    const out = lines(result.stdout);
    const summary = out.pop() as Record<string, unknown>;
    const want: { nonce: number; result: number }[] = [];
    let min = Infinity;
    let max = -Infinity;
    for (let nonce = 0; nonce < 6000; nonce++) {
      const roll = outcome('dice', { server_seed: SERVER, client_seed: CLIENT, nonce }).result;
      min = Math.min(min, roll);
      max = Math.max(max, roll);
      if (roll >= 99) want.push({ nonce, result: roll });
    }
    expect(want.length).toBeGreaterThan(20);
    expect(out).toEqual(want);
    expect(summary).toMatchObject({ event: 'summary', game: 'dice', where: '>=99', evaluated: 6000, hits: want.length, min, max, reason: 'end', server_seed_hash: HASH });
  });

  it('prints hits and a summary naming the seed hash; --limit stops at the Nth hit', async () => {
    const result = await run(['limbo', ...SEED_ARGS, '--nonces', '0..100000', '--where', 'between 2 3', '--limit', '3', '--workers', '1']);
    expect(result.code, result.stderr).toBe(0);
    const hits: number[] = [];
    for (let nonce = 0; hits.length < 3; nonce++) {
      const multiplier = outcome('limbo', { server_seed: SERVER, client_seed: CLIENT, nonce }).result;
      if (multiplier >= 2 && multiplier <= 3) hits.push(nonce);
    }
    const printed = result.stdout.trimEnd().split('\n');
    expect(printed.slice(0, 3).map((line) => Number(/^nonce (\d+) /.exec(line)?.[1]))).toEqual(hits);
    expect(printed[3]).toMatch(new RegExp(`^3 hits in ${(hits[2] as number) + 1} nonces .*stopped at --limit`));
    expect(printed[4]).toContain(`server seed hash ${HASH}`);
  });

  it('a game parameter (plinko --rows): the buckets outcome() gives', async () => {
    const result = await run(['plinko', ...SEED_ARGS, '--rows', '16', '--nonces', '0..300', '--where', '==8', '--json']);
    expect(result.code, result.stderr).toBe(0);
    const out = lines(result.stdout);
    out.pop();
    const want = [...Array(300).keys()].filter((nonce) => outcome('plinko', { server_seed: SERVER, client_seed: CLIENT, nonce, rows: 16 }).bucket === 8);
    expect(out.map((hit) => hit.nonce)).toEqual(want);
  });

  it('Ctrl-C (a real SIGINT) stops the scan and prints the summary so far, exit 130', async () => {
    const child = spawn(process.execPath, [cli.bin, 'scan', 'dice', ...SEED_ARGS, '--nonces', '0..900000000', '--where', '==100', '--json'], {
      env: cliEnv(cli.config_dir),
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 30_000,
    });
    let stdout = '';
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const closed = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    await new Promise<void>((resolve) => {
      child.stdout.setEncoding('utf8').on('data', (d: string) => {
        stdout += d;
        // The first hit is out: the scan is running.
        if (stdout.includes('\n')) resolve();
      });
    });
    child.kill('SIGINT');
    expect(await closed, stderr).toBe(130);
    const out = lines(stdout);
    const summary = out.pop() as Record<string, unknown>;
    expect(summary).toMatchObject({ event: 'summary', reason: 'stopped', hits: out.length });
    expect(summary.evaluated).toBeLessThan(900_000_000);
    expect(summary.evaluated).toBe(summary.next_nonce);
    for (const hit of out) expect(hit.result).toBe(100);
  });
});

describe('stakeql scan refuses bad input: exit 2, nothing on stdout', () => {
  const base = ['dice', ...SEED_ARGS, '--nonces', '0..100', '--where', '>=50'];
  const replace = (option: string, value: string) => base.map((word, i) => (base[i - 1] === option ? value : word));
  const cases: [string, string[], RegExp][] = [
    ['a reversed range', replace('--nonces', '100..0'), /--nonces: the range 100\.\.0 is reversed/],
    ['an empty range', replace('--nonces', '7..7'), /--nonces: the range 7\.\.7 is empty/],
    ['a range that is not FROM..TO', replace('--nonces', '100'), /--nonces must be FROM\.\.TO/],
    ['a range over 10^9 without --force', replace('--nonces', '0..1000000001'), /--nonces: 1000000001 nonces is more than 1,000,000,000; .*--force/],
    ['an unknown game', ['crash', ...base.slice(1)], /GAME must be one whose result is a number: dice, limbo/],
    ['a malformed where', replace('--where', '>5'), /--where must be '>=X', '<=X', '==X' or 'between A B'/],
    ['an empty server seed', replace('--server-seed', ''), /--server-seed is empty/],
    ['a server seed that is not hex', replace('--server-seed', 'hello world'), /--server-seed must be lower-case hex/],
    ['the seed given as its hash', [...replace('--server-seed', HASH), '--server-seed-hash', HASH], /the site reveals it \(rotate the seed pair first\)/],
    ['a seed that does not hash to --server-seed-hash', [...base, '--server-seed-hash', 'b'.repeat(64)], /--server-seed does not hash to server_seed_hash/],
    ["another game's option", [...base, '--rows', '8'], /--rows is not an option of dice/],
    ['a missing --where', base.slice(0, -2), /--where is required/],
    ['a limit that is not a number', [...base, '--limit', 'ten'], /--limit must be a non-negative integer/],
    ['zero workers', [...base, '--workers', '0'], /--workers must be an integer of at least 1/],
  ];
  for (const [what, args, message] of cases) {
    it(what, async () => {
      const result = await run(args);
      expect(result.code, result.stderr).toBe(2);
      expect(result.stdout).toBe('');
      expect(oneErrorLine(result)).toMatch(message);
    });
  }
});

describe.skipIf(!HAS_TMUX)('stakeql scan on a terminal (tmux)', () => {
  it('draws a progress line on stderr, never into the data written to a file', async () => {
    const tmux = new Tmux(cli.config_dir);
    const data = path.join(cli.config_dir, 'hits.jsonl');
    const command = `'${process.execPath}' '${cli.bin}' scan limbo ${SEED_ARGS.join(' ')} --nonces 0..3000000000 --force --where '>=1000000' --json > '${data}'; echo "[exit $?]"; sleep 20`;
    try {
      tmux.start('scan', command, 200, 20);
      let screen = await tmux.screenWhen('scan', (s) => s.includes('scanning limbo:'));
      expect(screen).toMatch(/scanning limbo: [\d,]+ of 3,000,000,000 nonces \(\d+%\), [\d,]+ hits/);
      tmux.run('send-keys', '-t', 'scan', 'C-c');
      screen = await tmux.screenWhen('scan', (s) => s.includes('[exit '));
      expect(screen).toContain('[exit 130]');
      // The file holds JSON lines only: hits, then the summary.
      const written = lines(await fs.readFile(data, 'utf8'));
      expect(written.at(-1)).toMatchObject({ event: 'summary', reason: 'stopped' });
      for (const hit of written.slice(0, -1)) expect(hit.result as number).toBeGreaterThanOrEqual(1_000_000);
    } finally {
      tmux.kill();
    }
  });
});
