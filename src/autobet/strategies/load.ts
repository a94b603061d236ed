/**
 * A strategy from what the user names: a settings object, or a file whose
 * extension says what it is (`.json` settings, `.js`/`.mjs`/`.ts` module,
 * `.lua` DiceBot script); a `.js` that defines `dobet()` and exports nothing
 * is an in-page bot script (js-dialect/). Everything that can fail without
 * the network fails here, before a request is sent.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { detect_dialect, JS_DIALECTS, type JsDialect } from '../js-dialect/detect.js';
import { StrategyError, type Strategy, type StrategyContext } from '../strategy.js';
import { load_module_strategy } from './module.js';
import { check_settings, SettingsStrategy, type Settings } from './settings.js';

/** What kind of strategy a source is, as the session records it. */
export type StrategyKind = 'settings' | 'module' | 'lua' | 'bot' | 'object';

/** A strategy source checked but not yet bound to a run (Lua needs the run's seeds first). */
export interface PreparedStrategy {
  readonly kind: StrategyKind;
  readonly name: string;
  /** What the session records to load it again on resume: settings JSON, or the file's absolute path. */
  readonly source: string;
  /** The settings' own currency, if they name one. */
  readonly currency: string | null;
  /** Builds the strategy for a run. */
  bind(context: StrategyContext): Promise<Strategy>;
}

const MAX_FILE_BYTES = 1024 * 1024;

async function readSource(file: string): Promise<string> {
  try {
    const st = await fs.stat(file);
    if (!st.isFile()) throw new StrategyError('load', `${file} is not a file`);
    if (st.size > MAX_FILE_BYTES) throw new StrategyError('load', `${path.basename(file)} is larger than a strategy can be (${st.size} bytes)`);
    return await fs.readFile(file, 'utf8');
  } catch (error) {
    if (error instanceof StrategyError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new StrategyError('load', code === 'ENOENT' ? `no such file: ${file}` : `cannot read ${file} (${String(code)})`, { cause: error });
  }
}

/** Settings given as an object (library use). */
export function prepare_settings(value: unknown, name = 'settings'): PreparedStrategy {
  const settings: Settings = check_settings(value);
  return {
    kind: 'settings',
    name,
    source: JSON.stringify(value),
    currency: settings.currency,
    bind: async (context) => new SettingsStrategy(settings, context, name),
  };
}

/** Options of a strategy file. */
export interface StrategyFileOptions {
  /** A Lua or bot script's time limit per call (`--lua-timeout`), default 1000 ms. */
  readonly lua_timeout_ms?: number;
  /** How a `.js` file is read (`--dialect`): an ES module, or an in-page bot script; default: detected. */
  readonly dialect?: JsDialect;
}

// A wrong guess must be impossible to miss: the first error says what the file was read as and how to choose the other.
function with_hint(error: unknown, hint: string | null): unknown {
  if (hint === null || !(error instanceof StrategyError)) return error;
  return new StrategyError(error.phase, `${error.message} (${hint})`, { field: error.field, line: error.line, cause: error });
}

/** A strategy file, by its extension. */
export async function prepare_strategy_file(file: string, options: StrategyFileOptions = {}): Promise<PreparedStrategy> {
  const absolute = path.resolve(file);
  const name = path.basename(absolute);
  const ext = path.extname(absolute).toLowerCase();
  if (options.dialect !== undefined && !JS_DIALECTS.includes(options.dialect)) {
    throw new StrategyError('load', `dialect must be one of ${JS_DIALECTS.join(', ')}`, { field: 'dialect' });
  }
  if (ext === '.json') {
    const text = await readSource(absolute);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new StrategyError('load', `${name}: not valid JSON (${error instanceof Error ? error.message : 'parse error'})`, { cause: error });
    }
    return { ...prepare_settings(parsed, name), source: JSON.stringify(parsed) };
  }
  if (options.dialect !== undefined && ext !== '.js') {
    throw new StrategyError('load', `${name}: a dialect is chosen for .js files only`, { field: 'dialect' });
  }
  if (ext === '.js' && options.dialect !== 'module') {
    const text = await readSource(absolute);
    const detected = options.dialect === undefined ? detect_dialect(text) : null;
    if (options.dialect === 'bot' || detected?.dialect === 'bot') {
      const hint = detected === null ? null : `${name} was read as an in-page bot script because ${detected.reason}; to load it as an ES module strategy, choose the dialect module (--dialect module)`;
      return {
        kind: 'bot',
        name,
        source: absolute,
        currency: null,
        bind: async (context) => {
          const { load_bot_strategy } = await import('../js-dialect/index.js');
          try {
            return await load_bot_strategy(text, context, { file_name: name, ...(options.lua_timeout_ms === undefined ? {} : { timeout_ms: options.lua_timeout_ms }) });
          } catch (error) {
            throw with_hint(error, hint);
          }
        },
      };
    }
    const hint = `${name} was read as an ES module strategy because ${detected!.reason}; for an in-page bot script (dobet()), choose the dialect bot (--dialect bot)`;
    return prepare_module(absolute, name, hint);
  }
  if (ext === '.js' || ext === '.mjs' || ext === '.ts' || ext === '.mts') {
    await readSource(absolute);
    return prepare_module(absolute, name, null);
  }
  if (ext === '.lua') {
    const text = await readSource(absolute);
    return {
      kind: 'lua',
      name,
      source: absolute,
      currency: null,
      bind: async (context) => {
        const { load_lua_strategy } = await import('../lua/index.js');
        return load_lua_strategy(text, context, { file_name: name, ...(options.lua_timeout_ms === undefined ? {} : { timeout_ms: options.lua_timeout_ms }) });
      },
    };
  }
  throw new StrategyError('load', `${name}: a strategy is a .json settings file, a .js/.mjs/.ts module, a .js in-page bot script or a .lua script`);
}

async function prepare_module(absolute: string, name: string, hint: string | null): Promise<PreparedStrategy> {
  let strategy: Strategy;
  try {
    strategy = await load_module_strategy(absolute);
  } catch (error) {
    throw with_hint(error, hint);
  }
  return { kind: 'module', name, source: absolute, currency: null, bind: async (context) => {
    // Its rounds would be played as one-request bets there: refused rather than simulated otherwise than they run.
    if (context.driver === 'simulator' && strategy.round !== undefined) {
      throw new StrategyError('load', `${name}: its round() is played on the sandbox and live only; the simulator plays a built-in round policy (sim --round)`);
    }
    return strategy;
  } };
}

/** The strategy a session recorded, for resume. */
export async function prepare_recorded(kind: string, name: string, source: string, options: StrategyFileOptions = {}): Promise<PreparedStrategy> {
  if (kind === 'settings') {
    const parsed: unknown = JSON.parse(source);
    return { ...prepare_settings(parsed, name), source };
  }
  if (kind === 'lua') return prepare_strategy_file(source, options);
  // Read as it was when the session started, whatever a detection would say of the file now.
  if (kind === 'module' || kind === 'bot') {
    return prepare_strategy_file(source, { ...options, ...(source.toLowerCase().endsWith('.js') ? { dialect: kind } : {}) });
  }
  throw new StrategyError('load', `session strategy "${name}" was given as an object: pass it again to resume`);
}
