/** The schema's view of rounds and bets (src/sandbox/crash/sdl.ts). */
import { CRASH_SALT } from '../../games/crash/outcome.js';
import type { MultiplayerListing } from '../bets.js';
import { fromMinorUnits } from '../money.js';
import { USD_VALUES } from '../rates.js';
import type { MultiplayerBet, MultiplayerFrame, MultiplayerRound, RoundClock } from './rounds.js';

/** The clocks a request may reach; null when the sandbox runs no rounds. */
export interface MultiplayerClocks {
  readonly crash: RoundClock | null;
  readonly slide: RoundClock | null;
}

/**
 * A bet's `game` (`MultiplayerBetGame`): the round's id, the salt as `seed`
 * (the sandbox salts both games with the Crash salt) and, once the round has
 * ended, its hash and number.
 */
function betGameView(round: MultiplayerRound | null) {
  if (round === null) return null;
  return {
    id: round.id,
    seed: { id: 'block-584500', seed: CRASH_SALT },
    hash: ended(round) ? { id: round.id, hash: round.hash, number: round.number } : null,
  };
}

/** A `MultiplayerCrashBet` / `MultiplayerSlideBet`; `round` the one it was placed in, when the caller holds it. */
export function betView(bet: MultiplayerBet, game: 'crash' | 'slide', clocks: MultiplayerClocks | null, round?: MultiplayerRound) {
  const amount = fromMinorUnits(bet.units, bet.info);
  return {
    __typename: game === 'crash' ? 'MultiplayerCrashBet' : 'MultiplayerSlideBet',
    id: bet.id,
    user: {
      id: bet.user_id,
      name: bet.user_name,
      activeCrashBet: () => activeView(clocks?.crash ?? null, bet.user_id, clocks),
      activeSlideBet: () => activeView(clocks?.slide ?? null, bet.user_id, clocks),
    },
    payoutMultiplier: bet.payout_multiplier,
    gameId: bet.game_id,
    amount: (args: { currency?: string | null }) =>
      args.currency == null || args.currency === bet.info.name ? amount : (amount * (USD_VALUES[bet.info.name] ?? 0)) / (USD_VALUES[args.currency] ?? 1),
    payout: fromMinorUnits(bet.payout_units, bet.info),
    currency: bet.info.name,
    result: bet.result,
    updatedAt: bet.updated_at,
    cashoutAt: bet.cashout_at,
    game: () => betGameView(round ?? clocks?.[game]?.round(bet.game_id) ?? null),
  };
}

/** A Crash or Slide bet as a history entry (`Bet`). */
export function multiplayerEntryView(listing: MultiplayerListing, clocks: MultiplayerClocks | null) {
  return {
    id: listing.bet.id,
    iid: listing.bet.iid,
    type: 'multiplayer',
    game: { name: listing.game === 'crash' ? 'Crash' : 'Slide', slug: listing.game, icon: null },
    bet: betView(listing.bet, listing.game, clocks, listing.round),
  };
}

/** The user's active bet in `clock`'s game, or null. */
export function activeView(clock: RoundClock | null, user_id: string, clocks: MultiplayerClocks | null) {
  const bet = clock?.active_bet(user_id) ?? null;
  return bet === null || clock === null ? null : betView(bet, clock.game, clocks);
}

function ended(round: MultiplayerRound): boolean {
  return round.status === 'crash' || round.status === 'result';
}

/** A `MultiplayerCrash` / `MultiplayerSlide` frame; the hash and point only once the round ended. */
export function roundView(game: 'crash' | 'slide', round: MultiplayerRound, next_round_in: number | null) {
  const over = ended(round);
  const won = round.bets.filter((b) => b.payout_units > 0n).map((b) => betView(b, game, null));
  const common = {
    id: round.id,
    status: round.status,
    multiplier: round.multiplier,
    startTime: round.start_time,
    nextRoundIn: next_round_in,
    elapsed: Math.round(round.elapsed),
    timestamp: new Date().toISOString(),
    hash: over ? { id: round.id, hash: round.hash } : null,
    cashedIn: won,
  };
  return game === 'crash'
    ? {
        ...common,
        __typename: 'MultiplayerCrash',
        crashpoint: over ? round.point : null,
        cashedOut: round.bets.filter((b) => b.result === 'bust').map((b) => betView(b, game, null)),
      }
    : { ...common, __typename: 'MultiplayerSlide', numbers: over ? [round.point] : [] };
}

/** A feed frame as the subscription's `event`. */
export function frameView(game: 'crash' | 'slide', frame: MultiplayerFrame) {
  return frame.kind === 'bet' ? betView(frame.bet, game, null) : roundView(game, frame.round, frame.next_round_in);
}

/** A history row (`CrashGame` / `SlideGame`). */
export function historyView(game: 'crash' | 'slide', round: MultiplayerRound) {
  const hash = { id: round.id, hash: round.hash };
  return game === 'crash'
    ? { id: round.id, startTime: round.start_time, crashpoint: round.point, hash }
    : { id: round.id, startTime: round.start_time, multiplier: round.point, hash };
}
