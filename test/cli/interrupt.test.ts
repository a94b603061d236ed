/**
 * Ctrl-C while money is in flight, as a user presses it: a real `stakeql`
 * child process, a real SIGINT, a sandbox that holds the bet (`bet_delay_ms`)
 * or stalls the deposit (`slow`) so the request is surely in flight when the
 * signal lands. The process must never end silently: it waits a little for
 * the answer, and otherwise says the outcome is unknown, naming the bet.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { start_sandbox, type Sandbox, type SandboxLogin } from '../../src/sandbox/index.js';
import { cliEnv, useBuiltCli } from './helpers/cli.js';

const cli = useBuiltCli();

interface Interrupted {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs `stakeql ...args` against `sandbox` as `user`; once the sandbox has
 * received the request, sends SIGINT (and a second one after the first is
 * answered on stderr, with `twice`).
 */
async function interrupt(sandbox: Sandbox, user: SandboxLogin, args: string[], twice = false): Promise<Interrupted> {
  const before = sandbox.stats().requests;
  const child = spawn(process.execPath, [cli.bin, ...args], {
    env: cliEnv(cli.config_dir, { STAKE_ACCESS_TOKEN: user.access_token, STAKE_BASE_URL: sandbox.url }),
    stdio: ['pipe', 'pipe', 'pipe'],
    timeout: 30_000,
  });
  child.stdin.end();
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  let again = twice;
  child.stderr.setEncoding('utf8').on('data', (d: string) => {
    stderr += d;
    if (again && stderr.includes('Ctrl-C again')) {
      again = false;
      child.kill('SIGINT');
    }
  });
  const closed = new Promise<Interrupted>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  for (let i = 0; i < 300 && sandbox.stats().requests === before; i++) await new Promise((r) => setTimeout(r, 20));
  expect(sandbox.stats().requests, 'the request never reached the sandbox').toBe(before + 1);
  child.kill('SIGINT');
  return closed;
}

describe('Ctrl-C while a bet is in flight', () => {
  it('no answer within the wait: exit 130, saying the outcome is unknown and naming the identifier', async () => {
    await using sandbox = await start_sandbox({ bet_delay_ms: 60_000 });
    const user = sandbox.login('sigint-slow');
    const r = await interrupt(sandbox, user, ['bet', 'dice', '1', 'usd', '--target', '50', '--yes', '--identifier', 'sigint-unknown-1']);
    expect(r.signal).toBeNull();
    expect(r.code, r.stderr).toBe(130);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines).toEqual([
      'stakeql: interrupted while the bet (identifier sigint-unknown-1) is in flight; waiting up to 5 s for its answer (Ctrl-C again to stop waiting)',
      "stakeql: interrupted: no answer for the bet (identifier sigint-unknown-1), so its outcome is unknown; look it up with 'stakeql bet sigint-unknown-1' after 'stakeql history sync' before betting again",
    ]);
    expect(sandbox.stats().request_log.filter((e) => e.operation_name === 'DiceRoll')).toHaveLength(1);
  });

  it('the answer comes within the wait: the outcome is printed as usual, exit 0', async () => {
    await using sandbox = await start_sandbox({ bet_delay_ms: 1500 });
    const user = sandbox.login('sigint-answered');
    const r = await interrupt(sandbox, user, ['bet', 'limbo', '1', 'usd', '--multiplier', '2', '--yes', '--identifier', 'sigint-answered-1']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^stakeql: interrupted while the bet \(identifier sigint-answered-1\) is in flight; waiting up to 5 s/);
    expect(r.stdout).toMatch(/^limbo (won|lost): .*\nbet \S+, identifier sigint-answered-1\n$/);
  });
});

describe('Ctrl-C while a vault deposit is in flight', () => {
  it('a second Ctrl-C stops waiting: exit 130, the outcome unknown, with what to check', async () => {
    await using sandbox = await start_sandbox();
    const user = sandbox.login('sigint-vault');
    sandbox.fail_next({ kind: 'slow', delay_ms: 60_000 });
    const r = await interrupt(sandbox, user, ['vault', 'deposit', '0.1', 'btc', '--yes'], true);
    expect(r.signal).toBeNull();
    expect(r.code, r.stderr).toBe(130);
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^stakeql: interrupted while the deposit is in flight; waiting up to 5 s/);
    expect(lines[1]).toBe(
      "stakeql: interrupted: no answer for the deposit, so its outcome is unknown; check the vault balance (stakeql query '{ user { balances { vault { amount currency } } } }') before depositing again",
    );
    expect(lines).toHaveLength(2);
  });
});
