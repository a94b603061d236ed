/**
 * The sandbox's schema (SDL in sdl.ts) and its resolvers. Authentication
 * failures and refusals become GraphQL errors carrying the site's
 * `errorType`, which graphql-runner.ts puts at the top level of each error.
 */
import { GraphQLError, buildSchema, type GraphQLSchema } from 'graphql';
import type { AuthVerdict } from './auth.js';
import type { BetRecord } from './bets.js';
import type { Casino } from './casino.js';
import { CURRENCIES } from './currencies.js';
import type { SandboxEvents } from './events.js';
import type { Ledger } from './ledger.js';
import { fiatValue } from './rates.js';
import { SITE_ERROR_MESSAGES, SiteRefusal } from './refusals.js';
import { SANDBOX_SDL } from './sdl.js';
import { SANDBOX_GAMES } from './games/registry.js';
import { GAMES, is_registry_game, type RegistryGame } from '../games/registry.js';
import { moveVault } from './vault.js';
import { claimRakeback } from './rakeback.js';
import { betView, listedView, seedPairView, userView } from './views.js';
// The sportsbook mounts here: its context, its root fields, its User fields and bet(iid:) for its slips.
import type { SportsBook } from './sports/book.js';
import { SPORTS_ROOT, sportBetLookup, sportsUserFields } from './sports/resolvers.js';
// Crash and Slide (src/sandbox/crash): root fields and User fields.
import { multiplayerRoot, multiplayerUserFields } from './crash/resolvers.js';
import type { MultiplayerClocks } from './crash/views.js';

export { SANDBOX_SDL } from './sdl.js';

/** What the resolvers of one request see. */
export interface RequestContext {
  readonly auth: AuthVerdict;
  readonly ledger: Ledger;
  readonly casino: Casino;
  readonly events: SandboxEvents;
  /** The sandbox sportsbook (src/sandbox/sports). */
  readonly sports: SportsBook;
  /** The Crash and Slide round clocks (null each when the sandbox runs no rounds). */
  readonly multiplayer: MultiplayerClocks;
  /** Called once per mutation that changed the sandbox's state. */
  readonly onMutationExecuted: () => void;
}

/** The site's answer when no usable token came with the request. */
export const NOT_AUTHENTICATED = Object.freeze({
  errorType: 'notAuthenticated',
  message: SITE_ERROR_MESSAGES.notAuthenticated,
});

/** The site's answer when the token came but is past its lifetime. */
export const TOKEN_EXPIRED = Object.freeze({
  errorType: 'tokenExpired',
  message: SITE_ERROR_MESSAGES.tokenExpired,
});

/** The schema, built once: it holds no per-sandbox state. */
export const SCHEMA: GraphQLSchema = buildSchema(SANDBOX_SDL);

/** A bet mutation: authenticated, refusals mapped, counted once it ran. */
function betMutation<A>(play: (casino: Casino, userId: string, args: A) => Promise<BetRecord>) {
  return async (args: A, context: RequestContext) => {
    const userId = requireUser(context);
    const bet = await refusing(() => play(context.casino, userId, args));
    context.onMutationExecuted();
    return betView(context.ledger, bet);
  };
}

