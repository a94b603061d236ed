/**
 * One QuickJS context (WebAssembly, quickjs-emscripten) for one bot script,
 * in a WebAssembly instance of its own with the script's limits: a memory
 * cap (the instance's memory has that maximum, so an allocation past it
 * fails inside the engine; QuickJS's own malloc limit is not used: this build
 * cannot measure its blocks and counts a few bytes each), a stack cap, and a time limit per
 * call (QuickJS asks the interrupt handler every few thousand bytecodes; past
 * the call's deadline it answers "interrupt", which raises an error the
 * script cannot catch). The context holds ECMAScript's built-ins and the
 * prelude's globals only: no `require`, `process`, `fetch`, timers, module
 * loader or host object (the one host function is `print`, which takes a
 * string). docs/design.md says why this engine.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { newQuickJSWASMModule, newVariant, RELEASE_SYNC, type QuickJSContext, type QuickJSHandle, type QuickJSRuntime } from 'quickjs-emscripten';
import { BOT_PRELUDE } from './prelude.js';
import { ScriptCallError } from '../script-limits.js';

/** What a VM is built with. */
export interface BotVmOptions {
  /** The script's name in stack traces and messages. */
  readonly name: string;
  readonly timeout_ms: number;
  readonly memory_limit_bytes: number;
  readonly print: (line: string) => void;
  /** Math.random's seed: four 32-bit words. */
  readonly seeds: readonly [number, number, number, number];
  readonly simulated: boolean;
  readonly start_balance: number;
  /** Which bots' globals and functions the script gets (prelude.ts); default `poky`. */
  readonly flavour?: 'poky' | 'mydicebot';
  /** The run's currency (mydicebot's `currency` global). */
  readonly currency?: string;
  /** Write each bet's numbers straight into the engine's memory (default); false: pass a copy each step, the fallback. */
  readonly direct_io?: boolean;
  /** `makebet()` queues slide bets (the option `makebet: 'one_per_round'`) instead of throwing. */
  readonly makebet?: boolean;
}

/** What the script may ask about the last bet beyond its numbers (each asked only when read). */
export interface LastBetInfo {
  id: string;
  /** `lastBet.Roll` when it is not a number (keno's drawn numbers, the mines' tiles, baccarat's winning side), else null. */
  roll: readonly number[] | string | null;
  /** mydicebot's `lastbet` seeds, date and uid, as JSON. */
  extra: () => string;
  /** The identifier of the makebet() bet that settled (its result goes into `id`), when the step's flags say one did. */
  made?: string;
}

// QuickJS's own recursion check, below the WebAssembly stack's size (a deeper setting crashes the host instead).
const MAX_STACK_BYTES = 256 * 1024;
// The longest a printed line can be.
const MAX_PRINT = 2000;

const PAGE = 65536;
// The build's initial memory (16 MB: its data, stack and first heap); a cap is at least this plus room to run.
const INITIAL_PAGES = 256;
/** The smallest memory cap, in bytes. */
export const MIN_MEMORY_BYTES = 24 * 1024 * 1024;

let compiled: Promise<WebAssembly.Module | undefined> | undefined;

// The engine's WebAssembly compiled once per process; each script gets its own instance and memory.
// Found next to the variant's entry point; when it is not there, each instance compiles its own.
function compiled_engine(): Promise<WebAssembly.Module | undefined> {
  compiled ??= (async () => {
    try {
      const entry = createRequire(import.meta.url).resolve('@jitl/quickjs-wasmfile-release-sync');
      return await WebAssembly.compile(await fs.promises.readFile(path.join(path.dirname(entry), 'emscripten-module.wasm')));
    } catch {
      return undefined;
    }
  })();
  return compiled;
}

type HostFunction = 'top' | 'step' | 'probe' | 'answer' | 'describe' | 'save' | 'restore' | 'bind_lets' | 'call_round';
const HOST_FUNCTIONS: readonly HostFunction[] = ['top', 'step', 'probe', 'answer', 'describe', 'save', 'restore', 'bind_lets', 'call_round'];
// How many of the bet's numbers step() reads (index.ts fills them).
const IO_VALUES = 32;

