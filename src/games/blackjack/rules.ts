/**
 * Blackjack's rules, pure: the deal, each move, the dealer's play and what a
 * round pays. docs/round-rules.md lists each rule with its source and which
 * are our choices. In short:
 * - Published for Stake Originals Blackjack (two third-party guides that
 *   agree: https://bet.sportka-vysledky.eu/Blackjack/How-to-Play-Stake-Originals-Blackjack-Vinte-e-Um-Online-Rules-Payouts-Controls-and-Practical-Strategy.html
 *   and http://bahq.eu/Blackjack/Online-Blackjack-Rules-RTP-Bust-Odds-amp-Strategy-for-Smarter-Play.html):
 *   the dealer stands on 17, a win pays 1:1, a natural 3:2, insurance 2:1,
 *   RTP 99.43 %; hit, stand, double, split, insurance.
 * - The site's API (site-coverage.md §2.2, §2.5): the moves `hit stand double
 *   split insurance noInsurance`, insurance offered when the dealer shows an
 *   ace, one split (two hands, no re-split), each hand's `actions` history
 *   (`deal insurance noInsurance split hit stand double bust full`).
 * - Stake's provably-fair page: an unlimited deck (src/games/kernel/cards.ts).
 * - Our choices (unconfirmed): the deal order player, dealer, player,
 *   dealer's hole card (MJE's replay app), then cards in order; the dealer
 *   also stands on soft 17 (the guides' "stops at 17"); double on any two
 *   cards, after a split too; split only a pair of the same rank; split aces
 *   take one card each; the dealer checks for a natural after the insurance
 *   answer (ace up) or at once (ten up); 21 after a split is not a natural.
 */
import type { SiteCard } from '../kernel/cards-input.js';

/** A blackjack move (`BlackjackNextActionInput`). */
export type BlackjackAction = 'hit' | 'stand' | 'double' | 'split' | 'insurance' | 'noInsurance';

/** One blackjack hand: its value, its history of actions, its cards. */
export interface BlackjackHand {
  readonly value: number;
  readonly actions: readonly string[];
  readonly cards: readonly SiteCard[];
}

/** Blackjack's `state` (a type alias so it fits `Record<string, unknown>`). */
export type BlackjackState = {
  readonly player: readonly BlackjackHand[];
  readonly dealer: readonly BlackjackHand[];
};

/**
 * Whether the site's state offers insurance now: the dealer shows an ace and
 * the one hand has not answered it (then only insurance or noInsurance is
 * taken).
 */
export function blackjack_insurance_offered(state: BlackjackState): boolean {
  const up = state.dealer[0]?.cards[0];
  const first = state.player[0];
  if (up === undefined || first === undefined || up.rank !== 'A' || state.player.length !== 1) return false;
  return !first.actions.includes('insurance') && !first.actions.includes('noInsurance');
}

/** The value of a hand and whether an ace counts 11 in it. */
export function blackjack_total(cards: readonly SiteCard[]): { total: number; soft: boolean } {
  let total = 0;
  let aces = 0;
  for (const { rank } of cards) {
    if (rank === 'A') {
      aces++;
      total += 1;
    } else total += rank === 'J' || rank === 'Q' || rank === 'K' ? 10 : Number(rank);
  }
  const soft = aces > 0 && total + 10 <= 21;
  return { total: soft ? total + 10 : total, soft };
}

const is_natural = (cards: readonly SiteCard[]) => cards.length === 2 && blackjack_total(cards).total === 21;

interface Hand {
  readonly cards: SiteCard[];
  readonly actions: string[];
  /** 1, or 2 once doubled. */
  stake: number;
  done: boolean;
}

/** A round in play: its cards (the provably-fair outcome), the hands, the dealer, the insurance answer. */
export interface BlackjackRound {
  readonly cards: readonly SiteCard[];
  drawn: number;
  readonly hands: Hand[];
  readonly dealer: { readonly cards: SiteCard[]; readonly actions: string[] };
  insurance: 'none' | 'offered' | 'taken' | 'declined';
  over: boolean;
}

