/**
 * The script's plain globals as JSON and back: what `save()` journals with
 * each bet and `restore()` puts back on resume. Numbers, strings, booleans
 * and tables of those (acyclic); functions, coroutines and the host's own
 * names are left out. Every number comes back as a float, as in Lua 5.1.
 *
 * Encoding: a finite number, string or boolean is itself; a non-finite
 * number is `{ "n": "inf" | "-inf" | "nan" }`; a table is `{ "t": [[key,
 * value], ...] }` with string or finite-number keys.
 */
import { StrategyError } from '../strategy.js';
import { LUA_MULTRET, LUA_TBOOLEAN, LUA_TNUMBER, LUA_TSTRING, LUA_TTABLE } from './c-api.js';
import { SLOT_COLLECT, SLOT_RESTORE, type LuaVm } from './vm.js';

/** One saved Lua value. */
export type SavedValue = number | string | boolean | { readonly n: 'inf' | '-inf' | 'nan' } | { readonly t: ReadonlyArray<readonly [string | number, SavedValue]> };

const MAX_DEPTH = 32;
const MAX_VALUES = 100_000;

/** What save() reads out of the VM. */
export interface SavedGlobals {
  readonly globals: Record<string, SavedValue>;
  readonly first_amount: number;
  readonly fib_level: number;
}

/** The script's plain globals (the prelude's `collect()` leaves out the host's names) and the built-ins' state. */
export function save_globals(vm: LuaVm): SavedGlobals {
  const { c, L } = vm;
  const top = c._lua_gettop(L);
  c._lua_pushvalue(L, SLOT_COLLECT);
  vm.call(0, LUA_MULTRET, 'saving the script\'s globals');
  const globals: Record<string, SavedValue> = {};
  const budget = { values: 0 };
  const ancestors = new Set<number>();
  try {
    for (let i = top + 3; i < c._lua_gettop(L); i += 2) {
      const value = read_value(vm, i + 1, 0, ancestors, budget);
      if (value !== undefined) globals[vm.read_string(i)!] = value;
    }
    return { globals, first_amount: c._lua_tonumberx(L, top + 1, 0), fib_level: c._lua_tonumberx(L, top + 2, 0) };
  } finally {
    c._lua_settop(L, top);
  }
}

function read_value(vm: LuaVm, index: number, depth: number, ancestors: Set<number>, budget: { values: number }): SavedValue | undefined {
  const { c, L } = vm;
  budget.values += 1;
  if (budget.values > MAX_VALUES) {
    throw new StrategyError('run', `the script's globals hold more than ${MAX_VALUES} values: too large to journal`);
  }
  switch (c._lua_type(L, index)) {
    case LUA_TNUMBER: {
      const n = c._lua_tonumberx(L, index, 0);
      if (Number.isFinite(n)) return n;
      return { n: Number.isNaN(n) ? 'nan' : n > 0 ? 'inf' : '-inf' };
    }
    case LUA_TSTRING:
      return vm.read_string(index)!;
    case LUA_TBOOLEAN:
      return c._lua_toboolean(L, index) !== 0;
    case LUA_TTABLE:
      return read_table(vm, index, depth, ancestors, budget);
    default:
      return undefined;
  }
}

function read_table(vm: LuaVm, index: number, depth: number, ancestors: Set<number>, budget: { values: number }): SavedValue | undefined {
  const { c, L } = vm;
  const pointer = c._lua_topointer(L, index);
  if (ancestors.has(pointer) || depth >= MAX_DEPTH) return undefined;
  ancestors.add(pointer);
  const entries: Array<readonly [string | number, SavedValue]> = [];
  c._lua_checkstack(L, 4);
  c._lua_pushnil(L);
  while (c._lua_next(L, index) !== 0) {
    const key_type = c._lua_type(L, -2);
    let key: string | number | undefined;
    if (key_type === LUA_TSTRING) key = vm.read_string(-2)!;
    else if (key_type === LUA_TNUMBER) {
      const n = c._lua_tonumberx(L, -2, 0);
      if (Number.isFinite(n)) key = n;
    }
    if (key !== undefined) {
      const value = read_value(vm, c._lua_gettop(L), depth + 1, ancestors, budget);
      if (value !== undefined) entries.push([key, value]);
    }
    c._lua_settop(L, -2);
  }
  ancestors.delete(pointer);
  return { t: entries };
}

/**
 * Puts saved globals back through the prelude's `restore`, with the
 * built-ins' state.
 * @throws StrategyError (phase `load`, field `snapshot`) when `globals` is not what save_globals wrote.
 */
export function restore_globals(vm: LuaVm, globals: Record<string, unknown>, first_amount: number, fib_level: number): void {
  const { c, L } = vm;
  const top = c._lua_gettop(L);
  try {
    c._lua_pushvalue(L, SLOT_RESTORE);
    c._lua_createtable(L, 0, 0);
    const table = c._lua_gettop(L);
    for (const [name, value] of Object.entries(globals)) {
      vm.push_string(name);
      push_value(vm, value, 0);
      c._lua_rawset(L, table);
    }
    c._lua_pushnumber(L, first_amount);
    c._lua_pushnumber(L, fib_level);
  } catch (error) {
    c._lua_settop(L, top);
    throw error;
  }
  vm.call(3, 0, 'restoring the saved globals');
}

function bad_snapshot(what: string): StrategyError {
  return new StrategyError('load', `the saved Lua state is not one save() wrote: ${what}`, { field: 'snapshot' });
}

function push_value(vm: LuaVm, value: unknown, depth: number): void {
  const { c, L } = vm;
  if (depth > MAX_DEPTH) throw bad_snapshot('nested too deep');
  c._lua_checkstack(L, 4);
  if (typeof value === 'number') {
    c._lua_pushnumber(L, value);
  } else if (typeof value === 'string') {
    vm.push_string(value);
  } else if (typeof value === 'boolean') {
    c._lua_pushboolean(L, value ? 1 : 0);
  } else if (typeof value === 'object' && value !== null && 'n' in value) {
    const n = (value as { n: unknown }).n;
    if (n !== 'inf' && n !== '-inf' && n !== 'nan') throw bad_snapshot('a number that is not inf, -inf or nan');
    c._lua_pushnumber(L, n === 'inf' ? Number.POSITIVE_INFINITY : n === '-inf' ? Number.NEGATIVE_INFINITY : Number.NaN);
  } else if (typeof value === 'object' && value !== null && 't' in value && Array.isArray((value as { t: unknown }).t)) {
    const entries = (value as { t: unknown[] }).t;
    c._lua_createtable(L, 0, 0);
    const table = c._lua_gettop(L);
    for (const entry of entries) {
      if (!Array.isArray(entry) || entry.length !== 2) throw bad_snapshot('a table entry that is not [key, value]');
      const [key, item] = entry as [unknown, unknown];
      if (typeof key === 'number' && Number.isFinite(key)) c._lua_pushnumber(L, key);
      else if (typeof key === 'string') vm.push_string(key);
      else throw bad_snapshot('a table key that is not a string or a finite number');
      push_value(vm, item, depth + 1);
      c._lua_rawset(L, table);
    }
  } else {
    throw bad_snapshot(`a value of type ${value === null ? 'null' : typeof value}`);
  }
}
