/**
 * DiceBot Lua strategies (`.lua`): DiceBot 3's programmer mode on Lua 5.4 in
 * WebAssembly, with SharpLua's syntax rewritten and Lua 5.1's library on top.
 * See shared/spec/automation.md, "Strategies" 3 and its host rules.
 *
 * What scripts in the wild get besides 5.4 (prelude.ts):
 * - SharpLua syntax (rewrite.ts): `+= -= *= /= %= ^= ..=`, `!=`, `!x`.
 * - Lua 5.1 printing: integral floats print without `.0` in `tostring`,
 *   `print`, `..`, `table.concat` and `string.format("%s")`.
 * - Lua 5.1 library: `unpack`, `loadstring`, `math.pow math.mod math.log10
 *   math.ldexp math.atan2`, `table.getn table.maxn table.foreach
 *   table.foreachi`, `string.gfind`; `string.format`'s `%d %i %x %X %o %c`
 *   truncate a float as 5.1 did; `math.random`/`math.randomseed` floor float
 *   arguments.
 * - `loadstring` and `load` compile text only (never bytecode), in the
 *   script's own environment, through the same SharpLua rewrite (a string
 *   built at run time is written in the same dialect as the script).
 * - Not there, with an error that says so: `io`, `require`, `dofile`,
 *   `loadfile`, `package`, `debug`, `module`, `setfenv`, `getfenv`,
 *   `os.*` but `clock time date difftime`; `string.dump` is gone.
 * Known gap: the time limit counts Lua instructions, so one C call that runs
 * long by itself (a pathological `string.find` pattern) is not cut short.
 */
import { decimals_for } from '../../../operations/validate/currencies.js';
import type { Strategy, StrategyAnswer, StrategyContext, StrategyState } from '../strategy.js';
import { StrategyError } from '../strategy.js';
import { dice_answer } from './answer.js';
import { LUA_TFUNCTION } from './c-api.js';
import { LuaSyntaxError } from './lexer.js';
import { rewrite_sharplua } from './rewrite.js';
import { ScriptView, zero_offsets, type StatsOffsets } from './script-view.js';
import { restore_globals, save_globals, type SavedValue } from './snapshot.js';
import { LuaVm, SLOT_ENV, SLOT_HOST_STATE, type LuaAnswer } from './vm.js';
import { DEFAULT_MEMORY_BYTES, DEFAULT_TIMEOUT_MS, MAX_SLEEP_MS, positive_option, printable_script_name, random_seed_digest, script_strategy_error } from '../script-limits.js';

export { rewrite_sharplua } from './rewrite.js';
export { LuaSyntaxError } from './lexer.js';

/** Options of {@link load_lua_strategy}. */
export interface LuaStrategyOptions {
  /** The script's name in messages and `Strategy.name` (default `script.lua`). */
  readonly file_name?: string;
  /** Time limit of each call (the top level, each `dobet()`), in ms; default 1000. */
  readonly timeout_ms?: number;
  /** The VM's memory cap in bytes; default 64 MB. */
  readonly memory_limit_bytes?: number;
}

/** What `save()` returns: the script's plain globals and what the host keeps for it. */
export interface LuaSnapshot {
  readonly version: 1;
  readonly globals: Record<string, SavedValue>;
  readonly offsets: StatsOffsets;
  readonly first_amount: number;
  readonly fib_level: number;
}

// A chunk name Lua prints as is: one line, bounded.
function chunk_name(file_name: string | undefined): string {
  return printable_script_name(file_name, 'script.lua');
}

// math.random's seed: two 48-bit words of the session's seed digest.
function random_seeds(context: StrategyContext): [number, number] {
  const digest = random_seed_digest(context);
  return [digest.readUIntBE(0, 6), digest.readUIntBE(6, 6)];
}

/**
 * Loads a DiceBot script: rewrites SharpLua's syntax, runs the top level in a
 * confined VM and checks that it set `nextbet` and `chance` to a valid first bet.
 * @throws StrategyError (phase `load`, with the script's line when known) when
 * the script does not parse, fails or times out at its top level, reaches for
 * what it may not, defines no `dobet()`, or leaves no valid first bet.
 */