/** What a finished round returns, counted in the first stake: stakes placed on hands, what they return, the insurance. */
export interface BlackjackResult {
  /** Main stakes placed (1, 2 after a double or split, up to 4). */
  readonly staked: number;
  /** What the hands return, in stakes (a natural 2.5, a win 2, a push 1, a doubled win 4). */
  readonly returned: number;
  /** The half-stake insurance: none, lost or won (it returns 3 times itself). */
  readonly insurance: 'none' | 'lost' | 'won';
}

function draw(round: BlackjackRound): SiteCard {
  const card = round.cards[round.drawn];
  if (card === undefined) throw new RangeError('the round has drawn all 52 of its cards');
  round.drawn++;
  return { rank: card.rank, suit: card.suit };
}

/** Deals a round from its cards: player, dealer, player, dealer's hole card. */
export function blackjack_deal(cards: readonly SiteCard[]): BlackjackRound {
  const round: BlackjackRound = { cards, drawn: 0, hands: [], dealer: { cards: [], actions: ['deal'] }, insurance: 'none', over: false };
  const p1 = draw(round);
  const d1 = draw(round);
  const p2 = draw(round);
  const d2 = draw(round);
  round.hands.push({ cards: [p1, p2], actions: ['deal'], stake: 1, done: false });
  round.dealer.cards.push(d1, d2);
  if (d1.rank === 'A') round.insurance = 'offered';
  else check_naturals(round);
  return round;
}

/** The dealer's peek: a dealer natural ends the round; else a player natural is paid at once. */
function check_naturals(round: BlackjackRound): void {
  const hand = round.hands[0] as Hand;
  if (is_natural(round.dealer.cards) || is_natural(hand.cards)) {
    hand.done = true;
    round.over = true;
  }
}

/** The moves the round takes now (none once over). */
export function blackjack_allowed(round: BlackjackRound): BlackjackAction[] {
  if (round.over) return [];
  if (round.insurance === 'offered') return ['insurance', 'noInsurance'];
  const hand = round.hands.find((h) => !h.done);
  if (hand === undefined) return [];
  const moves: BlackjackAction[] = ['hit', 'stand'];
  if (hand.cards.length === 2) moves.push('double');
  if (round.hands.length === 1 && hand.cards.length === 2 && hand.cards[0]?.rank === hand.cards[1]?.rank) moves.push('split');
  return moves;
}

function finish_hand(hand: Hand): void {
  const { total } = blackjack_total(hand.cards);
  if (total > 21) {
    hand.actions.push('bust');
    hand.done = true;
  } else if (total === 21) {
    hand.actions.push('full');
    hand.done = true;
  }
}

function dealer_plays(round: BlackjackRound): void {
  round.over = true;
  if (round.hands.every((h) => blackjack_total(h.cards).total > 21)) return;
  // Stands on every 17, soft ones too.
  while (blackjack_total(round.dealer.cards).total < 17) {
    round.dealer.cards.push(draw(round));
    round.dealer.actions.push('hit');
  }
  round.dealer.actions.push(blackjack_total(round.dealer.cards).total > 21 ? 'bust' : 'stand');
}

