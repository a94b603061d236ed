/**
 * `history_stats`: what the stored bets add up to, per game, currency or
 * period, aggregated by SQLite (one pass for the sums and the multiplier
 * distribution, one ordered pass for the streaks), so a million bets never
 * reach JavaScript. Money is never added across currencies: every group is
 * one currency's, and its sums are exact integers of the smallest unit.
 */
import type { SqliteDatabase } from '../journal/database.js';
import { format_units } from './record.js';
import { where_of, type BetFilter } from './query.js';
import { BET_ORDER } from './store.js';

/**
 * The share of the amount wagered a game pays back on average, used for the
 * theoretical return. Dice, limbo, mines, keno and plinko: 0.99 (the site's
 * 1 % edge; the sandbox pays each of them at exactly 0.99, see
 * src/sandbox/games). Wheel, hilo, diamonds, pump and crash: 0.99 as the
 * site states for its originals; roulette: 36/37 (one zero). A game not
 * listed has no theoretical return: its bets are left out of that figure.
 */
export const THEORETICAL_RTP: Readonly<Record<string, number>> = Object.freeze({
  dice: 0.99,
  limbo: 0.99,
  mines: 0.99,
  keno: 0.99,
  plinko: 0.99,
  wheel: 0.99,
  hilo: 0.99,
  diamonds: 0.99,
  pump: 0.99,
  crash: 0.99,
  roulette: 36 / 37,
});

/**
 * The multiplier distribution's buckets: exactly 0 (lost), above 0 and below 1,
 * then `[from, to)` up to 1000 and above.
 */
export const MULTIPLIER_BUCKETS: ReadonlyArray<{ readonly from: number; readonly to: number | null }> = Object.freeze([
  { from: 0, to: 0 },
  { from: 0, to: 1 },
  { from: 1, to: 2 },
  { from: 2, to: 3 },
  { from: 3, to: 5 },
  { from: 5, to: 10 },
  { from: 10, to: 100 },
  { from: 100, to: 1000 },
  { from: 1000, to: null },
]);

/** How bets are grouped: by game (and currency), by currency, or by UTC period (and currency); `all`: by currency only. */
export type StatsGrouping = 'game' | 'currency' | 'hour' | 'day' | 'month' | 'all';

/** Options of {@link history_stats}. */
export interface StatsOptions extends BetFilter {
  /** Default `game`. */
  readonly by?: StatsGrouping;
}

/** Bets whose `payoutMultiplier` falls in `[from, to)` (`to` null: no upper bound; the first bucket is exactly 0, the second excludes 0). */
export interface MultiplierBucket {
  readonly from: number;
  readonly to: number | null;
  readonly count: number;
}

/** One group's figures. A win pays more than the stake (multiplier above 1), a loss less; a bet at exactly 1 is neither. */
export interface StatsGroup {
  /** The game, the currency, the period (`2024-05-14T13`, `2024-05-14`, `2024-05`, UTC) or `all`. */
  readonly key: string;
  readonly currency: string;
  /** Decimals the units count in. */
  readonly decimals: number;
  readonly bets: number;
  readonly wins: number;
  readonly losses: number;
  /** Sums in whole smallest units (exact). */
  readonly wagered_units: bigint;
  readonly payout_units: bigint;
  readonly profit_units: bigint;
  /** The same sums as plain decimals of the currency. */
  readonly wagered: string;
  readonly payout: string;
  readonly profit: string;
  /** Payout ÷ wagered; null when nothing was wagered. */
  readonly realised_return: number | null;
  /** What the games pay back on average ({@link THEORETICAL_RTP}), weighted by amount; null when no wager has one. */
  readonly theoretical_return: number | null;
  /** The longest run of wins and of losses in a row (in bet order, within the group; a bet at ×1 ends both). */
  readonly longest_win_streak: number;
  readonly longest_loss_streak: number;
  readonly multipliers: readonly MultiplierBucket[];
  /** The first and last bet's time (Unix ms). */
  readonly first_ms: number;
  readonly last_ms: number;
}

/** The result of {@link history_stats}. */
export interface HistoryStats {
  readonly by: StatsGrouping;
  /** Groups ordered by key, then currency. */
  readonly groups: readonly StatsGroup[];
  /** The returns the theoretical figure used. */
  readonly rtp: Readonly<Record<string, number>>;
}

const GROUPINGS: readonly StatsGrouping[] = ['game', 'currency', 'hour', 'day', 'month', 'all'];

/** The SQL of each grouping's key; the periods are integers here, written as dates by {@link periodKey}. */
const KEY_SQL: Readonly<Record<StatsGrouping, string>> = {
  game: 'game',
  currency: 'currency',
  hour: 'time_ms / 3600000',
  day: 'time_ms / 86400000',
  month: "strftime('%Y-%m', time_ms / 1000, 'unixepoch')",
  all: "'all'",
};

function periodKey(by: StatsGrouping, key: unknown): string {
  if (by === 'hour') return new Date(Number(key) * 3_600_000).toISOString().slice(0, 13);
  if (by === 'day') return new Date(Number(key) * 86_400_000).toISOString().slice(0, 10);
  return String(key);
}

function sqlString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/** `CASE game WHEN 'dice' THEN 0.99 ... END` from the table (our constants, never user text). */
const RTP_SQL = `CASE game ${Object.entries(THEORETICAL_RTP)
  .map(([game, rtp]) => `WHEN ${sqlString(game)} THEN ${rtp}`)
  .join(' ')} END`;

