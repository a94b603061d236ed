import path from 'node:path';
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

describe('login, status, whoami, query, logout against a sandbox', () => {
  let config: { dir: string; remove: () => Promise<void> };
  beforeAll(async () => {
    config = await tempConfigDir();
  });
  afterAll(() => config.remove());
  const run = (args: string[], input?: string, env?: Record<string, string>) => runCli(args, { configDir: config.dir, input, env });

  it('goes through the whole round and forgets the profile at the end', async () => {
    const login = await run(['login'], paste);
    expect(login.code).toBe(0);
    expect(login.stdout).toContain(`Saved profile "default" in ${path.join(config.dir, 'profiles.json')}`);
    expect(login.stdout).toMatch(/access_token +[0-9a-f]{4}… \(96 chars\)/);
    expect(login.stdout).toMatch(new RegExp(`base_url +${sandbox.url.replaceAll('.', '\\.')}$`, 'm'));

    // Reads of the saved profile are independent of each other: run them together.
    const [status, whoami, whoamiJson, query] = await Promise.all([
      run(['status']),
      run(['whoami']),
      run(['whoami', '--base-url', sandbox.url, '--json']),
      run(['query', '{ user { name balances { available { currency } } } }']),
    ]);
    expect(status.code).toBe(0);
    expect(status.stdout).toContain('Profile "default"');
    expect(status.stdout).toContain(path.join(config.dir, 'profiles.json'));
    expect(status.stdout).toMatch(/token +expiry unknown/);
    expect(status.stdout).toContain('no STAKE_* variables set');

    // The profile holds the sandbox's origin, so no --base-url is needed; with it, the same.
    expect(whoami.code).toBe(0);
    expect(whoami.stdout).toBe(`cli-tester (id ${user.user_id})\n`);
    expect(JSON.parse(whoamiJson.stdout)).toEqual({ id: user.user_id, name: 'cli-tester' });

    expect(query.code).toBe(0);
    const data = JSON.parse(query.stdout) as { user: { name: string; balances: Array<{ available: { currency: string } }> } };
    expect(data.user.name).toBe('cli-tester');
    expect(data.user.balances.map((b) => b.available.currency).sort()).toEqual(['btc', 'usd']);

    const logout = await run(['logout']);
    expect(logout.code).toBe(0);
    expect(logout.stdout).toContain('Removed profile "default"');
    const [after, named, noCredentials] = await Promise.all([
      run(['status']),
      run(['status', '--profile', 'default']),
      run(['whoami', '--base-url', sandbox.url]),
    ]);
    expect(after.code).toBe(0);
    expect(after.stdout).not.toContain('Profile "default"');
    expect(after.stdout).toContain('No profiles saved');
    expect(named.code).toBe(3);
    expect(noCredentials.code).toBe(3);
    expect(oneErrorLine(noCredentials)).toContain("stakeql login");
  });

  it('passes --variables and --operation-name to the server', async () => {
    expect((await run(['login', '--profile', 'vars'], paste)).code).toBe(0);
    const doc = 'query Both($with: Boolean!) { user @include(if: $with) { name } } query IdOnly { user { id } }';
    const [on, off, idOnly, which, fromStdin] = await Promise.all([
      run(['query', doc, '--profile', 'vars', '--operation-name', 'Both', '--variables', '{"with":true}', '--json']),
      run(['query', doc, '--profile', 'vars', '--operation-name', 'Both', '--variables', '{"with":false}', '--json']),
      run(['query', doc, '--profile', 'vars', '--operation-name', 'IdOnly', '--json']),
      run(['query', doc, '--profile', 'vars']),
      run(['query', '-', '--profile', 'vars', '--json'], '{ user { name } }'),
    ]);
    expect(on.stdout).toBe('{"user":{"name":"cli-tester"}}\n');
    expect(off.stdout).toBe('{}\n');
    expect(JSON.parse(idOnly.stdout)).toEqual({ user: { id: user.user_id } });
    expect(which.code).toBe(2);
    expect(oneErrorLine(which)).toContain('--operation-name');
    expect(fromStdin.stdout).toBe('{"user":{"name":"cli-tester"}}\n');
  });
});
