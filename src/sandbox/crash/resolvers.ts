/**
 * The Crash and Slide root fields and User fields of the sandbox's schema.
 * Without `crash_round_ms` the sandbox runs no rounds: the mutations refuse,
 * the lists are empty.
 */
import { SiteRefusal, checkRange } from '../refusals.js';
import type { RoundClock } from './rounds.js';
import { type MultiplayerClocks, activeView, betView, historyView } from './views.js';

/** What the resolvers need of a request's context. */
export interface MultiplayerContext {
  readonly multiplayer: MultiplayerClocks;
  readonly onMutationExecuted: () => void;
}

function clock(context: MultiplayerContext, game: 'crash' | 'slide'): RoundClock {
  const found = context.multiplayer[game];
  if (found === null) throw new SiteRefusal('notFound', `This sandbox runs no ${game} rounds (start it with crash_round_ms).`);
  return found;
}

function list(context: MultiplayerContext, game: 'crash' | 'slide', args: { limit?: number | null; offset?: number | null }) {
  const limit = args.limit ?? 10;
  const offset = args.offset ?? 0;
  checkRange('limit', limit, 1, 50);
  checkRange('offset', offset, 0, Number.MAX_SAFE_INTEGER);
  return context.multiplayer[game]?.history(offset, limit).map((r) => historyView(game, r)) ?? [];
}

/**
 * Root fields; `user_of` is the schema's authentication check (it throws the
 * site's errors). Refusals are SiteRefusal, mapped by the caller.
 */
export function multiplayerRoot(user_of: (context: never) => string) {
  const user = user_of as (context: MultiplayerContext) => string;
  return {
    multiplayerCrashBet: (args: { amount: number; currency: string; cashoutAt: number }, context: MultiplayerContext) => {
      const id = user(context);
      const bet = clock(context, 'crash').bet(id, args);
      context.onMutationExecuted();
      return betView(bet, 'crash', context.multiplayer);
    },
    multiplayerCrashCashout: (_args: unknown, context: MultiplayerContext) => {
      const id = user(context);
      const bet = clock(context, 'crash').cashout(id);
      context.onMutationExecuted();
      return betView(bet, 'crash', context.multiplayer);
    },
    multiplayerSlideBet: (args: { amount: number; currency: string; cashoutAt: number; identifier: string }, context: MultiplayerContext) => {
      const id = user(context);
      if (args.identifier.length === 0 || args.identifier.length > 256) throw new SiteRefusal('invalidArgument', 'identifier must be 1 to 256 characters.');
      const bet = clock(context, 'slide').bet(id, args);
      context.onMutationExecuted();
      return betView(bet, 'slide', context.multiplayer);
    },
    crashGameList: (args: { limit?: number | null; offset?: number | null }, context: MultiplayerContext) => list(context, 'crash', args),
    slideGameList: (args: { limit?: number | null; offset?: number | null }, context: MultiplayerContext) => list(context, 'slide', args),
  };
}

/** The User fields of `user_id`. */
export function multiplayerUserFields(context: MultiplayerContext, user_id: string) {
  return {
    activeCrashBet: () => activeView(context.multiplayer.crash, user_id, context.multiplayer),
    activeSlideBet: () => activeView(context.multiplayer.slide, user_id, context.multiplayer),
  };
}
