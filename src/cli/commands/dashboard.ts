/**
 * `stakeql dashboard`: serves the local dashboard (src/dashboard) until
 * Ctrl-C, printing its URL with the token. Balances need credentials; without
 * any (and no --profile named) the page shows the rest and says so.
 */
import type { StakeClient } from '../../facade/index.js';
import type { SimView } from '../../dashboard/index.js';
import { parse_listen_port } from '../../sandbox/listen-port.js';
import type { Command, CommandArgs, CommandContext } from '../context.js';
import { CliError, EXIT_NOT_FOUND, EXIT_OK, EXIT_STORE, badValueIsUsage, usageError } from '../exit-codes.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, openClient } from '../open-client.js';
import fs from 'node:fs';
import path from 'node:path';
import { oneLine, printable } from '../output.js';
import { readLines } from '../read-input.js';
import { withHistoryDatabase } from '../history-database.js';
import { history_scope } from '../history-scope.js';
import type { HistoryAccount, SessionAccount } from '../../dashboard/index.js';
import { help_lines, parse_config, type OptionTable } from '../option-table.js';

async function readSim(file: string, ctx: CommandContext): Promise<SimView> {
  const { sim_view } = await import('../../dashboard/index.js');
  const lines = await readLines(file, ctx.io.stdin);
  return badValueIsUsage(() => sim_view(lines, file === '-' ? 'standard input' : file));
}

/** A client for the balances, or null (with a warning) when there are no credentials and no profile was named. */
async function balancesClient(args: CommandArgs, ctx: CommandContext): Promise<StakeClient | null> {
  try {
    return (await openClient(args, ctx, true)).client;
  } catch (error) {
    if (error instanceof CliError && error.exit_code === EXIT_NOT_FOUND && typeof args.values['profile'] !== 'string') {
      ctx.warn('no credentials: the dashboard shows no live balances (log in with \'stakeql login\', or pass --profile)');
      return null;
    }
    throw error;
  }
}

/**
 * The history panel's account, as 'history stats' reads it (history-scope.ts).
 * An account never synced is not an error here: the live panels need no
 * history, so its panel starts empty (it fills after 'stakeql history sync').
 */
async function historyAccount(args: CommandArgs, ctx: CommandContext, client: StakeClient | null, me: { id: string; name: string } | null): Promise<HistoryAccount | null> {
  try {
    const scope = await withHistoryDatabase(ctx, (db) => history_scope(args, ctx, db));
    return scope.filter.site === undefined || scope.filter.user_id === undefined ? null : { site: scope.filter.site, user_id: scope.filter.user_id, label: scope.label };
  } catch (error) {
    const neverSynced = error instanceof CliError && /: no account (on|in) /.test(error.message);
    if (!neverSynced || client === null || me === null || args.values['account'] !== undefined) throw error;
    const site = new URL(client.base_url).origin;
    ctx.warn(`no bets of ${printable(me.name)} on ${printable(site)} in the database yet: the history panel fills after 'stakeql history sync'`);
    return { site, user_id: me.id, label: `${printable(me.name)} on ${printable(site)} (not synced yet)` };
  }
}

