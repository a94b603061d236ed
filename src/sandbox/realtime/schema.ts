/**
 * The sandbox's websocket schema: its HTTP schema extended with the site's
 * `Subscription` fields. Field names are the site's, as public clients
 * subscribe to them over `wss://stake.com/_api/websockets`:
 * - `availableBalances { amount identifier balance { amount currency } }`
 *   (`AvailableBalances`, sent by several public dice bots and userscripts;
 *   see the report of issue 9 for the sources);
 * - `vaultBalances { amount identifier balance { amount currency } }`
 *   (`VaultBalances`, same sources);
 * - `houseBets { id iid game { name icon } bet { ... on CasinoBet { id active
 *   payoutMultiplier amountMultiplier amount payout updatedAt currency user
 *   { id name } } } }` (`HouseBets`, whose `bet` is the union `BetBet`).
 * The site's type name of the balance payload is not public; `BalanceUpdate` is ours.
 */
import type { GraphQLSchema } from 'graphql';
import { graphql } from './graphql.js';
import { SANDBOX_SDL } from '../sdl.js';
import { SPORTS_SUBSCRIPTION_SDL } from '../sports/sdl.js';
import { MULTIPLAYER_SUBSCRIPTION_SDL } from '../crash/sdl.js';

// `Bet`, `BetBet`, `HouseBetGame` and `CasinoBet` come from the sandbox's own SDL.
const SUBSCRIPTION_SDL = /* GraphQL */ `
  "A change of one balance: amount is the change, balance the balance after it, identifier the bet's (null when the move had none)."
  type BalanceUpdate { amount: Float! identifier: String balance: Balance! }

  type Subscription {
    "Every change of the logged-in user's available balances; needs accessToken in connection_init."
    availableBalances: BalanceUpdate!
    "Every change of the logged-in user's vault balances; needs accessToken in connection_init."
    vaultBalances: BalanceUpdate!
    "Every bet anyone finishes (public)."
    houseBets: Bet!
  }
`;

/** The websocket schema, built once: it holds no per-sandbox state. */
export const REALTIME_SCHEMA: GraphQLSchema = graphql.buildSchema(SANDBOX_SDL + SUBSCRIPTION_SDL + SPORTS_SUBSCRIPTION_SDL + MULTIPLAYER_SUBSCRIPTION_SDL);
