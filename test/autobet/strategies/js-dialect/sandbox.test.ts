/**
 * Bot scripts beside dice through the one engine on the real sandbox (one
 * per file): a limbo and a keno script whose every outcome is checked here
 * against the published algorithm with createHmac, each run replayed in the
 * simulator from the revealed seeds and equal to it bet by bet, and the same
 * for a mydicebot JS-mode dice script and a roulette script of chips; and
 * round() scripts for hilo and blackjack whose every card is the seeds'
 * (rounds/cards-helpers.ts) and every step the one the script's rule gives.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run_autobet, simulate, type BetLine } from '../../../../src/autobet/index.js';
import { floats } from '../../../support/stake-floats.js';
import { world, type World } from '../../helpers.js';
import { bj_cards_in_order, bj_return, bj_staked, bj_total, cards_of, hilo_judge, type BjState, type Card } from '../../drivers/rounds/cards-helpers.js';

let w: World;
beforeAll(async () => {
  w = await world({ dice_seed: 'bot-games-43b' });
});
afterAll(async () => {
  await w.close();
});

/** The active client seed, then the server seed revealed by a rotation (the next test starts on the new pair). */
async function reveal(): Promise<{ server: string; client: string }> {
  const client = (await w.client.active_seeds()).activeClientSeed.seed;
  await w.client.rotate_seed_pair();
  return { server: (await w.client.active_seeds()).previousServerSeed?.seed as string, client };
}

/** Runs `script` on the sandbox, then replays it in the simulator on the revealed seeds; both runs' bet lines. */
async function sandbox_and_sim(name: string, script: string, limits: Record<string, number>, bot?: { limbo_input?: 'target' | 'chance' }, dialect?: 'bot' | 'mydicebot'): Promise<{ live: BetLine[]; replay: BetLine[]; seeds: { server: string; client: string } }> {
  const file = path.join(w.dir, name);
  fs.writeFileSync(file, script);
  const live: BetLine[] = [];
  const r = await run_autobet({ client: w.client, database: w.database, strategy: file, limits, ...(bot === undefined ? {} : { bot }), ...(dialect === undefined ? {} : { dialect }), on_bet: (l) => live.push(l) });
  expect(r.stop?.reason, r.stop?.message).toBe('max_bets');
  const seeds = await reveal();
  const replay: BetLine[] = [];
  // The account's balance before the run (the file's sandbox is shared: earlier tests moved it).
  const start_balance = Math.round((live[0]!.balance - live[0]!.profit) * 1e8) / 1e8;
  await simulate({
    strategy: file, limits, start_balance, bets: limits['max_bets']!, ...(bot === undefined ? {} : { bot }), ...(dialect === undefined ? {} : { dialect }),
    seeds: [{ server_seed: seeds.server, client_seed: seeds.client }], on_bet: (l) => replay.push(l),
  });
  return { live, replay, seeds };
}

const strip = (l: BetLine) => ({ game: l.game, amount: l.amount, nonce: l.nonce, payout: l.payout, balance: l.balance, state: l.state });