async function runDashboard(args: CommandArgs, ctx: CommandContext): Promise<number> {
  const portText = args.values['port'];
  const port = typeof portText === 'string' ? await badValueIsUsage(() => parse_listen_port(portText)) : 0;
  const simFile = args.values['sim'];
  const sim = typeof simFile === 'string' ? await readSim(simFile, ctx) : null;
  const { default_database_path, JournalError } = await import('../../journal/index.js');
  const { start_dashboard } = await import('../../dashboard/index.js');
  const database = default_database_path(ctx.io.env);
  if (args.values['account'] !== undefined && args.values['all-accounts'] === true) throw usageError('dashboard: --account and --all-accounts exclude each other');
  // Every value checked before anything is sent.
  const dir = args.values['strategies'];
  if (typeof dir === 'string' && !fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory()) throw usageError(`dashboard: --strategies: ${printable(dir)} is not a directory`);
  const client = await balancesClient(args, ctx);
  try {
    // Every panel is one account on one site: the credentials' (a read of who they are), none without credentials.
    const me = client === null ? null : await client.current_user().catch((error: unknown) => {
      ctx.warn(`the credentials' account could not be read (${error instanceof Error ? error.message : 'unknown error'}): no autobet session is shown`);
      return null;
    });
    const session_account: SessionAccount = client === null || me === null ? 'none' : { base_url: client.base_url, account: me.name };
    const history_account = await historyAccount(args, ctx, client, me);
    const { dashboard_controls } = await import('../dashboard-controls.js');
    const controls = await dashboard_controls({
      database, client, dir: typeof dir === 'string' ? path.resolve(dir) : null,
      profile: typeof args.values['profile'] === 'string' ? args.values['profile'] : null,
      note: (text) => ctx.io.stderr.write(`stakeql: ${oneLine(text)}\n`),
    });
    let dashboard;
    try {
      dashboard = await start_dashboard({ port, database, client, sim, history_account, session_account, controls: controls.controls });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EADDRINUSE') throw usageError(`dashboard: port ${port} is in use; choose another with --port (0 or none: a free one)`);
      if (code === 'EACCES') throw usageError(`dashboard: port ${port} is not allowed to this user; choose another with --port`);
      if (error instanceof JournalError) throw new CliError(EXIT_STORE, error.message, { cause: error });
      throw error;
    }
    const { out } = ctx;
    ctx.io.stdout.write(
      [
        `${out.bold('stakeql dashboard')} on ${out.green(dashboard.url)}`,
        `Open that URL in a browser on this machine (it holds the token every request needs). Database: ${printable(database)}`,
        ...(sim === null ? [] : [`Showing the simulation of ${printable(sim.source)} (${sim.sessions} sessions).`]),
        'Stop with Ctrl-C.',
        '',
      ].join('\n'),
    );
    try {
      await ctx.io.untilStopped();
    } finally {
      await controls.close();
      await dashboard.close();
    }
  } finally {
    await client?.close();
  }
  ctx.io.stderr.write('stakeql dashboard stopped\n');
  return EXIT_OK;
}

/** The command's own options, once: the parser's config and the help's lines come from here. */
const OPTIONS: OptionTable = {
  port: { type: 'string', value: 'N', help: 'port to listen on (default: a free one); a port in use is exit 2' },
  sim: { type: 'string', value: 'FILE', help: "show a simulation: the JSON lines of 'stakeql sim --json' ('-': stdin)" },
  account: { type: 'string', value: 'NAME', help: "the history panel's account, by name or user id, when the\ndatabase holds more than one on the site" },
  'all-accounts': { type: 'boolean', help: 'the history panel adds up every account in the database' },
  strategies: { type: 'string', value: 'DIR', help: 'offer a run or a simulation of a strategy file in DIR\n(docs/remote-control.md); the page confirms the limits first' },
};

/** The `dashboard` command. */
export const command: Command = {
  usage: 'stakeql dashboard [--port N] [--profile NAME | --base-url URL] [--account NAME | --all-accounts] [--sim FILE] [--strategies DIR]',
  help: `Serves a local page on 127.0.0.1 until Ctrl-C (SIGINT) or SIGTERM, and prints its URL
with a random token: live balances (the realtime feed), the running or last
autobet session (profit curve, bets, limits left, stop reason) with a Stop
button, history charts (profit over time, payout multipliers) from the bets
'stakeql history sync' stored, and a simulation's distribution. It updates by
server-sent events. The running session can be paused, resumed, stopped after
its next win or N bets, or given a lower limit; with --strategies, a run or a
simulation of a saved strategy starts after a confirmation showing its limits.
Only 127.0.0.1:PORT and localhost:PORT are answered, every request needs the
token, and every write a CSRF token bound to the page, so no other web page can
read the account or steer a run. No credential is ever sent to the page.

Options:
${help_lines(OPTIONS, ['port', 'sim', 'strategies'])}
${CLIENT_OPTIONS_HELP}
${help_lines(OPTIONS, ['account', 'all-accounts'])}

The database is the one autobet and history use ($STAKEQL_DATA_DIR, else
$XDG_DATA_HOME/stakeql, else ~/.local/share/stakeql: stakeql.db).`,
  options: {
    ...CLIENT_OPTIONS,
    ...parse_config(OPTIONS),
  },
  minPositionals: 0,
  maxPositionals: 0,
  run: runDashboard,
};
