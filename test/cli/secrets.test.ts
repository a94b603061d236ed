import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_DEFAULT_USER_AGENT, start_sandbox, type Sandbox } from '../../src/sandbox/index.js';
import { buildCli, runCli, tempConfigDir } from './helpers/cli.js';

let sandbox: Sandbox;

beforeAll(async () => {
  await buildCli();
  sandbox = await start_sandbox();
});
afterAll(() => sandbox.close());

describe('secrets never appear without --reveal', () => {
  const hex = (n: number): string => randomBytes(Math.ceil(n / 2)).toString('hex').slice(0, n);
  const token = `CANARYT0KEN${hex(85)}`;
  const session = `CANARYSESSION${hex(40)}%3D`;
  const clearance = `CANARYCLEAR${hex(30)}-1732186000-1.2.1.1-CANARYTAIL${hex(20)}`;
  const canaries = [token, session, clearance];

  /** Every 8-character piece of every canary: none may show, not even in part. */
  function leaks(text: string): string[] {
    const found: string[] = [];
    for (const canary of canaries) {
      for (let i = 0; i + 8 <= canary.length; i++) {
        const piece = canary.slice(i, i + 8);
        if (text.includes(piece)) found.push(piece);
      }
    }
    return found;
  }

  it('in extract, login, status, whoami, query, errors and logout', async () => {
    const config = await tempConfigDir();
    try {
      const canaryPaste = `curl '${sandbox.url}/_api/graphql' -H 'user-agent: ${SANDBOX_DEFAULT_USER_AGENT}' ` +
        `-H 'x-access-token: ${token}' -b 'session=${session}; cf_clearance=${clearance}' --data-raw '{}'`;
      const run = (args: string[], input?: string, env?: Record<string, string>) =>
        runCli(args, { configDir: config.dir, input, env });
      // Independent runs go in parallel; the store is read only after login wrote it.
      const before = await Promise.all([
        run(['extract'], canaryPaste),
        run(['extract', '--json'], canaryPaste),
        run(['login', '--profile', 'bad name'], canaryPaste),
        run([token]),
        run(['extract', token]),
      ]);
      const login = await run(['login'], canaryPaste);
      expect(login.code).toBe(0);
      const after = await Promise.all([
        run(['status']),
        run(['status', '--json']),
        run(['status'], undefined, { STAKE_ACCESS_TOKEN: token, STAKE_CF_CLEARANCE: clearance }),
        run(['whoami', '--debug']),
        run(['query', '{ user { id } }', '--debug']),
      ]);
      expect(after[3]?.code).toBe(4);
      const logout = await run(['logout']);
      for (const [i, result] of [...before, login, ...after, logout].entries()) {
        expect(leaks(result.stdout + result.stderr), `run ${i}`).toEqual([]);
      }
      // The check itself can fail: --reveal shows all three.
      const revealed = await run(['extract', '--reveal'], canaryPaste);
      expect(leaks(revealed.stdout).length).toBeGreaterThan(canaries.length);
      for (const canary of canaries) expect(revealed.stdout).toContain(canary);
    } finally {
      await config.remove();
    }
  });
});