describe('bot scripts on limbo and keno: the sandbox and the simulator bet by bet', () => {
  it('limbo by chance (bot4stake): every result the published formula\'s, every multiplier 99 / chance, the replay the same bets', async () => {
    // Written for this test: chance 49.5 after a win, 33 after a loss; the amount doubles on a loss.
    const { live, replay, seeds } = await sandbox_and_sim('limbo.js', `
game = 'limbo'
basebet = 0.00000001
nextbet = basebet
chance = 49.5
function dobet() {
  if (win) { nextbet = basebet; chance = 49.5 } else { nextbet = previousbet * 2; chance = 33 }
}
`, { stop_loss: 0.01, max_bet: 0.001, max_bets: 25 }, { limbo_input: 'chance' });
    expect(live).toHaveLength(25);
    let chance = 49.5;
    let amount = 1e-8;
    for (const l of live) {
      const s = l.state as { result: number; multiplierTarget: number };
      const f = floats(seeds.server, seeds.client, l.nonce, 1)[0]!;
      expect(s.result).toBe(Math.max(1, Math.floor((1e8 / (Math.floor(f * 1e8) + 1)) * 0.99 * 100) / 100));
      expect(s.multiplierTarget).toBe(Math.round((99 / chance) * 100) / 100);
      expect(l.amount).toBeCloseTo(amount, 12);
      const won = s.result >= s.multiplierTarget;
      chance = won ? 49.5 : 33;
      amount = won ? 1e-8 : Math.round(amount * 2 * 1e8) / 1e8;
    }
    expect(new Set(live.map((l) => (l.state as { multiplierTarget: number }).multiplierTarget))).toEqual(new Set([2, 3]));
    expect(replay.map(strip)).toEqual(live.map(strip));
  }, 60_000);

  it('keno: every draw the published one, the numbers the script picks, the replay the same bets', async () => {
    // Written for this test: after a loss pick the next four squares, after a win keep them.
    const { live, replay, seeds } = await sandbox_and_sim('keno.js', `
game = 'keno'
nextbet = 0.00000001
risk = 'classic'
numbers = [0, 1, 2, 3]
function dobet() {
  if (!win) numbers = numbers.map(function (n) { return (n + 4) % 40 })
}
`, { stop_loss: 0.01, max_bet: 0.001, max_bets: 20 });
    let numbers = [0, 1, 2, 3];
    for (const l of live) {
      const s = l.state as { drawnNumbers: number[]; selectedNumbers: number[]; risk: string };
      // Keno: 10 floats draw 10 of 40 squares without replacement, remaining[⌊f_i × (40 − i)⌋] (stake.com/provably-fair/game-events).
      const remaining = Array.from({ length: 40 }, (_, i) => i);
      const drawn = floats(seeds.server, seeds.client, l.nonce, 10).map((f, i) => remaining.splice(Math.floor(f * (40 - i)), 1)[0]!);
      expect(s.drawnNumbers).toEqual(drawn);
      expect(s.selectedNumbers).toEqual(numbers);
      expect(s.risk).toBe('classic');
      // evilbot's win: a 1x result counts (payoutMultiplier >= 1).
      if (!(l.payoutMultiplier >= 1)) numbers = numbers.map((n) => (n + 4) % 40);
    }
    expect(new Set(live.map((l) => (l.state as { selectedNumbers: number[] }).selectedNumbers[0])).size).toBeGreaterThan(2);
    expect(replay.map(strip)).toEqual(live.map(strip));
  }, 60_000);
});

