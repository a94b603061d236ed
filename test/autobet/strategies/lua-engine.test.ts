/**
 * DiceBot Lua strategies through the one engine: on the sandbox, in the
 * simulator (a replay of the sandbox's revealed seeds gives the same bets),
 * and resumed with the script's plain globals restored.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resume_autobet, run_autobet, simulate, type BetLine } from '../../../src/autobet/index.js';
import { dice_won, world, type World } from '../helpers.js';

let w: World | undefined;
afterEach(async () => {
  await w?.close();
  w = undefined;
});

// In the wild's dialect: a streak counter with +=, bethigh flipped with !, lastBet.Roll, math.pow.
const SCRIPT = `
chance = 49.5
bethigh = true
base = 0.00000001
nextbet = base
losses_in_row = 0
function dobet()
  if win then
    losses_in_row = 0
    nextbet = base
  else
    losses_in_row += 1
    nextbet = base * math.pow(2, losses_in_row)
  end
  if losses_in_row != 0 and losses_in_row % 3 == 0 then bethigh = !bethigh end
  if lastBet.Roll > 99.9 then stop() end
end
`;

/**
 * The script without its `stop()` on a roll above 99.9: a resume test needs
 * bets after the resume, and that stop (about one bet in a thousand, in
 * either half) ended a resumed session with reason `strategy` before its
 * first bet, once in a CI run.
 */
const SCRIPT_NO_STOP = SCRIPT.replace('  if lastBet.Roll > 99.9 then stop() end\n', '');
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

describe('DiceBot Lua through the engine', () => {
  it('runs on the sandbox as written, and a replay of its revealed seeds in the simulator gives the same bets', async () => {
    w = await world();
    const file = path.join(w.dir, 'streak.lua');
    fs.writeFileSync(file, SCRIPT);
    const live: BetLine[] = [];
    const limits = { stop_loss: 0.01, max_bet: 0.001, max_bets: 40 };
    const r = await run_autobet({ client: w.client, database: w.database, strategy: file, limits, on_bet: (l) => live.push(l) });
    expect(live.length).toBeGreaterThan(0);
    const got = live.map((l) => ({ amount: l.amount, condition: (l.state as { condition: string }).condition }));
    const want = expected(live);
    expect(got.map((g) => g.condition)).toEqual(want.map((x) => x.condition));
    got.forEach((g, i) => expect(g.amount).toBeCloseTo(want[i]!.amount, 12));
    // 49.5 % chance: above 50.5, below 49.5.
    expect(live.every((l) => (l.state as { target: number }).target === ((l.state as { condition: string }).condition === 'above' ? 50.5 : 49.5))).toBe(true);

    const client_seed = (await w.client.active_seeds()).activeClientSeed.seed;
    await w.client.rotate_seed_pair();
    const server_seed = (await w.client.active_seeds()).previousServerSeed?.seed as string;
    const replay: BetLine[] = [];
    await simulate({ strategy: file, limits, start_balance: 1, bets: 40, seeds: [{ server_seed, client_seed }], on_bet: (l) => replay.push(l), on_session: (s) => expect(s.reason).toBe(r.stop?.reason) });
    const strip = (l: BetLine) => ({ amount: l.amount, nonce: l.nonce, payout: l.payout, balance: l.balance, state: l.state });
    expect(replay.map(strip)).toEqual(live.map(strip));
  });

  it("resumes a Lua session with the script's globals where they were", async () => {
    w = await world();
    const file = path.join(w.dir, 'streak.lua');
    fs.writeFileSync(file, SCRIPT_NO_STOP);
    const lines: BetLine[] = [];
    const controller = new AbortController();
    const limits = { stop_loss: 0.0001, max_bet: 0.00001, max_bets: 30 };
    await run_autobet({
      client: w.client, database: w.database, strategy: file, limits, signal: controller.signal,
      on_bet: (l) => {
        lines.push(l);
        // Stop in the middle of a losing run, so the counter matters.
        const s = l.state as { result: number; target: number; condition: string };
        if (lines.length >= 5 && !dice_won(s.result, s.target, s.condition)) controller.abort('interrupted');
      },
    });
    const before = lines.length;
    const resumed = await resume_autobet({ client: w.client, database: w.database, on_bet: (l) => lines.push(l) });
    // A stop that ends the resumed session at once says why.
    expect({ reason: resumed.stop?.reason, message: resumed.stop?.message, more: lines.length > before }).toMatchObject({ more: true });
    const want = expected(lines);
    lines.forEach((l, i) => {
      expect(l.amount).toBeCloseTo(want[i]!.amount, 12);
      expect((l.state as { condition: string }).condition).toBe(want[i]!.condition);
    });
  });
});

describe('DiceBot Lua resumed after a kill mid-bet', () => {
  it('goes on from the state the script had when it proposed the bet left without a result', async () => {
    w = await world();
    const file = path.join(w.dir, 'streak.lua');
    fs.writeFileSync(file, SCRIPT_NO_STOP);
    const lines: BetLine[] = [];
    const controller = new AbortController();
    const limits = { stop_loss: 0.01, max_bet: 0.001, max_bets: 30 };
    await run_autobet({
      client: w.client, database: w.database, strategy: file, limits, signal: controller.signal,
      on_bet: (l) => {
        lines.push(l);
        const s = l.state as { result: number; target: number; condition: string };
        // Stop after two losses in a row, so the script's counter is what decides the next amounts.
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
    db.prepare('DELETE FROM journal_outcomes WHERE id = (SELECT id FROM journal_intents WHERE seq = ?)').run(last.seq);
    db.close();
    const more: BetLine[] = [];
    await resume_autobet({ client: w.client, database: w.database, on_bet: (l) => more.push(l) });
    expect(more[0]?.seq).toBe(last.seq);
    const all = [...lines.slice(0, -1), ...more];
    const want = expected(all);
    all.forEach((l, i) => {
      expect(l.amount).toBeCloseTo(want[i]!.amount, 12);
      expect((l.state as { condition: string }).condition).toBe(want[i]!.condition);
    });
  });
});
