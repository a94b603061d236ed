/**
 * The commands sent to a running autobet session (table `session_commands`,
 * migration-v13.ts): written by whoever sends one (another process: the CLI,
 * the dashboard, a Telegram poller, the library), read and closed by the
 * running engine between two bets. Every write is its own transaction.
 */
import type { SqliteDatabase } from '../database/database.js';

/** What a command asks of the running session. */
export type CommandKind = 'pause' | 'resume' | 'stop' | 'stop_after_win' | 'stop_after' | 'limit';

/** A command's state: sent, took effect, refused by the engine, or never seen (the session ended first). */
export type CommandStatus = 'pending' | 'applied' | 'refused' | 'expired';

/** One row of `session_commands`. */
export interface CommandRow {
  readonly id: number;
  readonly session_id: number;
  readonly command: CommandKind;
  /** JSON: `{"bets":N}` for stop_after, the limits for limit; null otherwise. */
  readonly argument: string | null;
  /** `cli`, `library`, `dashboard`, `telegram:<chat id>`. */
  readonly sender: string;
  readonly sent_at: number;
  readonly status: CommandStatus;
  readonly applied_at: number | null;
  /** The session's bet count when the command took effect (or was refused). */
  readonly bets_before: number | null;
  readonly note: string | null;
}

/** `session_commands` of one database connection. */
export class SessionCommands {
  readonly #db: SqliteDatabase;
  readonly #s;

  constructor(db: SqliteDatabase) {
    this.#db = db;
    this.#s = {
      // Only a session marked running takes a command: one sent to a stopped session would wait forever.
      send: db.prepare(`INSERT INTO session_commands (session_id, command, argument, sender, sent_at)
        SELECT id, ?, ?, ?, ? FROM sessions WHERE id = ? AND status = 'running'`),
      pending: db.prepare("SELECT * FROM session_commands WHERE session_id = ? AND status = 'pending' ORDER BY id"),
      close: db.prepare("UPDATE session_commands SET status = ?, applied_at = ?, bets_before = ?, note = ? WHERE id = ? AND status = 'pending'"),
      expire: db.prepare(`UPDATE session_commands SET status = 'expired', applied_at = ?, note = 'the session ended before it took effect'
        WHERE session_id = ? AND status = 'pending'`),
      list: db.prepare('SELECT * FROM session_commands WHERE session_id = ? ORDER BY id'),
      stopped: db.prepare(`UPDATE session_commands SET status = 'applied', applied_at = ?, bets_before = ?, note = 'taken with the stop request'
        WHERE session_id = ? AND status = 'pending' AND command = 'stop'`),
      limits: db.prepare('UPDATE sessions SET limits = ? WHERE id = ?'),
    };
  }

  /** Records a command for running session `session_id`; null when that session is not marked running. */
  send(session_id: number, command: CommandKind, argument: string | null, sender: string, at: number): number | null {
    const run = this.#s.send.run(command, argument, sender, at, session_id);
    return run.changes === 1 ? Number(run.lastInsertRowid) : null;
  }

  pending(session_id: number): CommandRow[] {
    return this.#s.pending.all(session_id) as CommandRow[];
  }

  /** Closes a pending command: it took effect (`applied`) or the engine refused it. */
  close(id: number, status: 'applied' | 'refused', at: number, bets_before: number, note: string | null): void {
    this.#s.close.run(status, at, bets_before, note, id);
  }

  /** A lowered limit took effect: the session records the limits it now runs under (a resume keeps them), with the command. */
  apply_limits(id: number, session_id: number, limits: string, at: number, bets_before: number, note: string): void {
    this.#db.transaction(() => {
      this.#s.limits.run(limits, session_id);
      this.#s.close.run('applied', at, bets_before, note, id);
    })();
  }

  /**
   * The run stopped on a stop request (reason `user`): a stop command still
   * pending was that request (the dashboard's Stop also sets the session's
   * flag, which the engine may read first): it took effect with the stop.
   */
  stopped(session_id: number, at: number, bets: number): void {
    this.#s.stopped.run(at, bets, session_id);
  }

  /** Commands the session never got to (it ended first). */
  expire(session_id: number, at: number): void {
    this.#s.expire.run(at, session_id);
  }

  list(session_id: number): CommandRow[] {
    return this.#s.list.all(session_id) as CommandRow[];
  }
}
