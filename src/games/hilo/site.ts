/**
 * `HiloBet`, `HiloNext`, `HiloCashout`, `HiloActiveBet`: the site's hilo
 * round, as public clients send it (site-coverage.md §2.5: poky1084's
 * StakeBOT `Form1.cs`, the HiloBot family, the Python helper module). No
 * GraphQL source gives `hiloBet` or `hiloNext` an `identifier` (the REST
 * bodies carry one for the bet only), so none is sent with them; the
 * cashout's is a fresh random string, as every source sends.
 */
import { CASINO_BET_FRAGMENT, type CasinoBet } from '../../operations/documents/fragments.js';
import { typed_document } from '../../operations/documents/typed.js';
import type { RoundBasics, RoundSite } from '../../operations/game-site.js';
import { check_card, type SiteCard } from '../kernel/cards-input.js';
import { check_hilo_guess, type HiloGuess } from './round.js';

import type { HiloRound, HiloState } from './rules.js';

export type { HiloRound, HiloState };

/** Variables of `HiloBet`. */
export interface HiloBetVariables {
  readonly amount: number;
  readonly currency: string;
  readonly startCard: SiteCard;
}

const HILO_FRAGMENT = /* GraphQL */ `
fragment CasinoGameHilo on CasinoGameHilo {
  startCard {
    suit
    rank
  }
  rounds {
    card {
      suit
      rank
    }
    guess
    payoutMultiplier
  }
}
`;

/** Opens a round on the chosen start card. */
export const HiloBet = typed_document<{ readonly hiloBet: CasinoBet<HiloState> }, HiloBetVariables>(/* GraphQL */ `
mutation HiloBet($amount: Float!, $currency: CurrencyEnum!, $startCard: HiloBetStartCardInput!) {
  hiloBet(amount: $amount, currency: $currency, startCard: $startCard) {
    ...CasinoBet
    state {
      ...CasinoGameHilo
    }
  }
}
${CASINO_BET_FRAGMENT}
${HILO_FRAGMENT}
`);

/** One guess (the site finds the round by the session). */
export const HiloNext = typed_document<{ readonly hiloNext: CasinoBet<HiloState> }, { readonly guess: string }>(/* GraphQL */ `
mutation HiloNext($guess: CasinoGameHiloGuessEnum!) {
  hiloNext(guess: $guess) {
    ...CasinoBet
    state {
      ...CasinoGameHilo
    }
  }
}
${CASINO_BET_FRAGMENT}
${HILO_FRAGMENT}
`);

/** Ends the open round at its running multiplier. */
export const HiloCashout = typed_document<{ readonly hiloCashout: CasinoBet<HiloState> }, { readonly identifier: string }>(/* GraphQL */ `
mutation HiloCashout($identifier: String!) {
  hiloCashout(identifier: $identifier) {
    ...CasinoBet
    state {
      ...CasinoGameHilo
    }
  }
}
${CASINO_BET_FRAGMENT}
${HILO_FRAGMENT}
`);

/** The open round, or null. */
export const HiloActiveBet = typed_document<{ readonly user: { readonly id: string; readonly activeCasinoBet: CasinoBet<HiloState> | null } }, Record<string, never>>(/* GraphQL */ `
query HiloActiveBet {
  user {
    id
    activeCasinoBet(game: hilo) {
      ...CasinoBet
      state {
        ...CasinoGameHilo
      }
    }
  }
}
${CASINO_BET_FRAGMENT}
${HILO_FRAGMENT}
`);

/** Input of `client.start('hilo', …)`: no GraphQL source sends an identifier with `HiloBet`. */
export interface HiloStartInput extends RoundBasics {
  readonly startCard: SiteCard;
}

/** A step of `client.act('hilo', …)` (`HiloNext` takes no identifier). */
export interface HiloActInput {
  readonly guess: HiloGuess;
}

/** Hilo's round on the wire (`client.start` / `act` / `cashout` / `active_bet`). */
export const round_site: RoundSite<HiloStartInput, HiloActInput> = {
  start: { document: HiloBet, field: 'hiloBet', operation: 'HiloBet', inputs: (given) => ({ startCard: check_card(given['startCard'], 'startCard') }) },
  act: { document: HiloNext, field: 'hiloNext', operation: 'HiloNext', inputs: (given, latest) => ({ guess: check_hilo_guess(given['guess'], latest as HiloState | null) }) },
  cashout: { document: HiloCashout, field: 'hiloCashout', operation: 'HiloCashout' },
  active: { document: HiloActiveBet },
};