/** A confined QuickJS context with the prelude loaded. */
export class BotVm {
  private deadline = Number.POSITIVE_INFINITY;
  private interrupted = false;
  private readonly fns = new Map<HostFunction, QuickJSHandle>();
  private closed = false;
  // The last bet's id and the rest, handed to the script only when it reads lastBet.
  private last: LastBetInfo = { id: '', roll: null, extra: () => '{}' };
  // Where the prelude's IO buffer sits in the WebAssembly memory, in 8-byte words (-1: not found,
  // each step passes an ArrayBuffer instead); the view is rebuilt when the memory grows.
  private io_index = -1;
  private io_view: Float64Array | null = null;

  private constructor(
    private readonly runtime: QuickJSRuntime,
    private readonly ctx: QuickJSContext,
    private readonly options: BotVmOptions,
    private readonly memory: WebAssembly.Memory,
  ) {}

  /** Whether each bet's numbers are written straight into the engine's memory (the prelude's buffer was found). */
  get direct(): boolean {
    return this.io_index >= 0;
  }

  /** A runtime and context with the limits set and the prelude run. */
  static async create(options: BotVmOptions): Promise<BotVm> {
    const wasm = await compiled_engine();
    const maximum = Math.max(Math.floor(options.memory_limit_bytes / PAGE), MIN_MEMORY_BYTES / PAGE);
    const memory = new WebAssembly.Memory({ initial: INITIAL_PAGES, maximum });
    const module = await newQuickJSWASMModule(newVariant(RELEASE_SYNC, { wasmMemory: memory, ...(wasm === undefined ? {} : { wasmModule: wasm }) }));
    const runtime = module.newRuntime();
    runtime.setMaxStackSize(MAX_STACK_BYTES);
    const ctx = runtime.newContext();
    const vm = new BotVm(runtime, ctx, options, memory);
    runtime.setInterruptHandler(() => vm.on_interrupt());
    try {
      const marker = new Uint32Array(randomBytes(32).buffer.slice(0));
      vm.load_prelude(marker);
      if (options.direct_io !== false) vm.find_io(marker);
    } catch (error) {
      vm.close();
      throw error;
    }
    return vm;
  }

  private on_interrupt(): boolean {
    if (Date.now() <= this.deadline) return false;
    this.interrupted = true;
    return true;
  }

  private load_prelude(marker: Uint32Array): void {
    const { ctx } = this;
    const factory = this.unwrap('the prelude', ctx.evalCode(BOT_PRELUDE, 'stakeql-prelude.js'));
    const print = ctx.newFunction('host_print', (line) => {
      if (ctx.typeof(line) === 'string') this.options.print(ctx.getString(line).slice(0, MAX_PRINT));
    });
    const seeds = ctx.newArray();
    this.options.seeds.forEach((n, i) => {
      const h = ctx.newNumber(n);
      ctx.setProp(seeds, i, h);
      h.dispose();
    });
    const simulated = this.options.simulated ? ctx.true : ctx.false;
    const balance = ctx.newNumber(this.options.start_balance);
    const name = ctx.newString(this.options.name);
    const last = ctx.newFunction('host_last', (what) => {
      const key = ctx.typeof(what) === 'string' ? ctx.getString(what) : '';
      const info = this.last;
      return ctx.newString(key === 'id' ? info.id : key === 'roll' ? JSON.stringify(info.roll ?? []) : key === 'extra' ? info.extra() : key === 'made' ? info.made ?? '' : '');
    });
    const flavour = ctx.newString(this.options.flavour ?? 'poky');
    const currency = ctx.newString(this.options.currency ?? '');
    const makebet = this.options.makebet === true ? ctx.true : ctx.false;
    const words = ctx.newArray();
    marker.forEach((n, i) => {
      const h = ctx.newNumber(n);
      ctx.setProp(words, i, h);
      h.dispose();
    });
    let api: QuickJSHandle;
    try {
      this.start_call();
      api = this.unwrap('the prelude', ctx.callFunction(factory, ctx.undefined, print, seeds, simulated, balance, name, last, words, flavour, currency, makebet));
    } finally {
      this.end_call();
      for (const h of [factory, print, seeds, balance, name, last, words, flavour, currency]) h.dispose();
    }
    for (const fn of HOST_FUNCTIONS) this.fns.set(fn, ctx.getProp(api, fn));
    api.dispose();
  }

