/**
 * `history_stats`: what the stored bets add up to, per game, currency or
 * period, aggregated by SQLite from the hourly summary the database keeps
 * (`bets_hourly`, schema v3), so a million bets never reach JavaScript.
 * Money is never added across currencies: every group is one currency's, and
 * its sums are exact integers of the smallest unit.
 */
import { GAMES } from '../games/registry.js';
import type { SqliteDatabase } from '../database/database.js';
import { format_units } from './record.js';
import { time_ms, where_of, type BetFilter } from './query.js';
import { MULTIPLIER_BUCKETS } from './buckets.js';
import { BetDatabase } from './bet-database.js';

export { MULTIPLIER_BUCKETS } from './buckets.js';

/**
 * The share of the amount wagered a game pays back on average, used for the
 * theoretical return. The registry's games: each game's `rtp`
 * (src/games/<game>/rules.ts). Hilo, diamonds and crash: 0.99 as the site
 * states for its originals. A game not listed has no theoretical return: its
 * bets are left out of that figure.
 */
export const THEORETICAL_RTP: Readonly<Record<string, number>> = Object.freeze({
  hilo: 0.99,
  diamonds: 0.99,
  crash: 0.99,
  ...Object.fromEntries(Object.values(GAMES).flatMap((game) => (game.rtp === null ? [] : [[game.name, game.rtp]]))),
});

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
  /**
   * The longest run of wins and of losses in a row. A run is counted within one
   * account, game and currency, in bet order (a bet at ×1 ends it), and belongs
   * to the group of the bet that ends it, at its full length (a run that began
   * before the group's period or range counts whole).
   */
  readonly longest_win_streak: number;
  readonly longest_loss_streak: number;
  readonly multipliers: readonly MultiplierBucket[];
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

const HOUR_MS = 3_600_000;

/** Where the figures are read from: the hourly summary (whole hours) or the bets themselves (the part-hours at a range's ends). */
type Source = 'hourly' | 'bets';

/** The SQL of each grouping's key per source; the periods are integers here, written as dates by {@link periodKey}. */
function keySql(by: StatsGrouping, source: Source): string {
  const hour = source === 'hourly' ? 'hour' : `(time_ms / ${HOUR_MS})`;
  switch (by) {
    case 'game':
    case 'currency':
      return by;
    case 'hour':
      return hour;
    case 'day':
      return `${hour} / 24`;
    case 'month':
      return `strftime('%Y-%m', ${hour} * 3600, 'unixepoch')`;
    case 'all':
      return "'all'";
  }
}

function periodKey(by: StatsGrouping, key: unknown): string {
  if (by === 'hour') return new Date(Number(key) * HOUR_MS).toISOString().slice(0, 13);
  if (by === 'day') return new Date(Number(key) * 24 * HOUR_MS).toISOString().slice(0, 10);
  return String(key);
}

function sqlString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/** `CASE game WHEN 'dice' THEN 0.99 ... END` from the table (our constants, never user text). */
const RTP_SQL = `CASE game ${Object.entries(THEORETICAL_RTP)
  .map(([game, rtp]) => `WHEN ${sqlString(game)} THEN ${rtp}`)
  .join(' ')} END`;

/** The aggregates of one source, in the columns {@link SumsRow} names. */
function aggregatesSql(source: Source): string {
  if (source === 'hourly') {
    return `sum(bets) AS bets, sum(wins) AS wins, sum(losses) AS losses,
      CAST(sum(wagered) AS TEXT) AS wagered, CAST(sum(payout) AS TEXT) AS payout,
      sum(CASE WHEN ${RTP_SQL} IS NOT NULL THEN wagered END) AS known_wagered, sum(wagered * ${RTP_SQL}) AS expected,
      max(win_run) AS win_run, max(loss_run) AS loss_run,
      ${MULTIPLIER_BUCKETS.map((_, i) => `sum(b${i}) AS b${i}`).join(', ')}`;
  }
  const buckets = MULTIPLIER_BUCKETS.map(({ from, to }, i) => {
    if (to === from) return `sum(payout_multiplier = ${from}) AS b${i}`;
    // Zero has its own bucket: the one starting at 0 holds the partial losses only.
    const low = from === 0 ? 'payout_multiplier > 0' : `payout_multiplier >= ${from}`;
    return `sum(${low}${to === null ? '' : ` AND payout_multiplier < ${to}`}) AS b${i}`;
  });
  return `count(*) AS bets, sum(payout_multiplier > 1) AS wins, sum(payout_multiplier < 1) AS losses,
    CAST(sum(amount_units) AS TEXT) AS wagered, CAST(sum(payout_units) AS TEXT) AS payout,
    sum(CASE WHEN ${RTP_SQL} IS NOT NULL THEN amount_units END) AS known_wagered, sum(amount_units * ${RTP_SQL}) AS expected,
    max(max(streak, 0)) AS win_run, max(max(-streak, 0)) AS loss_run,
    ${buckets.join(', ')}`;
}

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
  win_run: number;
  loss_run: number;
  [bucket: `b${number}`]: number;
}

/** One group being added up from the sources: a row's counts, its sums made exact, its buckets in a list. */
interface Accumulator extends Omit<SumsRow, 'wagered' | 'payout' | 'known_wagered' | 'expected' | `b${number}`> {
  wagered: bigint;
  payout: bigint;
  known_wagered: number;
  expected: number;
  buckets: number[];
}

