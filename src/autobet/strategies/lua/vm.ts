/**
 * One Lua 5.4 VM (wasmoon) for one DiceBot script, with the prelude's
 * environment loaded and run under the limits of confinement.ts. Calls go
 * through Lua's C API directly, numbers pushed and read one by one, so a bet
 * costs no JSON and no JS proxy objects.
 */
import type { LuaEngine, LuaWasm } from 'wasmoon';
import { LUA_TBOOLEAN, LUA_TNIL, LUA_TNUMBER, LUA_TSTRING, c_api, shared_lua_module, type Heaps, type LuaC } from './c-api.js';
import { Confinement, LIMIT_MARKER, type LuaLimits } from './confinement.js';
import { ScriptCallError } from '../script-limits.js';
import { PRELUDE } from './prelude.js';

/** A value the script left in `nextbet`/`chance`: the number, or how to name what it is instead. */
export type LuaNumberValue = { readonly number: number } | { readonly not_number: string };

/** What the script asks after a call (top level or `dobet()`). */
export interface LuaAnswer {
  readonly nextbet: LuaNumberValue;
  readonly chance: LuaNumberValue;
  readonly bethigh: boolean;
  /** `stop()`'s reason, null when not called. */
  readonly stop: string | null;
  readonly resetseed: boolean;
  readonly resetstats: boolean;
  /** Milliseconds `sleep()` asked for (0 in the simulator). */
  readonly sleep_ms: number;
  /** The sum of `invest(amount)` calls this turn (0: none). */
  readonly invest: number;
  /** The script's `currency` when it changed it away from the run's, else null. */
  readonly currency_changed: string | null;
}

/** The per-bet values `step` pushes, in the prelude's argument order. */
export interface StepValues {
  readonly balance: number;
  readonly win: boolean;
  readonly profit: number;
  readonly currentprofit: number;
  readonly currentstreak: number;
  readonly previousbet: number;
  readonly bets: number;
  readonly wins: number;
  readonly losses: number;
  readonly wagered: number;
  readonly roll: number;
  readonly chance: number;
  readonly high: boolean;
  readonly nonce: number;
  readonly id: string;
  /** undefined: unchanged since the last step; null: no value (an unrevealed server seed). */
  readonly serverhash: string | undefined;
  readonly serverseed: string | null | undefined;
  readonly clientseed: string | undefined;
}

/** What a VM is built with. */
export interface LuaVmOptions extends LuaLimits {
  readonly print: (line: string) => void;
  /** The SharpLua rewrite, for `load`/`loadstring` inside the script. */
  readonly rewrite: (code: string) => string;
  readonly seed_a: number;
  readonly seed_b: number;
  readonly currency: string;
  readonly simulated: boolean;
}

// Stack slots the prelude leaves on the main thread, and the script's chunk after compile().
const SLOT_STEP = 1;
/** Stack slot of the script's environment table. */
export const SLOT_ENV = 2;
const SLOT_RUN_TOP = 3;
/** Stack slot of the host state table (`first_amount`, `fib_level`). */
export const SLOT_HOST_STATE = 4;
const SLOT_COMPILE = 5;
/** Stack slot of the prelude's `restore(globals, first_amount, fib_level)`. */
export const SLOT_RESTORE = 6;
/** Stack slot of the prelude's `collect()`: the script's plain globals as name, value, ... */
export const SLOT_COLLECT = 7;
const SLOT_ON_ERROR = 8;
const SLOT_SCRIPT = 9;
const BASE = 9;
const ANSWER_COUNT = 9;

const decoder = new TextDecoder();

/** A confined VM with the prelude loaded. */
export class LuaVm {
  readonly lua: LuaWasm;
  /** The C API, called directly. */
  readonly c: LuaC;
  readonly L: number;
  private readonly engine: LuaEngine;
  private readonly options: LuaVmOptions;
  private readonly confinement: Confinement;
  // A scratch buffer for strings pushed and the length lua_tolstring returns.
  private scratch: number;
  private scratch_size = 256;
  private readonly length_slot: number;
  private closed = false;

  private readonly heaps: Heaps;

