/**
 * Bot scripts (the in-page bots' `dobet()` dialect) through the one engine:
 * on the sandbox, in the simulator (a replay of the sandbox's revealed seeds
 * gives the same bets, each roll checked against createHmac here), and
 * resumed with the script's globals (and top-level `let`s) restored.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resume_autobet, run_autobet, simulate, type BetLine } from '../../../src/autobet/index.js';
import { floats } from '../../support/stake-floats.js';
import { dice_won, world, type World } from '../helpers.js';

let w: World | undefined;
afterEach(async () => {
  await w?.close();
  w = undefined;
});

// In the bots' style: globals set at the top, a let counter, bethigh flipped, lastBet.Roll, Math.pow.
const SCRIPT = `
chance = 49.5
bethigh = true
basebet = 0.00000001
nextbet = basebet
let lossesInRow = 0
dobet = function () {
  if (win) {
    lossesInRow = 0
    nextbet = basebet
  } else {
    lossesInRow += 1
    nextbet = basebet * Math.pow(2, lossesInRow)
  }
  if (lossesInRow !== 0 && lossesInRow % 3 === 0) bethigh = !bethigh
  if (lastBet.Roll > 99.9) stop()
}
`;

// Without the stop on a roll above 99.9: a resume test needs bets after the resume.
const SCRIPT_NO_STOP = SCRIPT.replace('  if (lastBet.Roll > 99.9) stop()\n', '');
if (SCRIPT_NO_STOP === SCRIPT) throw new Error('the stop line of SCRIPT was not found');

/** The bets the script must make, worked out here from each bet's own roll. */
function expected(lines: readonly BetLine[]): { amount: number; condition: string }[] {
  const out: { amount: number; condition: string }[] = [];
  let losses = 0;
  let high = true;
  for (const l of lines) {
    out.push({ amount: losses === 0 ? 1e-8 : 1e-8 * 2 ** losses, condition: high ? 'above' : 'below' });
    const s = l.state as { result: number; target: number; condition: string };
    if (dice_won(s.result, s.target, s.condition)) losses = 0;
    else losses += 1;
    if (losses !== 0 && losses % 3 === 0) high = !high;
  }
  return out;
}

describe('a bot script through the engine', () => {
  it('runs on the sandbox as written, its rolls are the provably-fair ones, and a replay in the simulator gives the same bets', async () => {
    w = await world();
    const file = path.join(w.dir, 'streak.js');
    fs.writeFileSync(file, SCRIPT);
    const live: BetLine[] = [];
    const limits = { stop_loss: 0.01, max_bet: 0.001, max_bets: 40 };
    const r = await run_autobet({ client: w.client, database: w.database, strategy: file, limits, on_bet: (l) => live.push(l) });
    expect(live.length).toBeGreaterThan(10);
    const got = live.map((l) => ({ amount: l.amount, condition: (l.state as { condition: string }).condition }));
    const want = expected(live);
    expect(got.map((g) => g.condition)).toEqual(want.map((x) => x.condition));
    got.forEach((g, i) => expect(g.amount).toBeCloseTo(want[i]!.amount, 12));

    const client_seed = (await w.client.active_seeds()).activeClientSeed.seed;
    await w.client.rotate_seed_pair();
    const server_seed = (await w.client.active_seeds()).previousServerSeed?.seed as string;
    // Each roll from the published algorithm, with node:crypto.
    for (const l of live) {
      expect((l.state as { result: number }).result).toBe(Math.floor(floats(server_seed, client_seed, l.nonce as number, 1)[0]! * 10001) / 100);
    }
    const replay: BetLine[] = [];
    await simulate({ strategy: file, limits, start_balance: 1, bets: 40, seeds: [{ server_seed, client_seed }], on_bet: (l) => replay.push(l), on_session: (s) => expect(s.reason).toBe(r.stop?.reason) });
    const strip = (l: BetLine) => ({ amount: l.amount, nonce: l.nonce, payout: l.payout, balance: l.balance, state: l.state });
    expect(replay.map(strip)).toEqual(live.map(strip));
  });

  it('resumes a killed run with the script\'s let counter where it was, from the bet left without a result', async () => {
    w = await world();
    const file = path.join(w.dir, 'streak.js');
    fs.writeFileSync(file, SCRIPT_NO_STOP);
    const lines: BetLine[] = [];
    const controller = new AbortController();
    const limits = { stop_loss: 0.01, max_bet: 0.001, max_bets: 30 };
    await run_autobet({
      client: w.client, database: w.database, strategy: file, limits, signal: controller.signal,
      on_bet: (l) => {
        lines.push(l);
        const s = l.state as { result: number; target: number; condition: string };
        // Stop after two losses in a row, so the script's counter decides the next amounts.
        if (lines.length >= 6 && !dice_won(s.result, s.target, s.condition)) {
          const p = lines.at(-2)?.state as { result: number; target: number; condition: string };
          if (!dice_won(p.result, p.target, p.condition)) controller.abort('interrupted');
        }
      },
    });
    // As if killed while the last bet was in flight: its row goes back to a bare intent.
    const last = lines.at(-1) as BetLine;
    const { Database } = await import('../../support/sqlite.js');
    const db = new Database(w.database);
    const kind = db.prepare('SELECT strategy_kind FROM sessions ORDER BY id DESC LIMIT 1').get() as { strategy_kind: string };
    expect(kind.strategy_kind).toBe('bot');
    db.prepare('DELETE FROM journal_outcomes WHERE id = (SELECT id FROM journal_intents WHERE seq = ?)').run(last.seq);
    db.close();
    const more: BetLine[] = [];
    await resume_autobet({ client: w.client, database: w.database, on_bet: (l) => more.push(l) });
    expect(more[0]?.seq).toBe(last.seq);
    expect(more.length).toBeGreaterThan(1);
    const all = [...lines.slice(0, -1), ...more];
    const want = expected(all);
    all.forEach((l, i) => {
      expect(l.amount).toBeCloseTo(want[i]!.amount, 12);
      expect((l.state as { condition: string }).condition).toBe(want[i]!.condition);
    });
    // The resumed bets started inside a losing run: without the counter restored, the amount after the resume would be the base.
    expect(more[0]!.amount).toBeGreaterThan(1e-8);
  });
});
