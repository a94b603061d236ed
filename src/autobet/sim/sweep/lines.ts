/**
 * A sweep's lines: the results file's header, each cell's line, the summary
 * with the ranking. A single run, a resumed one and a merge of shards all
 * print these from the same cell lines, so they print the same bytes.
 */
import type { CellFigures } from './figures.js';
import type { ParamValue } from './spec.js';

/** The first line of a results file (or a shard's part): which sweep, which part of it. */
export interface SweepHeader {
  readonly event: 'sweep';
  readonly version: 1;
  readonly spec_hash: string;
  readonly seed: string;
  /** Cells in the whole sweep. */
  readonly cells: number;
  readonly shard: { readonly index: number; readonly count: number } | null;
  readonly sessions: number;
  readonly bets: number;
  readonly balance: number;
  readonly currency: string;
  readonly params: readonly string[];
}

/** One cell's line. */
export type CellLine = { readonly event: 'cell'; readonly index: number; readonly params: Readonly<Record<string, ParamValue>> } & CellFigures & {
  /** The exact probability of ruin in the bets, for a martingale-family settings strategy on dice. */
  readonly ruin_exact?: number;
};

/** How cells are ranked: by median profit (then mean, then index), among those under the bust cap with enough sessions. */
export interface RankOptions {
  /** A share, 0.05 for 5 %; default 1 (no cap). */
  readonly max_bust?: number;
  /** Default 1. */
  readonly min_sessions?: number;
}

/** The last line. */
export interface SweepSummary {
  readonly event: 'summary';
  readonly cells: number;
  readonly seed: string;
  readonly spec_hash: string;
  readonly sessions: number;
  readonly bets: number;
  readonly max_bust: number;
  readonly min_sessions: number;
  /** Cells that pass the constraints. */
  readonly eligible: number;
  /** Their indices, best first (at most {@link TOP}). */
  readonly ranked: readonly number[];
  /** The best cell's parameters, or null when none passes. */
  readonly best: Readonly<Record<string, ParamValue>> | null;
}

/** Cells named in the summary's ranking at most. */
export const TOP = 20;

/** `cells` (any order) ranked under the constraints, best first. */
export function rank_cells(cells: readonly CellLine[], options: RankOptions = {}): CellLine[] {
  const cap = options.max_bust ?? 1;
  const min = options.min_sessions ?? 1;
  return cells
    .filter((c) => c.sessions >= min && c.bust_share <= cap && Number.isFinite(c.median))
    .sort((a, b) => b.median - a.median || b.mean - a.mean || a.index - b.index);
}

/** The summary of a whole sweep's cells. */
export function summary_line(header: SweepHeader, cells: readonly CellLine[], options: RankOptions = {}): SweepSummary {
  const ranked = rank_cells(cells, options);
  return {
    event: 'summary',
    cells: cells.length,
    seed: header.seed,
    spec_hash: header.spec_hash,
    sessions: header.sessions,
    bets: header.bets,
    max_bust: options.max_bust ?? 1,
    min_sessions: options.min_sessions ?? 1,
    eligible: ranked.length,
    ranked: ranked.slice(0, TOP).map((c) => c.index),
    best: ranked[0]?.params ?? null,
  };
}

/** A line as JSON; NaN (a cell with no counted session) as null. */
export function json_line(value: unknown): string {
  return `${JSON.stringify(value, (_k, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? null : v))}\n`;
}
