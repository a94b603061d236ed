/**
 * `stakeql autobet STRATEGY_FILE [limits]`, and `autobet resume | list | show
 * | stop | abandon`: a strategy run with the limits as flags, journaled in the user's
 * database. Everything that can be refused is refused (exit 2) before a bet
 * is sent; a run stopped by a limit, the strategy or a stop request exits 0,
 * by an error 1, by Ctrl-C 130 once the bet in flight is settled and journaled.
 * This file is the command's words and options; each subcommand lives in
 * src/cli/autobet/ (run.ts, resume.ts, sessions-view.ts, abandon.ts, steer.ts).
 */
import { abandon } from '../autobet/abandon.js';
import { LIMIT_OPTIONS, LIMIT_OPTIONS_HELP, LUA_TIMEOUT_HELP } from '../autobet/limits-args.js';
import { NOTIFY_OPTIONS, NOTIFY_OPTIONS_HELP } from '../autobet/notify-args.js';
import { RAKEBACK_OPTIONS, RAKEBACK_OPTIONS_HELP } from '../autobet/rakeback-args.js';
import { resume_or_go_on } from '../autobet/resume.js';
import { RETRY_OPTIONS, RETRY_OPTIONS_HELP, STATS_OPTIONS, STATS_OPTIONS_HELP } from '../autobet/retry-args.js';
import { ROUND_OPTIONS, ROUND_OPTIONS_HELP } from '../autobet/round-args.js';
import { run } from '../autobet/run.js';
import { session_number } from '../autobet/session-number.js';
import { list, show } from '../autobet/sessions-view.js';
import { describe_start_failure } from '../autobet/start-failure.js';
import { STEER_SUBCOMMANDS, steer } from '../autobet/steer.js';
import { SUBCOMMANDS } from '../autobet/subcommands.js';
import { TELEGRAM_OPTIONS, TELEGRAM_OPTIONS_HELP } from '../autobet/telegram-args.js';
import { TIMING_OPTIONS, TIMING_OPTIONS_HELP } from '../autobet/timing-args.js';
import { WHEN_OPTIONS, WHEN_OPTIONS_HELP } from '../autobet/when-args.js';
import { YES_OPTION, YES_OPTION_HELP } from '../confirm.js';
import type { Command, CommandArgs, CommandContext } from '../context.js';
import { usageError } from '../exit-codes.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP } from '../open-client.js';

async function runAutobet(args: CommandArgs, ctx: CommandContext): Promise<number> {
  const first = args.positionals[0] as string;
  if (!SUBCOMMANDS.has(first)) {
    if (args.positionals.length > 1) throw usageError("autobet: one strategy file (see 'stakeql autobet --help')");
    return run(args, ctx);
  }
  if (first === 'list' && args.positionals.length > 1) throw usageError('autobet list takes no argument');
  if (first === 'stop-after') return steer(first, args, ctx, describe_start_failure);
  if (args.positionals.length > 2) throw usageError(`autobet ${first}: at most one SESSION`);
  if (STEER_SUBCOMMANDS.has(first) || first === 'stop') return steer(first, args, ctx, describe_start_failure);
  switch (first) {
    case 'resume':
      return resume_or_go_on(args, ctx);
    case 'list':
      return list(args, ctx, describe_start_failure);
    case 'show': {
      const id = session_number(args.positionals[1]);
      if (id === undefined) throw usageError("autobet show: which session? (see 'stakeql autobet list')");
      return show(id, args, ctx, describe_start_failure);
    }
    default:
      return abandon(args, ctx, describe_start_failure);
  }
}

