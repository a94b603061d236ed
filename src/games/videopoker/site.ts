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
import type { RoundBasics, RoundSite } from '../../operations/game-site.js';
import type { SiteCard } from '../kernel/cards-input.js';
import { check_video_poker_held, type VideoPokerState } from './round.js';


export type { VideoPokerState };

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

/** Input of `client.start('videoPoker', …)`: no source sends an identifier with `VideoPokerBet`. */
export type VideoPokerStartInput = RoundBasics;

/** A step of `client.act('videoPoker', …)`: the cards held. */
export interface VideoPokerActInput {
  readonly held: readonly SiteCard[];
  readonly identifier?: string;
}

/** Video poker's hand on the wire: no cashout, and no public client reads an open hand (site-coverage.md §2.3). */
export const round_site: RoundSite<VideoPokerStartInput, VideoPokerActInput> = {
  start: { document: VideoPokerBet, field: 'videoPokerBet', operation: 'VideoPokerBet', inputs: () => ({}) },
  act: { document: VideoPokerNext, field: 'videoPokerNext', operation: 'VideoPokerNext', inputs: (given, latest) => ({ held: check_video_poker_held(given['held'], latest as VideoPokerState | null) }) },
  cashout: { none: "cashout: video poker has none; draw with client.act('videoPoker', { held })" },
  active: { none: "active_bet: no public client reads an open video poker hand; the site's refusal of a new bet says one is open, and act('videoPoker', { held }) finishes it" },
  // Video poker's refusal is only known by its message (StakeBOT): "active … video poker".
  open_refusal: (message) => {
    const m = message.toLowerCase();
    return m.includes('active') && (m.includes('video poker') || m.includes('videopoker'));
  },
};
