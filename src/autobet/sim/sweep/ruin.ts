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
import { payout_units } from '../../../games/kernel/payout.js';
import { dice_multiplier, dice_wins, type DiceCondition } from '../../../games/dice/rules.js';
import type { Settings } from '../../strategies/settings-check.js';

/** Balances × bets the chain may step through before it gives up (the figure is then left out): about a second at most. */
const BUDGET = 20_000_000;
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
  // Each step of the ladder holds the chances of the balances from `lo` on (a window that moves as bets are paid).
  let levels: { lo: number; v: Float64Array }[] = [{ lo: balance_units, v: Float64Array.of(1) }];
  let ruin = 0;
  let work = 0;
  for (let t = 0; t < bets; t++) {
    let width = 0;
    for (const l of levels) width += l.v.length;
    work += width;
    // The windows seldom shrink: when these for the bets left would pass the budget, give up now rather than at it.
    if (work > BUDGET || width * (bets - t) > BUDGET) return null;
    const lost: ({ lo: number; v: Float64Array } | undefined)[] = [];
    // The balances a win leads to, on the first step: the union of every step's window moved by its win.
    let winLo = Infinity;
    let winHi = -Infinity;
    const wins: { from: number; to: number; j: number; shift: number }[] = [];
    levels.forEach((l, j) => {
      const amount = step(j);
      // Balances below the step's amount cannot pay it: with bets left (t < bets), the bust.
      const paid = Math.max(0, amount - l.lo);
      for (let i = 0; i < Math.min(paid, l.v.length); i++) ruin += l.v[i]!;
      if (paid >= l.v.length) return;
      const shift = payout_units(amount, multiplier) - amount;
      wins.push({ from: paid, to: l.v.length, j, shift });
      winLo = Math.min(winLo, l.lo + paid + shift);
      winHi = Math.max(winHi, l.lo + l.v.length - 1 + shift);
      const next = pct === null ? 0 : j + 1;
      const v = l.v.subarray(paid).map((x) => x * q);
      const lo = l.lo + paid - amount;
      lost[next] = { lo, v };
    });
    if (lost.length > MAX_STEPS + 1) return null;
    const out: { lo: number; v: Float64Array }[] = [];
    // Step 0: the wins, and with `on_loss: reset` the losses too.
    const zero = lost[0];
    if (zero !== undefined) {
      winLo = Math.min(winLo, zero.lo);
      winHi = Math.max(winHi, zero.lo + zero.v.length - 1);
    }
    if (winHi >= winLo) {
      if (!Number.isSafeInteger(winHi)) return null;
      const v = new Float64Array(winHi - winLo + 1);
      for (const w of wins) {
        const l = levels[w.j]!;
        const base = l.lo + w.shift - winLo;
        for (let i = w.from; i < w.to; i++) v[base + i] = v[base + i]! + l.v[i]! * p;
      }
      if (zero !== undefined) for (let i = 0; i < zero.v.length; i++) v[zero.lo - winLo + i] = v[zero.lo - winLo + i]! + zero.v[i]!;
      out[0] = { lo: winLo, v };
    } else out[0] = { lo: 0, v: new Float64Array(0) };
    for (let j = 1; j < lost.length; j++) out[j] = lost[j] ?? { lo: 0, v: new Float64Array(0) };
    levels = out;
  }
  return ruin;
}
