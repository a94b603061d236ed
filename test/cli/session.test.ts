import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { oneErrorLine } from './helpers/cli.js';
import { useCliSandboxSession } from './helpers/sandbox-session.js';

describe('login, status, whoami, query, logout against a sandbox', () => {
  const session = useCliSandboxSession();
  const run = session.run;

  it('goes through the whole round and forgets the profile at the end', async () => {
    const login = await run(['login'], session.paste);
    expect(login.code).toBe(0);
    expect(login.stdout).toContain(`Saved profile "default" in ${path.join(session.config_dir, 'profiles.json')}`);
    expect(login.stdout).toMatch(/access_token +[0-9a-f]{4}… \(96 chars\)/);
    expect(login.stdout).toMatch(new RegExp(`base_url +${session.sandbox.url.replaceAll('.', '\\.')}$`, 'm'));

    // Reads of the saved profile are independent of each other: run them together.
    const [status, whoami, whoamiJson, query] = await Promise.all([
      run(['status']),
      run(['whoami']),
      run(['whoami', '--base-url', session.sandbox.url, '--json']),
      run(['query', '{ user { name balances { available { currency } } } }']),
    ]);
    expect(status.code).toBe(0);
    expect(status.stdout).toContain('Profile "default"');
    expect(status.stdout).toContain(path.join(session.config_dir, 'profiles.json'));
    expect(status.stdout).toMatch(/token +expiry unknown/);
    expect(status.stdout).toContain('no STAKE_* variables set');

    // The profile holds the sandbox's origin, so no --base-url is needed; with it, the same.
    expect(whoami.code).toBe(0);
    expect(whoami.stdout).toBe(`cli-tester (id ${session.user.user_id})\n`);
    expect(JSON.parse(whoamiJson.stdout)).toEqual({ id: session.user.user_id, name: 'cli-tester' });

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
      run(['whoami', '--base-url', session.sandbox.url]),
    ]);
    expect(after.code).toBe(0);
    expect(after.stdout).not.toContain('Profile "default"');
    expect(after.stdout).toContain('No profiles saved');
    expect(named.code).toBe(3);
    expect(noCredentials.code).toBe(3);
    expect(oneErrorLine(noCredentials)).toContain("stakeql login");
  });

  it('passes --variables and --operation-name to the server', async () => {
    expect((await run(['login', '--profile', 'vars'], session.paste)).code).toBe(0);
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
    expect(JSON.parse(idOnly.stdout)).toEqual({ user: { id: session.user.user_id } });
    expect(which.code).toBe(2);
    expect(oneErrorLine(which)).toContain('--operation-name');
    expect(fromStdin.stdout).toBe('{"user":{"name":"cli-tester"}}\n');
  });
});