describe('mydicebot, roulette and baccarat: the sandbox and the simulator bet by bet', () => {
  it('mydicebot\'s JS mode (detected): every roll the published one, its amounts and targets, the replay the same bets', async () => {
    // Written for this test in mydicebot's spelling (it lower-cases the text): double on a loss and switch sides, back to the base after three losses.
    const { live, replay, seeds } = await sandbox_and_sim('mydice.js', `
baseBet = 0.000000016
nextBet = baseBet
chance = 49.5
betHigh = false
function dobet() {
  if (win) { nextBet = baseBet } else { nextBet = previousBet * 2; betHigh = !betHigh }
  if (currentStreak <= -3) nextBet = baseBet
  if (lastbet.roll < 0) stop()
}
`, { stop_loss: 0.01, max_bet: 0.001, max_bets: 20 });
    let nextbet = 0.000000016;
    let high = false;
    let streak = 0;
    for (const l of live) {
      const s = l.state as { result: number; target: number; condition: string };
      // Dice: ⌊float × 10001⌋ / 100 (stake.com/provably-fair/game-events).
      const roll = Math.floor(floats(seeds.server, seeds.client, l.nonce, 1)[0]! * 10001) / 100;
      expect(s.result).toBe(roll);
      // mydicebot sends Math.round(nextbet × 1e8) satoshi; its Stake model's target: low (⌊chance × 1e4⌋ − 1) / 1e4, high (999999 − ⌊chance × 1e4⌋ + 1) / 1e4, to 2 decimals.
      expect(l.amount).toBeCloseTo(Math.round(nextbet * 1e8) / 1e8, 12);
      expect([s.target, s.condition]).toEqual(high ? [50.5, 'above'] : [49.5, 'below']);
      const won = high ? roll > 50.5 : roll < 49.5;
      streak = won ? (streak > 0 ? streak + 1 : 1) : (streak < 0 ? streak - 1 : -1);
      nextbet = won ? 0.000000016 : nextbet * 2;
      if (!won) high = !high;
      if (streak <= -3) nextbet = 0.000000016;
    }
    expect(new Set(live.map((l) => (l.state as { condition: string }).condition))).toEqual(new Set(['above', 'below']));
    expect(replay.map(strip)).toEqual(live.map(strip));
  }, 60_000);

  it('roulette: every pocket the published one, the chips the script leaves, paid by the European table; the replay the same bets', async () => {
    // Written for this test: red and odd, the red chip doubled after a loss, a chip on 0 from the first loss on until a win.
    const { live, replay, seeds } = await sandbox_and_sim('roulette.js', `
game = 'roulette'
chips = [{ value: 'colorRed', amount: 0.00000002 }, { value: 'parityOdd', amount: 0.00000001 }]
function dobet() {
  if (win) chips = [{ value: 'colorRed', amount: 0.00000002 }, { value: 'parityOdd', amount: 0.00000001 }]
  else { chips[0].amount *= 2; if (losestreak === 1) chips.push({ value: 'number0', amount: 0.00000001 }) }
}
`, { stop_loss: 0.01, max_bet: 0.001, max_bets: 20 });
    const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
    let red = 2e-8;
    let zero = false;
    let lose_streak = 0;
    for (const l of live) {
      const s = l.state as { result: number; colors: { value: string; amount: number }[]; parities: unknown[]; numbers: unknown[] };
      const p = Math.floor(floats(seeds.server, seeds.client, l.nonce, 1)[0]! * 37);
      expect(s.result).toBe(p);
      expect(s.colors).toEqual([{ value: 'colorRed', amount: red }]);
      expect(s.parities).toEqual([{ value: 'parityOdd', amount: 1e-8 }]);
      expect(s.numbers).toEqual(zero ? [{ value: 'number0', amount: 1e-8 }] : []);
      const staked = red + 1e-8 + (zero ? 1e-8 : 0);
      expect(l.amount).toBeCloseTo(staked, 12);
      // Red and odd pay 2×, a straight 36×; 0 loses every outside chip.
      const paid = (p !== 0 && RED.has(p) ? 2 * red : 0) + (p % 2 === 1 ? 2e-8 : 0) + (zero && p === 0 ? 36e-8 : 0);
      // The bet's multiplier is the total paid over the total staked, to four decimals (src/games/roulette/rules.ts); the payout the stake
      // times it, within the one satoshi that four decimals can lose.
      expect(l.payoutMultiplier).toBeCloseTo(paid / staked, 4);
      expect(Math.abs(l.payout - paid)).toBeLessThan(1e-8 + 1e-12);
      // evilbot's win: payoutMultiplier >= 1.
      if (paid >= staked - 1e-12) { red = 2e-8; zero = false; lose_streak = 0; } else { red = Math.round(red * 2 * 1e8) / 1e8; lose_streak += 1; if (lose_streak === 1) zero = true; }
    }
    expect(live.some((l) => (l.state as { numbers: unknown[] }).numbers.length > 0)).toBe(true);
    expect(replay.map(strip)).toEqual(live.map(strip));
  }, 60_000);
});

/** Rows of the journal's round steps. */
async function round_states(run_session: number): Promise<Map<string, unknown>> {
  const { Database } = await import('../../../support/sqlite.js');
  const db = new Database(w.database, { readonly: true });
  try {
    const rows = db.prepare('SELECT round_key, answer FROM round_steps WHERE session_id = ? ORDER BY rowid').all(run_session) as { round_key: string; answer: string | null }[];
    const out = new Map<string, unknown>();
    for (const r of rows) if (r.answer !== null) out.set(r.round_key, (JSON.parse(r.answer) as { state: unknown }).state);
    return out;
  } finally {
    db.close();
  }
}

