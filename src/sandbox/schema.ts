/**
 * The sandbox's GraphQL schema (a small slice of the site's, same names) and
 * its resolvers. Authentication failures and ledger refusals become GraphQL
 * errors carrying the site's `errorType`.
 */
import { GraphQLError, buildSchema, type GraphQLSchema } from 'graphql';
import { CURRENCIES } from './currencies.js';
import type { DiceCondition } from './dice.js';
import { LedgerError, type Ledger } from './ledger.js';
import type { AuthVerdict } from './auth.js';

/** What the resolvers of one request see. */
export interface RequestContext {
  readonly auth: AuthVerdict;
  readonly ledger: Ledger;
  /** Called once per mutation that changed the ledger. */
  readonly onMutationExecuted: () => void;
}

/** The site's answer when no usable token came with the request. */
export const NOT_AUTHENTICATED = Object.freeze({
  errorType: 'notAuthenticated',
  message: 'You must be logged in to do that.',
});

/** The site's answer when the token came but is past its lifetime. */
export const TOKEN_EXPIRED = Object.freeze({
  errorType: 'tokenExpired',
  message: 'Your session has expired, please log in again.',
});

const SDL = /* GraphQL */ `
  enum CurrencyEnum { ${CURRENCIES.map((c) => c.name).join(' ')} }

  enum CasinoGameDiceConditionEnum { above below }

  type Balance { amount: Float! currency: CurrencyEnum! }

  type UserBalance { available: Balance! vault: Balance! }

  type User { id: String! name: String! balances: [UserBalance!]! }

  type CurrencyConfig { name: CurrencyEnum! decimals: Int! minBet: Float! }

  type CurrencyConfiguration { currencies: [CurrencyConfig!]! }

  type CasinoGameDice { result: Float! target: Float! condition: CasinoGameDiceConditionEnum! }

  type CasinoBet {
    id: String!
    active: Boolean!
    game: String!
    amount: Float!
    payout: Float!
    payoutMultiplier: Float!
    amountMultiplier: Float!
    currency: CurrencyEnum!
    updatedAt: String!
    user: User!
    state: CasinoGameDice!
  }

  type Query {
    "The logged-in user; needs X-Access-Token."
    user: User!
    "Public: the currencies and their betting precision."
    currencyConfiguration: CurrencyConfiguration!
  }

  type Mutation {
    "Rolls the dice; needs X-Access-Token. Debits amount, credits payout."
    diceRoll(
      amount: Float!
      target: Float!
      condition: CasinoGameDiceConditionEnum!
      currency: CurrencyEnum!
      identifier: String!
    ): CasinoBet!
  }
`;

/** The schema, built once: it holds no per-sandbox state. */
export const SCHEMA: GraphQLSchema = buildSchema(SDL);

interface DiceArgs {
  readonly amount: number;
  readonly target: number;
  readonly condition: DiceCondition;
  readonly currency: string;
  readonly identifier: string;
}

/** Root resolvers (graphql-js `rootValue`): each field is a function of (args, context). */
export const ROOT = Object.freeze({
  user: (_args: unknown, context: RequestContext) => userView(context, requireUser(context)),

  currencyConfiguration: () => ({
    currencies: CURRENCIES.map((c) => ({ name: c.name, decimals: c.decimals, minBet: c.minBet })),
  }),

  diceRoll: (args: DiceArgs, context: RequestContext) => {
    const userId = requireUser(context);
    let bet;
    try {
      bet = context.ledger.placeDice(userId, args);
    } catch (error) {
      if (error instanceof LedgerError) throw siteError(error);
      throw error;
    }
    context.onMutationExecuted();
    return { ...bet, user: userView(context, userId) };
  },
});

function requireUser(context: RequestContext): string {
  switch (context.auth.kind) {
    case 'ok':
      return context.auth.userId;
    case 'expired':
      throw siteError(TOKEN_EXPIRED);
    default:
      throw siteError(NOT_AUTHENTICATED);
  }
}

function userView(context: RequestContext, userId: string) {
  const user = context.ledger.user(userId);
  if (user === undefined) throw siteError(NOT_AUTHENTICATED);
  return {
    id: user.id,
    name: user.name,
    // A function, so balances are read only when the query asks for them.
    balances: () =>
      context.ledger.balances(userId).map((b) => ({
        available: { amount: b.available, currency: b.currency },
        vault: { amount: b.vault, currency: b.currency },
      })),
  };
}

function siteError(error: { readonly errorType: string; readonly message: string }): GraphQLError {
  return new GraphQLError(error.message, { extensions: { errorType: error.errorType } });
}
