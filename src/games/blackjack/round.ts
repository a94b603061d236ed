/**
 * Blackjack's moves as the site takes them: `BlackjackNextActionInput` is
 * `hit stand double split insurance noInsurance` (site-coverage.md §2.2: the
 * sportslots bot, MJE, search-index file 40686573989). There is no
 * `surrender` in any source, so it is refused before the wire; whether a move
 * is allowed now (a split without a pair, a double after a hit) the site
 * decides.
 */

import type { SiteCard } from '../kernel/cards-input.js';
import type { RoundRules } from '../kernel/round-rules.js';
import { blackjack_insurance_offered, type BlackjackAction, type BlackjackHand, type BlackjackState } from './rules.js';

export type { BlackjackAction };

/** Every move the site takes, in its spelling. */
export const BLACKJACK_ACTIONS: readonly BlackjackAction[] = Object.freeze(['hit', 'stand', 'double', 'split', 'insurance', 'noInsurance']);

/** Checks `{ action }` of `client.act('blackjack', …)`. */
export function check_blackjack_action(value: unknown): BlackjackAction {
  if (typeof value !== 'string') throw new TypeError('action must be a string');
  if (!(BLACKJACK_ACTIONS as readonly string[]).includes(value)) {
    const why = value === 'surrender' ? ' (the site offers no surrender)' : '';
    throw new RangeError(`action must be one of ${BLACKJACK_ACTIONS.join(', ')}${why}`);
  }
  return value as BlackjackAction;
}

// A hand's history words that end it (rules.ts: `deal insurance noInsurance split hit stand double bust full`).
const HAND_ENDS = new Set(['stand', 'double', 'bust', 'full']);

/**
 * The moves the state allows now, read from the site's state as the
 * sandbox's rules take them (rules.ts `blackjack_allowed`): insurance only
 * while offered on a dealer ace, double on two cards, split a pair of one
 * rank once. Advice only: any action is still sent and judged by the site.
 */
export function blackjack_moves(state: BlackjackState): string[] {
  const first = state.player[0];
  const answered = state.player.some((h) => h.actions.includes('insurance') || h.actions.includes('noInsurance'));
  const single = state.player.length === 1 && first !== undefined && first.cards.length === 2 && first.actions.every((a) => a === 'deal');
  if (state.dealer[0]?.cards[0]?.rank === 'A' && single && !answered) return ['insurance', 'noInsurance'];
  const hand = state.player.find((h) => !h.actions.some((a) => HAND_ENDS.has(a)));
  if (hand === undefined) return [];
  const moves = ['hit', 'stand'];
  if (hand.cards.length === 2) moves.push('double');
  if (state.player.length === 1 && hand.cards.length === 2 && hand.cards[0]?.rank === hand.cards[1]?.rank) moves.push('split');
  return moves;
}

const card_text = (c: SiteCard): string => `${c.rank}${c.suit}`;
const hand_text = (h: BlackjackHand): string => `${h.cards.map(card_text).join(' ')} (${h.value})`;

/**
 * Blackjack's round rules. Stakes a step adds: a double or a split puts up
 * the opening bet again, an insurance half of it (the common table rule;
 * the site's answer says what it took), rounded up to a whole unit so a
 * limit is never passed by a rounding. No cashout: stand ends a hand.
 */
export const blackjack_round: RoundRules<BlackjackState> = {
  name: 'blackjack',
  actions: () => BLACKJACK_ACTIONS,
  multiplier: () => 1,
  progress: (state) => state.player.reduce((n, hand) => n + hand.actions.length, 0),
  step_request: (step) => {
    if (typeof step !== 'string') throw new RangeError(`round: a blackjack step is one of ${BLACKJACK_ACTIONS.join(', ')}`);
    return { kind: 'act', input: { action: step }, label: step };
  },
  added_units: (request, opening_units) => {
    if (request.kind !== 'act') return 0;
    const action = request.input['action'];
    if (action === 'double' || action === 'split') return opening_units;
    if (action === 'insurance') return Math.ceil(opening_units / 2);
    return 0;
  },
  // An offered insurance is answered noInsurance, then the hand stands.
  safe_step: (state) => (state !== undefined && blackjack_insurance_offered(state) ? 'noInsurance' : 'stand'),
  first_step: null,
  cashout: false,
  open_round_unread: null,
  start_identifier: true,
  step_identifier: true,
  rules_not_public: null,
  start_input: (_params, identifier) => ({ identifier }),
  strategy_bet: { inputs: [], check: () => ({}) },
  cli: {
    opening: [],
    describe: (state) => `player: ${state.player.map(hand_text).join(' | ')}; dealer: ${state.dealer.map(hand_text).join(' | ')}`,
    allowed: (state) => (state === undefined ? [...BLACKJACK_ACTIONS] : blackjack_moves(state)).join(' | '),
    parse: (words) => {
      if (words.length > 1) throw new RangeError(`one action a line: ${BLACKJACK_ACTIONS.join(' | ')}`);
      // double, split and insurance add to the stake: the command journals each step, with what it adds, before it is sent.
      return { act: { action: words[0] } };
    },
  },
};
