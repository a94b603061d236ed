/**
 * The in-page bots' JavaScript `dobet()` dialect (bot4stake, evilbot,
 * bot2love; shared/research/users-2026-11-29.md §1.1) as a stakeql strategy:
 * the script runs unchanged in a confined QuickJS context (vm.ts), its
 * top level sets `nextbet`, `chance`, `bethigh`, and after each settled bet
 * the host sets the bots' globals, calls `dobet()` and reads the next dice
 * bet back. The engine's limits, journal and never-twice rule sit below: the
 * bots' own re-send of a failed bet and `fastmode`'s two bets at once are not
 * imitated (docs/strategies.md, "Bringing a bot script").
 *
 * Dice only for now: a script that sets `game` to another game stops with a
 * message naming it.
 */
import { createHash } from 'node:crypto';
import { decimals_for } from '../../operations/validate/currencies.js';
import type { Strategy, StrategyAnswer, StrategyContext, StrategyState } from '../strategy.js';
import { StrategyError } from '../strategy.js';
import { dice_answer } from '../lua/answer.js';
import { ScriptView, zero_offsets, type StatsOffsets } from '../lua/script-view.js';
import type { LuaAnswer, LuaNumberValue } from '../lua/vm.js';
import { ScriptSyntaxError, top_level_names } from './detect.js';
import { BotCallError, BotVm } from './vm.js';

export { detect_dialect, JS_DIALECTS, type JsDialect } from './detect.js';

/** Options of {@link load_bot_strategy}. */
export interface BotStrategyOptions {
  /** The script's name in messages and `Strategy.name` (default `script.js`). */
  readonly file_name?: string;
  /** Time limit of each call (the top level, each `dobet()`), in ms; default 1000. */
  readonly timeout_ms?: number;
  /** The context's memory cap in bytes; default 64 MB. */
  readonly memory_limit_bytes?: number;
}

/** What `save()` returns: the script's plain globals (and top-level `let`s) and the host's `resetstats()` offsets. */
export interface BotSnapshot {
  readonly version: 1;
  readonly dialect: 'bot';
  readonly state: { readonly globals: Record<string, unknown>; readonly lets: Record<string, unknown> };
  readonly offsets: StatsOffsets;
}

const DEFAULT_TIMEOUT_MS = 1000;
const DEFAULT_MEMORY_BYTES = 64 * 1024 * 1024;
// The longest a `sleep()` holds one bet back, as for Lua scripts.
const MAX_SLEEP_MS = 10_000;

function positive_option(value: number | undefined, fallback: number, field: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new RangeError(`${field} must be a positive number of ${field === 'timeout_ms' ? 'milliseconds' : 'bytes'}`);
  }
  return value;
}

// A script name QuickJS prints as is in stack traces: one line, bounded, no parentheses or colons.
function script_name(file_name: string | undefined): string {
  if (file_name === undefined) return 'script.js';
  if (typeof file_name !== 'string') throw new TypeError('file_name must be a string');
  const base = file_name.slice(Math.max(file_name.lastIndexOf('/'), file_name.lastIndexOf('\\')) + 1);
  let clean = '';
  for (const ch of base.slice(0, 80)) clean += ch < ' ' || ch === ':' || ch === '(' || ch === ')' ? '_' : ch;
  return clean === '' ? 'script.js' : clean;
}

// Math.random's seed: the session's first client seed and server seed hash, so a replay repeats.
function random_seeds(context: StrategyContext): [number, number, number, number] {
  const d = createHash('sha256').update(`${context.client_seed}\n${context.server_seed_hash}`).digest();
  return [d.readUInt32BE(0), d.readUInt32BE(4), d.readUInt32BE(8), d.readUInt32BE(12)];
}

function strategy_error(phase: 'load' | 'run', error: unknown): StrategyError {
  if (error instanceof StrategyError) return error;
  if (error instanceof BotCallError || error instanceof ScriptSyntaxError) {
    return new StrategyError(phase, error.message, { line: error.line, cause: error });
  }
  return new StrategyError(phase, error instanceof Error ? error.message : String(error), { cause: error });
}

/**
 * Loads a bot script: parses it, runs its top level in a confined QuickJS
 * context and checks it set a valid first dice bet and defines `dobet()`.
 * @throws StrategyError (phase `load`, with the script's line when known)
 * when it does not parse, fails or times out at its top level, or leaves no valid first bet.
 */
