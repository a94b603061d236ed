/**
 * A sweep's SPEC: which strategy, which of its parameters take which values,
 * and how many sessions of how many bets each cell runs. Read and checked
 * whole before any work: a wrong field is a {@link SweepSpecError} naming it.
 * The cells (grid or random search) come out in one fixed order, each with
 * its index; the spec's hash ties a results file or a shard to it.
 */
import { createHash, createHmac } from 'node:crypto';
import { check_currency } from '../../../operations/validate/currencies.js';

/** A spec that cannot run; `field` names what is wrong (`params.on_loss.increase_pct`, `sessions`, …). */
export class SweepSpecError extends Error {
  readonly field: string;

  constructor(field: string, message: string, options?: { cause?: unknown }) {
    super(`${field}: ${message}`, options);
    this.name = 'SweepSpecError';
    this.field = field;
  }
}

/** A parameter's value in a cell. */
export type ParamValue = number | string | boolean;

/** How one parameter's values are given. */
export type ParamSource =
  | { readonly kind: 'list'; readonly values: readonly ParamValue[] }
  | { readonly kind: 'range'; readonly values: readonly number[] }
  | { readonly kind: 'uniform'; readonly min: number; readonly max: number };

/** A checked spec. */
export interface SweepSpec {
  /** A strategy file (absolute) or a settings object given inline. */
  readonly strategy: string | Readonly<Record<string, unknown>>;
  readonly params: ReadonlyArray<readonly [string, ParamSource]>;
  readonly sessions: number;
  readonly bets: number;
  readonly balance: number;
  readonly currency: string;
  readonly seed: string;
  readonly search: { readonly kind: 'grid' } | { readonly kind: 'random'; readonly cells: number };
  /** The bust-share cap of the `bankroll_needed` figure (default 5 %). */
  readonly max_bust: number;
  /** How many shards a job array splits it into (read with JOB_COMPLETION_INDEX / AWS_BATCH_JOB_ARRAY_INDEX). */
  readonly shards: number | null;
  /** SHA-256 of what decides the figures (the strategy's text included): a results file or a part names it. */
  readonly hash: string;
}

/** One cell: its place in the fixed order and its parameters' values. */
export interface Cell {
  readonly index: number;
  readonly params: Readonly<Record<string, ParamValue>>;
}

const KEYS = ['strategy', 'params', 'sessions', 'bets', 'balance', 'currency', 'seed', 'search', 'max_bust', 'shards'];
/** Cells at most (a grid multiplies quickly: a typo in a step should not queue a year of work). */
export const MAX_CELLS = 1_000_000;
const PATH = /^[A-Za-z_][A-Za-z0-9_]*(?:\.(?:[A-Za-z_][A-Za-z0-9_]*|[0-9]{1,4}))*$/;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function whole(o: Record<string, unknown>, key: string, max: number): number {
  const v = o[key];
  if (!Number.isInteger(v) || (v as number) < 1 || (v as number) > max) throw new SweepSpecError(key, `must be a whole number from 1 to ${max} (got ${JSON.stringify(v) ?? 'nothing'})`);
  return v as number;
}

function finite(v: unknown, field: string): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new SweepSpecError(field, `must be a finite number (got ${JSON.stringify(v) ?? 'nothing'})`);
  return v;
}

/** Decimals of a number as written (`0.05` → 2), to print a range's values without float noise. */
function decimals_of(x: number): number {
  const text = String(x);
  const e = /e-(\d+)$/.exec(text);
  if (e !== null) return Number(e[1]) + (text.split('e')[0]!.split('.')[1]?.length ?? 0);
  return text.split('.')[1]?.length ?? 0;
}