/** Root resolvers (graphql-js `rootValue`): each field is a function of (args, context). */
export const ROOT = Object.freeze({
  user: (_args: unknown, context: RequestContext) =>
    refusingSync(() => {
      const userId = requireUser(context);
      return { ...userView(context.ledger, userId), ...sportsUserFields(context, userId), ...multiplayerUserFields(context, userId) };
    }),

  bet: (args: { iid?: string | null; betId?: string | null }, context: RequestContext) =>
    refusingSync(() => {
      const bets = context.ledger.bets;
      if ((args.iid ?? null) === null && (args.betId ?? null) === null) {
        throw new SiteRefusal('invalidArgument', 'Give iid or betId.');
      }
      const sport = sportBetLookup(context, args);
      if (sport !== undefined) return sport;
      const bet = args.iid != null ? bets.byIid(args.iid) : bets.byId(args.betId as string);
      if (bet === undefined) throw new SiteRefusal('notFound', 'No bet with that id.');
      return listedView(context.ledger, bet, context.multiplayer);
    }),

  currencyConfiguration: () => ({
    currencies: CURRENCIES.map((c) => ({ name: c.name })),
  }),

  info: () => ({
    currencies: CURRENCIES.map((c) => ({ name: c.name, value: (args: { fiatCurrency: string }) => fiatValue(c.name, args.fiatCurrency) })),
  }),

  // Every game played in one request: its mutation (the rules' transport field) plays it through Casino.play.
  ...Object.fromEntries(
    SANDBOX_GAMES.filter((g) => g.check !== undefined && is_registry_game(g.name)).map((g) => [
      GAMES[g.name as RegistryGame].transport.field,
      betMutation((casino, userId, args: Readonly<Record<string, unknown>>) => casino.play(userId, g.name, args)),
    ]),
  ),
  // Games whose rules are in no public source: refused, never paid by invented rules.
  ...Object.fromEntries(
    SANDBOX_GAMES.flatMap((g) => (g.refused === undefined ? [] : (g.refused.fields ?? []).map((field) => [field, refusedGame(g.refused?.reason ?? '')]))),
  ),
  minesBet: betMutation((casino, userId, args: Parameters<Casino['minesBet']>[1]) => casino.minesBet(userId, args)),
  minesNext: betMutation((casino, userId, args: Parameters<Casino['minesNext']>[1]) => casino.minesNext(userId, args)),
  minesCashout: betMutation((casino, userId, args: Parameters<Casino['minesCashout']>[1]) => casino.minesCashout(userId, args)),
  blackjackBet: betMutation((casino, userId, args: Parameters<Casino['blackjackBet']>[1]) => casino.blackjackBet(userId, args)),
  blackjackNext: betMutation((casino, userId, args: Parameters<Casino['blackjackNext']>[1]) => casino.blackjackNext(userId, args)),
  hiloBet: betMutation((casino, userId, args: Parameters<Casino['hiloBet']>[1]) => casino.hiloBet(userId, args)),
  hiloNext: betMutation((casino, userId, args: Parameters<Casino['hiloNext']>[1]) => casino.hiloNext(userId, args)),
  hiloCashout: betMutation((casino, userId, args: Parameters<Casino['hiloCashout']>[1]) => casino.hiloCashout(userId, args)),

  rotateSeedPair: (args: { seed: string }, context: RequestContext) => {
    const userId = requireUser(context);
    refusingSync(() => context.casino.rotateSeedPair(userId, args.seed));
    context.onMutationExecuted();
    return seedPairView(context.ledger, userId);
  },

  createVaultDeposit: (args: { currency: string; amount: number }, context: RequestContext) =>
    vaultMutation('deposit', args, context),
  createVaultWithdrawal: (args: { currency: string; amount: number }, context: RequestContext) =>
    vaultMutation('withdrawal', args, context),
  claimRakeback: (_args: unknown, context: RequestContext) => {
    const userId = requireUser(context);
    const claimed = claimRakeback(context.ledger, context.events, userId);
    context.onMutationExecuted();
    return claimed;
  },

  ...SPORTS_ROOT,
  ...mapRefusals(multiplayerRoot(requireUser as never)),
});

function refusedGame(reason: string) {
  return (_args: unknown, context: RequestContext) =>
    refusingSync(() => {
      requireUser(context);
      throw new SiteRefusal('serviceDisabled', reason);
    });
}

/** Wraps each resolver so a SiteRefusal becomes the site's GraphQL error. */
function mapRefusals<T extends Record<string, (args: never, context: never) => unknown>>(fields: T): T {
  return Object.fromEntries(
    Object.entries(fields).map(([name, fn]) => [name, (args: never, context: never) => refusingSync(() => fn(args, context))]),
  ) as T;
}

function vaultMutation(direction: 'deposit' | 'withdrawal', args: { currency: string; amount: number }, context: RequestContext) {
  const userId = requireUser(context);
  const move = refusingSync(() => moveVault(context.ledger, context.events, userId, direction, args));
  context.onMutationExecuted();
  return { ...move, user: userView(context.ledger, userId) };
}

function requireUser(context: RequestContext): string {
  switch (context.auth.kind) {
    case 'ok':
      if (context.ledger.user(context.auth.userId) === undefined) throw siteError(NOT_AUTHENTICATED);
      return context.auth.userId;
    case 'expired':
      throw siteError(TOKEN_EXPIRED);
    default:
      throw siteError(NOT_AUTHENTICATED);
  }
}

async function refusing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw error instanceof SiteRefusal ? siteError(error) : error;
  }
}

function refusingSync<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw error instanceof SiteRefusal ? siteError(error) : error;
  }
}

function siteError(error: { readonly errorType: string; readonly message: string }): GraphQLError {
  return new GraphQLError(error.message, { extensions: { errorType: error.errorType } });
}
