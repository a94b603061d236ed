/**
 * `MyBetList`: the user's own originals bets, newest first, a page at a time.
 *
 * Sources: the web app's `query MyBetList { user { id houseBetList(offset: 0,
 * limit: 10) { ...BetFragment } } }` with `BetFragment { id iid type scope
 * game { name icon slug } bet { ... on CasinoBet { ...CasinoBet } ... } }`
 * (search-index file 12739996269); the same operation with `$offset: Int = 0,
 * $limit: Int = 50` variables (file 71057706741); `houseBetList(limit: 50,
 * offset: 0)` in several clients (files 23141017085, 59196260426); `bet(iid:)
 * { bet { ... on CasinoBet { ...CasinoBet state { ...CasinoGameKeno } } } }`
 * reading a bet's state (file 71057706741). Our selection keeps `id iid
 * game { name slug }` and the `CasinoBet` arm (with its `state` per game), and
 * leaves out `type scope icon` and the third-party arms, which this library
 * does not read. Crash and Slide bets are read too: `Bet.bet`'s union holds
 * `MultiplayerCrashBet` and `MultiplayerSlideBet` (the web app's
 * `RealtimeHouseBet` fragment on `Bet` selects both arms: YUKI, SLOT, PRIV in
 * operations.md §3.3; the bet-lookup document of site-coverage.md §2.6 reads
 * them through `bet(iid:)`), each selected with the site's bet fragment
 * (src/games/crash/site.ts, four sources).
 */
import { CASINO_BET_FRAGMENT, type CasinoBet } from './fragments.js';
import { MULTIPLAYER_CRASH_BET_FRAGMENT, type MultiplayerBet } from '../../games/crash/site.js';
import { MULTIPLAYER_SLIDE_BET_FRAGMENT } from '../../games/slide/site.js';
import type { DiceState } from '../../games/dice/site.js';
import type { KenoState } from '../../games/keno/site.js';
import type { LimboState } from '../../games/limbo/site.js';
import type { MinesState } from '../../games/mines/site.js';
import type { PlinkoState } from '../../games/plinko/site.js';
import { SITES } from '../../games/sites.js';
import { typed_document } from './typed.js';

/** The largest page the site's clients are seen asking for. */
export const MAX_BET_PAGE = 50;

/**
 * A bet's `state`, tagged with the game type it belongs to. Keno's and
 * plinko's `risk` are left out (see src/games/keno/site.ts).
 */
export type AnyGameState =
  | ({ readonly __typename: 'CasinoGameDice' } & DiceState)
  | ({ readonly __typename: 'CasinoGameLimbo' } & LimboState)
  | ({ readonly __typename: 'CasinoGameMines' } & MinesState)
  | ({ readonly __typename: 'CasinoGameKeno' } & Omit<KenoState, 'risk'>)
  | ({ readonly __typename: 'CasinoGamePlinko' } & Omit<PlinkoState, 'risk'>)
  | { readonly __typename: string };

/** A Crash or Slide bet as `houseBetList` lists it. */
export type HouseMultiplayerBet = MultiplayerBet & { readonly __typename: 'MultiplayerCrashBet' | 'MultiplayerSlideBet' };

/** One entry of `houseBetList`. `bet` holds only `__typename` for kinds this library does not read (sports, third-party games). */
export interface HouseBet {
  readonly id: string;
  readonly iid: string;
  readonly game: { readonly name: string; readonly slug: string };
  readonly bet: (CasinoBet<AnyGameState> & { readonly __typename: 'CasinoBet' }) | HouseMultiplayerBet | { readonly __typename: string } | null;
}

/** Variables of `MyBetList`. */
export interface MyBetListVariables {
  readonly offset?: number;
  readonly limit?: number;
}

/** Result of `MyBetList`. */
export interface MyBetListResult {
  readonly user: { readonly id: string; readonly houseBetList: readonly HouseBet[] };
}

// Each game's state selection, from its site part (src/games/<game>/site.ts).
const STATES = Object.values(SITES).flatMap((site) => (site.history === null ? [] : [site.history]));

/** The `MyBetList` query `client.bets()` pages through. */
export const MyBetList = typed_document<MyBetListResult, MyBetListVariables>(/* GraphQL */ `
query MyBetList($offset: Int = 0, $limit: Int = 50) {
  user {
    id
    houseBetList(offset: $offset, limit: $limit) {
      id
      iid
      game {
        name
        slug
      }
      bet {
        __typename
        ... on CasinoBet {
          ...CasinoBet
          state {
            __typename
            ${STATES.map((s) => `...${s.typename}`).join('\n            ')}
          }
        }
        ... on MultiplayerCrashBet {
          ...MultiplayerCrashBet
        }
        ... on MultiplayerSlideBet {
          ...MultiplayerSlideBet
        }
      }
    }
  }
}
${CASINO_BET_FRAGMENT}
${MULTIPLAYER_CRASH_BET_FRAGMENT}
${MULTIPLAYER_SLIDE_BET_FRAGMENT}
${STATES.map((s) => s.fragment).join('\n')}
`);
