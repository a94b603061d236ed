/**
 * The exact probability of ruin in N bets of a martingale-family settings
 * strategy on dice (reset on a win, change the amount by `increase_pct` on a
 * loss, no advanced rules): a Markov chain over (balance, step of the
 * ladder), stepped N times. Ruin is the settings' bust: after a bet, with
 * bets left, the balance cannot pay the next step. Amounts move as the
 * settings strategy moves them (whole units, a percentage change rounded
 * half up) and wins pay as the simulator pays them (rounded down to the
 * unit), so the chain and the Monte Carlo figure answer the same question.
 */
import { payout_units } from '../../games/kernel/payout.js';
import { dice_multiplier, dice_wins, type DiceCondition } from '../../games/dice/rules.js';
import type { Settings } from '../strategies/settings-check.js';

/** States × bets the chain may step through before it gives up (the figure is then left out): well under a second. */
const BUDGET = 2_000_000;
const MAX_STEPS = 63;

/** The win chance of a dice bet: of the 10 001 rolls `floor(float × 10001) / 100`, the share that wins. */
export function dice_win_probability(target: number, condition: DiceCondition): number {
  let wins = 0;
  for (let r = 0; r <= 10_000; r++) if (dice_wins(r / 100, target, condition)) wins++;
  return wins / 10_001;
}

/** Whether the exact chain applies to `s`: dice, reset on a win, no advanced rules. */
export function is_martingale_family(s: Settings): boolean {
  return s.game === 'dice' && s.on_win === 'reset' && s.rules.length === 0;
}

/**
 * P(ruin within `bets` bets) starting with `balance_units`, or null when the
 * chain does not apply or outgrows its budget.
 */
export function ruin_exact(s: Settings, balance_units: number, bets: number, scale: number): number | null {
  if (!is_martingale_family(s)) return null;
  const target = s.bet['target'] as number;
  const condition = s.bet['condition'] as DiceCondition;
  const p = dice_win_probability(target, condition);
  const q = 1 - p;
  const multiplier = dice_multiplier(target, condition);
  const ladder = [Math.round(s.bet.amount * scale)];
  const pct = s.on_loss === 'reset' ? null : s.on_loss.increase_pct;
  const step = (j: number): number => {
    while (ladder.length <= j) ladder.push(pct === null ? ladder[0]! : Math.round((ladder.at(-1)! * (100 + pct)) / 100));
    return ladder[j]!;
  };
  if (ladder[0] === 0) return 0;
  // key = balance × 64 + step
  let states = new Map<number, number>([[balance_units * 64, 1]]);
  let ruin = 0;
  let work = 0;
  for (let t = 0; t < bets; t++) {
    const next = new Map<number, number>();
    let overflow = false;
    const add = (key: number, pr: number): void => {
      if (!Number.isSafeInteger(key)) overflow = true;
      next.set(key, (next.get(key) ?? 0) + pr);
    };
    work += states.size;
    // The states seldom shrink: when this many for the bets left would pass the budget, give up now rather than at it.
    if (work > BUDGET || states.size * (bets - t) > BUDGET) return null;
    for (const [key, pr] of states) {
      const j = key % 64;
      const balance = (key - j) / 64;
      const amount = step(j);
      if (amount > balance) {
        // Bets were left (t < bets): this is the bust.
        ruin += pr;
        continue;
      }
      add((balance - amount + payout_units(amount, multiplier)) * 64, pr * p);
      const lost = pct === null ? 0 : j + 1;
      if (lost > MAX_STEPS) return null;
      add((balance - amount) * 64 + lost, pr * q);
    }
    if (overflow) return null;
    states = next;
  }
  return ruin;
}
