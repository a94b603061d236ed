/** The schema's view of rounds and bets (src/sandbox/crash/sdl.ts). */
import { fromMinorUnits } from '../money.js';
import { USD_VALUES } from '../rates.js';
import type { MultiplayerBet, MultiplayerFrame, MultiplayerRound, RoundClock } from './rounds.js';

/** The clocks a request may reach; null when the sandbox runs no rounds. */
export interface MultiplayerClocks {
  readonly crash: RoundClock | null;
  readonly slide: RoundClock | null;
}

/** A `MultiplayerCrashBet` / `MultiplayerSlideBet`. */
export function betView(bet: MultiplayerBet, game: 'crash' | 'slide', clocks: MultiplayerClocks | null) {
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
