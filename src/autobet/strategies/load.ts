/**
 * A strategy from what the user names: a settings object, or a file whose
 * extension says what it is (`.json` settings, `.js`/`.mjs`/`.ts` module,
 * `.lua` DiceBot script); a `.js` that defines `dobet()` and exports nothing
 * is an in-page bot script (js-dialect/). Everything that can fail without
 * the network fails here, before a request is sent.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { detect_dialect, DIALECT_NAMES, JS_DIALECTS, type JsDialect } from './js-dialect/detect.js';
import { bot_choices, type BotOptions } from './js-dialect/options.js';
import { StrategyError, type Strategy, type StrategyContext } from './strategy.js';
import { load_module_strategy } from './module.js';
import { check_settings, SettingsStrategy, type Settings } from './settings.js';
import { check_when, type WhenItem } from './conditions/check.js';
import { with_when } from './conditions/when.js';

/** What kind of strategy a source is, as the session records it. */
export type StrategyKind = 'settings' | 'module' | 'lua' | 'bot' | 'mydicebot' | 'object';

/** A strategy source checked but not yet bound to a run (Lua needs the run's seeds first). */
export interface PreparedStrategy {
  readonly kind: StrategyKind;
  readonly name: string;
  /**
   * What the session records to load it again on resume: settings JSON, or
   * for a module or Lua script {@link FileSource} as JSON (the file's absolute
   * path and the SHA-256 of its text, so resume can tell an edited file).
   */
  readonly source: string;
  /** The settings' own currency, if they name one. */
  readonly currency: string | null;
  /** Builds the strategy for a run. */
  bind(context: StrategyContext): Promise<Strategy>;
}

const MAX_FILE_BYTES = 1024 * 1024;

/** A module's or Lua script's record: where it is, and the hash of the text that ran. */
export interface FileSource {
  readonly file: string;
  readonly sha256: string;
  /** The `when:` list given beside it, as the user wrote it (absent when none). */
  readonly when?: unknown;
  /** A bot script's choices where the bots disagree (js-dialect/options.ts), when the user made any. */
  readonly bot?: BotOptions;
}

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

function file_source(file: string, text: string, bot?: BotOptions): string {
  return JSON.stringify({ file, sha256: sha256(text), ...(bot === undefined ? {} : { bot }) } satisfies FileSource);
}

/** A recorded module or Lua source: the JSON record, or a bare path (sessions of stakeql before the hash, none). */
function read_file_source(source: string): { file: string; sha256: string | null; when?: unknown; bot?: BotOptions } {
  if (!source.startsWith('{')) return { file: source, sha256: null };
  const parsed = JSON.parse(source) as Partial<FileSource>;
  if (typeof parsed.file !== 'string') throw new StrategyError('load', 'the session\'s strategy record names no file');
  return {
    file: parsed.file,
    sha256: typeof parsed.sha256 === 'string' ? parsed.sha256 : null,
    ...(parsed.when === undefined ? {} : { when: parsed.when }),
    ...(parsed.bot === undefined ? {} : { bot: parsed.bot }),
  };
}

/** `prepared` watched by a `when:` list (conditions/when.ts): its strategy is bound, then wrapped. */
function watched(prepared: PreparedStrategy, items: readonly WhenItem[]): PreparedStrategy {
  if (items.length === 0) return prepared;
  return { ...prepared, bind: async (context) => with_when(await prepared.bind(context), items, context) };
}

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
  return watched({
    kind: 'settings',
    name,
    source: JSON.stringify(value),
    currency: settings.currency,
    bind: async (context) => new SettingsStrategy(settings, context, name),
  }, settings.when);
}

/** Options of a strategy file. */
export interface StrategyFileOptions {
  /** A Lua or bot script's time limit per call (`--lua-timeout`), default 1000 ms. */
  readonly lua_timeout_ms?: number;
  /** The tiles of a mines round policy (see {@link prepare_settings}). */
  readonly round_fields?: readonly number[];
  /** How a `.js` file is read (`--dialect`): an ES module, an in-page bot script or a mydicebot script; default: detected. */
  readonly dialect?: JsDialect;
  /**
   * A `when:` list (conditions/check.ts) watching a module, Lua or bot script:
   * stop, stop after the next win, notify; recorded with the session for
   * resume. A settings file holds its own (`when` in the file).
   */
  readonly when?: unknown;
  /** A bot script's choices where the bots disagree (`--limbo-input`, `--one-x`; js-dialect/options.ts). */
  readonly bot?: BotOptions;
}