export async function load_bot_strategy(source: string, context: StrategyContext, options: BotStrategyOptions = {}): Promise<Strategy> {
  if (typeof source !== 'string') throw new TypeError('source must be a string (the script\'s text)');
  const name = script_name(options.file_name);
  const timeout_ms = positive_option(options.timeout_ms, DEFAULT_TIMEOUT_MS, 'timeout_ms');
  const memory_limit_bytes = positive_option(options.memory_limit_bytes, DEFAULT_MEMORY_BYTES, 'memory_limit_bytes');
  const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  let lets: readonly string[];
  try {
    lets = top_level_names(text).lets;
  } catch (error) {
    if (error instanceof ScriptSyntaxError) {
      throw new StrategyError('load', `${name}${error.line === null ? '' : `:${error.line}`}: ${error.message}`, { line: error.line, cause: error });
    }
    throw error;
  }
  const vm = await BotVm.create({
    name, timeout_ms, memory_limit_bytes, print: context.print, seeds: random_seeds(context),
    simulated: context.driver === 'simulator', start_balance: context.start_balance,
  });
  try {
    vm.eval_script(text);
    vm.bind_lets(lets);
    const decimals = decimals_for(context.currency);
    const top = read_answer(vm.call('the script\'s top level', 'top'), 'load');
    const first = bot_answer(top, context.currency, decimals, 'load');
    return new BotStrategy(vm, name, context, top, first);
  } catch (error) {
    vm.close();
    throw strategy_error('load', error);
  }
}

/** The prelude's answer, as the Lua host's (answer.ts checks both the same way), with the dialect's own fields. */
interface BotAnswer extends LuaAnswer {
  readonly game: string;
  readonly fastmode: boolean;
}

function number_value(value: unknown): LuaNumberValue {
  if (typeof value === 'number') return { number: value };
  if (value === 'NaN') return { number: Number.NaN };
  if (value === 'Infinity') return { number: Number.POSITIVE_INFINITY };
  if (value === '-Infinity') return { number: Number.NEGATIVE_INFINITY };
  return { not_number: typeof value === 'string' ? value : 'nothing' };
}

function read_answer(text: string, phase: 'load' | 'run'): BotAnswer {
  const a: unknown = JSON.parse(text);
  if (!Array.isArray(a) || a.length !== 10) throw new StrategyError(phase, 'the script\'s answer could not be read');
  const [nextbet, chance, bethigh, stopped, rotate, resetstats, sleep_ms, vault, game, fastmode] = a as unknown[];
  return {
    nextbet: number_value(nextbet),
    chance: number_value(chance),
    bethigh: bethigh === true,
    stop: stopped === true ? 'stop() called' : null,
    resetseed: rotate === true,
    resetstats: resetstats === true,
    sleep_ms: typeof sleep_ms === 'number' ? sleep_ms : 0,
    invest: typeof vault === 'number' ? vault : 0,
    currency_changed: null,
    game: typeof game === 'string' ? game : '',
    fastmode: fastmode === true,
  };
}

function bot_answer(answer: BotAnswer, currency: string, decimals: number, phase: 'load' | 'run'): StrategyAnswer {
  if (answer.stop !== null) return { stop: answer.stop };
  if (answer.fastmode) {
    throw new StrategyError(phase, 'fastmode is refused: it sends each bet twice at once, and stakeql places one bet at a time, each written down before it leaves', { field: 'fastmode' });
  }
  if (answer.game.toLowerCase() !== 'dice') {
    throw new StrategyError(phase, `game ${JSON.stringify(answer.game)}: a bot script plays dice only in stakeql for now`, { field: 'game' });
  }
  return dice_answer(answer, currency, decimals, phase);
}

class BotStrategy implements Strategy {
  readonly name: string;
  private readonly view = new ScriptView();
  private readonly decimals: number;
  private last_seen: StrategyState['last'] = null;
  private last_bets = -1;
  private last_answer: StrategyAnswer;
  // The bet's numbers as the prelude's step() reads them (one buffer, reused).
  private readonly input = new Float64Array(15);
  private user: string | undefined;
  // The last full answer the script gave, flags cleared: a number from step() changes only its nextbet.
  private shown: BotAnswer;

