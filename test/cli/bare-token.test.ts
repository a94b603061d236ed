/**
 * The token the site's settings page shows, pasted alone, through `extract
 * --json` and `login` (browser.md, "A bare token"): read as the access token
 * (format `token`), masked in every output, and the saved profile logs in.
 */
import { describe, expect, it } from 'vitest';
import { useCliSandboxSession } from './helpers/sandbox-session.js';

describe('a bare token on the command line', () => {
  const session = useCliSandboxSession();

  it('extract --json reads it as the access token, masked', async () => {
    const token = session.user.access_token;
    expect(token).toMatch(/^[0-9a-f]{96}$/); // the shape the site's settings page shows
    for (const paste of [`${token}\n`, `x-access-token: ${token}\n`]) {
      const r = await session.run(['extract', '--json', '-'], paste);
      expect(r.code, r.stderr).toBe(0);
      const out = JSON.parse(r.stdout) as { format: string; credentials: Record<string, unknown> };
      expect(out.format).toBe('token');
      expect(typeof out.credentials['access_token']).toBe('string');
      expect(r.stdout + r.stderr).not.toContain(token);
      expect(r.stdout + r.stderr).not.toContain(token.slice(0, 16));
    }
  });

  it('login saves it, and whoami on that profile is the sandbox user', async () => {
    const token = session.user.access_token;
    const saved = await session.run(['login', '-', '--profile', 'bare'], `${token}\n`);
    expect(saved.code, saved.stderr).toBe(0);
    expect(saved.stdout + saved.stderr).not.toContain(token);
    const who = await session.run(['whoami', '--json', '--profile', 'bare', '--base-url', session.sandbox.url]);
    expect(who.code, who.stderr).toBe(0);
    expect(JSON.parse(who.stdout)).toEqual({ id: session.user.user_id, name: 'cli-tester' });
  });
});