function param_source(path: string, v: unknown): ParamSource {
  const field = `params.${path}`;
  if (Array.isArray(v)) {
    if (v.length === 0) throw new SweepSpecError(field, 'is an empty list: give at least one value');
    if (v.length > MAX_CELLS) throw new SweepSpecError(field, `has more than ${MAX_CELLS} values`);
    v.forEach((x, i) => {
      if (!((typeof x === 'number' && Number.isFinite(x)) || typeof x === 'string' || typeof x === 'boolean')) {
        throw new SweepSpecError(`${field}[${i}]`, 'must be a number, a string or true/false');
      }
    });
    return { kind: 'list', values: v as ParamValue[] };
  }
  if (!isObject(v)) throw new SweepSpecError(field, 'must be a list of values, { "from", "to", "step" } or { "dist": "uniform", "min", "max" }');
  if ('dist' in v) {
    for (const k of Object.keys(v)) if (!['dist', 'min', 'max'].includes(k)) throw new SweepSpecError(`${field}.${k}`, 'is not a field of a distribution (dist, min, max)');
    if (v['dist'] !== 'uniform') throw new SweepSpecError(`${field}.dist`, `must be "uniform" (got ${JSON.stringify(v['dist'])})`);
    const min = finite(v['min'], `${field}.min`);
    const max = finite(v['max'], `${field}.max`);
    if (!(max > min)) throw new SweepSpecError(field, `is an empty range: max ${max} must be above min ${min}`);
    return { kind: 'uniform', min, max };
  }
  for (const k of Object.keys(v)) if (!['from', 'to', 'step'].includes(k)) throw new SweepSpecError(`${field}.${k}`, 'is not a field of a range (from, to, step)');
  const from = finite(v['from'], `${field}.from`);
  const to = finite(v['to'], `${field}.to`);
  const step = finite(v['step'], `${field}.step`);
  if (!(step > 0)) throw new SweepSpecError(`${field}.step`, `must be above 0 (got ${step})`);
  if (to < from) throw new SweepSpecError(field, `is an empty range: to ${to} is below from ${from}`);
  const count = Math.floor((to - from) / step + 1e-9) + 1;
  if (count > MAX_CELLS) throw new SweepSpecError(field, `has ${count} values, more than ${MAX_CELLS}`);
  const d = Math.min(12, Math.max(decimals_of(from), decimals_of(step)));
  const values = Array.from({ length: count }, (_, i) => Number((from + i * step).toFixed(d)));
  return { kind: 'range', values };
}

/**
 * Checks a parsed spec. `base_dir`: where a relative strategy path is read from (the spec's folder);
 * `strategy_text`: the strategy file's text (for the hash), read by the caller.
 * @throws SweepSpecError naming the field.
 */
export function check_spec(value: unknown, base_dir: string, resolve: (dir: string, file: string) => string): Omit<SweepSpec, 'hash'> {
  if (!isObject(value)) throw new SweepSpecError('spec', 'must be a JSON object');
  for (const k of Object.keys(value)) if (!KEYS.includes(k)) throw new SweepSpecError(k, `is not a field of a sweep spec (fields: ${KEYS.join(', ')})`);
  const s = value['strategy'];
  let strategy: SweepSpec['strategy'];
  if (typeof s === 'string' && s !== '') strategy = resolve(base_dir, s);
  else if (isObject(s)) strategy = s;
  else throw new SweepSpecError('strategy', 'must name a strategy file (relative to the spec) or be a settings object');
  const p = value['params'];
  if (!isObject(p) || Object.keys(p).length === 0) throw new SweepSpecError('params', 'must be an object naming at least one parameter');
  const params = Object.entries(p).map(([path, v]) => {
    if (!PATH.test(path)) throw new SweepSpecError(`params.${path}`, 'is not a parameter path (names and indices joined by dots, e.g. on_loss.increase_pct)');
    return [path, param_source(path, v)] as const;
  });
  const sessions = whole(value, 'sessions', 1e9);
  const bets = whole(value, 'bets', 1e12);
  const balance = finite(value['balance'], 'balance');
  if (!(balance > 0)) throw new SweepSpecError('balance', `must be above 0 (got ${balance})`);
  let currency = 'btc';
  if (value['currency'] !== undefined) {
    try {
      currency = check_currency(value['currency'] as string, 'currency');
    } catch (error) {
      throw new SweepSpecError('currency', (error as Error).message, { cause: error });
    }
  }
  const seed = value['seed'];
  if (seed !== undefined && !(typeof seed === 'string' && seed !== '') && !Number.isSafeInteger(seed)) throw new SweepSpecError('seed', 'must be a non-empty string or a whole number');
  const search = value['search'] ?? 'grid';
  let parsedSearch: SweepSpec['search'];
  if (search === 'grid') parsedSearch = { kind: 'grid' };
  else if (isObject(search) && Object.keys(search).length === 1 && 'random' in search) {
    const n = search['random'];
    if (!Number.isInteger(n) || (n as number) < 1 || (n as number) > MAX_CELLS) throw new SweepSpecError('search.random', `must be a whole number of cells from 1 to ${MAX_CELLS}`);
    parsedSearch = { kind: 'random', cells: n as number };
  } else throw new SweepSpecError('search', 'must be "grid" or { "random": N }');
  if (parsedSearch.kind === 'grid') {
    const uniform = params.find(([, src]) => src.kind === 'uniform');
    if (uniform !== undefined) throw new SweepSpecError(`params.${uniform[0]}`, 'a distribution is drawn from in a random search only ("search": { "random": N })');
    const total = params.reduce((n, [, src]) => n * (src as { values: readonly unknown[] }).values.length, 1);
    if (total > MAX_CELLS) throw new SweepSpecError('params', `the grid has ${total} cells, more than ${MAX_CELLS}`);
  }
  const max_bust = value['max_bust'] === undefined ? 0.05 : finite(value['max_bust'], 'max_bust');
  if (max_bust < 0 || max_bust >= 1) throw new SweepSpecError('max_bust', 'must be a share from 0 to below 1 (0.05 for 5 %)');
  const shards = value['shards'] === undefined ? null : whole(value, 'shards', 100_000);
  return { strategy, params, sessions, bets, balance, currency, seed: seed === undefined ? '' : String(seed), search: parsedSearch, max_bust, shards };
}