describe('round() for hilo and blackjack on the sandbox', () => {
  it('a script with round() betting mines: each bet a round of its fields at once then a cashout, the same bets as the simulator\'s one request', async () => {
    const { live, replay } = await sandbox_and_sim('mines.js', `
game = 'mines'
nextbet = 0.000001
mines = 10
fields = [0, 1]
function round() { return HILO_CASHOUT }
function dobet() { fields = win ? [0, 1] : [(fields[0] + 2) % 24, (fields[0] + 2) % 24 + 1] }
`, { stop_loss: 0.01, max_bet: 0.001, max_bets: 24 });
    // 24 rounds of two tiles among 10 mines (a win: 15/25 × 14/24 = 0.35): none won has a chance of 0.65^24, about 3 in 100,000.
    const picked = (l: BetLine) => (l.state as { rounds: { field: number }[] }).rounds.map((r) => r.field);
    expect(new Set(live.map((l) => picked(l)[0]))).not.toEqual(new Set([0]));
    expect(new Set(live.map((l) => l.payout > 0))).toEqual(new Set([true, false]));
    // Revealed at once: a round's tiles are the script's two, a loss stops at the first mine among them.
    for (const l of live) expect(picked(l).length).toBe(l.payout > 0 ? 2 : picked(l).findIndex((f) => (l.state as { mines: number[] }).mines.includes(f)) + 1);
    // On the sandbox each was a round: opened, one step with both tiles, a cashout when it survived.
    const log = w.sandbox.stats().request_log.map((q) => q.operation_name ?? '');
    expect(log.filter((o) => o === 'MinesNext')).toHaveLength(24);
    expect(log.filter((o) => o === 'MinesCashout')).toHaveLength(live.filter((l) => l.payout > 0).length);
    const money = (l: BetLine) => ({ amount: l.amount, nonce: l.nonce, payout: l.payout, balance: l.balance, mines: (l.state as { mines: number[] }).mines });
    expect(replay.map(money)).toEqual(live.map(money));
  }, 60_000);

  it('hilo: evilbot\'s constants mapped on the last card, every card the seeds\', a cashout after two right guesses', async () => {
    // Written for this test: HIGH on A–7, LOW on 8–K; cash out once two guesses came right.
    const file = path.join(w.dir, 'hilo.js');
    fs.writeFileSync(file, `
game = 'hilo'
nextbet = 1
startcard = { rank: '7', suit: 'H' }
function round() {
  var rounds = currentBet.state.rounds
  if (rounds.length >= 2) return HILO_CASHOUT
  var last = rounds.length > 0 ? rounds[rounds.length - 1].card.rank : currentBet.state.startCard.rank
  return ['A', '2', '3', '4', '5', '6', '7'].indexOf(last) >= 0 ? HILO_BET_HIGH : HILO_BET_LOW
}
function dobet() {}
`);
    const live: BetLine[] = [];
    const r = await run_autobet({ client: w.client, database: w.database, currency: 'usd', strategy: file, limits: { stop_loss: 100, max_bet: 2, max_bets: 10 }, on_bet: (l) => live.push(l) });
    expect(r.stop?.reason, r.stop?.message).toBe('max_bets');
    const states = await round_states(r.session as number);
    const seeds = await reveal();
    const endings = new Set<string>();
    for (const l of live) {
      const state = states.get(l.identifier) as { startCard: Card; rounds: Array<{ card: Card; guess: string }> };
      const cards = cards_of(seeds.server, seeds.client, l.nonce as number);
      // The script's rule, evilbot's mapping: HIGH is higher on an ace, else higherEqual; LOW lower on a king, else lowerEqual.
      let current = '7';
      const guesses: string[] = [];
      let lost = false;
      for (const card of cards) {
        if (guesses.length >= 2) break;
        const high = ['A', '2', '3', '4', '5', '6', '7'].includes(current);
        const guess = high ? (current === 'A' ? 'higher' : 'higherEqual') : (current === 'K' ? 'lower' : 'lowerEqual');
        guesses.push(guess);
        if (!hilo_judge(guess, current, card.rank).won) { lost = true; break; }
        current = card.rank;
      }
      expect(state.startCard).toEqual({ rank: '7', suit: 'H' });
      expect(state.rounds.map((x) => x.card)).toEqual(cards.slice(0, guesses.length));
      expect(state.rounds.map((x) => x.guess)).toEqual(guesses);
      expect(l.payout > 0).toBe(!lost);
      endings.add(lost ? 'loss' : 'cashout');
    }
    expect([...endings].sort()).toEqual(['cashout', 'loss']);
    // The simulator plays the same rounds through the same round(): the same bets.
    const replay: BetLine[] = [];
    const start_balance = Math.round((live[0]!.balance - live[0]!.profit) * 100) / 100;
    await simulate({
      strategy: file, currency: 'usd', limits: { stop_loss: 100, max_bet: 2, max_bets: 10 }, start_balance, bets: 10,
      seeds: [{ server_seed: seeds.server, client_seed: seeds.client }], on_bet: (l) => replay.push(l),
    });
    const money = (l: BetLine) => ({ amount: l.amount, nonce: l.nonce, payout: l.payout, balance: l.balance });
    expect(replay.map(money)).toEqual(live.map(money));
  }, 60_000);

  it('blackjack: the script\'s strings, insurance declined, every card the seeds\' in deal order, the public payouts', async () => {
    // Written for this test: decline insurance when offered; hit below 17, else stand.
    const file = path.join(w.dir, 'blackjack.js');
    fs.writeFileSync(file, `
game = 'blackjack'
nextbet = 1
function total(cards) {
  var sum = 0, aces = 0
  for (var i = 0; i < cards.length; i++) {
    var r = cards[i].rank
    if (r === 'A') aces++
    sum += r === 'A' ? 1 : (r === 'J' || r === 'Q' || r === 'K') ? 10 : Number(r)
  }
  return aces > 0 && sum + 10 <= 21 ? sum + 10 : sum
}
function round() {
  var state = currentBet.state, hand = state.player[state.player.length - 1]
  // Insurance is offered on a dealer's ace until the player answers it.
  if (state.dealer[0].cards[0].rank === 'A' && hand.actions.indexOf('insurance') < 0 && hand.actions.indexOf('noInsurance') < 0) return "BLACKJACK_NOINSURANCE"
  return total(hand.cards) < 17 ? "BLACKJACK_HIT" : "BLACKJACK_STAND"
}
function dobet() {}
`);
    const live: BetLine[] = [];
    const r = await run_autobet({ client: w.client, database: w.database, currency: 'usd', strategy: file, limits: { stop_loss: 100, max_bet: 2, max_bets: 15 }, on_bet: (l) => live.push(l) });
    expect(r.stop?.reason, r.stop?.message).toBe('max_bets');
    const states = await round_states(r.session as number);
    const seeds = await reveal();
    let hits = 0;
    for (const l of live) {
      const state = states.get(l.identifier) as BjState;
      const { expected, got } = bj_cards_in_order(state, cards_of(seeds.server, seeds.client, l.nonce as number));
      expect(got).toEqual(expected);
      expect(state.player).toHaveLength(1);
      const hand = state.player[0]!;
      // A card was drawn only below 17; the hand stopped at 17 or more (or the deal ended it).
      for (let k = 2; k < hand.cards.length; k++) expect(bj_total(hand.cards.slice(0, k))).toBeLessThan(17);
      hits += hand.cards.length - 2;
      expect(hand.actions).not.toContain('insurance');
      expect(hand.actions).not.toContain('double');
      expect(l.amount).toBe(bj_staked(state, false));
      expect(l.payout).toBeCloseTo(bj_return(state, false), 9);
    }
    expect(hits).toBeGreaterThan(0);
  }, 60_000);
});