  /**
   * Finds the prelude's IO buffer in the WebAssembly memory by the 32 random
   * bytes it starts with, then checks the find: a number written there must be
   * the one the prelude's probe() reads back. QuickJS never moves an
   * ArrayBuffer's bytes, and the script never holds this one, so each bet's
   * numbers can then be written straight into it (one call into the engine a
   * bet instead of four allocations and copies). Not found or not confirmed:
   * each step passes an ArrayBuffer, as before.
   */
  private find_io(marker: Uint32Array): void {
    const words = new Uint32Array(this.memory.buffer);
    const [m0, m1] = [marker[0]!, marker[1]!];
    // 8-byte aligned starts only: QuickJS's malloc aligns to 8 and a Float64Array needs it.
    for (let i = 0; i + marker.length <= words.length; i += 2) {
      if (words[i] !== m0 || words[i + 1] !== m1) continue;
      let all = true;
      for (let k = 2; k < marker.length && all; k++) all = words[i + k] === marker[k];
      if (!all) continue;
      const index = i / 2;
      const view = new Float64Array(this.memory.buffer);
      const check = 1 + (marker[2]! % 1_000_000) / 7;
      view[index] = check;
      const probe = this.ctx.callFunction(this.fns.get('probe')!, this.ctx.undefined);
      if (probe.error !== undefined) {
        probe.error.dispose();
        return;
      }
      const read = this.ctx.getNumber(probe.value);
      probe.value.dispose();
      if (read === check) {
        this.io_index = index;
        this.io_view = view;
      }
      return;
    }
  }

  /** Runs the script's text as global code (its top level), under the time limit. */
  eval_script(source: string): void {
    this.start_call();
    try {
      const result = this.ctx.evalCode(source, this.options.name);
      if (result.error !== undefined) {
        const error = this.failure('the script\'s top level', result.error);
        result.error.dispose();
        throw error;
      }
      result.value.dispose();
    } finally {
      this.end_call();
    }
  }

  /**
   * Compiles, after the script, the functions that read and assign its
   * top-level `let` bindings (names from the parser: identifiers only) and
   * hands them to the prelude's save and restore.
   */
  bind_lets(names: readonly string[]): void {
    if (names.length === 0) return;
    const cases = names.map((n, i) => `case ${i}: ${n} = v; break;`).join(' ');
    const code = `(function (bind) { return bind(${JSON.stringify(names)}, function () { return [${names.join(', ')}]; }, function (i, v) { switch (i) { ${cases} } }); })`;
    this.start_call();
    try {
      const wrapper = this.unwrap('binding the script\'s let names', this.ctx.evalCode(code, 'stakeql-lets.js'));
      try {
        this.unwrap('binding the script\'s let names', this.ctx.callFunction(wrapper, this.ctx.undefined, this.fns.get('bind_lets')!)).dispose();
      } finally {
        wrapper.dispose();
      }
    } finally {
      this.end_call();
    }
  }

  /**
   * One `dobet()`: the bet's numbers go in as one ArrayBuffer (no text to
   * parse), and while only `nextbet` changes it comes back alone as a number.
   * Returns that number, or the full answer's JSON text, or null when the
   * flags (values[17]) said only to record the bet (more makebet() bets queued);
   * throws the script's error.
   */
  step(values: Float64Array, last: LastBetInfo, name: string | undefined): number | string | null {
    const { ctx } = this;
    if (values.length > IO_VALUES) throw new RangeError(`a step takes at most ${IO_VALUES} numbers`);
    this.last = last;
    this.start_call();
    try {
      const step = this.fns.get('step')!;
      let result: ReturnType<QuickJSContext['callFunction']>;
      if (this.io_index >= 0) {
        let view = this.io_view!;
        // A grown memory detaches the old view's buffer.
        if (view.buffer !== this.memory.buffer) view = this.io_view = new Float64Array(this.memory.buffer);
        view.set(values, this.io_index);
        const user = name === undefined ? undefined : ctx.newString(name);
        result = user === undefined ? ctx.callFunction(step, ctx.undefined) : ctx.callFunction(step, ctx.undefined, user);
        user?.dispose();
      } else {
        const buffer = ctx.newArrayBuffer(values.buffer as ArrayBuffer);
        const user = name === undefined ? ctx.undefined : ctx.newString(name);
        result = ctx.callFunction(step, ctx.undefined, user, buffer);
        buffer.dispose();
        if (user !== ctx.undefined) user.dispose();
      }
      if (result.error !== undefined) {
        const error = this.failure('dobet()', result.error);
        result.error.dispose();
        throw error;
      }
      const code = ctx.getNumber(result.value);
      result.value.dispose();
      if (code >= 0) return code;
      if (code === -3) return null;
      const answer = ctx.callFunction(this.fns.get('answer')!, ctx.undefined);
      if (answer.error !== undefined) {
        const error = this.failure('dobet()', answer.error);
        answer.error.dispose();
        throw error;
      }
      const text = ctx.getString(answer.value);
      answer.value.dispose();
      if (code === -1 && text.startsWith('R')) return text.slice(1);
      throw this.script_error('dobet()', text);
    } finally {
      this.end_call();
    }
  }

