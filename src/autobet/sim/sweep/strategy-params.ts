/**
 * A sweep's parameters put into a strategy, one cell at a time: a settings
 * field by its path, a module's `export const params` key, or a Lua or bot
 * script's top-level global (its first top-level assignment's value is
 * replaced in the text). A parameter the strategy does not read is refused
 * before any work, naming it.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse, type Node } from 'acorn';
import { detect_dialect } from '../../strategies/js-dialect/detect.js';
import { prepare_settings, prepare_strategy_file, type PreparedStrategy } from '../../strategies/load.js';
import { StrategyError } from '../../strategies/strategy.js';
import { SweepSpecError, type Cell, type ParamValue } from './spec.js';

/** A strategy loaded once, before its cells. */
export type StrategyBase =
  | { readonly kind: 'settings'; readonly name: string; readonly settings: Readonly<Record<string, unknown>> }
  | { readonly kind: 'module'; readonly name: string; readonly prepared: PreparedStrategy; readonly params: Record<string, unknown> }
  | { readonly kind: 'lua' | 'bot'; readonly name: string; readonly text: string; readonly slots: ReadonlyMap<string, readonly [number, number]>; readonly timeout_ms?: number };

const MAX_FILE_BYTES = 1024 * 1024;

/** The strategy's text (for the spec's hash) and what kind it is. */
export async function read_strategy(strategy: string | Readonly<Record<string, unknown>>): Promise<{ text: string; kind: 'settings' | 'module' | 'lua' | 'bot' }> {
  if (typeof strategy !== 'string') return { text: JSON.stringify(strategy), kind: 'settings' };
  let text: string;
  try {
    const st = await fs.stat(strategy);
    if (!st.isFile() || st.size > MAX_FILE_BYTES) throw new SweepSpecError('strategy', `${path.basename(strategy)} is not a strategy file of at most 1 MiB`);
    text = await fs.readFile(strategy, 'utf8');
  } catch (error) {
    if (error instanceof SweepSpecError) throw error;
    throw new SweepSpecError('strategy', `cannot read ${path.basename(strategy)} (${String((error as NodeJS.ErrnoException).code)})`, { cause: error });
  }
  const ext = path.extname(strategy).toLowerCase();
  if (ext === '.json') return { text, kind: 'settings' };
  if (ext === '.lua') return { text, kind: 'lua' };
  if (ext === '.js' && detect_dialect(text).dialect === 'bot') return { text, kind: 'bot' };
  if (['.js', '.mjs', '.ts', '.mts'].includes(ext)) return { text, kind: 'module' };
  throw new SweepSpecError('strategy', `${path.basename(strategy)}: a strategy is a .json settings file, a .js/.mjs/.ts module, a .js bot script or a .lua script`);
}

/** Sets `path` (dots, numeric parts index lists) in a copy of `o`. */
function with_path(o: Readonly<Record<string, unknown>>, dotted: string, value: ParamValue): Record<string, unknown> {
  const root = structuredClone(o) as Record<string, unknown>;
  const parts = dotted.split('.');
  let at: Record<string, unknown> = root;
  for (let i = 0; i < parts.length - 1; i++) {
    const part = parts[i]!;
    const next = at[part];
    if (next === undefined) at[part] = {};
    else if (typeof next !== 'object' || next === null) {
      throw new SweepSpecError(`params.${dotted}`, `the settings' ${parts.slice(0, i + 1).join('.')} is ${JSON.stringify(next)}, not an object the path can go into`);
    }
    at = at[part] as Record<string, unknown>;
  }
  at[parts.at(-1)!] = value;
  return root;
}

/** The range of a Lua global's value: a line `name = …` (or `local name = …`) at the left margin, the first one. */
function lua_slot(text: string, name: string): readonly [number, number] | null {
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    let i = start;
    if (text.startsWith('local ', i)) i += 6;
    if (text.startsWith(name, i)) {
      i += name.length;
      while (text[i] === ' ' || text[i] === '\t') i++;
      if (text[i] === '=' && text[i + 1] !== '=') {
        const value = i + 1;
        const comment = text.indexOf('--', value);
        const stop = comment >= 0 && comment < end && !/["'[]/.test(text.slice(value, comment)) ? comment : end;
        return [value, text[stop - 1] === '\r' ? stop - 1 : stop];
      }
    }
    start = end + 1;
  }
  return null;
}

/** The range of a bot script's global's value: its first top-level `name = …` or `var|let name = …`. */
function bot_slot(text: string, name: string): readonly [number, number] | null {
  let program;
  try {
    program = parse(text, { ecmaVersion: 'latest', sourceType: 'script' });
  } catch (error) {
    throw new SweepSpecError('strategy', `the script does not parse: ${(error as Error).message}`, { cause: error });
  }
  for (const node of program.body as Node[]) {
    const n = node as unknown as { type: string; declarations?: { id: { type: string; name?: string }; init: Node | null }[]; expression?: { type: string; operator?: string; left?: { type: string; name?: string }; right?: Node } };
    if (n.type === 'VariableDeclaration') {
      for (const d of n.declarations ?? []) if (d.id.type === 'Identifier' && d.id.name === name && d.init !== null) return [d.init.start, d.init.end];
    }
    const e = n.expression;
    if (n.type === 'ExpressionStatement' && e?.type === 'AssignmentExpression' && e.operator === '=' && e.left?.type === 'Identifier' && e.left.name === name && e.right !== undefined) {
      return [e.right.start, e.right.end];
    }
  }
  return null;
}