const BUCKET_SQL = MULTIPLIER_BUCKETS.map(({ from, to }, i) => {
  if (to === from) return `sum(payout_multiplier = ${from}) AS b${i}`;
  // Zero has its own bucket: the one starting at 0 holds the partial losses only.
  const low = from === 0 ? `payout_multiplier > 0` : `payout_multiplier >= ${from}`;
  return `sum(${low}${to === null ? '' : ` AND payout_multiplier < ${to}`}) AS b${i}`;
}).join(', ');

interface SumsRow {
  key: unknown;
  currency: string;
  decimals: number;
  bets: number;
  wins: number;
  losses: number;
  wagered: string;
  payout: string;
  known_wagered: number | null;
  expected: number | null;
  first_ms: number;
  last_ms: number;
  [bucket: `b${number}`]: number;
}

interface StreakRow {
  key: unknown;
  currency: string;
  decimals: number;
  outcome: number;
  longest: number;
}

function checkGrouping(value: unknown): StatsGrouping {
  if (value === undefined) return 'game';
  if (typeof value !== 'string' || !GROUPINGS.includes(value as StatsGrouping)) {
    throw new RangeError(`by must be one of ${GROUPINGS.join(', ')}`);
  }
  return value as StatsGrouping;
}

const groupId = (key: unknown, currency: string, decimals: number): string => `${String(key)}\u0000${currency}\u0000${decimals}`;

/**
 * Count, wagered, payout, profit, realised and theoretical return, longest
 * streaks and the multiplier distribution of the stored bets, per group.
 * @throws TypeError / RangeError naming the option; JournalError-worthy SQLite errors as thrown by better-sqlite3.
 */
export function history_stats(db: SqliteDatabase, options: StatsOptions = {}): HistoryStats {
  const by = checkGrouping(options?.by);
  const { sql: where, params } = where_of(options);
  const key = KEY_SQL[by];
  const sums = db
    .prepare(
      `SELECT ${key} AS key, currency, decimals, count(*) AS bets,
         sum(payout_multiplier > 1) AS wins, sum(payout_multiplier < 1) AS losses,
         CAST(sum(amount_units) AS TEXT) AS wagered, CAST(sum(payout_units) AS TEXT) AS payout,
         sum(CASE WHEN ${RTP_SQL} IS NOT NULL THEN amount_units END) AS known_wagered,
         sum(amount_units * ${RTP_SQL}) AS expected,
         min(time_ms) AS first_ms, max(time_ms) AS last_ms, ${BUCKET_SQL}
       FROM bets ${where} GROUP BY 1, currency, decimals ORDER BY 1, currency, decimals`,
    )
    .all(params) as SumsRow[];
  const streaks = new Map<string, { win: number; loss: number }>();
  // Runs in bet order: the difference of two row numbers is constant along a run of one outcome (gaps and islands).
  const runs = db
    .prepare(
      `WITH o AS (
         SELECT ${key} AS key, currency, decimals,
           CASE WHEN payout_multiplier > 1 THEN 1 WHEN payout_multiplier < 1 THEN -1 ELSE 0 END AS outcome,
           row_number() OVER (PARTITION BY ${key}, currency, decimals ORDER BY ${BET_ORDER}) AS n
         FROM bets ${where}
       ), r AS (
         SELECT key, currency, decimals, outcome,
           n - row_number() OVER (PARTITION BY key, currency, decimals, outcome ORDER BY n) AS island
         FROM o
       )
       SELECT key, currency, decimals, outcome, max(c) AS longest FROM (
         SELECT key, currency, decimals, outcome, count(*) AS c FROM r WHERE outcome != 0
         GROUP BY key, currency, decimals, outcome, island
       ) GROUP BY key, currency, decimals, outcome`,
    )
    .all(params) as StreakRow[];
  for (const row of runs) {
    const id = groupId(row.key, row.currency, row.decimals);
    const entry = streaks.get(id) ?? { win: 0, loss: 0 };
    if (row.outcome > 0) entry.win = row.longest;
    else entry.loss = row.longest;
    streaks.set(id, entry);
  }
  const groups = sums.map((row): StatsGroup => {
    const wagered = BigInt(row.wagered);
    const payout = BigInt(row.payout);
    const streak = streaks.get(groupId(row.key, row.currency, row.decimals)) ?? { win: 0, loss: 0 };
    return {
      key: periodKey(by, row.key),
      currency: row.currency,
      decimals: row.decimals,
      bets: row.bets,
      wins: row.wins,
      losses: row.losses,
      wagered_units: wagered,
      payout_units: payout,
      profit_units: payout - wagered,
      wagered: format_units(wagered, row.decimals),
      payout: format_units(payout, row.decimals),
      profit: format_units(payout - wagered, row.decimals),
      realised_return: wagered === 0n ? null : Number(payout) / Number(wagered),
      theoretical_return: row.known_wagered === null || row.known_wagered === 0 || row.expected === null ? null : row.expected / row.known_wagered,
      longest_win_streak: streak.win,
      longest_loss_streak: streak.loss,
      multipliers: MULTIPLIER_BUCKETS.map(({ from, to }, i) => ({ from, to, count: row[`b${i}`] ?? 0 })),
      first_ms: row.first_ms,
      last_ms: row.last_ms,
    };
  });
  return { by, groups, rtp: THEORETICAL_RTP };
}