/** The `autobet` command. */
export const command: Command = {
  usage: `stakeql autobet STRATEGY_FILE --stop-loss X --max-bet X [limits] [--currency C] [options]
       stakeql autobet resume [SESSION] [--if-any] | list [--json] [--all-accounts] | show SESSION [--last N] [--json|--csv] | stop [SESSION]
       stakeql autobet abandon SESSION [--yes]
       stakeql autobet pause | resume | stop-after-win | stop-after N | limit --stop-loss X … [SESSION]`,
  help: `Runs a betting strategy until a limit, the strategy, 'autobet stop' or Ctrl-C ends it.
STRATEGY_FILE is a .json settings file (the site's autobet form), a .js/.mjs/.ts
module whose default export is (state) => next bet, a .js in-page bot script
(dobet(); docs/strategies.md) or a .lua DiceBot script.
Every bet is journaled before it is sent; an answer that is lost is looked for
on the site, never sent again blindly. On a terminal the run is shown and you
are asked once; without a terminal --yes is required. 'autobet abandon SESSION'
closes a session for good (after a confirmation): a session that left a bet
whose outcome is not known keeps new runs on its account from starting until
it is resumed or abandoned.

A running session takes commands from another terminal (docs/remote-control.md),
between two bets, each journaled with when it took effect ('autobet show'):
'pause', 'resume' (of a paused running session), 'stop', 'stop-after-win'
(after the next winning bet), 'stop-after N' (bets), and 'limit --stop-loss X'
(any limit flag; only lowering is taken: raising one is refused, exit 2).

${LIMIT_OPTIONS_HELP}

Options:
${CLIENT_OPTIONS_HELP}
${YES_OPTION_HELP}
  --currency C         the run's currency (default: the settings', else btc)
${TIMING_OPTIONS_HELP}
${LUA_TIMEOUT_HELP}
${ROUND_OPTIONS_HELP}
${WHEN_OPTIONS_HELP}
${RAKEBACK_OPTIONS_HELP}
  --if-any             (resume) exit 0 with "nothing to resume" when the session ended for good
                       (a limit, the strategy, a stop request, abandon): for service managers
  --accept-changed-strategy
                       (resume) run a module or .lua script whose text changed since the
                       session started (refused otherwise, exit 2: the session records its SHA-256)
${NOTIFY_OPTIONS_HELP}
${TELEGRAM_OPTIONS_HELP}
${RETRY_OPTIONS_HELP}
${STATS_OPTIONS_HELP}
  --json               one JSON line per bet and a last one with the stop reason
  --csv                (show) the session's bets as CSV
  --last N             (show) only the session's last N bets (default: the
                       last 20; with --json or --csv: all)
  --account NAME       (list, show) the sessions of this account on the profile's site,
                       when several accounts ran there (default: the profile's account)
  --all-accounts       (list, show) every session in the database, whatever its site or account

Exit: 0 stopped by a limit, the strategy or a stop request; 1 stopped by an
error; 2 refused before any bet (a bad limit, strategy or option; another run on
the account); 3 no such session; 5 the database; 130 Ctrl-C.`,
  options: {
    ...CLIENT_OPTIONS,
    ...YES_OPTION,
    ...LIMIT_OPTIONS,
    ...NOTIFY_OPTIONS,
    ...TELEGRAM_OPTIONS,
    ...RETRY_OPTIONS,
    ...STATS_OPTIONS,
    currency: { type: 'string' },
    'lua-timeout': { type: 'string' },
    dialect: { type: 'string' },
    'limbo-input': { type: 'string' },
    'one-x': { type: 'string' },
    'makebet': { type: 'string' },
    ...ROUND_OPTIONS,
    ...WHEN_OPTIONS,
    ...RAKEBACK_OPTIONS,
    ...TIMING_OPTIONS,
    'if-any': { type: 'boolean' },
    'accept-changed-strategy': { type: 'boolean' },
    json: { type: 'boolean' },
    csv: { type: 'boolean' },
    last: { type: 'string' },
    account: { type: 'string' },
    'all-accounts': { type: 'boolean' },
  },
  minPositionals: 1,
  maxPositionals: 3,
  run: runAutobet,
};
