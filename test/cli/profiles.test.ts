import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start_sandbox, type Sandbox, type SandboxLogin } from '../../src/sandbox/index.js';
import { buildCli, oneErrorLine, runCli, tempConfigDir } from './helpers/cli.js';

let sandbox: Sandbox;
let user: SandboxLogin;
let paste: string;

beforeAll(async () => {
  await buildCli();
  sandbox = await start_sandbox();
  user = sandbox.login('cli-tester');
  paste = sandbox.sample_curl(user);
});
afterAll(() => sandbox.close());

describe('profiles and the environment', () => {
  let config: { dir: string; remove: () => Promise<void> };
  beforeAll(async () => {
    config = await tempConfigDir();
  });
  afterAll(() => config.remove());
  const run = (args: string[], input?: string, env?: Record<string, string>) => runCli(args, { configDir: config.dir, input, env });

  it('keeps named profiles apart; a missing one exits 3 everywhere', async () => {
    expect((await run(['login', '--profile', 'work'], paste)).code).toBe(0);
    const [whoami, status] = await Promise.all([run(['whoami', '--profile', 'work']), run(['status', '--profile', 'work'])]);
    expect(whoami.stdout).toContain('cli-tester');
    expect(status.stdout).toContain('Profile "work"');
    expect((await run(['logout', '--profile', 'work'])).code).toBe(0);
    const missing = [['logout', '--profile', 'work'], ['status', '--profile', 'ghost'], ['whoami', '--profile', 'ghost']];
    const results = await Promise.all(missing.map((args) => run(args)));
    results.forEach((result, i) => {
      expect(result.code, missing[i]?.join(' ')).toBe(3);
      expect(oneErrorLine(result)).toMatch(/no profile named "(work|ghost)"/);
    });
  });

  it('shows in status which fields STAKE_* variables override, and uses them', async () => {
    const other = sandbox.login('env-user');
    expect((await run(['login'], paste)).code).toBe(0);
    const env = { STAKE_ACCESS_TOKEN: other.access_token, STAKE_SESSION_COOKIE: other.session_cookie };

    const [text, jsonRun, whoami, empty] = await Promise.all([
      run(['status'], undefined, env),
      run(['status', '--json'], undefined, env),
      run(['whoami'], undefined, env),
      run(['status'], undefined, { STAKE_ACCESS_TOKEN: '' }),
    ]);
    expect(text.stdout).toMatch(/^ {2}access_token +[0-9a-f]{4}… \(96 chars\) +from STAKE_ACCESS_TOKEN/m);
    expect(text.stdout).toMatch(/^ {2}session_cookie +\S+… \(\d+ chars\) +from STAKE_SESSION_COOKIE/m);
    expect(text.stdout).not.toContain(other.access_token);
    const json = JSON.parse(jsonRun.stdout) as {
      environment: Record<string, { variable: string }>;
      profiles: Array<{ fields: Record<string, { source: string; variable: string | null }> }>;
    };
    expect(json.environment['access_token']?.variable).toBe('STAKE_ACCESS_TOKEN');
    expect(json.profiles[0]?.fields['access_token']).toMatchObject({ source: 'env', variable: 'STAKE_ACCESS_TOKEN' });
    expect(json.profiles[0]?.fields['user_agent']).toMatchObject({ source: 'profile', variable: null });

    // The environment's user, the profile's base URL.
    expect(whoami.stdout).toBe(`env-user (id ${other.user_id})\n`);
    expect(empty.code).toBe(2);
    expect(oneErrorLine(empty)).toContain('STAKE_ACCESS_TOKEN');
  });
});