/** Options of {@link prepare_recorded}. */
export interface RecordedStrategyOptions extends StrategyFileOptions {
  /**
   * Run a module or Lua script whose text is no longer the one the session
   * recorded (`--accept-changed-strategy`). Without it such a resume is
   * refused: the file's code would run against state journaled by other code.
   */
  readonly accept_changed?: boolean;
}

// A wrong guess must be impossible to miss: the first error says what the file was read as and how to choose the other.
function with_hint(error: unknown, hint: string | null): unknown {
  if (hint === null || !(error instanceof StrategyError)) return error;
  return new StrategyError(error.phase, `${error.message} (${hint})`, { field: error.field, line: error.line, cause: error });
}

// How to choose each dialect a .js file was not read as.
function other_dialects(read_as: JsDialect): string {
  const others = JS_DIALECTS.filter((d) => d !== read_as).map((d) => `as ${DIALECT_NAMES[d]}, choose the dialect ${d} (--dialect ${d})`);
  return `to load it ${others.join('; ')}`;
}

function refuse_bot_options(name: string, bot: BotOptions | undefined): void {
  if (bot !== undefined) throw new StrategyError('load', `${name}: --limbo-input, --one-x and --makebet are for in-page bot scripts (a .js that defines dobet())`, { field: 'bot' });
}

/** A strategy file, by its extension, watched by `options.when` when given. */
export async function prepare_strategy_file(file: string, options: StrategyFileOptions = {}): Promise<PreparedStrategy> {
  const items = check_when(options.when);
  const prepared = await prepare_file(file, options);
  if (items.length === 0) return prepared;
  if (prepared.kind === 'settings') {
    throw new StrategyError('load', `${prepared.name}: a settings file holds its own when: list (the key "when" in the file)`, { field: 'when' });
  }
  const record = JSON.parse(prepared.source) as FileSource;
  return watched({ ...prepared, source: JSON.stringify({ ...record, when: options.when } satisfies FileSource) }, items);
}

async function prepare_file(file: string, options: StrategyFileOptions): Promise<PreparedStrategy> {
  const absolute = path.resolve(file);
  const name = path.basename(absolute);
  const ext = path.extname(absolute).toLowerCase();
  if (options.dialect !== undefined && !JS_DIALECTS.includes(options.dialect)) {
    throw new StrategyError('load', `dialect must be one of ${JS_DIALECTS.join(', ')}`, { field: 'dialect' });
  }
  // Checked before the file is read: a wrong choice is exit 2 whatever the file holds.
  const bot = options.bot === undefined ? undefined : bot_choices(options.bot);
  if (ext !== '.js') refuse_bot_options(name, bot);
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
  if (options.dialect !== undefined && ext !== '.js') {
    throw new StrategyError('load', `${name}: a dialect is chosen for .js files only`, { field: 'dialect' });
  }
  if (ext === '.js' && options.dialect !== 'module') {
    const text = await readSource(absolute);
    const detected = options.dialect === undefined ? detect_dialect(text) : null;
    const dialect = options.dialect ?? detected!.dialect;
    if (dialect === 'bot' || dialect === 'mydicebot') {
      if (dialect === 'mydicebot' && bot !== undefined) {
        throw new StrategyError('load', `${name}: --limbo-input, --one-x and --makebet are for in-page bot scripts; ${name} is read as ${DIALECT_NAMES.mydicebot}, which plays dice only`, { field: 'bot' });
      }
      const hint = detected === null ? null : `${name} was read as ${DIALECT_NAMES[dialect]} because ${detected.reason}; ${other_dialects(dialect)}`;
      return {
        kind: dialect,
        name,
        source: file_source(absolute, text, options.bot === undefined ? undefined : bot),
        currency: null,
        bind: async (context) => {
          const { load_bot_strategy } = await import('./js-dialect/index.js');
          try {
            return await load_bot_strategy(text, context, {
              file_name: name, flavour: dialect, ...(bot === undefined ? {} : { bot }), ...(hint === null ? {} : { first_error_hint: hint }),
              ...(options.lua_timeout_ms === undefined ? {} : { timeout_ms: options.lua_timeout_ms }),
            });
          } catch (error) {
            throw with_hint(error, hint);
          }
        },
      };
    }
    refuse_bot_options(name, bot);
    const hint = `${name} was read as ${DIALECT_NAMES.module} because ${detected!.reason}; ${other_dialects('module')}`;
    return prepare_module(absolute, name, hint, text);
  }
  refuse_bot_options(name, bot);
  if (ext === '.js' || ext === '.mjs' || ext === '.ts' || ext === '.mts') {
    const text = await readSource(absolute);
    return prepare_module(absolute, name, null, text);
  }
  if (ext === '.lua') {
    const text = await readSource(absolute);
    return {
      kind: 'lua',
      name,
      source: file_source(absolute, text),
      currency: null,
      bind: async (context) => {
        const { load_lua_strategy } = await import('./lua/index.js');
        return load_lua_strategy(text, context, { file_name: name, ...(options.lua_timeout_ms === undefined ? {} : { timeout_ms: options.lua_timeout_ms }) });
      },
    };
  }
  throw new StrategyError('load', `${name}: a strategy is a .json settings file, a .js/.mjs/.ts module, a .js in-page bot script or a .lua script`);
}