  private constructor(engine: LuaEngine, options: LuaVmOptions, exports: Record<string, unknown> | null) {
    this.engine = engine;
    this.options = options;
    this.lua = engine.global.lua;
    this.c = c_api(this.lua.module, exports);
    this.heaps = this.lua.module as unknown as Heaps;
    this.L = engine.global.address;
    this.length_slot = this.lua.module._malloc(8);
    this.scratch = this.lua.module._malloc(this.scratch_size);
    this.confinement = new Confinement(engine, this.c, options);
  }

  /** Builds a VM and runs the prelude in it. */
  static async create(options: LuaVmOptions): Promise<LuaVm> {
    const { factory, exports } = await shared_lua_module();
    const engine = await factory.createEngine({ openStandardLibs: true, injectObjects: false, enableProxy: false, traceAllocations: true });
    const vm = new LuaVm(engine, options, exports);
    try {
      vm.run_prelude();
    } catch (error) {
      vm.close();
      throw error;
    }
    return vm;
  }

  private run_prelude(): void {
    const { global } = this.engine;
    global.loadString(PRELUDE, '=stakeql-prelude');
    global.pushValue((text: unknown) => {
      this.options.print(String(text));
    });
    global.pushValue((code: unknown) => {
      try {
        return `\u0001${this.options.rewrite(String(code))}`;
      } catch (error) {
        return `\u0002${error instanceof Error ? error.message : String(error)}`;
      }
    });
    this.c._lua_pushnumber(this.L, this.options.seed_a);
    this.c._lua_pushnumber(this.L, this.options.seed_b);
    this.push_string(this.options.currency);
    this.c._lua_pushboolean(this.L, this.options.simulated ? 1 : 0);
    this.push_string(LIMIT_MARKER);
    this.push_string(`=${this.options.chunk_name}`);
    this.call(8, 8, 'the prelude');
  }

  /** Compiles the (rewritten) script in the script's environment. */
  compile(code: string): void {
    const { c, L } = this;
    c._lua_settop(L, BASE - 1);
    c._lua_pushvalue(L, SLOT_COMPILE);
    this.push_string(code);
    this.push_string(`=${this.options.chunk_name}`);
    this.call(2, 2, 'compiling the script');
    if (c._lua_type(L, BASE) === LUA_TNIL) {
      const message = this.read_string(BASE + 1) ?? 'the script does not compile';
      c._lua_settop(L, BASE - 1);
      throw new ScriptCallError('syntax', message, this.confinement.line_of(message));
    }
    c._lua_settop(L, BASE);
  }

  /** Runs the script's top level with `balance` set. */
  run_top(balance: number): LuaAnswer {
    const { c, L } = this;
    c._lua_pushvalue(L, SLOT_RUN_TOP);
    c._lua_pushvalue(L, SLOT_SCRIPT);
    c._lua_pushnumber(L, balance);
    this.call(2, ANSWER_COUNT, 'the top level');
    return this.read_answer();
  }

  /** Sets DiceBot's variables for one result and calls `dobet()`. */
  step(v: StepValues, amount: number, bet_profit: number): LuaAnswer {
    const { c, L } = this;
    c._lua_pushvalue(L, SLOT_STEP);
    c._lua_pushnumber(L, v.balance);
    c._lua_pushboolean(L, v.win ? 1 : 0);
    c._lua_pushnumber(L, v.profit);
    c._lua_pushnumber(L, v.currentprofit);
    c._lua_pushnumber(L, v.currentstreak);
    c._lua_pushnumber(L, v.previousbet);
    c._lua_pushnumber(L, v.bets);
    c._lua_pushnumber(L, v.wins);
    c._lua_pushnumber(L, v.losses);
    c._lua_pushnumber(L, v.wagered);
    c._lua_pushnumber(L, amount);
    c._lua_pushnumber(L, v.roll);
    c._lua_pushnumber(L, v.chance);
    c._lua_pushboolean(L, v.high ? 1 : 0);
    c._lua_pushnumber(L, v.nonce);
    c._lua_pushnumber(L, bet_profit);
    this.push_string(v.id);
    this.push_optional(v.serverhash);
    this.push_optional(v.serverseed);
    this.push_optional(v.clientseed);
    this.call(20, ANSWER_COUNT, 'dobet()');
    return this.read_answer();
  }

