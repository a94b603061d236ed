/**
 * A strategy written as a JS/TS module: its default export is
 * `(state) => next | { stop } | Promise<…>`. Everything it remembers goes in
 * `state.memory` (journaled by the engine, restored on resume), so the module
 * itself has nothing to save.
 */
import type { RoundStep, RoundView } from '../../games/kernel/round-view.js';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { StrategyError, type Strategy, type StrategyAnswer, type StrategyState } from './strategy.js';

/** The shape of a module strategy's default export. */
export type StrategyFunction = (state: StrategyState) => StrategyAnswer | Promise<StrategyAnswer>;

/** A strategy around a function (a loaded module's default export, or one passed to the library). */
export class FunctionStrategy implements Strategy {
  readonly name: string;
  readonly #fn: StrategyFunction;

  /** The module's `round(view)` export, when it has one (docs/strategies.md). */
  readonly round?: (view: RoundView) => RoundStep | Promise<RoundStep>;

  constructor(fn: StrategyFunction, name: string, round?: (view: RoundView) => RoundStep | Promise<RoundStep>) {
    this.#fn = fn;
    this.name = name;
    if (round !== undefined) this.round = round;
  }

  next(state: StrategyState): StrategyAnswer | Promise<StrategyAnswer> {
    return this.#fn(state);
  }

  save(): unknown {
    return null;
  }

  restore(): void {}
}

/**
 * Imports the module at `file`.
 * @throws StrategyError (phase `load`) when it cannot be imported or its default export is not a function.
 */
export async function load_module_strategy(file: string): Promise<FunctionStrategy> {
  const absolute = path.resolve(file);
  let loaded: { default?: unknown; round?: unknown };
  try {
    loaded = (await import(pathToFileURL(absolute).href)) as { default?: unknown; round?: unknown };
  } catch (error) {
    const code = (error as { code?: unknown })?.code;
    if (code === 'ERR_UNKNOWN_FILE_EXTENSION' && absolute.endsWith('.ts')) {
      throw new StrategyError('load', `${path.basename(file)}: this Node (${process.version}) cannot import TypeScript; use Node 22.18 or later, or compile it to .mjs`, { cause: error });
    }
    const message = error instanceof Error ? error.message.split('\n')[0] : 'it threw a non-error value';
    throw new StrategyError('load', `${path.basename(file)} does not load: ${message}`, { cause: error });
  }
  if (typeof loaded.default !== 'function') {
    throw new StrategyError('load', `${path.basename(file)} has no default export function (export default (state) => ({ game: 'dice', ... }))`);
  }
  if (loaded.round !== undefined && typeof loaded.round !== 'function') {
    throw new StrategyError('load', `${path.basename(file)}: its round export is not a function (export function round(view) { return 'cashout'; })`);
  }
  return new FunctionStrategy(loaded.default as StrategyFunction, path.basename(file), loaded.round as ((view: RoundView) => RoundStep) | undefined);
}
