/**
 * `verify_history`: every stored bet whose server seed is known, checked with
 * `stakeql/fairness` (the seed hashes to the bet's `seedHash`, and the seeds
 * produce the outcome its `state` records). Bets are streamed from the
 * database in bet order, so memory holds the failures, not the history.
 * A row that cannot be checked any more (a field gone, a seed that is not hex)
 * was changed after the site wrote it, and counts as a failure. Crash and
 * Slide bets, once their round was looked up, are checked against their
 * round's hash and against each other along the hash chain (chain-verify.ts).
 */
import { verify_bet, type BetReport, type CasinoBetLike, type VerifyFailure } from '../fairness/index.js';
import type { SqliteDatabase } from '../database/database.js';
import { DEFAULT_MAX_CHAIN_GAP, chain_breaks, is_chain_game, verify_chain_outcome } from './chain-verify.js';
import { where_of, type BetFilter } from './query.js';
import type { StoredBet } from './record.js';
import { BET_COLUMNS, BET_ORDER, stored_bet } from './bet-database.js';
import { JOURNALED_CARD_GAMES, NO_JOURNALED_CARDS, compare_journaled_cards, journaled_state } from './journal-cards.js';

/** A stored bet that failed a check. */
export interface HistoryFailure {
  readonly id: string;
  readonly iid: string;
  readonly identifier: string | null;
  readonly game: string;
  readonly nonce: number | null;
  /** The checks that failed: `seed_hash`, `outcome`; `chain` for a Crash or Slide round's hash off the chain of the others. */
  readonly failed: ReadonlyArray<VerifyFailure | 'chain'>;
  /** The outcome the seeds give, and what the bet records (see `BetReport`). */
  readonly expected: unknown;
  readonly recorded: unknown;
  readonly note: string | null;
}

/** Options of {@link verify_history}. */
export interface VerifyHistoryOptions extends BetFilter {
  /** Called with each checkable bet's report, in bet order (e.g. a progress line). */
  readonly on_report?: (report: BetReport, checked: number) => void;
  /** Keep at most this many failures in the result (every one is counted); default 1000. */
  readonly max_failures?: number;
  /** Crash and Slide: the most SHA-256 steps looked through between two stored rounds whose numbers are unknown; default 1,000,000. */
  readonly max_chain_gap?: number;
}

/** What {@link verify_history} found. */
export interface VerifyHistoryResult {
  /** Bets with a known server seed (Crash and Slide: a known round hash), each checked. */
  readonly checked: number;
  /** Bets whose every check passed. */
  readonly passed: number;
  /** Bets a check failed for, or that could not be read as a bet (`failures` holds the first `max_failures`). */
  readonly failed: number;
  readonly failures: readonly HistoryFailure[];
  /** Bets with a known seed that could not be judged (a game without a published translation, an open round, a state without the compared fields), by game. */
  readonly unverifiable: Readonly<Record<string, number>>;
  /** Why each game of `unverifiable` could not be judged (the first reason met for it). */
  readonly unverifiable_reasons: Readonly<Record<string, string>>;
  /** Bets whose server seed is not revealed yet (rotate the seed pair, then sync); Crash and Slide bets whose round was not looked up yet. */
  readonly unrevealed: number;
}

function asCasinoBet(bet: StoredBet): CasinoBetLike {
  return {
    id: bet.id,
    game: bet.game,
    state: bet.state,
    nonce: bet.nonce as number,
    clientSeed: { seed: bet.client_seed as string },
    serverSeed: { seedHash: bet.server_seed_hash as string, seed: bet.server_seed },
  };
}

function failure(bet: StoredBet, failed: HistoryFailure['failed'], expected: unknown, recorded: unknown, note: string | null): HistoryFailure {
  return { id: bet.id, iid: bet.iid, identifier: bet.identifier, game: bet.game, nonce: bet.nonce, failed, expected, recorded, note };
}

/**
 * Verifies the stored bets whose server seed is known and names the ones that
 * fail. Synchronous: it holds the connection until done (a server should give
 * it a connection of its own, or a worker).
 * @throws TypeError / RangeError naming a bad option.
 */
