/**
 * wasmoon's Lua 5.4 module, instantiated once per process, and the C API
 * functions the host calls per bet, taken straight from the wasm exports.
 */
import { LuaFactory } from 'wasmoon';

// Lua's type tags (lua.h), as lua_type returns them.
export const LUA_TNIL = 0;
export const LUA_TBOOLEAN = 1;
export const LUA_TNUMBER = 3;
export const LUA_TSTRING = 4;
export const LUA_TTABLE = 5;
export const LUA_TFUNCTION = 6;
/** lua_pcall's status when an allocation failed. */
export const LUA_ERRMEM = 4;
/** lua_pcall's `nresults` for "all of them". */
export const LUA_MULTRET = -1;
/** lua_sethook's mask for a hook every N instructions. */
export const LUA_MASKCOUNT = 8;

/**
 * The C functions called per bet, straight from the module: wasmoon's
 * `cwrap`s go through emscripten's `ccall`, which costs more than the call.
 */
export interface LuaC {
  _lua_pushvalue(L: number, index: number): void;
  _lua_pushnumber(L: number, n: number): void;
  _lua_pushboolean(L: number, b: number): void;
  _lua_pushlstring(L: number, pointer: number, length: number): number;
  _lua_pushnil(L: number): void;
  _lua_pcallk(L: number, nargs: number, nresults: number, msgh: number, ctx: number, k: number): number;
  _lua_gettop(L: number): number;
  _lua_settop(L: number, index: number): void;
  _lua_type(L: number, index: number): number;
  _lua_tonumberx(L: number, index: number, isnum: number): number;
  _lua_toboolean(L: number, index: number): number;
  _lua_tolstring(L: number, index: number, length: number): number;
  _lua_next(L: number, index: number): number;
  _lua_topointer(L: number, index: number): number;
  _lua_createtable(L: number, narr: number, nrec: number): void;
  _lua_rawset(L: number, index: number): void;
  _lua_checkstack(L: number, n: number): number;
  _lua_error(L: number): number;
  _lua_getstack(L: number, level: number, ar: number): number;
}

const C_FUNCTIONS = [
  'lua_pushvalue', 'lua_pushnumber', 'lua_pushboolean', 'lua_pushlstring', 'lua_pushnil', 'lua_pcallk', 'lua_gettop',
  'lua_settop', 'lua_type', 'lua_tonumberx', 'lua_toboolean', 'lua_tolstring', 'lua_next', 'lua_topointer',
  'lua_createtable', 'lua_rawset', 'lua_checkstack', 'lua_error', 'lua_getstack',
] as const;

/** The module's heap views (replaced when the heap grows: read them at each use). */
export interface Heaps {
  readonly HEAPU8: Uint8Array;
  readonly HEAPU32: Uint32Array;
}

/** The instantiated module. */
export interface LuaModule {
  readonly factory: LuaFactory;
  /** The wasm instance's exports when they could be caught at instantiation. */
  readonly exports: Record<string, unknown> | null;
}

let lua_module: Promise<LuaModule> | null = null;

/** The module, instantiated on first use and shared by every VM after. */
export function shared_lua_module(): Promise<LuaModule> {
  lua_module ??= load_lua_module();
  return lua_module;
}

// Emscripten's exported-function wrappers build an assertion message on every
// call; the wasm exports themselves do not. wasmoon does not hand them out, so
// they are caught as the module is instantiated (once per process).
async function load_lua_module(): Promise<LuaModule> {
  const factory = new LuaFactory();
  const original = WebAssembly.instantiate;
  let exports: Record<string, unknown> | null = null;
  const catching = function (this: unknown, ...args: unknown[]): Promise<unknown> {
    // eslint-disable-next-line no-restricted-syntax -- bounded: instantiate's own two arguments
    const pending = (original as (...a: unknown[]) => Promise<unknown>).apply(this, args);
    return pending.then((result) => {
      const instance = (result as { instance?: WebAssembly.Instance }).instance ?? (result as WebAssembly.Instance);
      if (exports === null && typeof instance.exports?.['lua_pushnumber'] === 'function') exports = instance.exports as Record<string, unknown>;
      return result;
    });
  };
  WebAssembly.instantiate = catching as typeof WebAssembly.instantiate;
  try {
    await factory.getLuaModule();
  } finally {
    WebAssembly.instantiate = original;
  }
  return { factory, exports };
}

/** The C API of `module`: the caught wasm exports where there are, emscripten's `_lua_*` wrappers otherwise. */
export function c_api(module: object, exports: Record<string, unknown> | null): LuaC {
  const c: Record<string, unknown> = {};
  for (const name of C_FUNCTIONS) {
    const direct = exports?.[name];
    c[`_${name}`] = typeof direct === 'function' ? direct : (module as Record<string, unknown>)[`_${name}`];
  }
  return c as unknown as LuaC;
}