  /** Calls one of the prelude's functions with an optional string; its `R` answer's text, or the script's error thrown. */
  call(what: string, fn: 'top' | 'save' | 'restore' | 'call_round', arg?: string): string {
    const { ctx } = this;
    this.start_call();
    try {
      const handle = arg === undefined ? undefined : ctx.newString(arg);
      const result = handle === undefined ? ctx.callFunction(this.fns.get(fn)!, ctx.undefined) : ctx.callFunction(this.fns.get(fn)!, ctx.undefined, handle);
      handle?.dispose();
      if (result.error !== undefined) {
        const error = this.failure(what, result.error);
        result.error.dispose();
        throw error;
      }
      const text = ctx.typeof(result.value) === 'string' ? ctx.getString(result.value) : '';
      result.value.dispose();
      if (text.startsWith('R')) return text.slice(1);
      throw this.script_error(what, text);
    } finally {
      this.end_call();
    }
  }

  /** Frees the context and its runtime. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const h of this.fns.values()) if (h.alive) h.dispose();
    this.fns.clear();
    this.ctx.dispose();
    this.runtime.dispose();
  }

  private start_call(): void {
    this.interrupted = false;
    this.deadline = Date.now() + this.options.timeout_ms;
  }

  private end_call(): void {
    this.deadline = Number.POSITIVE_INFINITY;
  }

  private unwrap(what: string, result: ReturnType<QuickJSContext['evalCode']>): QuickJSHandle {
    if (result.error !== undefined) {
      const error = this.failure(what, result.error);
      result.error.dispose();
      throw error;
    }
    return result.value;
  }

  // The error a failed call raised, described by the prelude (still under the call's deadline).
  private failure(what: string, error: QuickJSHandle): ScriptCallError {
    if (this.interrupted) return this.timeout(what);
    const describe = this.fns.get('describe');
    let text = '';
    if (describe !== undefined) {
      const result = this.ctx.callFunction(describe, this.ctx.undefined, error);
      if (result.error !== undefined) result.error.dispose();
      else {
        if (this.ctx.typeof(result.value) === 'string') text = this.ctx.getString(result.value);
        result.value.dispose();
      }
    }
    if (this.interrupted) return this.timeout(what);
    return this.script_error(what, text === '' ? 'E\nInternalError: out of memory' : text);
  }

  private timeout(what: string): ScriptCallError {
    return new ScriptCallError('timeout', `${what} ran longer than its time limit of ${this.options.timeout_ms} ms`, null);
  }

  // `E` + line + newline + message, as the prelude's describe() writes it.
  private script_error(what: string, text: string): ScriptCallError {
    const newline = text.indexOf('\n');
    const digits = newline > 1 ? text.slice(1, newline) : '';
    const line = digits === '' ? null : Number(digits);
    const message = newline < 0 ? `${what} answered nothing the host can read` : text.slice(newline + 1);
    if (message.includes('out of memory')) {
      const mb = Math.round(this.options.memory_limit_bytes / 1048576);
      return new ScriptCallError('memory', `${what} went past the script's memory cap of ${mb} MB`, line);
    }
    const where = line === null ? '' : `${this.options.name}:${line}: `;
    return new ScriptCallError(message.startsWith('SyntaxError') ? 'syntax' : 'runtime', `${where}${message}`, line);
  }
}
