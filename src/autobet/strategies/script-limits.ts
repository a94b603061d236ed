/**
 * What a confined script (DiceBot Lua, the in-page bots' JavaScript) runs under, the same for both
 * engines: the CPU bound per call, the memory bound, the longest `sleep()`, the name its errors show,
 * how a failure becomes the strategy's error, and the seed of its `random`.
 */
import { createHash } from 'node:crypto';
import { StrategyError, type StrategyContext } from './strategy.js';

export const DEFAULT_TIMEOUT_MS = 1000;
export const DEFAULT_MEMORY_BYTES = 64 * 1024 * 1024;
// The longest a `sleep()` holds one bet back: a script cannot stall a run (or its Ctrl-C) for long.
export const MAX_SLEEP_MS = 10_000;

export function positive_option(value: number | undefined, fallback: number, field: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new RangeError(`${field} must be a positive number of ${field === 'timeout_ms' ? 'milliseconds' : 'bytes'}`);
  }
  return value;
}

/**
 * The script's file name as its engine prints it in errors: the base name, one line, at most 80
 * characters; `unsafe` names the further characters the engine's traces cannot hold.
 */
export function printable_script_name(file_name: string | undefined, fallback: string, unsafe: (ch: string) => boolean = () => false): string {
  if (file_name === undefined) return fallback;
  if (typeof file_name !== 'string') throw new TypeError('file_name must be a string');
  const base = file_name.slice(Math.max(file_name.lastIndexOf('/'), file_name.lastIndexOf('\\')) + 1);
  let clean = '';
  for (const ch of base.slice(0, 80)) clean += ch < ' ' || unsafe(ch) ? '_' : ch;
  return clean === '' ? fallback : clean;
}

/** A script's failure with the line it names: what the strategy's error is made from (its message, that line). */
export class ScriptError extends Error {
  readonly line: number | null;

  constructor(message: string, line: number | null) {
    super(message);
    this.name = 'ScriptError';
    this.line = line;
  }
}

/** Why a call into a script failed. */
export type ScriptFailure = 'syntax' | 'runtime' | 'timeout' | 'memory';

/** A failed call into a script's VM (Lua or QuickJS): which limit it hit, if one, and the script's line when known. */
export class ScriptCallError extends ScriptError {
  readonly kind: ScriptFailure;

  constructor(kind: ScriptFailure, message: string, line: number | null) {
    super(message, line);
    this.name = 'ScriptCallError';
    this.kind = kind;
  }
}

/** A failure of a script as a StrategyError, with its line when known. */
export function script_strategy_error(phase: 'load' | 'run', error: unknown): StrategyError {
  if (error instanceof StrategyError) return error;
  if (error instanceof ScriptError) return new StrategyError(phase, error.message, { line: error.line, cause: error });
  return new StrategyError(phase, error instanceof Error ? error.message : String(error), { cause: error });
}

/** The digest a script's `random` is seeded from: the session's first client seed and server seed hash, so a replay repeats. */
export function random_seed_digest(context: Pick<StrategyContext, 'client_seed' | 'server_seed_hash'>): Buffer {
  return createHash('sha256').update(`${context.client_seed}\n${context.server_seed_hash}`).digest();
}
