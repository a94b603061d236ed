import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { GraphQLError, StakeClient } from '../../src/facade/index.js';
import { cliEnv, oneErrorLine, runCli, useBuiltCli } from './helpers/cli.js';

const cli = useBuiltCli();

interface Running {
  readonly child: ChildProcessWithoutNullStreams;
  readonly banner: string;
  readonly exited: Promise<{ code: number | null; stderr: string }>;
}

/** Starts `stakeql sandbox ...` and resolves once it printed its banner (bounded). */
async function startSandboxCommand(args: string[]): Promise<Running> {
  const child = spawn(process.execPath, [cli.bin, 'sandbox', ...args], {
    env: cliEnv(cli.config_dir),
    stdio: ['pipe', 'pipe', 'pipe'],
    timeout: 20_000,
  });
  let stdout = '';
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const exited = new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stderr })),
  );
  const banner = await new Promise<string>((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      stdout += d;
      if (stdout.includes('Stop with Ctrl-C.')) resolve(stdout);
    });
    void exited.then(() => reject(new Error(`sandbox exited early: ${stderr}`)));
  });
  return { child, banner, exited };
}

describe('stakeql sandbox', () => {
  it('prints its address, a paste that logs in, the next steps; stops cleanly on SIGTERM', async () => {
    const running = await startSandboxCommand([]);
    try {
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(running.banner)?.[1] as string;
      expect(url).toBeDefined();
      expect(running.banner).toContain(`stakeql whoami --base-url ${url}`);
      const paste = running.banner.slice(running.banner.indexOf('curl '), running.banner.indexOf('\n\nNext:'));
      expect(paste).toContain(`${url}/_api/graphql`);

      const login = await cli.run(['login'], { input: paste });
      expect(login.code).toBe(0);
      const whoami = await cli.run(['whoami', '--base-url', url]);
      expect(whoami.stdout).toMatch(/^sandbox-user-1 \(id \S+\)\n$/);
    } finally {
      running.child.kill('SIGTERM');
    }
    const { code, stderr } = await running.exited;
    expect(code).toBe(0);
    expect(stderr).toContain('stakeql sandbox stopped');
  });

  it('--crash-round-ms runs Crash and Slide rounds the CLI can watch; without it the banner and `watch crash` say none run', async () => {
    const rounds = await startSandboxCommand(['--crash-round-ms', '150']);
    try {
      expect(rounds.banner).toContain('Crash and Slide rounds run: a 150 ms betting window');
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(rounds.banner)?.[1] as string;
      const paste = rounds.banner.slice(rounds.banner.indexOf('curl '), rounds.banner.indexOf('\n\nNext:'));
      expect((await cli.run(['login'], { input: paste })).code).toBe(0);
      // `watch crash --json` prints rounds: read until a pending round and, after it, a crash frame with its point
      // (the watch may start mid-round), then stop it.
      const watch = spawn(process.execPath, [cli.bin, 'watch', 'crash', '--json', '--base-url', url], { env: cliEnv(cli.config_dir), stdio: ['pipe', 'pipe', 'pipe'], timeout: 20_000 });
      let out = '';
      await new Promise<void>((resolve, reject) => {
        watch.stdout.setEncoding('utf8').on('data', (d: string) => {
          out += d;
          const at = out.indexOf('"status":"pending"');
          if (at >= 0 && out.indexOf('"status":"crash"', at) >= 0) resolve();
        });
        watch.on('close', () => reject(new Error(`watch ended: ${out}`)));
      });
      watch.kill('SIGINT');
      const frames = out.trim().split('\n').map((l) => JSON.parse(l) as { status: string; crashpoint?: number });
      expect(frames.map((f) => f.status)).toContain('pending');
      expect(frames.find((f) => f.status === 'crash')?.crashpoint).toBeGreaterThanOrEqual(1);
    } finally {
      rounds.child.kill('SIGTERM');
    }
    expect((await rounds.exited).code).toBe(0);

    const none = await startSandboxCommand([]);
    try {
      expect(none.banner).toContain('No Crash or Slide rounds run (start with --crash-round-ms MS for them).');
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(none.banner)?.[1] as string;
      const paste = none.banner.slice(none.banner.indexOf('curl '), none.banner.indexOf('\n\nNext:'));
      expect((await cli.run(['login'], { input: paste })).code).toBe(0);
      const watch = spawn(process.execPath, [cli.bin, 'watch', 'crash', '--base-url', url], { env: cliEnv(cli.config_dir), stdio: ['pipe', 'pipe', 'pipe'], timeout: 20_000 });
      let err = '';
      await new Promise<void>((resolve, reject) => {
        watch.stderr.setEncoding('utf8').on('data', (d: string) => {
          err += d;
          if (err.includes('no crash round in 5 s')) resolve();
        });
        watch.on('close', () => reject(new Error(`watch ended: ${err}`)));
      });
      watch.kill('SIGINT');
      expect(err).toMatch(/no crash round in 5 s: the site runs none now \(a sandbox runs them only when started with --crash-round-ms MS\); still waiting/);
    } finally {
      none.child.kill('SIGTERM');
    }
    await none.exited;
    expect((await cli.run(['sandbox', '--crash-round-ms', '4'])).code).toBe(2);
  });

  it('--require-clearance prints a paste whose cf_clearance gets through; SIGINT stops it', async () => {
    const running = await startSandboxCommand(['--require-clearance']);
    try {
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(running.banner)?.[1] as string;
      const paste = running.banner.slice(running.banner.indexOf('curl '), running.banner.indexOf('\n\nNext:'));
      expect(paste).toContain('cf_clearance=');
      expect((await cli.run(['login', '--profile', 'cf'], { input: paste })).code).toBe(0);
      const whoami = await cli.run(['whoami', '--profile', 'cf', '--base-url', url]);
      expect(whoami.code).toBe(0);
      // Without the cookie the same sandbox answers with its challenge.
      const bare = await runCli(['whoami', '--profile', 'cf', '--base-url', url], {
        configDir: cli.config_dir,
        env: { STAKE_CF_CLEARANCE: 'not-the-issued-one' },
      });
      expect(bare.code).toBe(4);
    } finally {
      running.child.kill('SIGINT');
    }
    expect((await running.exited).code).toBe(0);
  });

  it('--faults injects what the spec says: a bet fault every 2nd DiceRoll, queries untouched', async () => {
    const spec = 'insufficientBalance:DiceRoll:every=2';
    const running = await startSandboxCommand(['--faults', spec]);
    try {
      expect(running.banner).toContain(`Injecting faults: ${spec}`);
      const paste = running.banner.slice(running.banner.indexOf('curl '), running.banner.indexOf('\n\nNext:'));
      const client = StakeClient.from_curl(paste, { timeout_ms: 10_000 });
      const outcomes: string[] = [];
      for (let i = 0; i < 4; i++) {
        await client.balances();
        outcomes.push(
          await client.dice({ amount: 0.01, currency: 'usd', target: 50.5, condition: 'above' }).then(
            () => 'ok',
            (e: unknown) => (e instanceof GraphQLError ? String(e.error_type) : `other: ${String(e)}`),
          ),
        );
      }
      expect(outcomes).toEqual(['ok', 'insufficientBalance', 'ok', 'insufficientBalance']);
      await client.close();
    } finally {
      running.child.kill('SIGTERM');
    }
    expect((await running.exited).code).toBe(0);
  });

  it.each([
    ['parallelCasinoBet:p=2', /^stakeql: --faults: rule "parallelCasinoBet:p=2": "p=2": p= takes a probability/],
    ['drop,explode', /^stakeql: --faults: rule "explode": unknown fault/],
    ['drop:every=0', /^stakeql: --faults: rule "drop:every=0": "every=0": every= takes a whole number/],
  ])('--faults %j: exit 2 naming the part, nothing started', async (spec, message) => {
    const result = await cli.run(['sandbox', '--faults', spec]);
    expect(result.code).toBe(2);
    expect(oneErrorLine(result)).toMatch(message);
    expect(result.stdout).not.toContain('listening');
  });

  it('--port 6000, a port fetch refuses, exits 2 as the client refuses it; --help documents --faults', async () => {
    const result = await cli.run(['sandbox', '--port', '6000']);
    expect(result.code).toBe(2);
    expect(oneErrorLine(result)).toMatch(/^stakeql: --port 6000 is one fetch always refuses \(the fetch standard's bad ports/);
    expect(result.stdout).toBe('');
    const help = await cli.run(['sandbox', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--faults SPEC');
    expect(help.stdout).toContain('drop_after_processing:DiceRoll:every=7');
  });
  it('--protection kasada: the printed paste is refused with x-kpsdk-ct, the login page is named; bad values are usage errors', async () => {
    const running = await startSandboxCommand(['--protection', 'kasada', '--kasada-ttl-ms', '5000']);
    try {
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(running.banner)?.[1] as string;
      expect(running.banner).toContain(`${url}/login?user=NAME`);
      const paste = running.banner.slice(running.banner.indexOf('curl '), running.banner.indexOf('\n\nNext:'));
      const login = await cli.run(['login'], { input: paste });
      expect(login.code).toBe(0);
      const whoami = await cli.run(['whoami', '--base-url', url]);
      expect(whoami.code).toBe(4);
      expect(oneErrorLine(whoami)).toContain('Kasada');
      // The next step it names is the browser's, not a login with the paste it just said is refused (issue 48, newcomer §15).
      const next = running.banner.slice(running.banner.indexOf('\n\nNext:'));
      expect(next).toContain(`'stakeql browser --site ${url}'`);
      expect(next).not.toMatch(/save that paste/);
    } finally {
      running.child.kill('SIGTERM');
    }
    expect((await running.exited).code).toBe(0);
    for (const args of [['--protection', 'akamai'], ['--protection', 'kasada', '--kasada-ttl-ms', '0'], ['--protection', 'kasada', '--require-clearance']]) {
      const bad = await runCli(['sandbox', ...args], { configDir: cli.config_dir });
      expect(bad.code, args.join(' ')).toBe(2);
      oneErrorLine(bad);
    }
  });
});