  constructor(
    private readonly vm: BotVm,
    name: string,
    private readonly context: StrategyContext,
    top: BotAnswer,
    first: StrategyAnswer,
  ) {
    this.name = name;
    this.decimals = decimals_for(context.currency);
    this.last_answer = first;
    this.shown = { ...top, stop: null, resetseed: false, resetstats: false, sleep_ms: 0, invest: 0 };
    if (top.resetstats) this.view.reset(null);
  }

  next(state: StrategyState): StrategyAnswer | Promise<StrategyAnswer> {
    const last = state.last;
    // Before the first bet, and when asked again about the same result: no new dobet().
    if (last === null || (last === this.last_seen && state.bets === this.last_bets)) return this.last_answer;
    const { values: v } = this.view.step_input(state);
    const dice = (last.state ?? {}) as { target?: unknown };
    const input = this.input;
    input[0] = v.win ? 1 : 0;
    input[1] = v.balance;
    input[2] = v.profit;
    input[3] = v.currentprofit;
    input[4] = v.currentstreak;
    input[5] = v.previousbet;
    input[6] = v.bets;
    input[7] = v.wins;
    input[8] = v.losses;
    input[9] = v.wagered;
    input[10] = last.payoutMultiplier;
    input[11] = last.payout;
    input[12] = v.roll;
    input[13] = v.chance;
    input[14] = typeof dice.target === 'number' ? dice.target : 0;
    const user = typeof last.user?.name === 'string' ? last.user.name : '';
    let answer: BotAnswer;
    let next: StrategyAnswer;
    try {
      const out = this.vm.step(input, v.id, user === this.user ? undefined : user);
      this.user = user;
      // A number: only nextbet changed since the last full answer (no flag raised).
      answer = typeof out === 'number' ? { ...this.shown, nextbet: { number: out } } : read_answer(out, 'run');
      if (typeof out !== 'number') this.shown = { ...answer, stop: null, resetseed: false, resetstats: false, sleep_ms: 0, invest: 0 };
      if (answer.resetstats) this.view.reset(state);
      next = bot_answer(answer, this.context.currency, this.decimals, 'run');
    } catch (error) {
      throw strategy_error('run', error);
    }
    this.last_seen = last;
    this.last_bets = state.bets;
    this.last_answer = next;
    if (answer.sleep_ms > 0 && this.context.driver !== 'simulator') {
      const ms = Math.min(answer.sleep_ms, MAX_SLEEP_MS);
      return new Promise((resolve) => setTimeout(() => resolve(next), ms));
    }
    return next;
  }

  save(): BotSnapshot {
    let state: BotSnapshot['state'];
    try {
      state = JSON.parse(this.vm.call('saving the script\'s globals', 'save')) as BotSnapshot['state'];
    } catch (error) {
      throw strategy_error('run', error);
    }
    return { version: 1, dialect: 'bot', state, offsets: { ...this.view.offsets } };
  }

  restore(snapshot: unknown): void {
    const s = snapshot as Partial<BotSnapshot> | null;
    const bad = (what: string): StrategyError => new StrategyError('load', `the saved bot script state is not one save() wrote: ${what}`, { field: 'snapshot' });
    if (typeof s !== 'object' || s === null || s.version !== 1 || s.dialect !== 'bot') throw bad('no version 1 of the bot dialect');
    const st = s.state as { globals?: unknown; lets?: unknown } | undefined;
    const is_record = (v: unknown): boolean => typeof v === 'object' && v !== null && !Array.isArray(v);
    if (!is_record(st) || !is_record(st!.globals) || !is_record(st!.lets)) throw bad('no globals and lets objects');
    const offsets = zero_offsets();
    for (const key of Object.keys(offsets) as Array<keyof StatsOffsets>) {
      const value = s.offsets?.[key];
      if (typeof value !== 'number' || !Number.isFinite(value)) throw bad(`offsets.${key} is not a number`);
      offsets[key] = value;
    }
    try {
      this.vm.call('restoring the saved globals', 'restore', JSON.stringify(st));
    } catch (error) {
      throw strategy_error('load', error);
    }
    this.view.offsets = offsets;
    this.last_seen = null;
    this.last_bets = -1;
  }

  close(): void {
    this.vm.close();
  }
}
