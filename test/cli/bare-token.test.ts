/** The bare token through the command line: `extract --json` names the format, `login` saves it and `whoami` uses it. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start_sandbox, type Sandbox } from '../../src/sandbox/index.js';
import { useBuiltCli } from './helpers/cli.js';

const cli = useBuiltCli();
let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await start_sandbox();
});
afterAll(() => sandbox.close());

describe('a bare token on the command line', () => {
  it('extract --json reads it as format token, masked', async () => {
    const { access_token } = sandbox.login('bare-extract');
    const result = await cli.run(['extract', '--json'], { input: `${access_token}\n` });
    expect(result.code, result.stderr).toBe(0);
    const shown = JSON.parse(result.stdout) as { format: string; credentials: Record<string, unknown> };
    expect(shown.format).toBe('token');
    expect(shown.credentials['access_token']).not.toBeNull();
    expect(result.stdout).not.toContain(access_token);
  });

  it('login saves it (from a lone x-access-token line too) and whoami logs in with it', async () => {
    const { access_token } = sandbox.login('bare-login');
    const saved = await cli.run(['login', '--profile', 'bare'], { input: `${access_token}\n` });
    expect(saved.code, saved.stderr).toBe(0);
    const who = await cli.run(['whoami', '--profile', 'bare', '--base-url', sandbox.url]);
    expect(who.code, who.stderr).toBe(0);
    expect(who.stdout).toContain('bare-login');
    const line = sandbox.login('bare-line');
    const again = await cli.run(['login', '--profile', 'line'], { input: `x-access-token: ${line.access_token}\n` });
    expect(again.code, again.stderr).toBe(0);
    const who2 = await cli.run(['whoami', '--profile', 'line', '--base-url', sandbox.url, '--json']);
    expect(JSON.parse(who2.stdout)).toMatchObject({ name: 'bare-line' });
    for (const r of [saved, who, again, who2]) {
      expect(r.stdout + r.stderr).not.toContain(access_token);
      expect(r.stdout + r.stderr).not.toContain(line.access_token);
    }
  });
});