  /** Frees the VM; later calls throw. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.confinement.close(this.L);
    this.engine.global.close();
    this.lua.module._free(this.length_slot);
    this.lua.module._free(this.scratch);
  }

  /** Calls the function below `nargs` arguments under the time limit; on failure pops it and its arguments and throws. */
  call(nargs: number, nresults: number, what: string): void {
    if (this.closed) throw new ScriptCallError('runtime', 'the Lua strategy is closed', null);
    const { c, L } = this;
    const top = c._lua_gettop(L) - nargs - 1;
    this.confinement.start_call();
    // The prelude's message handler, once the prelude has put it in its slot.
    const handler = top >= SLOT_ON_ERROR ? SLOT_ON_ERROR : 0;
    const status = c._lua_pcallk(L, nargs, nresults, handler, 0, 0);
    this.confinement.end_call();
    if (status === 0) return;
    const raw = this.read_string(-1);
    c._lua_settop(L, top);
    throw this.confinement.failure(what, status, raw);
  }

  /** Pushes a string on `state` (the main thread by default), copied by Lua out of a reused buffer. */
  push_string(text: string, state: number = this.L): void {
    const { module } = this.lua;
    const size = module.lengthBytesUTF8(text);
    if (size + 1 > this.scratch_size) {
      module._free(this.scratch);
      this.scratch_size = 2 ** Math.ceil(Math.log2(size + 1));
      this.scratch = module._malloc(this.scratch_size);
    }
    module.stringToUTF8(text, this.scratch, size + 1);
    this.c._lua_pushlstring(state, this.scratch, size);
  }

  /** The string at `index`, or null when it is not a string. */
  read_string(index: number): string | null {
    const { c, L } = this;
    if (c._lua_type(L, index) !== LUA_TSTRING) return null;
    const pointer = c._lua_tolstring(L, index, this.length_slot);
    const length = this.heaps.HEAPU32[this.length_slot >>> 2]!;
    const bytes = this.heaps.HEAPU8;
    // Names and short values are ASCII: cheaper by hand than a TextDecoder call.
    if (length <= 32) {
      let text = '';
      for (let i = 0; i < length; i += 1) {
        const byte = bytes[pointer + i]!;
        if (byte >= 0x80) return decoder.decode(bytes.subarray(pointer, pointer + length));
        text += String.fromCharCode(byte);
      }
      return text;
    }
    return decoder.decode(bytes.subarray(pointer, pointer + length));
  }

  private push_optional(value: string | null | undefined): void {
    if (value === undefined) this.c._lua_pushnil(this.L);
    else if (value === null) this.c._lua_pushboolean(this.L, 0);
    else this.push_string(value);
  }

  private read_answer(): LuaAnswer {
    const { c, L } = this;
    const at = c._lua_gettop(L) - ANSWER_COUNT + 1;
    const answer: LuaAnswer = {
      nextbet: this.read_number(at),
      chance: this.read_number(at + 1),
      bethigh: c._lua_toboolean(L, at + 2) !== 0,
      stop: this.read_string(at + 3),
      resetseed: c._lua_toboolean(L, at + 4) !== 0,
      resetstats: c._lua_toboolean(L, at + 5) !== 0,
      sleep_ms: c._lua_tonumberx(L, at + 6, 0),
      currency_changed: this.read_string(at + 7),
      invest: c._lua_tonumberx(L, at + 8, 0),
    };
    c._lua_settop(L, at - 1);
    return answer;
  }

  private read_number(index: number): LuaNumberValue {
    const { c, L } = this;
    const type = c._lua_type(L, index);
    if (type === LUA_TNUMBER) return { number: c._lua_tonumberx(L, index, 0) };
    if (type === LUA_TSTRING) return { not_number: `the string ${JSON.stringify((this.read_string(index) ?? '').slice(0, 40))}` };
    if (type === LUA_TBOOLEAN) return { not_number: c._lua_toboolean(L, index) !== 0 ? 'true' : 'false' };
    if (type === LUA_TNIL) return { not_number: 'nil' };
    return { not_number: `a ${this.lua.lua_typename(L, type)}` };
  }
}
