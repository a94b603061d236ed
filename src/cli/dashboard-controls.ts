/**
 * The dashboard's controls as `stakeql dashboard --strategies DIR` gives
 * them: commands through the autobet library (sender `dashboard`), and runs
 * and simulations of the strategy files in DIR (by name: the page never
 * names a path). A run started here runs in the dashboard's process, with
 * its credentials, the same checks as `stakeql autobet` (stop_loss and
 * max_bet required, the account's lock, the strategy loaded before any bet),
 * confirmed on the page; closing the dashboard stops it after its bet in flight.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { DashboardControls, StartRequest } from '../dashboard/index.js';
import type { StakeClient } from '../facade/index.js';

/** The endings of a strategy file (strategies/load.ts reads them). */
const ENDINGS = ['.json', '.js', '.mjs', '.ts', '.lua'];
/** Files listed at most: a directory of thousands is not a menu. */
const MAX_FILES = 200;

/** What the controls need: the library, the database, the client (null: no credentials, no run), and the directory. */
export interface ControlsSetup {
  readonly database: string;
  readonly client: StakeClient | null;
  /** The saved strategies' directory (`--strategies DIR`); null: commands only, nothing to start. */
  readonly dir: string | null;
  readonly profile: string | null;
  readonly note: (text: string) => void;
}

/** The controls, and `close` to stop the runs they started (after their bets in flight). */
export async function dashboard_controls(setup: ControlsSetup): Promise<{ controls: DashboardControls; close: () => Promise<void> }> {
  const lib = await import('../autobet/index.js');
  const runs = new Set<{ abort: AbortController; done: Promise<unknown> }>();
  const file_of = (name: string): string => path.join(setup.dir ?? '.', name);
  const strategies = (): string[] => {
    if (setup.dir === null) return [];
    let names: string[];
    try {
      names = fs.readdirSync(setup.dir, { withFileTypes: true }).filter((e) => e.isFile() && ENDINGS.some((x) => e.name.toLowerCase().endsWith(x))).map((e) => e.name);
    } catch {
      return [];
    }
    return names.sort().slice(0, MAX_FILES);
  };
  const limits_text = (limits: object): string => Object.entries(limits).map(([k, v]) => `${k} ${String(v)}`).join(', ') || 'none';
  const controls: DashboardControls = {
    send: (session, command) => lib.send_command(session, command, { database: setup.database, sender: 'dashboard' }),
    strategies,
    async preview(r: StartRequest) {
      if (r.kind === 'sim') {
        const limits = lib.check_limits(r.limits, false);
        return [`simulate ${r.strategy}: ${r.bets} bets from a balance of ${r.balance}`, `limits: ${limits_text(limits)}`, 'nothing is sent to the site'];
      }
      const limits = lib.check_limits(r.limits, true);
      if (setup.client === null) throw new RangeError('credentials: the dashboard was started without any, so it cannot run a strategy');
      const me = await setup.client.current_user();
      return [`run ${r.strategy} as ${me.name} on ${setup.client.base_url}`, `limits: ${limits_text(limits)}`, 'real bets until a limit, the strategy or a stop ends it'];
    },
    async start(r: StartRequest) {
      if (r.kind === 'sim') {
        const summary = await lib.simulate({
          strategy: file_of(r.strategy), limits: lib.check_limits(r.limits, false), start_balance: r.balance as number, bets: r.bets as number, sessions: 1,
        });
        return { message: `simulated ${r.strategy}`, summary: summary as unknown as Record<string, unknown> };
      }
      const client = setup.client;
      if (client === null) throw new RangeError('credentials: the dashboard was started without any, so it cannot run a strategy');
      const abort = new AbortController();
      return new Promise((resolve, reject) => {
        let started = false;
        const done = lib.run_autobet({
          client, database: setup.database, strategy: file_of(r.strategy), limits: lib.check_limits(r.limits, true), profile: setup.profile,
          signal: abort.signal, on_note: setup.note,
          // Confirmed on the page (its confirmation was bound to these limits): every check before this one passed.
          confirm: async (p) => {
            started = true;
            resolve({ message: `started ${p.strategy} as ${p.account} (${p.currency} balance ${p.balance}); it shows in the session panel` });
            return true;
          },
        }).then((result) => {
          if (!started) resolve({ message: `not started: ${result.stop?.reason ?? 'refused'}` });
          else setup.note(`the run of ${r.strategy} started from the dashboard stopped (${result.stop?.reason ?? 'unknown'})`);
        }, (error: unknown) => {
          if (!started) reject(error);
          else setup.note(`the run of ${r.strategy} started from the dashboard failed: ${error instanceof Error ? error.message : 'unknown error'}`);
        }).finally(() => runs.delete(entry));
        const entry = { abort, done };
        runs.add(entry);
      });
    },
  };
  return {
    controls,
    close: async () => {
      for (const run of runs) run.abort.abort('interrupted');
      await Promise.all([...runs].map((r) => r.done));
    },
  };
}
