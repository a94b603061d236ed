/**
 * A strategy from what the user names: a settings object, or a file whose
 * extension says what it is (`.json` settings, `.js`/`.mjs`/`.ts` module,
 * `.lua` DiceBot script). Everything that can fail without the network fails
 * here, before a request is sent.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { StrategyError, type Strategy, type StrategyContext } from '../strategy.js';
import { load_module_strategy } from './module.js';
import { check_settings, SettingsStrategy, type Settings } from './settings.js';

/** What kind of strategy a source is, as the session records it. */
export type StrategyKind = 'settings' | 'module' | 'lua' | 'object';

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

/**
 * The tiles of a mines round policy (`{ game: 'mines', fields: [3, 7] }`), or
 * undefined for any other round (or none).
 */
export function round_policy_fields(round: Readonly<Record<string, unknown>> | undefined): readonly number[] | undefined {
  return round?.['game'] === 'mines' && Array.isArray(round['fields']) && round['fields'].length > 0 ? (round['fields'] as number[]) : undefined;
}

/**
 * Settings whose mines bet names no `fields` while a mines round policy names
 * the tiles (issue 48 item 7): the bet's `fields` is checked but never sent in
 * a round (the policy's tiles are revealed), so the policy's first tile stands
 * in for it rather than the settings having to repeat it.
 */
function with_round_fields(value: unknown, fields: readonly number[] | undefined): unknown {
  if (fields === undefined || typeof value !== 'object' || value === null) return value;
  const o = value as Record<string, unknown>;
  const bet = o['bet'];
  if (o['game'] !== 'mines' || typeof bet !== 'object' || bet === null || 'fields' in bet) return value;
  return { ...o, bet: { ...(bet as object), fields: [fields[0]] } };
}

/** Settings given as an object (library use); `round_fields`: the tiles of a mines round policy, when one is given. */
export function prepare_settings(given: unknown, name = 'settings', round_fields?: readonly number[]): PreparedStrategy {
  const value = with_round_fields(given, round_fields);
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
  /** A Lua script's time limit per call (`--lua-timeout`), default 1000 ms. */
  readonly lua_timeout_ms?: number;
  /** The tiles of a mines round policy (see {@link prepare_settings}). */
  readonly round_fields?: readonly number[];
}

/** A strategy file, by its extension. */
export async function prepare_strategy_file(file: string, options: StrategyFileOptions = {}): Promise<PreparedStrategy> {
  const absolute = path.resolve(file);
  const name = path.basename(absolute);
  const ext = path.extname(absolute).toLowerCase();
  if (ext === '.json') {
    const text = await readSource(absolute);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new StrategyError('load', `${name}: not valid JSON (${error instanceof Error ? error.message : 'parse error'})`, { cause: error });
    }
    const prepared = prepare_settings(parsed, name, options.round_fields);
    return prepared;
  }
  if (ext === '.js' || ext === '.mjs' || ext === '.ts' || ext === '.mts') {
    await readSource(absolute);
    const strategy = await load_module_strategy(absolute);
    return { kind: 'module', name, source: absolute, currency: null, bind: async (context) => {
      // Its rounds would be played as one-request bets there: refused rather than simulated otherwise than they run.
      if (context.driver === 'simulator' && strategy.round !== undefined) {
        throw new StrategyError('load', `${name}: its round() is played on the sandbox and live only; the simulator plays a built-in round policy (sim --round)`);
      }
      return strategy;
    } };
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
  throw new StrategyError('load', `${name}: a strategy is a .json settings file, a .js/.mjs/.ts module or a .lua script`);
}

/** The strategy a session recorded, for resume. */
export async function prepare_recorded(kind: string, name: string, source: string, options: StrategyFileOptions = {}): Promise<PreparedStrategy> {
  if (kind === 'settings') {
    const parsed: unknown = JSON.parse(source);
    return { ...prepare_settings(parsed, name), source };
  }
  if (kind === 'module' || kind === 'lua') return prepare_strategy_file(source, options);
  throw new StrategyError('load', `session strategy "${name}" was given as an object: pass it again to resume`);
}