export async function load_lua_strategy(source: string, context: StrategyContext, options: LuaStrategyOptions = {}): Promise<Strategy> {
  if (typeof source !== 'string') throw new TypeError('source must be a string (the script\'s text)');
  const name = chunk_name(options.file_name);
  const timeout_ms = positive_option(options.timeout_ms, DEFAULT_TIMEOUT_MS, 'timeout_ms');
  const memory_limit_bytes = positive_option(options.memory_limit_bytes, DEFAULT_MEMORY_BYTES, 'memory_limit_bytes');
  let code: string;
  try {
    code = rewrite_sharplua(as_lua_file(source));
  } catch (error) {
    if (error instanceof LuaSyntaxError) {
      throw new StrategyError('load', `${name}:${error.line}: ${error.message}`, { line: error.line, cause: error });
    }
    throw error;
  }
  const [seed_a, seed_b] = random_seeds(context);
  const vm = await LuaVm.create({
    chunk_name: name,
    timeout_ms,
    memory_limit_bytes,
    print: context.print,
    rewrite: rewrite_sharplua,
    seed_a,
    seed_b,
    currency: context.currency,
    simulated: context.driver === 'simulator',
  });
  try {
    vm.compile(code);
    const top = vm.run_top(context.start_balance);
    const unset = ['nextbet', 'chance'].find((field) => {
      const value = field === 'nextbet' ? top.nextbet : top.chance;
      return 'not_number' in value && value.not_number === 'nil';
    });
    if (unset !== undefined) {
      throw new StrategyError('load', `${name}: the script must set nextbet and chance (numbers) at its top level`, { field: unset });
    }
    if (!has_dobet(vm)) throw new StrategyError('load', `${name}: the script must define a dobet() function`, { field: 'dobet' });
    const first = dice_answer(top, context.currency, decimals_for(context.currency), 'load');
    if ('number' in top.nextbet) set_first_amount(vm, top.nextbet.number);
    return new LuaStrategy(vm, name, context, top, first);
  } catch (error) {
    vm.close();
    throw script_strategy_error('load', error);
  }
}

// What Lua's loadfile skips and a string chunk does not: a UTF-8 BOM (Windows
// editors write one) and a first line starting with `#`; the line stays, as a comment.
function as_lua_file(source: string): string {
  const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  return text.startsWith('#') ? `--${text}` : text;
}

function has_dobet(vm: LuaVm): boolean {
  const type = vm.lua.lua_getfield(vm.L, SLOT_ENV, 'dobet');
  vm.c._lua_settop(vm.L, -2);
  return type === LUA_TFUNCTION;
}

function set_first_amount(vm: LuaVm, amount: number): void {
  vm.lua.lua_pushnumber(vm.L, amount);
  vm.lua.lua_setfield(vm.L, SLOT_HOST_STATE, 'first_amount');
}

class LuaStrategy implements Strategy {
  readonly name: string;
  private readonly view = new ScriptView();
  private readonly decimals: number;
  private last_seen: StrategyState['last'] = null;
  private last_bets = -1;
  private last_answer: StrategyAnswer;

  constructor(
    private readonly vm: LuaVm,
    name: string,
    private readonly context: StrategyContext,
    top: LuaAnswer,
    first: StrategyAnswer,
  ) {
    this.name = name;
    this.decimals = decimals_for(context.currency);
    this.last_answer = first;
    if (top.resetstats) this.view.reset(null);
  }

  next(state: StrategyState): StrategyAnswer | Promise<StrategyAnswer> {
    const last = state.last;
    // Before the first bet, and when asked again about the same result: no new dobet().
    if (last === null || (last === this.last_seen && state.bets === this.last_bets)) return this.last_answer;
    const input = this.view.step_input(state);
    let answer: LuaAnswer;
    try {
      answer = this.vm.step(input.values, input.amount, input.bet_profit);
    } catch (error) {
      throw script_strategy_error('run', error);
    }
    if (answer.resetstats) this.view.reset(state);
    const next = dice_answer(answer, this.context.currency, this.decimals, 'run');
    this.last_seen = last;
    this.last_bets = state.bets;
    this.last_answer = next;
    if (answer.sleep_ms > 0 && this.context.driver !== 'simulator') {
      const ms = Math.min(answer.sleep_ms, MAX_SLEEP_MS);
      return new Promise((resolve) => setTimeout(() => resolve(next), ms));
    }
    return next;
  }

  save(): LuaSnapshot {
    const { globals, first_amount, fib_level } = save_globals(this.vm);
    return { version: 1, globals, offsets: { ...this.view.offsets }, first_amount, fib_level };
  }

  restore(snapshot: unknown): void {
    const s = snapshot as Partial<LuaSnapshot> | null;
    const bad = (what: string): StrategyError => new StrategyError('load', `the saved Lua state is not one save() wrote: ${what}`, { field: 'snapshot' });
    if (typeof s !== 'object' || s === null || s.version !== 1) throw bad('no version 1');
    if (typeof s.globals !== 'object' || s.globals === null || Array.isArray(s.globals)) throw bad('no globals object');
    const offsets = zero_offsets();
    for (const key of Object.keys(offsets) as Array<keyof StatsOffsets>) {
      const value = s.offsets?.[key];
      if (typeof value !== 'number' || !Number.isFinite(value)) throw bad(`offsets.${key} is not a number`);
      offsets[key] = value;
    }
    if (typeof s.first_amount !== 'number' || typeof s.fib_level !== 'number') throw bad('no first_amount or fib_level');
    try {
      restore_globals(this.vm, s.globals, s.first_amount, s.fib_level);
    } catch (error) {
      throw script_strategy_error('load', error);
    }
    this.view.offsets = offsets;
    this.last_seen = null;
    this.last_bets = -1;
  }

  close(): void {
    this.vm.close();
  }
}
