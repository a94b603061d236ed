/**
 * `VideoPokerBet`, `VideoPokerNext`: the site's video poker hand, as public
 * clients send it (site-coverage.md §2.1: the Python helper module, search-
 * index file 44552582671; StakeBOT's REST `video-poker/bet|next` with the
 * same fields). `VideoPokerBet` takes no identifier in either source.
 * No public client reads an open hand with `activeCasinoBet`: a hand left
 * open is found by the site's refusal of the next bet, and StakeBOT finishes
 * it with `next` holding nothing (site-coverage.md §2.3).
 */
import { CASINO_BET_FRAGMENT, type CasinoBet } from '../../operations/documents/fragments.js';
import { typed_document } from '../../operations/documents/typed.js';
import type { SiteCard } from '../kernel/cards-input.js';

/** Video poker's `state`: the hand dealt, the hand now, its rank once drawn (`threeOfAKind`, ...). */
export type VideoPokerState = {
  readonly playerHand: readonly SiteCard[];
  readonly initialHand: readonly SiteCard[];
  readonly handResult: string | null;
};

const VIDEO_POKER_FRAGMENT = /* GraphQL */ `
fragment CasinoGameVideoPoker on CasinoGameVideoPoker {
  playerHand {
    suit
    rank
  }
  initialHand {
    suit
    rank
  }
  handResult
}
`;

/** Deals five cards. */
export const VideoPokerBet = typed_document<{ readonly videoPokerBet: CasinoBet<VideoPokerState> }, { readonly amount: number; readonly currency: string }>(/* GraphQL */ `
mutation VideoPokerBet($amount: Float!, $currency: CurrencyEnum!) {
  videoPokerBet(amount: $amount, currency: $currency) {
    ...CasinoBet
    state {
      ...CasinoGameVideoPoker
    }
  }
}
${CASINO_BET_FRAGMENT}
${VIDEO_POKER_FRAGMENT}
`);

/** Keeps `held`, draws the rest and settles the hand. */
export const VideoPokerNext = typed_document<{ readonly videoPokerNext: CasinoBet<VideoPokerState> }, { readonly held: readonly SiteCard[]; readonly identifier: string }>(/* GraphQL */ `
mutation VideoPokerNext($held: [VideoPokerNextHeldInput]!, $identifier: String!) {
  videoPokerNext(held: $held, identifier: $identifier) {
    ...CasinoBet
    state {
      ...CasinoGameVideoPoker
    }
  }
}
${CASINO_BET_FRAGMENT}
${VIDEO_POKER_FRAGMENT}
`);
