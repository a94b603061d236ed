/**
 * Hilo's guesses: `CasinoGameHiloGuessEnum` is `higher lower equal
 * higherEqual lowerEqual skip` (site-coverage.md §2.2: StakeBOT, MJE, the
 * sportslots bot). On a king nothing is higher and on an ace nothing is
 * lower (the ace is hilo's lowest card, the king its highest: same sources),
 * so `higher` on a K and `lower` on an A are refused before the wire, judged
 * from the last card of the round's latest answer.
 */
import { check_card, type SiteCard } from '../kernel/cards-input.js';
import { last_round_multiplier, rounds_progress, type RoundRules } from '../kernel/round-rules.js';
import { hilo_can_cash_out, type HiloGuess, type HiloState } from './rules.js';

export type { HiloGuess };

/** Every guess the site takes, in its spelling. */
export const HILO_GUESSES: readonly HiloGuess[] = Object.freeze(['higher', 'lower', 'equal', 'higherEqual', 'lowerEqual', 'skip']);

/** The card a guess is about: the last drawn, else the start card. */
export function hilo_current_card(state: HiloState): SiteCard {
  const last = state.rounds[state.rounds.length - 1];
  return last === undefined ? state.startCard : last.card;
}

/** Checks `{ guess }` of `client.act('hilo', …)` against the current card when it is known. */
export function check_hilo_guess(value: unknown, state: HiloState | null): HiloGuess {
  if (typeof value !== 'string') throw new TypeError('guess must be a string');
  if (!(HILO_GUESSES as readonly string[]).includes(value)) throw new RangeError(`guess must be one of ${HILO_GUESSES.join(', ')}`);
  if (state !== null) {
    const { rank } = hilo_current_card(state);
    if (value === 'higher' && rank === 'K') throw new RangeError('guess higher is impossible on a king: nothing ranks above it (higherEqual, equal or lower)');
    if (value === 'lower' && rank === 'A') throw new RangeError('guess lower is impossible on an ace: nothing ranks below it (lowerEqual, equal or higher)');
  }
  return value as HiloGuess;
}

const card_text = (c: SiteCard): string => `${c.rank}${c.suit}`;

/**
 * Hilo's round rules: a guess a step, a cashout once a card was guessed (the
 * site refuses one before: site-coverage.md §2.5), nothing added to the stake.
 */
export const hilo_round: RoundRules<HiloState> = {
  name: 'hilo',
  actions: (state) => (state.rounds.length > 0 ? [...HILO_GUESSES, 'cashout'] : HILO_GUESSES),
  multiplier: last_round_multiplier,
  progress: rounds_progress,
  step_request: (step) => {
    if (typeof step !== 'string') throw new RangeError(`round: a hilo step is one of ${HILO_GUESSES.join(', ')} or 'cashout'`);
    return { kind: 'act', input: { guess: step }, label: step };
  },
  added_units: () => 0,
  // Cash out only where the rules take it: before a guess was won (none yet, or skips alone) a cashout is refused, so
  // the safe thing is to send nothing and leave the round open, saying so (a resume plays it on).
  safe_step: (state) => (state !== undefined && !hilo_can_cash_out(state) ? null : 'cashout'),
  first_step: 'guess',
  cashout: true,
  open_round_unread: null,
  start_identifier: false,
  step_identifier: false,
  rules_not_public: null,
  start_input: (params) => ({ startCard: params['startCard'] }),
  // The start card is the player's choice, as on the site.
  strategy_bet: { inputs: ['startCard'], check: (bet) => ({ startCard: check_card(bet['startCard'], 'startCard') }) },
  cli: {
    opening: [{ flag: 'start-card', kind: 'card', input: 'startCard', missing: null, check: (value) => check_card(value, 'startCard') }],
    describe: (state) => {
      const last = state.rounds[state.rounds.length - 1];
      // A skip draws a card but is no guess: counted apart.
      const skips = state.rounds.filter((r) => r.guess === 'skip').length;
      return `card: ${card_text(hilo_current_card(state))}; guesses: ${state.rounds.length - skips}${skips === 0 ? '' : `; skips: ${skips}`}; multiplier: ${last === undefined ? 1 : last.payoutMultiplier}`;
    },
    allowed: () => `${HILO_GUESSES.join(' | ')} | cashout`,
    parse: (words) => {
      if (words.length > 1) throw new RangeError(`one guess a line: ${HILO_GUESSES.join(' | ')} | cashout`);
      return { act: { guess: words[0] } };
    },
  },
};
