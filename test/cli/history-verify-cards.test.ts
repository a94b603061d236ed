/**
 * Issue 48 item 5 (research/newcomer-2026-11-29.md §12): `history verify` on
 * blackjack and hilo. The site's history holds no cards for them; the rounds
 * `stakeql play` played are journaled with their answers, so they are
 * verified from those cards; a round played elsewhere is counted with the
 * reason. A journaled card changed by hand makes the bet fail: the check is real.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StakeClient } from '../../src/facade/index.js';
import { Database } from '../support/sqlite.js';
import { tempConfigDir } from './helpers/cli.js';
import { useCliSandboxSession } from './helpers/sandbox-session.js';

const session = useCliSandboxSession();
let data: { dir: string; remove: () => Promise<void> };
beforeAll(async () => {
  data = await tempConfigDir();
});
afterAll(async () => {
  await data.remove();
});
const env = () => ({ ...session.stake_env(), STAKEQL_DATA_DIR: data.dir });

interface Verified {
  checked: number;
  passed: number;
  failed: number;
  failures: { game: string; failed: string[] }[];
  unverifiable: Record<string, number>;
  unverifiable_reasons: Record<string, string>;
}

async function verify(): Promise<{ code: number | null; result: Verified; human: string }> {
  const json = await session.run(['history', 'verify', '--json'], '', env());
  const human = await session.run(['history', 'verify'], '', env());
  return { code: json.code, result: JSON.parse(json.stdout) as Verified, human: human.stdout };
}

describe('history verify: blackjack and hilo from the journaled cards', () => {
  it('verifies the rounds stakeql played, says why for one played elsewhere, and fails a changed card', async () => {
    // Two rounds through the CLI (journaled): blackjack declines insurance if offered and stands, hilo guesses then cashes out (or loses).
    const bj = await session.run(['play', 'blackjack', '1', 'usd', '--yes'], 'noInsurance\nstand\nstand\n', env());
    expect(bj.stdout, bj.stderr).toMatch(/blackjack ended/);
    const hilo = await session.run(['play', 'hilo', '1', 'usd', '--start-card', '7H', '--yes'], 'lowerEqual\ncashout\n', env());
    expect(hilo.stdout, hilo.stderr).toMatch(/hilo ended/);
    // One hilo round through the library: not journaled.
    await using client = new StakeClient({ base_url: session.sandbox.url, ...session.user });
    await client.start('hilo', { amount: 1, currency: 'usd', startCard: { rank: '7', suit: 'H' } });
    const step = await client.act('hilo', { guess: 'lowerEqual' });
    if (step.active) await client.cashout('hilo');
    await client.rotate_seed_pair();
    const sync = await session.run(['history', 'sync'], '', env());
    expect(sync.code, sync.stderr).toBe(0);

    const clean = await verify();
    expect(clean.code).toBe(0);
    expect(clean.result).toMatchObject({ checked: 3, passed: 2, failed: 0, unverifiable: { hilo: 1 } });
    expect(clean.result.unverifiable_reasons['hilo']).toMatch(/journal has none/);
    expect(clean.human).toMatch(/2 verified, 0 failed, not verifiable: 1 hilo \(the site's history holds no cards for it and stakeql's journal has none/);

    // A card of the journaled blackjack answer changed to one the deal cannot hold there: that bet fails.
    const db = new Database(path.join(data.dir, 'stakeql.db'));
    try {
      const row = db.prepare("SELECT round_key, step, answer FROM round_steps WHERE game = 'blackjack' AND answer IS NOT NULL ORDER BY step DESC LIMIT 1").get() as { round_key: string; step: number; answer: string };
      const answer = JSON.parse(row.answer) as { state: { player: { cards: { rank: string; suit: string }[] }[] } };
      const card = answer.state.player[0]!.cards[0]!;
      const all = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
      const shown = JSON.stringify(answer.state);
      // A rank none of the shown cards has in this suit: the multiset can no longer match.
      card.rank = all.find((r) => !shown.includes(`"rank":"${r}","suit":"${card.suit}"`)) as string;
      db.prepare('UPDATE round_steps SET answer = ? WHERE round_key = ? AND step = ?').run(JSON.stringify(answer), row.round_key, row.step);
    } finally {
      db.close();
    }
    const changed = await verify();
    expect(changed.code).toBe(1);
    expect(changed.result).toMatchObject({ passed: 1, failed: 1 });
    expect(changed.result.failures.map((f) => [f.game, f.failed])).toEqual([['blackjack', ['outcome']]]);
  }, 120_000);
});
