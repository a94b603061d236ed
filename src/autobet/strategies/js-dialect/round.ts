/**
 * A bot script's `round()` answer as the round player's step. The host
 * calls `round()` while a hilo or blackjack round is open and `dobet()` only
 * once it has ended (`poky1084/evilbot:index.js` `data()` ~l. 14305–14330;
 * MJE43/stake-pf-replay-go docs/scripting/scripting-model.md "Script Callback"),
 * with `currentBet` the open bet. Its answers, as evilbot reads them:
 *
 * - hilo (~l. 14370–14410): `HILO_BET_EQUAL` (2) `equal`, `HILO_SKIP` (7)
 *   `skip`, `HILO_CASHOUT` (3) a cashout; `HILO_BET_HIGH` (5) is `higher` on
 *   an ace, `equal` on a king, else `higherEqual`; `HILO_BET_LOW` (4) is
 *   `equal` on an ace, `lower` on a king, else `lowerEqual` (the last card
 *   drawn, or the start card before any).
 * - blackjack (~l. 14317–14335): the strings `"BLACKJACK_STAND"`, `_HIT`,
 *   `_DOUBLE`, `_SPLIT`, `_INSURANCE`, `_NOINSURANCE`; bot2love's constants of
 *   those names hold the site's actions (`stand`, …), taken as well.
 *
 * Where evilbot keeps the previous action on an answer it does not know, a
 * wrong answer here is an error: the round player then plays the round's safe
 * step and stops the run (rounds/play-round.ts). Called once a step: evilbot
 * calls `round()` twice after an `existingGame` error, which is not imitated.
 */
import type { RoundStep, RoundView } from '../../../games/kernel/round-view.js';
import { StrategyError } from '../strategy.js';

const HILO_BY_NUMBER: Readonly<Record<number, string>> = { 2: 'equal', 7: 'skip', 3: 'cashout' };

const BLACKJACK: Readonly<Record<string, string>> = {
  BLACKJACK_STAND: 'stand', BLACKJACK_HIT: 'hit', BLACKJACK_DOUBLE: 'double', BLACKJACK_SPLIT: 'split',
  BLACKJACK_INSURANCE: 'insurance', BLACKJACK_NOINSURANCE: 'noInsurance',
  stand: 'stand', hit: 'hit', double: 'double', split: 'split', insurance: 'insurance', noInsurance: 'noInsurance',
};

interface HiloRounds {
  readonly rounds?: ReadonlyArray<{ readonly card?: { readonly rank?: unknown } }>;
  readonly startCard?: { readonly rank?: unknown };
}

/** The rank a hilo guess is made against: the last card drawn, or the start card. */
export function hilo_last_rank(state: unknown): string {
  const s = (state ?? {}) as HiloRounds;
  const rounds = Array.isArray(s.rounds) ? s.rounds : [];
  const rank = rounds.length > 0 ? rounds[rounds.length - 1]?.card?.rank : s.startCard?.rank;
  return typeof rank === 'string' ? rank : '';
}

function show(answer: unknown): string {
  return typeof answer === 'string' ? JSON.stringify(answer) : String(answer);
}

/**
 * The step `round()`'s answer asks for in `view`; `fields`: a mines bet's
 * tiles (a script with `round()` has its mines bets played as rounds: the
 * tiles revealed at once, then a cashout, as the one-request bet).
 * @throws StrategyError (phase `run`, field `round`) for an answer the game does not take.
 */
export function bot_round_step(view: RoundView, answer: unknown, fields: readonly number[] | null): RoundStep {
  switch (view.game) {
    case 'hilo': {
      if (typeof answer === 'number') {
        const rank = hilo_last_rank(view.state);
        if (answer === 5) return rank === 'A' ? 'higher' : rank === 'K' ? 'equal' : 'higherEqual';
        if (answer === 4) return rank === 'A' ? 'equal' : rank === 'K' ? 'lower' : 'lowerEqual';
        const step = HILO_BY_NUMBER[answer];
        if (step !== undefined) return step;
      }
      throw new StrategyError('run', `round() answered ${show(answer)} in a hilo round: it takes HILO_BET_HIGH, HILO_BET_LOW, HILO_BET_EQUAL, HILO_SKIP or HILO_CASHOUT`, { field: 'round' });
    }
    case 'blackjack': {
      const step = typeof answer === 'string' && Object.hasOwn(BLACKJACK, answer) ? BLACKJACK[answer] : undefined;
      if (step !== undefined) return step;
      throw new StrategyError('run', `round() answered ${show(answer)} in a blackjack round: it takes "BLACKJACK_STAND", "BLACKJACK_HIT", "BLACKJACK_DOUBLE", "BLACKJACK_SPLIT", "BLACKJACK_INSURANCE" or "BLACKJACK_NOINSURANCE"`, { field: 'round' });
    }
    case 'mines': {
      const revealed = (view.state as { rounds?: unknown[] } | null)?.rounds;
      if (fields !== null && (!Array.isArray(revealed) || revealed.length === 0)) return { fields };
      return 'cashout';
    }
    default:
      throw new StrategyError('run', `a bot script's round() plays hilo and blackjack, not ${view.game}`, { field: 'round' });
  }
}
