/**
 * Video poker's one move: hold some of the five cards dealt and draw the
 * rest (`VideoPokerNext($held: [VideoPokerNextHeldInput]!)`, each held card
 * `{ rank, suit }`: site-coverage.md §2.1). At most five distinct cards, each
 * one of the hand dealt when that hand is known.
 */
import type { SiteCard } from '../kernel/cards-input.js';
import { check_card } from '../kernel/cards-input.js';
import type { RoundRules } from '../kernel/round-rules.js';

/** Video poker's `state`: the hand dealt, the hand now, its rank once drawn (`threeOfAKind`, ...). */
export type VideoPokerState = {
  readonly playerHand: readonly SiteCard[];
  readonly initialHand: readonly SiteCard[];
  readonly handResult: string | null;
};

/** Checks `{ held }` of `client.act('videoPoker', …)`. */
export function check_video_poker_held(value: unknown, state: VideoPokerState | null): SiteCard[] {
  if (!Array.isArray(value)) throw new TypeError('held must be an array of cards { rank, suit }');
  if (value.length > 5) throw new RangeError(`held must hold at most 5 cards (got ${value.length})`);
  const held: SiteCard[] = [];
  for (let i = 0; i < value.length; i++) {
    const card = check_card(value[i], `held[${i}]`);
    if (held.some((c) => c.rank === card.rank && c.suit === card.suit)) throw new RangeError(`held[${i}] repeats ${card.rank}${card.suit}`);
    if (state !== null && !state.playerHand.some((c) => c.rank === card.rank && c.suit === card.suit)) {
      throw new RangeError(`held[${i}] ${card.rank}${card.suit} is not in the hand dealt`);
    }
    held.push(card);
  }
  return held;
}

const card_text = (c: SiteCard): string => `${c.rank}${c.suit}`;

/**
 * Video poker's round rules: one draw ends the hand; no cashout, no step
 * that adds nothing (every draw settles the stake), so a run stopping
 * mid-hand leaves it open. Its pay table is in no public source found
 * (docs/round-rules.md lists the searches): the sandbox and the simulator
 * refuse it, and it is played live with `client.start` / `act`.
 */
export const video_poker_round: RoundRules<VideoPokerState> = {
  name: 'videoPoker',
  actions: () => ['hold'],
  multiplier: () => 1,
  progress: () => 0,
  step_request: (step) => {
    if (typeof step !== 'object' || step === null || !('held' in step)) throw new RangeError('round: a video poker step is { held: [cards] }');
    return { kind: 'act', input: { held: (step as { held: unknown }).held }, label: 'draw' };
  },
  added_units: () => 0,
  safe_step: () => null,
  first_step: null,
  cashout: false,
  // site-coverage.md §2.3: a hand left open is found by the site's refusal of the next bet.
  open_round_unread: 'no public client reads an open video poker hand; the site refuses the next bet until it is drawn',
  start_identifier: false,
  step_identifier: true,
  rules_not_public: "video poker's pay table is in no public source",
  start_input: () => ({}),
  strategy_bet: null,
  cli: {
    opening: [],
    describe: (state) => `hand: ${state.playerHand.map((c, i) => `${i + 1}:${card_text(c)}`).join(' ')}${state.handResult === null ? '' : `; ${state.handResult}`}`,
    allowed: () => 'hold N... (positions 1-5) | draw (hold none)',
    parse: (words, line, state) => {
      const [first, ...rest] = words;
      if (first === 'draw' && rest.length === 0) return { act: { held: [] } };
      if (first !== 'hold' || rest.length === 0 || !rest.every((w) => /^[1-5]$/.test(w))) throw new RangeError(`hold N... with positions 1-5, or draw (got ${JSON.stringify(line.slice(0, 40))})`);
      return { act: { held: rest.map((w) => state.playerHand[Number(w) - 1]) } };
    },
  },
};
