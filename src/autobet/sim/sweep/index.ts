/** Parameter sweeps: a strategy over a grid or a random sample of its parameters, ranked, sharded, resumable. */
export { sweep, prepare_sweep, sweep_header, type SweepOptions, type SweepProgress, type SweepResult, type PreparedSweep } from './sweep.js';
export { SweepSpecError, cell_at, cell_count, derived_pair, type Cell, type ParamValue, type SweepSpec } from './spec.js';
export { rank_cells, summary_line, json_line, type CellLine, type RankOptions, type SweepHeader, type SweepSummary } from './lines.js';
export { merge_parts } from './merge.js';
export { ruin_exact, dice_win_probability } from './ruin.js';
export { sweep_html, pareto_front } from './report.js';
export type { CellFigures } from './figures.js';
