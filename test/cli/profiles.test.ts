import { describe, expect, it } from 'vitest';
import { oneErrorLine } from './helpers/cli.js';
import { useCliSandboxSession } from './helpers/sandbox-session.js';

describe('profiles and the environment', () => {
  const session = useCliSandboxSession();
  const run = session.run;

  it('keeps named profiles apart; a missing one exits 3 everywhere', async () => {
    expect((await run(['login', '--profile', 'work'], session.paste)).code).toBe(0);
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
    const other = session.sandbox.login('env-user');
    expect((await run(['login'], session.paste)).code).toBe(0);
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

  it('shows the token expiry state: unknown, valid until, expired (STAKE_TOKEN_EXPIRES_AT with STAKE_ACCESS_TOKEN)', async () => {
    expect((await run(['login', '--profile', 'timed'], session.paste)).code).toBe(0);
    const now = Math.floor(Date.now() / 1000);
    const later = now + 7200;
    const earlier = now - 3600;
    const token = session.sandbox.login('timed').access_token;
    const [unknown, valid, expired, json] = await Promise.all([
      run(['status', '--profile', 'timed']),
      run(['status', '--profile', 'timed'], undefined, { STAKE_ACCESS_TOKEN: token, STAKE_TOKEN_EXPIRES_AT: String(later) }),
      run(['status', '--profile', 'timed'], undefined, { STAKE_ACCESS_TOKEN: token, STAKE_TOKEN_EXPIRES_AT: String(earlier) }),
      run(['status', '--profile', 'timed', '--json'], undefined, { STAKE_ACCESS_TOKEN: token, STAKE_TOKEN_EXPIRES_AT: String(earlier) }),
    ]);
    const iso = (t: number): string => new Date(t * 1000).toISOString().replace('.000Z', 'Z');
    expect(unknown.stdout).toMatch(/^ {2}token +expiry unknown$/m);
    expect(valid.stdout).toMatch(new RegExp(`^ {2}token +valid until ${iso(later)} \\(STAKE_TOKEN_EXPIRES_AT\\)$`, 'm'));
    expect(expired.stdout).toMatch(new RegExp(`^ {2}token +expired at ${iso(earlier)}`, 'm'));
    const profile = (JSON.parse(json.stdout) as { profiles: Array<{ token: unknown }> }).profiles[0];
    expect(profile?.token).toEqual({ state: 'expired', expires_at: iso(earlier), source: 'env' });
  });
});