export function verify_history(db: SqliteDatabase, options: VerifyHistoryOptions = {}): VerifyHistoryResult {
  const { sql: where, params } = where_of(options);
  if (options.on_report !== undefined && typeof options.on_report !== 'function') throw new TypeError('on_report must be a function');
  const max = options.max_failures ?? 1000;
  if (!Number.isInteger(max) || max < 0) throw new RangeError('max_failures must be an integer of 0 or more');
  const gap = options.max_chain_gap ?? DEFAULT_MAX_CHAIN_GAP;
  if (!Number.isSafeInteger(gap) || gap < 0) throw new RangeError('max_chain_gap must be an integer of 0 or more');
  const and = where === '' ? 'WHERE' : `${where} AND`;
  // First, as it holds only the failures: which chain bets are off the chain the others walk.
  const breaks = chain_breaks(db, and, params, gap);
  const unrevealed = db.prepare(`SELECT count(*) FROM bets ${and} server_seed IS NULL`).pluck().get(params) as number;
  let checked = 0;
  let passed = 0;
  let failed = 0;
  const failures: HistoryFailure[] = [];
  const unverifiable: Record<string, number> = {};
  const reasons: Record<string, string> = {};
  const cannot = (game: string, why: string | null | undefined): void => {
    unverifiable[game] = (unverifiable[game] ?? 0) + 1;
    reasons[game] ??= why ?? 'its state holds none of the fields compared';
  };
  const fail = (entry: HistoryFailure): void => {
    failed++;
    if (failures.length < max) failures.push(entry);
  };
  for (const raw of db.prepare(`SELECT ${BET_COLUMNS} FROM bets ${and} server_seed IS NOT NULL ORDER BY ${BET_ORDER}`).iterate(params)) {
    const bet = stored_bet(raw);
    checked++;
    if (is_chain_game(bet.game)) {
      const broken = breaks.get(bet.id);
      let verdict;
      try {
        verdict = verify_chain_outcome(bet);
      } catch (error) {
        fail(failure(bet, [], null, null, `not a checkable bet: ${error instanceof Error ? error.message : String(error)}`));
        continue;
      }
      const failed: Array<'outcome' | 'chain'> = [...(verdict.ok ? [] : (['outcome'] as const)), ...(broken === undefined ? [] : (['chain'] as const))];
      options.on_report?.(
        { id: bet.id, game: bet.game, nonce: bet.nonce, ok: failed.length === 0, seed_hash_ok: null, outcome_ok: verdict.ok, failed: verdict.ok ? [] : ['outcome'], expected: verdict.expected, recorded: verdict.recorded },
        checked,
      );
      if (failed.length === 0) passed++;
      else fail(failure(bet, failed, verdict.expected, verdict.recorded, [verdict.note, broken].filter((n) => n != null).join('; ') || null));
      continue;
    }
    let report: BetReport;
    try {
      report = verify_bet(asCasinoBet(bet));
    } catch (error) {
      // A stored row without the fields a check needs, or with a seed that is not hex: it was changed after the site wrote it.
      fail(failure(bet, [], null, null, `not a checkable bet: ${error instanceof Error ? error.message : String(error)}`));
      continue;
    }
    if (!report.ok && report.failed.length === 0 && JOURNALED_CARD_GAMES.has(bet.game) && report.expected !== null) {
      // The history has no cards for blackjack and hilo; a round stakeql played has them in its journal.
      const state = journaled_state(db, bet.id);
      if (state === null) {
        options.on_report?.(report, checked);
        cannot(bet.game, NO_JOURNALED_CARDS);
        continue;
      }
      const cards = compare_journaled_cards(bet.game, (report.expected as { cards: { rank: string; suit: string }[] }).cards, state);
      report = { ...report, ok: cards.ok, outcome_ok: cards.ok, failed: cards.ok ? [] : ['outcome'], recorded: cards.recorded, note: 'cards from the journal of the round (round_steps)' };
    }
    options.on_report?.(report, checked);
    if (report.ok) passed++;
    else if (report.failed.length > 0) fail(failure(bet, report.failed, report.expected, report.recorded, report.note ?? null));
    else cannot(bet.game, report.note);
  }
  return { checked, passed, failed, failures, unverifiable, unverifiable_reasons: reasons, unrevealed };
}