/** Plays `action`; a move the round does not take now is a RangeError and changes nothing. Returns a new round. */
export function blackjack_act(previous: BlackjackRound, action: BlackjackAction): BlackjackRound {
  const allowed = blackjack_allowed(previous);
  if (!allowed.includes(action)) {
    throw new RangeError(previous.over ? 'the round is over' : `action ${action} is not possible now (possible: ${allowed.join(', ')})`);
  }
  // A copy of what a move changes; the round's cards are never changed, so they are shared.
  const round: BlackjackRound = {
    cards: previous.cards,
    drawn: previous.drawn,
    hands: previous.hands.map((h) => ({ cards: [...h.cards], actions: [...h.actions], stake: h.stake, done: h.done })),
    dealer: { cards: [...previous.dealer.cards], actions: [...previous.dealer.actions] },
    insurance: previous.insurance,
    over: previous.over,
  };
  const first = round.hands[0] as Hand;
  if (action === 'insurance' || action === 'noInsurance') {
    first.actions.push(action);
    round.insurance = action === 'insurance' ? 'taken' : 'declined';
    check_naturals(round);
    return round;
  }
  const hand = round.hands.find((h) => !h.done) as Hand;
  if (action === 'stand') {
    hand.actions.push('stand');
    hand.done = true;
  } else if (action === 'hit') {
    hand.actions.push('hit');
    hand.cards.push(draw(round));
    finish_hand(hand);
  } else if (action === 'double') {
    hand.actions.push('double');
    hand.stake = 2;
    hand.cards.push(draw(round));
    finish_hand(hand);
    hand.done = true;
  } else {
    const [a, b] = hand.cards as [SiteCard, SiteCard];
    const history = [...hand.actions, 'split'];
    round.hands.splice(0, 1, { cards: [a, draw(round)], actions: [...history], stake: 1, done: false }, { cards: [b, draw(round)], actions: [...history], stake: 1, done: false });
    for (const h of round.hands) {
      finish_hand(h);
      // Split aces take one card each.
      if (a.rank === 'A' && !h.done) {
        h.actions.push('stand');
        h.done = true;
      }
    }
  }
  if (round.hands.every((h) => h.done)) dealer_plays(round);
  return round;
}

/** What a finished round returns. */
export function blackjack_result(round: BlackjackRound): BlackjackResult {
  if (!round.over) throw new RangeError('the round is still open');
  const dealer = blackjack_total(round.dealer.cards).total;
  const dealer_natural = is_natural(round.dealer.cards);
  const split = round.hands.length > 1;
  let staked = 0;
  let returned = 0;
  for (const hand of round.hands) {
    staked += hand.stake;
    const total = blackjack_total(hand.cards).total;
    const natural = !split && is_natural(hand.cards);
    if (dealer_natural) returned += natural ? hand.stake : 0;
    else if (natural) returned += 2.5;
    else if (total > 21) returned += 0;
    else if (dealer > 21 || total > dealer) returned += 2 * hand.stake;
    else if (total === dealer) returned += hand.stake;
  }
  const insurance = round.insurance === 'taken' ? (dealer_natural ? 'won' : 'lost') : 'none';
  return { staked, returned, insurance };
}

/** The round as the site shows it: the dealer's hole card hidden while the round is open. */
export function blackjack_view(round: BlackjackRound): BlackjackState {
  const dealer_cards = round.over ? round.dealer.cards : round.dealer.cards.slice(0, 1);
  return {
    player: round.hands.map((h) => ({ value: blackjack_total(h.cards).total, actions: [...h.actions], cards: h.cards.map((c) => ({ ...c })) })),
    dealer: [{ value: blackjack_total(dealer_cards).total, actions: [...round.dealer.actions], cards: dealer_cards.map((c) => ({ ...c })) }],
  };
}

/** A whole round for the simulator: deals `cards`, asks `policy` for each move until it ends. */
export function blackjack_settle(cards: readonly SiteCard[], policy: (state: BlackjackState) => BlackjackAction): { result: BlackjackResult; states: BlackjackState[] } {
  let round = blackjack_deal(cards);
  const states = [blackjack_view(round)];
  // At most 2 hands of at most 11 cards each and an insurance answer: the loop ends.
  for (let step = 0; !round.over && step < 30; step++) {
    round = blackjack_act(round, policy(blackjack_view(round)));
    states.push(blackjack_view(round));
  }
  return { result: blackjack_result(round), states };
}

/** The return of a finished round as one multiplier of everything staked (the insurance is half a stake). */
export function blackjack_multiplier(result: BlackjackResult): number {
  const insured = result.insurance === 'none' ? 0 : 0.5;
  const back = result.returned + (result.insurance === 'won' ? 1.5 : 0);
  return back / (result.staked + insured);
}
