/**
 * What the dashboard's controls may do, given by whoever starts it (the CLI
 * gives the autobet library's: dashboard and autobet sit side by side, so
 * the dashboard does not import it), and the checks on what a page sends:
 * a command for the running session, and a new run or simulation of a saved
 * strategy file (by name, from the list the controls give: never a path).
 */

/** A command for the running session, as the page sends it. */
export type DashboardCommand =
  | { readonly command: 'pause' | 'resume' | 'stop' | 'stop_after_win' }
  | { readonly command: 'stop_after'; readonly bets: number }
  | { readonly command: 'limit'; readonly limits: Readonly<Record<string, number>> };

/** A run or simulation the page asks to start. */
export interface StartRequest {
  readonly kind: 'run' | 'sim';
  /** A name from {@link DashboardControls.strategies}. */
  readonly strategy: string;
  readonly limits: Readonly<Record<string, number>>;
  /** A simulation's bets per session and starting balance. */
  readonly bets?: number;
  readonly balance?: number;
}

/** What the dashboard's controls call. */
export interface DashboardControls {
  /** Records a command for running session `session` (sender `dashboard`); `running` false when it is not running. @throws RangeError / TypeError naming the field. */
  send(session: number, command: DashboardCommand): Promise<{ readonly running: boolean; readonly id: number | null }>;
  /** The saved strategy files the page may start, by name. */
  strategies(): readonly string[];
  /** The lines a confirmation shows (the strategy, the account, every limit). @throws RangeError / TypeError naming the field: nothing starts. */
  preview(request: StartRequest): Promise<readonly string[]>;
  /** Starts what was confirmed; resolves with what to tell the page once it started (a run) or finished (a simulation). */
  start(request: StartRequest): Promise<{ readonly message: string; readonly summary?: Readonly<Record<string, unknown>> }>;
}

const SIMPLE = new Set(['pause', 'resume', 'stop', 'stop_after_win']);

/** A body `{ session, command, bets?, limits? }` as a session id and a command. @throws RangeError naming the field. */
export function parse_command(body: unknown): { session: number; command: DashboardCommand } {
  const b = object_of(body);
  const session = b['session'];
  if (typeof session !== 'number' || !Number.isSafeInteger(session) || session < 1) throw new RangeError('session: expected a session number');
  const command = b['command'];
  if (typeof command === 'string' && SIMPLE.has(command)) return { session, command: { command: command as 'pause' } };
  if (command === 'stop_after') {
    const bets = b['bets'];
    if (typeof bets !== 'number' || !Number.isInteger(bets) || bets < 1 || bets > 1e9) throw new RangeError('bets: expected a whole number from 1');
    return { session, command: { command, bets } };
  }
  if (command === 'limit') return { session, command: { command, limits: limits_of(b['limits']) } };
  throw new RangeError('command: expected pause, resume, stop, stop_after_win, stop_after or limit');
}

/** A start body as a request. @throws RangeError naming the field. */
export function parse_start(body: unknown, strategies: readonly string[]): StartRequest {
  const b = object_of(body);
  const kind = b['kind'];
  if (kind !== 'run' && kind !== 'sim') throw new RangeError('kind: expected run or sim');
  const strategy = b['strategy'];
  if (typeof strategy !== 'string' || !strategies.includes(strategy)) throw new RangeError('strategy: not one of the saved strategy files');
  const out: { -readonly [K in keyof StartRequest]: StartRequest[K] } = { kind, strategy, limits: limits_of(b['limits']) };
  if (kind === 'sim') {
    const bets = b['bets'];
    const balance = b['balance'];
    if (typeof bets !== 'number' || !Number.isInteger(bets) || bets < 1 || bets > 1_000_000) throw new RangeError('bets: expected a whole number from 1 to 1000000');
    if (typeof balance !== 'number' || !Number.isFinite(balance) || balance <= 0) throw new RangeError('balance: expected a positive number');
    out.bets = bets;
    out.balance = balance;
  }
  return out;
}

/** The text a confirmation token is bound to: the request, its fields in one order. */
export function start_text(r: StartRequest): string {
  const limits = Object.keys(r.limits).sort().map((k) => [k, r.limits[k]]);
  return JSON.stringify([r.kind, r.strategy, limits, r.bets ?? null, r.balance ?? null]);
}

function object_of(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new RangeError('the body must be a JSON object');
  return body as Record<string, unknown>;
}

function limits_of(value: unknown): Record<string, number> {
  const limits = object_of(value ?? {});
  const keys = Object.keys(limits);
  if (keys.length > 16) throw new RangeError('limits: too many');
  const out: Record<string, number> = {};
  for (const k of keys) {
    const v = limits[k];
    if (typeof v !== 'number' || !Number.isFinite(v)) throw new RangeError(`limits.${k.slice(0, 40)}: expected a number`);
    out[k] = v;
  }
  return out;
}
