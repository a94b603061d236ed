/**
 * `BlackjackBet`, `BlackjackNext`, `BlackjackActiveBet`: the site's blackjack
 * round, as public clients send it (site-coverage.md §2.5: the forcemaredart
 * client, search-index file 36008956795; BROKE "verified — from
 * wen-bj-bot"; the sportslots bot's REST `blackjack/bet|next` with the same
 * variables). `player` and `dealer` are lists of hands (a split gives two).
 * `actions` is each hand's history (`deal hit stand double split bust full
 * insurance noInsurance`), not the moves allowed now.
 */
import { CASINO_BET_FRAGMENT, type CasinoBet } from '../../operations/documents/fragments.js';
import { typed_document } from '../../operations/documents/typed.js';
import type { RoundBasics, RoundSite } from '../../operations/game-site.js';
import { check_blackjack_action, type BlackjackAction } from './round.js';

import type { SiteCard } from '../kernel/cards-input.js';

export type { SiteCard };

import type { BlackjackHand, BlackjackState } from './rules.js';

export type { BlackjackHand, BlackjackState };

/** Variables of `BlackjackBet`. */
export interface BlackjackBetVariables {
  readonly amount: number;
  readonly currency: string;
  readonly identifier: string;
}

/** Variables of `BlackjackNext`. */
export interface BlackjackNextVariables {
  readonly action: string;
  readonly identifier: string;
}

const BLACKJACK_FRAGMENT = /* GraphQL */ `
fragment CasinoGameBlackjack on CasinoGameBlackjack {
  player {
    value
    actions
    cards {
      rank
      suit
    }
  }
  dealer {
    value
    actions
    cards {
      rank
      suit
    }
  }
}
`;

/** Deals a round. */
export const BlackjackBet = typed_document<{ readonly blackjackBet: CasinoBet<BlackjackState> }, BlackjackBetVariables>(/* GraphQL */ `
mutation BlackjackBet($amount: Float!, $currency: CurrencyEnum!, $identifier: String!) {
  blackjackBet(amount: $amount, currency: $currency, identifier: $identifier) {
    ...CasinoBet
    state {
      ...CasinoGameBlackjack
    }
  }
}
${CASINO_BET_FRAGMENT}
${BLACKJACK_FRAGMENT}
`);

/** One move of the open round (`insurance`/`noInsurance` too: three sources send them here, one a separate mutation). */
export const BlackjackNext = typed_document<{ readonly blackjackNext: CasinoBet<BlackjackState> }, BlackjackNextVariables>(/* GraphQL */ `
mutation BlackjackNext($action: BlackjackNextActionInput!, $identifier: String!) {
  blackjackNext(action: $action, identifier: $identifier) {
    ...CasinoBet
    state {
      ...CasinoGameBlackjack
    }
  }
}
${CASINO_BET_FRAGMENT}
${BLACKJACK_FRAGMENT}
`);

/** The open round, or null. */
export const BlackjackActiveBet = typed_document<{ readonly user: { readonly id: string; readonly activeCasinoBet: CasinoBet<BlackjackState> | null } }, Record<string, never>>(/* GraphQL */ `
query BlackjackActiveBet {
  user {
    id
    activeCasinoBet(game: blackjack) {
      ...CasinoBet
      state {
        ...CasinoGameBlackjack
      }
    }
  }
}
${CASINO_BET_FRAGMENT}
${BLACKJACK_FRAGMENT}
`);

/** Input of `client.start('blackjack', …)`. */
export interface BlackjackStartInput extends RoundBasics {
  readonly identifier?: string;
}

/** A step of `client.act('blackjack', …)`. */
export interface BlackjackActInput {
  readonly action: BlackjackAction;
  readonly identifier?: string;
}

/** Blackjack's round on the wire (no cashout: stand ends a hand). */
export const round_site: RoundSite<BlackjackStartInput, BlackjackActInput> = {
  start: { document: BlackjackBet, field: 'blackjackBet', operation: 'BlackjackBet', inputs: () => ({}) },
  act: { document: BlackjackNext, field: 'blackjackNext', operation: 'BlackjackNext', inputs: (given) => ({ action: check_blackjack_action(given['action']) }) },
  cashout: { none: "cashout: blackjack has none; end the hand with client.act('blackjack', { action: 'stand' })" },
  active: { document: BlackjackActiveBet },
};
