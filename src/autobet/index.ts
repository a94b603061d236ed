/**
 * `stakeql/autobet`: run a betting strategy for hours without ever losing
 * more than the user allowed. One engine, three drivers (the live site, the
 * sandbox, the simulator); the limits sit below the strategy; every bet is
 * journaled before it is sent; a lost answer is resolved, never re-placed blindly.
 */
export { run_autobet, resume_autobet, DEFAULT_RESOLVE_TIMEOUT_MS, type AutobetCommonOptions, type AutobetOptions, type AutobetResult, type ResumeOptions, type RunPreview } from './run/run.js';
export { AutobetError, type AutobetErrorCode } from './run/errors.js';
export { check_limits, LIMIT_NAMES, type Limits } from './engine/limits.js';
export { DEFAULT_SETTLE_MS } from './engine/reconcile.js';
export { DEFAULT_ERROR_POLICY, MAX_RETRY_FOR_MS, retry_for_policy, type ErrorPolicy, type RefusalAction } from './engine/error-policy.js';
export type { NotifyOptions } from './run/notify-hook.js';
export type { StatsOptions } from './run/run-hooks.js';
export { win_probability, type StatsLine } from './run/stats.js';
export type { BetLine, StopLine, StopReason, WaitLine } from './engine/events.js';
export {
  AUTOBET_GAMES,
  StrategyError,
  type AutobetGame,
  type DiceNext,
  type DriverKind,
  type KenoNext,
  type LimboNext,
  type MinesNext,
  type NextBet,
  type PlinkoNext,
  type SettledBet,
  type StopRequest,
  type Strategy,
  type StrategyAnswer,
  type StrategyContext,
  type StrategyState,
} from './strategies/strategy.js';
export { SettingsStrategy, check_settings, type Settings } from './strategies/settings.js';
export { FunctionStrategy, type StrategyFunction } from './strategies/module.js';
export type { RoundStep, RoundView } from '../games/kernel/round-view.js';
export { abandon_session, find_session, is_unfinished, list_sessions, request_stop, session_bets, type Abandoned, type SessionListLine } from './run/sessions.js';
export { simulate, type SimulateOptions } from './sim/simulate.js';
export type { SessionResult } from './sim/sim-session.js';
export type { SessionTotals } from './engine/counters.js';
export type { SimSummary } from './sim/sim-summary.js';
export type { ReplaySeeds } from './drivers/sim-driver.js';
export { simulation_html, Downsampler, type BalanceCurve } from './sim/sim-report.js';
export {
  sweep, merge_parts, sweep_html, rank_cells, SweepSpecError,
  type SweepOptions, type SweepResult, type SweepProgress, type CellLine, type SweepHeader, type SweepSummary, type RankOptions,
} from './sim/sweep/index.js';
export { default_database_path, library_database_path, resolve_data_dir } from '../database/paths.js';
export { send_command, session_commands, type CommandLine, type SendCommandOptions, type SentCommand, type SessionCommand } from './run/commands.js';
export { tightened_limits } from './engine/limit-change.js';