/** The spec's hash: every field that decides a figure, and the strategy's text. */
export function spec_hash(spec: Omit<SweepSpec, 'hash'>, strategy_text: string): string {
  const { shards: _shards, strategy, ...rest } = spec;
  return createHash('sha256').update(JSON.stringify({ ...rest, strategy: typeof strategy === 'string' ? createHash('sha256').update(strategy_text).digest('hex') : strategy })).digest('hex');
}

/** A float in [0, 1) from the seed and `label` (HMAC-SHA256, 52 bits). */
function draw(seed: string, label: string): number {
  const b = createHmac('sha256', seed).update(label).digest();
  return (b.readUIntBE(0, 6) * 2 ** -48 + (b[6]! >>> 4) * 2 ** -52);
}

/** How many cells the spec has. */
export function cell_count(spec: Pick<SweepSpec, 'params' | 'search'>): number {
  if (spec.search.kind === 'random') return spec.search.cells;
  return spec.params.reduce((n, [, src]) => n * (src as { values: readonly unknown[] }).values.length, 1);
}

/**
 * Cell `index`: in a grid, the last parameter varies fastest (the spec's order);
 * in a random search, each value drawn from the seed and the cell's index.
 */
export function cell_at(spec: Pick<SweepSpec, 'params' | 'search' | 'seed'>, index: number): Cell {
  const params: Record<string, ParamValue> = {};
  if (spec.search.kind === 'grid') {
    let rest = index;
    for (let i = spec.params.length - 1; i >= 0; i--) {
      const [path, src] = spec.params[i]!;
      const values = (src as { values: readonly ParamValue[] }).values;
      params[path] = values[rest % values.length]!;
      rest = Math.floor(rest / values.length);
    }
    const ordered: Record<string, ParamValue> = {};
    for (const [path] of spec.params) ordered[path] = params[path]!;
    return { index, params: ordered };
  }
  for (const [path, src] of spec.params) {
    const u = draw(spec.seed, `random|${index}|${path}`);
    params[path] = src.kind === 'uniform' ? src.min + u * (src.max - src.min) : src.values[Math.floor(u * src.values.length)]!;
  }
  return { index, params };
}

/**
 * The k-th seed pair of a cell's session: HMAC-SHA256 of the sweep's seed and
 * the cell's parameters (not its index: a cell keeps its outcomes when the grid
 * around it grows), the session and k.
 */
export function derived_pair(seed: string, cell: Cell, session: number, k: number): { server_seed: string; client_seed: string; nonce: number } {
  const label = `${JSON.stringify(cell.params)}|${session}|${k}`;
  return {
    server_seed: createHmac('sha256', seed).update(`server|${label}`).digest('hex'),
    client_seed: createHmac('sha256', seed).update(`client|${label}`).digest('hex').slice(0, 16),
    nonce: 0,
  };
}
