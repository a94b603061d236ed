/**
 * The limits one script's VM runs under, besides the sandboxed globals the
 * prelude builds (prelude.ts): a time limit per call (an instruction-count
 * hook that raises once the call's deadline has passed) and a memory cap
 * (wasmoon's traced allocator refuses past it); and how a failed call is
 * named, so the engine can say which limit a script hit and at which line.
 */
import type { LuaEngine, LuaWasm } from 'wasmoon';
import { LUA_ERRMEM, LUA_MASKCOUNT, type Heaps, type LuaC } from './c-api.js';
import { ScriptCallError } from '../script-limits.js';


/** What the time-limit hook raises; the prelude's pcall wrappers re-raise it, so a script cannot catch it. */
export const LIMIT_MARKER = '\u001bstakeql-time-limit';

/** The limits of one VM. */
export interface LuaLimits {
  /** The script's name in error messages (`name:line: ...`). */
  readonly chunk_name: string;
  readonly timeout_ms: number;
  readonly memory_limit_bytes: number;
}

// Instructions between two deadline checks: a few microseconds of Lua.
const HOOK_EVERY = 1000;
// lua_Debug (wasm32): `source` at 16, `currentline` at 24; 256 bytes cover the struct.
const DEBUG_SIZE = 256;

/** A VM's time limit and memory cap, set on its engine as it is built. */
export class Confinement {
  private readonly lua: LuaWasm;
  private readonly heaps: Heaps;
  private readonly hook: number;
  private readonly debug_buffer: number;
  // LIMIT_MARKER as a C string, pushed by the hook on whichever thread runs.
  private readonly marker: number;
  private readonly marker_length: number;
  private deadline = Number.POSITIVE_INFINITY;
  private timed_out_line: number | null | undefined = undefined;

  constructor(
    engine: LuaEngine,
    private readonly c: LuaC,
    private readonly limits: LuaLimits,
  ) {
    engine.global.setMemoryMax(limits.memory_limit_bytes);
    this.lua = engine.global.lua;
    const { module } = this.lua;
    this.heaps = module as unknown as Heaps;
    this.debug_buffer = module._malloc(DEBUG_SIZE);
    this.marker_length = module.lengthBytesUTF8(LIMIT_MARKER);
    this.marker = module._malloc(this.marker_length + 1);
    module.stringToUTF8(LIMIT_MARKER, this.marker, this.marker_length + 1);
    this.hook = module.addFunction((state: number) => this.on_hook(state), 'vii');
    this.lua.lua_sethook(engine.global.address, this.hook, LUA_MASKCOUNT, HOOK_EVERY);
  }

  /** Starts a call's time limit. */
  start_call(): void {
    this.timed_out_line = undefined;
    this.deadline = Date.now() + this.limits.timeout_ms;
  }

  /** Ends it: the host's own calls between script calls are not limited. */
  end_call(): void {
    this.deadline = Number.POSITIVE_INFINITY;
  }

  /** The error for a call (named `what`) that returned `status` with `raw` (its error value, when a string). */
  failure(what: string, status: number, raw: string | null): ScriptCallError {
    if (this.timed_out_line !== undefined) {
      const line = this.timed_out_line;
      const where = line === null ? '' : ` (at line ${line})`;
      return new ScriptCallError('timeout', `${what} ran longer than its time limit of ${this.limits.timeout_ms} ms${where}`, line);
    }
    const message = raw ?? `${what} raised a non-string error`;
    if (status === LUA_ERRMEM || message.includes('not enough memory')) {
      const mb = Math.round(this.limits.memory_limit_bytes / 1048576);
      return new ScriptCallError('memory', `${what} went past the script's memory cap of ${mb} MB`, this.line_of(message));
    }
    return new ScriptCallError('runtime', message, this.line_of(message));
  }

  /** The script line an error message starts with (`name:12: ...`), or null. */
  line_of(message: string): number | null {
    const prefix = `${this.limits.chunk_name}:`;
    if (!message.startsWith(prefix)) return null;
    let end = prefix.length;
    while (end < message.length && end - prefix.length < 9 && message.charCodeAt(end) >= 48 && message.charCodeAt(end) <= 57) end += 1;
    return end > prefix.length && message[end] === ':' ? Number(message.slice(prefix.length, end)) : null;
  }

  /** Takes the hook off `L` and frees what it used; before the engine is closed. */
  close(L: number): void {
    this.lua.lua_sethook(L, null, 0, 0);
    this.lua.module.removeFunction(this.hook);
    this.lua.module._free(this.debug_buffer);
    this.lua.module._free(this.marker);
  }

  // Runs every HOOK_EVERY instructions, in whichever thread is running.
  private on_hook(state: number): void {
    if (Date.now() <= this.deadline) return;
    if (this.timed_out_line === undefined) this.timed_out_line = this.current_script_line(state);
    this.c._lua_pushlstring(state, this.marker, this.marker_length);
    this.c._lua_error(state);
  }

  // The innermost frame of the script's own chunk (not the prelude's helpers).
  private current_script_line(state: number): number | null {
    const { lua, debug_buffer } = this;
    const wanted = Buffer.from(`=${this.limits.chunk_name}\0`, 'utf8');
    for (let level = 0; level < 50; level += 1) {
      if (this.c._lua_getstack(state, level, debug_buffer) === 0) break;
      lua.lua_getinfo(state, 'Sl', debug_buffer);
      const source = this.heaps.HEAPU32[(debug_buffer + 16) >>> 2]!;
      if (Buffer.compare(this.heaps.HEAPU8.subarray(source, source + wanted.length), wanted) === 0) {
        return this.heaps.HEAPU32[(debug_buffer + 24) >>> 2]!;
      }
    }
    return null;
  }
}