/** A module strategy; `text` is its entry file's, hashed for resume (what it imports is not: docs/strategies.md says so). */
async function prepare_module(absolute: string, name: string, hint: string | null, text: string): Promise<PreparedStrategy> {
  let strategy: Strategy;
  try {
    strategy = await load_module_strategy(absolute);
  } catch (error) {
    throw with_hint(error, hint);
  }
  return { kind: 'module', name, source: file_source(absolute, text), currency: null, bind: async (context) => {
    // Its rounds would be played as one-request bets there: refused rather than simulated otherwise than they run.
    if (context.driver === 'simulator' && strategy.round !== undefined) {
      throw new StrategyError('load', `${name}: its round() is played on the sandbox and live only; the simulator plays a built-in round policy (sim --round)`);
    }
    return strategy;
  } };
}

/**
 * The strategy a session recorded, for resume. A module or Lua script whose
 * text changed since (or whose session recorded no hash) is refused with a
 * StrategyError naming the change, unless `accept_changed`; the prepared
 * `source` then holds the new hash, for the session to record.
 */
export async function prepare_recorded(kind: string, name: string, source: string, options: RecordedStrategyOptions = {}): Promise<PreparedStrategy> {
  if (kind === 'settings') {
    const parsed: unknown = JSON.parse(source);
    return { ...prepare_settings(parsed, name), source };
  }
  if (kind === 'module' || kind === 'lua' || kind === 'bot' || kind === 'mydicebot') {
    const recorded = read_file_source(source);
    const accept = options.accept_changed === true;
    // Checked before the module is imported (its top-level code runs then), and again on the text prepared.
    if (!accept) refuse_changed(name, recorded, sha256(await readSource(recorded.file)));
    // Read as it was when the session started, whatever a detection would say of the file now.
    const dialect: { dialect?: JsDialect } = kind !== 'lua' && recorded.file.toLowerCase().endsWith('.js') ? { dialect: kind as JsDialect } : {};
    // A bot script's choices are the session's, whatever the resume was given.
    const { bot: _given, ...rest } = options;
    const prepared = await prepare_strategy_file(recorded.file, { ...rest, ...dialect, ...(recorded.when === undefined ? {} : { when: recorded.when }), ...(recorded.bot === undefined ? {} : { bot: recorded.bot }) });
    if (!accept) refuse_changed(name, recorded, read_file_source(prepared.source).sha256 ?? '');
    return prepared;
  }
  throw new StrategyError('load', `session strategy "${name}" was given as an object: pass it again to resume`);
}

function refuse_changed(name: string, recorded: { file: string; sha256: string | null }, now: string): void {
  if (recorded.sha256 === null) {
    throw new StrategyError(
      'load',
      `${name}: the session recorded no hash of its source (an older stakeql started it), so a change cannot be ruled out; ` +
        'check the file and resume with --accept-changed-strategy (library: accept_changed_strategy)',
      { field: 'strategy' },
    );
  }
  if (now !== recorded.sha256) {
    throw new StrategyError(
      'load',
      `${name} changed since the session started (${recorded.file}: SHA-256 ${recorded.sha256.slice(0, 12)}… then, ${now.slice(0, 12)}… now): ` +
        'its code would run against state journaled by other code; resume with --accept-changed-strategy to run it as it is now ' +
        '(library: accept_changed_strategy), or start a new run',
      { field: 'strategy' },
    );
  }
}
