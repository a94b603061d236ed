/**
 * Issue 48 item 7 (research/newcomer-2026-11-29.md §15, `play` output),
 * through the CLI against a sandbox with a fixed seed: the actions line
 * offers what the dealt cards allow (no split without a pair, no insurance
 * without a dealer ace), a round that ends at once still shows its cards, and
 * a hilo skip is not counted as a guess. Expected actions come from the cards
 * printed, by the rules (src/games/blackjack/rules.ts; docs/round-rules.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start_sandbox, type Sandbox, type SandboxLogin } from '../../src/sandbox/index.js';
import { useBuiltCli } from './helpers/cli.js';

const cli = useBuiltCli();
let sandbox: Sandbox;
let user: SandboxLogin;
beforeAll(async () => {
  sandbox = await start_sandbox({ dice_seed: 'play-output', starting_balances: { usd: 1000 } });
  user = sandbox.login('player');
});
afterAll(async () => {
  await sandbox?.close();
});
const env = () => ({ STAKE_ACCESS_TOKEN: user.access_token, STAKE_SESSION_COOKIE: user.session_cookie, STAKE_BASE_URL: sandbox.url, STAKEQL_DATA_DIR: cli.config_dir });

/** The moves the first state line allows, from its cards alone. */
function expectedMoves(stateLine: string): string {
  const m = /^blackjack: player: (\S+) (\S+) \(\d+\); dealer: (\S+)/.exec(stateLine);
  if (m === null) throw new Error(`not a first blackjack state: ${stateLine}`);
  const rank = (card: string): string => card.slice(0, -1);
  const [, a, b, up] = m as unknown as [string, string, string, string];
  if (rank(up) === 'A') return 'insurance | noInsurance';
  return rank(a) === rank(b) ? 'hit | stand | double | split' : 'hit | stand | double';
}

describe('play output', () => {
  it('blackjack: the actions the cards allow; a round over at once still shows its cards', async () => {
    let sawAtOnce = false;
    let sawActions = 0;
    for (let round = 0; round < 40 && !(sawAtOnce && sawActions >= 3); round++) {
      const r = await cli.run(['play', 'blackjack', '1', 'usd', '--yes'], { env: env(), input: 'noInsurance\nstand\nstand\n', timeoutMs: 30_000 });
      expect(r.code, r.stderr).toBe(0);
      const lines = r.stdout.split('\n');
      expect(lines[0]).toMatch(/^blackjack: player: /);
      if (lines[1]?.startsWith('actions: ')) {
        sawActions++;
        expect(lines[1]).toBe(`actions: ${expectedMoves(lines[0] as string)} | quit`);
      } else {
        // Ended at once: the cards, then the payout.
        sawAtOnce = true;
        expect(lines[1]).toMatch(/^blackjack ended: payout /);
      }
    }
    expect(sawActions).toBeGreaterThanOrEqual(3);
    expect(sawAtOnce, 'a natural or a dealer blackjack within 40 rounds of this seed').toBe(true);
  }, 240_000);

  it('hilo: a skip is counted apart from the guesses', async () => {
    const r = await cli.run(['play', 'hilo', '1', 'usd', '--start-card', '7H', '--yes'], { env: env(), input: 'skip\nquit\n', timeoutMs: 30_000 });
    expect(r.stdout).toMatch(/^hilo: card: \S+; guesses: 0; skips: 1; multiplier: 1$/m);
    const resumed = await cli.run(['play', 'hilo', '--resume', '--yes'], { env: env(), input: 'skip\nquit\n', timeoutMs: 30_000 });
    expect(resumed.stdout).toMatch(/guesses: 0; skips: 2;/);
  }, 60_000);
});