function checkGrouping(value: unknown): StatsGrouping {
  if (value === undefined) return 'game';
  if (typeof value !== 'string' || !GROUPINGS.includes(value as StatsGrouping)) {
    throw new RangeError(`by must be one of ${GROUPINGS.join(', ')}`);
  }
  return value as StatsGrouping;
}

/** The parts a time range is read in: whole hours from the summary, the ends from the bets. */
function parts(from: number | null, to: number | null): Array<{ source: Source; from: number | null; to: number | null }> {
  const first = from === null ? null : Math.ceil(from / HOUR_MS);
  const last = to === null ? null : Math.floor(to / HOUR_MS);
  if (first !== null && last !== null && first >= last) return from !== null && to !== null && from < to ? [{ source: 'bets', from, to }] : [];
  const out: Array<{ source: Source; from: number | null; to: number | null }> = [{ source: 'hourly', from: first, to: last }];
  if (from !== null && first !== null && from < first * HOUR_MS) out.push({ source: 'bets', from, to: first * HOUR_MS });
  if (to !== null && last !== null && to > last * HOUR_MS) out.push({ source: 'bets', from: last * HOUR_MS, to });
  return out;
}

/**
 * Count, wagered, payout, profit, realised and theoretical return, longest
 * streaks and the multiplier distribution of the stored bets, per group. Whole
 * hours are read from the hourly summary the database keeps (schema v3), so
 * the cost grows with the hours covered, not the bets; a range's part-hours
 * are read from the bets.
 * @throws TypeError / RangeError naming the option.
 */
export function history_stats(db: SqliteDatabase, options: StatsOptions = {}): HistoryStats {
  const by = checkGrouping(options?.by);
  const { from, to, ...rest } = options;
  // Checked here so a bad time names its option; the ranges below are built from the numbers.
  where_of({ from, to });
  const range = where_of(rest);
  const fromMs = from === undefined ? null : time_ms(from, 'from');
  const toMs = to === undefined ? null : time_ms(to, 'to');
  // Bets another writer inserted are added to the summary first (none, as a rule: one index probe).
  new BetDatabase(db).summarise_pending();
  const groups = new Map<string, Accumulator>();
  for (const part of parts(fromMs, toMs)) {
    const terms = range.sql === '' ? [] : [range.sql.slice('WHERE '.length)];
    const params: Array<string | number> = [...range.params];
    const column = part.source === 'hourly' ? 'hour' : 'time_ms';
    if (part.from !== null) {
      terms.push(`${column} >= ?`);
      params.push(part.from);
    }
    if (part.to !== null) {
      terms.push(`${column} < ?`);
      params.push(part.to);
    }
    const key = keySql(by, part.source);
    const rows = db
      .prepare(
        `SELECT ${key} AS key, currency, decimals, ${aggregatesSql(part.source)}
         FROM ${part.source === 'hourly' ? 'bets_hourly' : 'bets'} ${terms.length === 0 ? '' : `WHERE ${terms.join(' AND ')}`}
         GROUP BY 1, currency, decimals`,
      )
      .all(params) as SumsRow[];
    for (const row of rows) add(groups, row);
  }
  const out = [...groups.values()]
    .filter((g) => g.bets > 0)
    .map((g) => group(by, g))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : a.decimals - b.decimals));
  return { by, groups: out, rtp: THEORETICAL_RTP };
}

function add(groups: Map<string, Accumulator>, row: SumsRow): void {
  const id = `${String(row.key)}\u0000${row.currency}\u0000${row.decimals}`;
  let g = groups.get(id);
  if (g === undefined) {
    g = {
      key: row.key, currency: row.currency, decimals: row.decimals, bets: 0, wins: 0, losses: 0, wagered: 0n, payout: 0n,
      known_wagered: 0, expected: 0, win_run: 0, loss_run: 0, buckets: MULTIPLIER_BUCKETS.map(() => 0),
    };
    groups.set(id, g);
  }
  g.bets += row.bets;
  g.wins += row.wins;
  g.losses += row.losses;
  g.wagered += BigInt(row.wagered ?? '0');
  g.payout += BigInt(row.payout ?? '0');
  g.known_wagered += row.known_wagered ?? 0;
  g.expected += row.expected ?? 0;
  g.win_run = Math.max(g.win_run, row.win_run ?? 0);
  g.loss_run = Math.max(g.loss_run, row.loss_run ?? 0);
  for (let i = 0; i < g.buckets.length; i++) g.buckets[i] = (g.buckets[i] as number) + (row[`b${i}`] ?? 0);
}

function group(by: StatsGrouping, g: Accumulator): StatsGroup {
  return {
    key: periodKey(by, g.key),
    currency: g.currency,
    decimals: g.decimals,
    bets: g.bets,
    wins: g.wins,
    losses: g.losses,
    wagered_units: g.wagered,
    payout_units: g.payout,
    profit_units: g.payout - g.wagered,
    wagered: format_units(g.wagered, g.decimals),
    payout: format_units(g.payout, g.decimals),
    profit: format_units(g.payout - g.wagered, g.decimals),
    realised_return: g.wagered === 0n ? null : Number(g.payout) / Number(g.wagered),
    theoretical_return: g.known_wagered === 0 ? null : g.expected / g.known_wagered,
    longest_win_streak: g.win_run,
    longest_loss_streak: g.loss_run,
    multipliers: MULTIPLIER_BUCKETS.map(({ from, to }, i) => ({ from, to, count: g.buckets[i] ?? 0 })),
  };
}