/** A value as a Lua or JavaScript literal. */
function literal(value: ParamValue, field: string, lua: boolean): string {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return String(value);
  // Control characters would need escapes the two languages write differently.
  if (lua && [...value].some((c) => c < ' ')) throw new SweepSpecError(field, 'a string value for a Lua global may not hold control characters');
  return JSON.stringify(value);
}

/**
 * Loads the strategy once and checks that it reads every parameter.
 * @throws SweepSpecError naming `params.PATH` (a parameter it does not read), StrategyError (it does not load).
 */
export async function load_base(
  strategy: string | Readonly<Record<string, unknown>>, kind: 'settings' | 'module' | 'lua' | 'bot', text: string, paths: readonly string[], timeout_ms?: number,
): Promise<StrategyBase> {
  const name = typeof strategy === 'string' ? path.basename(strategy) : 'settings';
  if (kind === 'settings') {
    let settings: unknown;
    try {
      settings = typeof strategy === 'string' ? JSON.parse(text) : strategy;
    } catch (error) {
      throw new SweepSpecError('strategy', `${name}: not valid JSON (${(error as Error).message})`, { cause: error });
    }
    if (typeof settings !== 'object' || settings === null || Array.isArray(settings)) throw new SweepSpecError('strategy', `${name}: settings must be a JSON object`);
    return { kind, name, settings: settings as Record<string, unknown> };
  }
  if (kind === 'module') {
    const file = strategy as string;
    const prepared = await prepare_strategy_file(file, path.extname(file).toLowerCase() === '.js' ? { dialect: 'module' } : {});
    // The same module instance the strategy's function closes over (one import per URL).
    const loaded = (await import(pathToFileURL(path.resolve(file)).href)) as { params?: unknown };
    const params = loaded.params;
    for (const p of paths) {
      if (typeof params !== 'object' || params === null || !Object.hasOwn(params, p)) {
        throw new SweepSpecError(`params.${p}`, `${name} does not read it: its export const params has no ${p} (export const params = { ${p}: … } and read params.${p} in the function)`);
      }
    }
    return { kind, name, prepared, params: params as Record<string, unknown> };
  }
  const slots = new Map<string, readonly [number, number]>();
  for (const p of paths) {
    const slot = kind === 'lua' ? lua_slot(text, p) : bot_slot(text, p);
    if (slot === null) {
      throw new SweepSpecError(`params.${p}`, `${name} does not read it: no top-level assignment ${p} = … (a global the script sets at its left margin, which the sweep replaces)`);
    }
    slots.set(p, slot);
  }
  return { kind, name, text, slots, ...(timeout_ms === undefined ? {} : { timeout_ms }) };
}

/** The script's text with the cell's values in place of its globals' values. */
function cell_text(base: Extract<StrategyBase, { kind: 'lua' | 'bot' }>, cell: Cell): string {
  const edits = [...base.slots].map(([p, [from, to]]) => ({ from, to, text: ` ${literal(cell.params[p]!, `params.${p}`, base.kind === 'lua')}` })).sort((a, b) => b.from - a.from);
  let text = base.text;
  for (const e of edits) text = text.slice(0, e.from) + (base.kind === 'lua' ? e.text : e.text.trimStart()) + text.slice(e.to);
  return text;
}

/**
 * The cell's strategy, ready to bind for each session.
 * @throws SweepSpecError naming the parameter whose value the strategy refuses (a settings value out of range).
 */
export function cell_strategy(base: StrategyBase, cell: Cell): PreparedStrategy {
  if (base.kind === 'settings') {
    let settings: Readonly<Record<string, unknown>> = base.settings;
    for (const [p, v] of Object.entries(cell.params)) settings = with_path(settings, p, v);
    try {
      return prepare_settings(settings, base.name);
    } catch (error) {
      if (!(error instanceof StrategyError)) throw error;
      const field = error.field ?? '';
      const param = Object.keys(cell.params).find((p) => field === p || field.startsWith(`${p}.`) || p.startsWith(`${field}.`)) ?? field;
      throw new SweepSpecError(`params.${param}`, `cell ${cell.index} (${JSON.stringify(cell.params)}): ${error.message}`, { cause: error });
    }
  }
  if (base.kind === 'module') {
    const { prepared, params } = base;
    // Sessions in one thread run one at a time: each session's bind sets the cell's values first.
    return { ...prepared, bind: async (context) => {
      Object.assign(params, cell.params);
      return prepared.bind(context);
    } };
  }
  const text = cell_text(base, cell);
  const options = { file_name: base.name, ...(base.timeout_ms === undefined ? {} : { timeout_ms: base.timeout_ms }) };
  const lua = base.kind === 'lua';
  return {
    kind: base.kind,
    name: base.name,
    source: '',
    currency: null,
    bind: async (context) => lua
      ? (await import('../../strategies/lua/index.js')).load_lua_strategy(text, context, options)
      : (await import('../../strategies/js-dialect/index.js')).load_bot_strategy(text, context, options),
  };
}
