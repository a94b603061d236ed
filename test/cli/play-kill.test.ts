/**
 * `stakeql play` SIGKILLed while a step is out (a real child process, a real
 * signal; the sandbox holds the step's answer back), then `stakeql play
 * --resume`: the step's intent was committed before it left, and the resume
 * reads the open round with `active_bet`: the held step is not in it, so it
 * stays an intent and the user is warned (it may still land); the next steps
 * are numbered on, and nothing is sent twice.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { StakeClient } from '../../src/facade/index.js';
import { Database } from '../support/sqlite.js';
import { wait_until } from '../support/wait.js';
import { buildCli, cliEnv } from './helpers/cli.js';
import { useCliSandboxSession } from './helpers/sandbox-session.js';

interface Row { round_key: string; step: number; kind: string; request: string; identifier: string | null; status: string; bet_id: string | null }

describe('stakeql play killed mid-step, then --resume', () => {
  const session = useCliSandboxSession();

  it('the step left an intent; the resume tells it from active_bet and goes on; nothing sent twice', async () => {
    const bin = await buildCli();
    const env = cliEnv(session.config_dir, session.stake_env());
    const file = path.join(session.config_dir, '.local', 'share', 'stakeql', 'stakeql.db');
    const rows = (): Row[] => {
      const db = new Database(file, { readonly: true });
      try {
        return db.prepare('SELECT * FROM round_steps ORDER BY rowid').all() as Row[];
      } finally {
        db.close();
      }
    };
    // The reveal's answer is held back 20 s: the process is killed while it is out.
    session.sandbox.fail_next({ kind: 'slow', delay_ms: 20_000, operations: ['MinesNext'] });
    const child = spawn(process.execPath, [bin, 'play', 'mines', '1', 'usd', '--mines', '1', '--yes'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    const closed = new Promise<string | null>((resolve) => child.on('close', (_code, signal) => resolve(signal)));
    await wait_until(() => stdout.includes('actions:'), 'the round to open', 15_000);
    child.stdin.write('7\n');
    const sent = () => session.sandbox.stats().request_log.filter((q) => q.operation_name === 'MinesNext');
    await wait_until(() => sent().length > 0, 'the reveal to reach the sandbox', 15_000);
    child.kill('SIGKILL');
    expect(await closed).toBe('SIGKILL');
    const left = rows();
    expect(left.at(-1)).toMatchObject({ kind: 'act', status: 'intent', request: JSON.stringify({ fields: [7] }) });
    const key = left.at(-1)!.round_key;

    // The reveal is still held by the sandbox: the open round does not show it. The resume says so and leaves it an
    // intent (it may still land), never sends it again, and numbers the next steps on.
    const client = new StakeClient({ access_token: session.user.access_token, session_cookie: session.user.session_cookie, base_url: session.sandbox.url });
    try {
      const open = await client.active_bet('mines');
      expect(open?.state.rounds).toEqual([]);
      const resumed = await session.run(['play', 'mines', '--resume'], '12\ncashout\n', session.stake_env());
      expect(resumed.code, resumed.stderr).toBe(0);
      expect(resumed.stderr).toMatch(/warning: the step \{"fields":\[7\]\} sent before \(step 1\) is not in the open round: the site may still play it/);
      const its = rows().filter((r) => r.round_key === key);
      expect(its.map((r) => r.step)).toEqual(its.map((_r, i) => i));
      expect(its[1]?.status).toBe('intent');
      expect(JSON.parse(its[2]!.request)).toEqual({ fields: [12] });
      expect(its.slice(2).every((r) => r.status === 'answered')).toBe(true);
      // The held reveal of 7 was sent once; each later step once.
      const reveals = sent().map((q) => (q.variables as { fields: number[] }).fields[0]);
      expect(reveals).toEqual([7, 12]);
    } finally {
      await client.close();
    }
  }, 90_000);
});
