import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_DEFAULT_USER_AGENT, start_sandbox, type Sandbox } from '../../src/sandbox/index.js';
import { buildCli, closedPort, oneErrorLine, runCli, tempConfigDir } from './helpers/cli.js';

let sandbox: Sandbox;
let paste: string;

beforeAll(async () => {
  await buildCli();
  sandbox = await start_sandbox();
  paste = sandbox.sample_curl(sandbox.login('cli-tester'));
});
afterAll(() => sandbox.close());

describe.concurrent('failures: one line naming the kind, the right exit code', () => {
  let config: { dir: string; remove: () => Promise<void> };
  beforeAll(async () => {
    config = await tempConfigDir();
  });
  afterAll(() => config.remove());
  // One store for the file; each test uses profiles of its own names.
  const run = (args: string[], input?: string, env?: Record<string, string>) => runCli(args, { configDir: config.dir, input, env });

  it('usage errors exit 2 with one line', async () => {
    const cases = [
      ['query'],
      ['query', '{ user { id } }', '--variables', '{not json'],
      ['query', '{ user { id } }', '--variables', '[1]'],
      ['query', 'query {'],
      ['whoami', '--base-url', 'ftp://example.com'],
      ['status', '--profile', 'no spaces allowed'],
      ['login', '--profile'],
      ['sandbox', '--port', '99999'],
      ['logout', 'extra-argument'],
    ];
    const results = await Promise.all(cases.map((args) => run(args, '')));
    results.forEach((result, i) => {
      expect(result.code, cases[i]?.join(' ')).toBe(2);
      oneErrorLine(result);
    });
  });

  it('login refuses a paste with no token and no session (exit 3), and saves nothing', async ({ expect }) => {
    const own = await tempConfigDir();
    try {
      const loggedOut = `curl '${sandbox.url}/_api/graphql' -H 'x-access-token: ' -b 'cf_clearance=abc'`;
      const result = await runCli(['login'], { configDir: own.dir, input: loggedOut });
      expect(result.code).toBe(3);
      expect(result.stderr).toMatch(/^stakeql: the paste holds no access token and no session cookie/m);
      await expect(fs.access(path.join(own.dir, 'profiles.json'))).rejects.toThrow();
    } finally {
      await own.remove();
    }
  });

  it('a revoked token is an authentication failure (exit 4)', async () => {
    const revoked = sandbox.login('revoked');
    expect((await run(['login', '--profile', 'revoked'], sandbox.sample_curl(revoked))).code).toBe(0);
    sandbox.revoke_token(revoked.access_token);
    const result = await run(['whoami', '--profile', 'revoked']);
    expect(result.code).toBe(4);
    expect(oneErrorLine(result)).toMatch(/^stakeql: authentication refused.*stakeql login/);
  });

  it('a Cloudflare challenge names the cookie to refresh (exit 4); with a clearance it passes', async () => {
    const guarded = await start_sandbox({ require_clearance: true });
    try {
      const person = guarded.login('guarded');
      expect((await run(['login', '--profile', 'nocf'], guarded.sample_curl(person))).code).toBe(0);
      const refused = await run(['whoami', '--profile', 'nocf']);
      expect(refused.code).toBe(4);
      expect(oneErrorLine(refused)).toMatch(/^stakeql: Cloudflare challenge.*no cf_clearance cookie was sent/);

      const clearance = guarded.issue_clearance(SANDBOX_DEFAULT_USER_AGENT);
      const withCf = guarded.sample_curl(person, SANDBOX_DEFAULT_USER_AGENT, clearance);
      expect((await run(['login', '--profile', 'cf'], withCf)).code).toBe(0);
      expect((await run(['whoami', '--profile', 'cf'])).stdout).toContain('guarded');
      // The same cookie with another User-Agent is refused, and the message says the cookie was.
      const otherUa = await run(['whoami', '--profile', 'cf'], undefined, { STAKE_USER_AGENT: 'curl/8.0' });
      expect(otherUa.code).toBe(4);
      expect(oneErrorLine(otherUa)).toContain('the cf_clearance cookie was refused');
    } finally {
      await guarded.close();
    }
  });

  it('rate limiting says how long to wait (exit 1)', async () => {
    // A sandbox of its own: the fault queue is shared by every request, and the other tests run meanwhile.
    const limited = await start_sandbox();
    try {
      expect((await run(['login', '--profile', 'rl'], limited.sample_curl(limited.login('rl')))).code).toBe(0);
      limited.fail_next({ kind: 'status', status: 429, retry_after: '120' });
      const result = await run(['whoami', '--profile', 'rl']);
      expect(result.code).toBe(1);
      expect(oneErrorLine(result)).toBe('stakeql: rate limited (HTTP 429); retry after 120 s');
    } finally {
      await limited.close();
    }
  });

  it('GraphQL errors and connection failures are runtime failures (exit 1)', async () => {
    expect((await run(['login', '--profile', 'gq'], paste)).code).toBe(0);
    const graphql = await run(['query', '{ nope }', '--profile', 'gq']);
    expect(graphql.code).toBe(1);
    expect(oneErrorLine(graphql)).toMatch(/^stakeql: GraphQL error.*nope/);
    const port = await closedPort();
    const down = await run(['whoami', '--profile', 'gq', '--base-url', `http://127.0.0.1:${port}`]);
    expect(down.code).toBe(1);
    expect(oneErrorLine(down)).toMatch(/^stakeql: cannot connect/);
  });

  it('--debug and STAKEQL_DEBUG=1 add the stack; without them there is none', async () => {
    const [plain, flag, variable] = await Promise.all([
      run(['logout', '--profile', 'ghost']),
      run(['logout', '--profile', 'ghost', '--debug']),
      run(['logout', '--profile', 'ghost'], undefined, { STAKEQL_DEBUG: '1' }),
    ]);
    expect(plain.code).toBe(3);
    expect(plain.stderr).not.toMatch(/^\s+at /m);
    for (const result of [flag, variable]) {
      expect(result.code).toBe(3);
      expect(result.stderr.split('\n')[0]).toMatch(/^stakeql: no profile named "ghost"/);
      expect(result.stderr).toMatch(/^\s+at .*logout/m);
    }
  });

  it('a store open to others is refused (exit 5)', async () => {
    const own = await tempConfigDir();
    try {
      expect((await runCli(['login'], { configDir: own.dir, input: paste })).code).toBe(0);
      await fs.chmod(path.join(own.dir, 'profiles.json'), 0o644);
      const result = await runCli(['status'], { configDir: own.dir });
      expect(result.code).toBe(5);
      oneErrorLine(result);
    } finally {
      await own.remove();
    }
  });
});
