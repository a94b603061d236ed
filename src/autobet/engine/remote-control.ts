/**
 * The engine's side of the commands sent to a running session
 * (src/journal/session-commands.ts): read between two bets, never while a
 * request is out, and each closed in the journal with when it took effect
 * and the session's bet count then. The engine asks one question before
 * each bet (`between_bets`): nothing to do (null, the usual case, without a
 * read of the database for 100 ms), a stop (a thrown `Stop`), new limits
 * (through the engine's `set_limits`), or a pause (a promise that settles on
 * `resume`, and rejects with a stop on `stop` or the run's signal).
 */
import type { CommandRow, SessionCommands } from '../../journal/session-commands.js';
import type { Counters } from './counters.js';
import { tightened_limits } from './limit-change.js';
import type { Limits } from './limits.js';
import { Stop } from './stop.js';

/** How often pending commands are read while betting (ms): the same as a stop request's flag. */
const POLL_MS = 100;
/** How often a paused run reads its commands (ms): a wait on a timer, not a busy loop. */
export const PAUSE_POLL_MS = 250;

/** What the control may see and change of the engine. */
export interface Steerable {
  readonly counters: Counters;
  limits(): Limits;
  set_limits(limits: Limits): void;
}

/** What the engine asks between two bets. */
export interface RunControl {
  /** Null: bet on. A promise: paused until it settles. Throws a `Stop` to end the run. */
  between_bets(engine: Steerable): null | Promise<void>;
}

/** What a control needs of the run: where the commands are, the clock, a sleep that a stop (the signal) ends. */
export interface ControlDeps {
  readonly commands: Pick<SessionCommands, 'pending' | 'close' | 'apply_limits'>;
  readonly session_id: number;
  readonly signal: AbortSignal;
  readonly sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  readonly now?: () => number;
  readonly on_note?: (text: string) => void;
  /** Told each time the run pauses or goes on (the status a Telegram `/status` answers with). */
  readonly on_paused?: (paused: boolean) => void;
}

/** {@link RunControl} over the session's rows of `session_commands`. */
export class SessionControl implements RunControl {
  readonly #d: ControlDeps;
  readonly #now: () => number;
  #checked_at = -Infinity;
  #paused = false;
  /** Stop once the session's wins pass this count (stop_after_win). */
  #wins_above: number | null = null;
  /** Stop once the session's bets reach this count (stop_after). */
  #bets_until: number | null = null;

  constructor(deps: ControlDeps) {
    this.#d = deps;
    this.#now = deps.now ?? Date.now;
  }

  get paused(): boolean {
    return this.#paused;
  }

  between_bets(engine: Steerable): null | Promise<void> {
    const now = this.#now();
    if (now - this.#checked_at >= POLL_MS) {
      this.#checked_at = now;
      this.#take(engine);
    }
    this.#check_targets(engine.counters);
    return this.#paused ? this.#wait(engine) : null;
  }

  /** Paused: reads the commands every {@link PAUSE_POLL_MS} until a resume; a stop or the signal ends the run. */
  async #wait(engine: Steerable): Promise<void> {
    this.#d.on_note?.("paused: no bet is sent until 'autobet resume SESSION' (a stop or Ctrl-C ends the run)");
    this.#d.on_paused?.(true);
    while (this.#paused) {
      await this.#d.sleep(PAUSE_POLL_MS, this.#d.signal);
      const { signal } = this.#d;
      if (signal.aborted) throw new Stop(typeof signal.reason === 'string' ? signal.reason : 'interrupted');
      this.#checked_at = this.#now();
      this.#take(engine);
    }
    this.#d.on_paused?.(false);
    this.#d.on_note?.('resumed: betting goes on');
    this.#check_targets(engine.counters);
  }

  #check_targets(c: Counters): void {
    if (this.#wins_above !== null && c.wins > this.#wins_above) throw new Stop('stop_after_win', 'stopped after the first win following a stop-after-win command');
    if (this.#bets_until !== null && c.bets >= this.#bets_until) throw new Stop('stop_after', `stopped after the bets a stop-after command allowed`);
  }

  /** Applies the pending commands in the order they were sent; a stop ends the run at once. */
  #take(engine: Steerable): void {
    const { commands, session_id } = this.#d;
    for (const row of commands.pending(session_id)) {
      const at = this.#now();
      const bets = engine.counters.bets;
      const done = (note: string | null): void => commands.close(row.id, 'applied', at, bets, note);
      switch (row.command) {
        case 'stop':
          done(null);
          throw new Stop('user', `stopped by a command from ${row.sender}`);
        case 'pause':
          done(this.#paused ? 'already paused' : null);
          this.#paused = true;
          break;
        case 'resume':
          done(this.#paused ? null : 'was not paused');
          this.#paused = false;
          break;
        case 'stop_after_win':
          this.#wins_above = engine.counters.wins;
          done(null);
          break;
        case 'stop_after': {
          const n = bets_of(row);
          if (n === null) {
            commands.close(row.id, 'refused', at, bets, 'argument: expected {"bets": N}, N a whole number from 1');
            break;
          }
          this.#bets_until = Math.min(this.#bets_until ?? Infinity, bets + n);
          done(`stops at bet ${this.#bets_until}`);
          break;
        }
        case 'limit':
          this.#limit(engine, row, at, bets);
          break;
      }
    }
  }

  /** A lowered limit: checked again here (the session's limits may have changed since it was sent), applied, and recorded on the session. */
  #limit(engine: Steerable, row: CommandRow, at: number, bets: number): void {
    let limits: Limits;
    try {
      limits = tightened_limits(engine.limits(), JSON.parse(row.argument ?? 'null'));
    } catch (error) {
      this.#d.commands.close(row.id, 'refused', at, bets, error instanceof Error ? error.message.slice(0, 300) : 'bad limits');
      return;
    }
    engine.set_limits(limits);
    this.#d.commands.apply_limits(row.id, this.#d.session_id, JSON.stringify(limits), at, bets, `limits now ${JSON.stringify(limits)}`);
    this.#d.on_note?.(`limits lowered by ${row.sender}: ${JSON.stringify(limits)}`);
  }
}

function bets_of(row: CommandRow): number | null {
  try {
    const n = (JSON.parse(row.argument ?? 'null') as { bets?: unknown } | null)?.bets;
    return typeof n === 'number' && Number.isInteger(n) && n >= 1 ? n : null;
  } catch {
    return null;
  }
}
