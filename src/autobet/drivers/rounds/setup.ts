/**
 * A run's rounds: which policy plays them (a settings strategy's built-in
 * policy, given as `round`, or a strategy module's `round(state)` export),
 * checked before anything is recorded, kept with the session so `autobet
 * resume` plays an open round on the same way, and the driver that plays
 * them under the engine.
 */
import type { SqliteDatabase } from '../../../database/database.js';
import { RoundSteps } from '../../../journal/round-steps.js';
import { SANDBOX_ROUND_GAMES, type RoundGame } from '../../../games/round-games.js';
import { round_policy_of } from '../../../games/round-policies.js';
import type { Counters, Money } from '../../engine/counters.js';
import type { Driver } from '../../engine/driver.js';
import { limit_rules, refusal_of } from '../../engine/limit-rules.js';
import type { Limits } from '../../engine/limits.js';
import type { Strategy } from '../../strategies/strategy.js';
import { ROUND_BET_GAMES, is_round_bet_game } from '../../../games/round-bets.js';
import type { PreparedStrategy } from '../../strategies/load.js';
import type { RoundDecider } from './play-round.js';
import { RoundDriver } from './round-driver.js';
import type { RoundRequests } from './round-requests.js';

/** A checked `round` option: the settings as given (recorded with the session) and the policy made from them. */
export interface RoundOption {
  readonly settings: Readonly<Record<string, unknown>>;
  readonly game: RoundGame;
  readonly decide: RoundDecider;
}

/** The round games autobet bets: those the sandbox and the simulator play (public rules; the others they refuse: round-games.ts). */
const AUTOBET_ROUNDS: readonly RoundGame[] = SANDBOX_ROUND_GAMES;

/** Checks the `round` option (undefined: none); throws TypeError/RangeError naming the field. */
export function check_round_option(round: unknown): RoundOption | null {
  if (round === undefined || round === null) return null;
  const policy = round_policy_of(round);
  if (!(AUTOBET_ROUNDS as readonly string[]).includes(policy.game)) {
    throw new RangeError(`round.game: autobet plays ${policy.game} rounds once the sandbox and the simulator play them (round-games.ts); it plays ${AUTOBET_ROUNDS.join(', ')}`);
  }
  return { settings: { ...(round as Record<string, unknown>), policy: policy.name }, game: policy.game as RoundGame, decide: policy.step };
}

/** The game a settings strategy bets (null for a module or a Lua script). */
export function settings_game(prepared: PreparedStrategy): unknown {
  if (prepared.kind !== 'settings') return null;
  try {
    return (JSON.parse(prepared.source) as { game?: unknown }).game ?? null;
  } catch {
    return null;
  }
}

/**
 * Checks that a settings strategy and the `round` option go together: a
 * policy of another game than the settings bet would never play, and a hilo
 * or blackjack bet needs a policy (a module's bets are checked when its
 * round would open: round-driver.ts). Throws RangeError naming `round`.
 */
export function check_round_fits(round: unknown, prepared: PreparedStrategy, command: 'autobet' | 'sim' = 'autobet'): void {
  const game = settings_game(prepared);
  if (game === null) return;
  if (round === undefined || round === null) {
    if (is_round_bet_game(game)) throw new RangeError(`round: a ${game} bet is a round over several requests: give ${command} a round policy (--round '{"game":"${game}",…}')`);
    return;
  }
  const policy_game = (round as { game?: unknown }).game;
  if (policy_game !== game) throw new RangeError(`round.game: the settings bet ${String(game)}, so a ${String(policy_game)} policy would never play`);
}

/** What {@link with_rounds} needs of the run. */
export interface RoundsOf {
  readonly strategy: Strategy;
  /** The checked option; on a resume, null reads the session's recorded one. */
  readonly round: RoundOption | null;
  readonly db: SqliteDatabase;
  readonly session_id: number;
  readonly resumed: boolean;
  readonly currency: string;
  readonly money: Money;
  readonly limits: Limits;
  /** The engine's counters (the same object: a step is checked against the run as it stands). */
  readonly counters: Counters;
  /** The run's settle period (a step lost while a lost round is played on gets one of its own). */
  readonly settle_ms?: number;
}

/** `driver`, or a driver that plays rounds over it (reaching the site through it) when the run has a round policy. */
export function with_rounds(driver: Driver & { round_requests(): RoundRequests }, o: RoundsOf): Driver {
  let round = o.round;
  if (round === null && o.resumed) {
    const row = o.db.prepare('SELECT round_policy FROM sessions WHERE id = ?').get(o.session_id) as { round_policy: string | null } | undefined;
    if (row?.round_policy) round = check_round_option(JSON.parse(row.round_policy));
  } else if (round !== null && !o.resumed) {
    o.db.prepare('UPDATE sessions SET round_policy = ? WHERE id = ?').run(JSON.stringify(round.settings), o.session_id);
  }
  const module_round = o.strategy.round?.bind(o.strategy);
  const decide = round?.decide ?? module_round;
  const rules = limit_rules(o.limits, o.money);
  return new RoundDriver(driver, {
    site: driver.round_requests(),
    money: o.money,
    currency: o.currency,
    // No policy: mines stays a single request; a hilo or blackjack bet is refused before its round opens.
    decide: decide ?? null,
    refusal: (units) => refusal_of(rules, o.counters, units),
    games: round !== null ? [round.game] : decide !== undefined ? AUTOBET_ROUNDS : ROUND_BET_GAMES,
    steps: new RoundSteps(o.db),
    session_id: o.session_id,
    ...(o.settle_ms === undefined ? {} : { settle_ms: o.settle_ms }),
  });
}
