/**
 * `stakeql sports list | fixtures | fixture SLUG | bet OUTCOME… | cashout IID | bets`:
 * the sportsbook through the stored profile (src/sports). Every value is
 * checked before anything is sent (exit 2); `--json` prints one JSON line
 * per item. `bet` re-reads each leg, shows it with its odds, the total odds
 * and the potential payout, asks (or takes `--yes`), then bets at exactly
 * the odds shown unless `--odds-change` says otherwise; `cashout` previews
 * the offer, asks, and cashes out at exactly that multiplier.
 * This file is the command's words, options and dispatch; each subcommand
 * lives in src/cli/sports/ (browse.ts, bet.ts, cashout.ts, check.ts).
 */
import type { Command, CommandArgs, CommandContext } from '../context.js';
import { CONFIRM_HELP, YES_OPTION, YES_OPTION_HELP } from '../confirm.js';
import { usageError } from '../exit-codes.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, openClient, withClient } from '../open-client.js';
import { printable } from '../output.js';
import { help_lines, parse_config, type OptionTable } from '../option-table.js';
import { check_account_currency } from '../currency-check.js';
import { timing_from_args } from '../autobet/timing-args.js';
import { bet_plan, place, type BetPlan } from '../sports/bet.js';
import { list_bets, list_fixtures, list_sports, page_options, show_fixture } from '../sports/browse.js';
import { cash_out } from '../sports/cashout.js';
import { run_check } from '../sports/check.js';
import { describe_sports_failure } from '../sports/failure.js';

const SUBCOMMANDS = ['list', 'fixtures', 'fixture', 'bet', 'cashout', 'bets', 'check'] as const;
type Sub = (typeof SUBCOMMANDS)[number];

const COMMON = ['profile', 'base-url', 'timeout', 'json'];
/** The options each subcommand takes; any other is refused, never ignored. */
const ALLOWED: Readonly<Record<Sub, readonly string[]>> = {
  list: [...COMMON, 'live'],
  fixtures: [...COMMON, 'live', 'limit', 'offset', 'all'],
  fixture: [...COMMON, 'group'],
  bet: [...COMMON, 'yes', 'amount', 'currency', 'odds-change', 'odds', 'esports', 'identifier', 'settle'],
  cashout: [...COMMON, 'yes', 'settle'],
  bets: [...COMMON, 'active', 'limit', 'offset'],
  check: [...COMMON, 'settle'],
};

async function run_sports(args: CommandArgs, ctx: CommandContext): Promise<number> {
  const [name, ...rest] = args.positionals as [string, ...string[]];
  if (!(SUBCOMMANDS as readonly string[]).includes(name)) throw usageError(`unknown sports command "${printable(name)}": ${SUBCOMMANDS.join(', ')}`);
  const sub = name as Sub;
  for (const [option, value] of Object.entries(args.values)) {
    if (value !== undefined && !ALLOWED[sub].includes(option)) throw usageError(`--${option} is not an option of 'sports ${sub}'`);
  }
  const wantsOne = sub === 'fixture' || sub === 'cashout';
  if (wantsOne && rest.length !== 1) throw usageError(`sports ${sub}: give exactly one ${sub === 'fixture' ? 'fixture slug' : 'bet share id (iid)'}`);
  if (sub === 'check' && rest.length > 1) throw usageError('sports check: give one slip identifier or cashed-out slip id, or none to list the open ones');
  if (!wantsOne && sub !== 'bet' && sub !== 'check' && rest.length > 0) throw usageError(`sports ${sub} takes no argument`);
  const page = page_options(args);
  const plan = sub === 'bet' ? bet_plan(args, rest) : null;
  // The settle period of a lost answer: --settle, never under twice --timeout (autobet's rule).
  const timing = timing_from_args(args);
  if (sub === 'check') return run_check(args, ctx, rest[0], timing.settle_ms);

  const m = await import('../../sports/index.js');
  const opened = await openClient(args, ctx, sub === 'bet' || sub === 'cashout' || sub === 'bets');
  const sports = new m.Sportsbook(opened.client);
  let identifier: string | null = null;
  try {
    return await withClient(opened, async () => {
      switch (sub) {
        case 'list':
          return list_sports(sports, args, ctx);
        case 'fixtures':
          return list_fixtures(sports, args, ctx, page);
        case 'fixture':
          return show_fixture(sports, args, ctx, rest[0] as string);
        case 'bets':
          return list_bets(sports, args, ctx, page);
        case 'cashout':
          return cash_out(sports, m, rest[0] as string, args, ctx, opened, timing.settle_ms);
        case 'bet':
          await check_account_currency(opened.client, (plan as BetPlan).currency);
          try {
            return await place(sports, m, plan as BetPlan, args, ctx, opened, timing.settle_ms, (id) => (identifier = id));
          } catch (error) {
            // Before the client's own wording: a lost slip must name its identifier.
            throw describe_sports_failure(error, m, identifier);
          }
      }
    });
  } catch (error) {
    throw describe_sports_failure(error, m, identifier);
  }
}

/** The command's own options, once: the parser's config and the help's lines come from here. */
const OPTIONS: OptionTable = {
  live: { type: 'boolean', help: 'live fixtures instead of upcoming ones' },
  limit: { type: 'string', value: 'N', help: 'items per page (1-50)' },
  offset: { type: 'string', value: 'N', help: 'skip this many' },
  all: { type: 'boolean', help: 'fixtures: every page' },
  group: { type: 'string', value: 'G,...', help: 'fixture: market groups (default main)' },
  amount: { type: 'string', value: 'A', help: 'bet: the total stake, a plain decimal' },
  currency: { type: 'string', value: 'C', help: 'bet: btc, usdt, usd, ...' },
  'odds-change': { type: 'string', value: 'C', help: 'bet: none (default: exact odds only), higher or any' },
  odds: { type: 'string', value: 'X,Y,...', help: 'bet: the odds you accept, one per outcome' },
  esports: { type: 'boolean', help: 'bet: an esports slip (betType esports, provider oddin)' },
  identifier: { type: 'string', value: 'ID', help: 'bet: send this identifier (default: 21 random characters)' },
  settle: { type: 'string', value: 'S', help: 'bet, cashout, check: how long a lost answer is looked for on the site\n(default the larger of 30 and twice --timeout; never less than twice --timeout)' },
  active: { type: 'boolean', help: 'bets: open slips' },
  json: { type: 'boolean', help: 'one JSON line per item' },
};

/** The `sports` command. */
export const command: Command = {
  usage: `stakeql sports list [--live] [--json]
       stakeql sports fixtures [--live] [--limit N] [--offset N] [--all] [--json]
       stakeql sports fixture SLUG [--group main,goals,...] [--json]
       stakeql sports bet OUTCOME_ID... --amount A --currency C [--odds-change none|higher|any] [--odds X,Y,...] [options]
       stakeql sports cashout IID [options]
       stakeql sports bets [--active] [--limit N] [--offset N] [--json]
       stakeql sports check [IDENTIFIER | SLIP_ID] [--settle S] [--json]`,
  help: `The sportsbook. 'list' shows sports with their fixture counts (upcoming, or
--live); 'fixtures' one page of fixtures (--limit 1-50, default 20; --all for
every page); 'fixture' a fixture's markets with each outcome's id and decimal
odds; 'bets' your finished slips (--active: the open ones).

'bet' places one slip: one outcome id is a single, several an accumulator
(of different fixtures). Each leg is read again first and shown with its odds,
the total odds (their product) and the potential payout; the slip then accepts
exactly those odds (or --odds X,Y,...: the ones you saw) unless --odds-change
says higher or any. Moved odds or a suspended market refuse the slip before
anything is sent. The slip (identifier, legs with their odds, amount,
currency) is written to the local journal before it is sent, and closed by
the answer. When the answer is lost, the slip is looked for on the site
until the settle period ends (--settle) and never sent again: found, it is
printed as placed; not there when the period ends, it is "most likely not
placed"; either way the error names its identifier and 'sports check'.

'cashout' reads the live offer of a slip (by its share id), asks, and cashes
out at exactly that multiplier; it is journaled the same way and never
retried: a lost answer is looked for on the slip through the settle period.

'check' lists the journal's slips and cashouts whose outcome is not known
(a killed process, an interrupt, a lookup that could not tell); 'check KEY'
(a slip's identifier, or the id of a slip cashed out) shows one, and for one
still open looks at the site until its settle period ends, then records
what it found. It only reads: nothing is ever sent again.

${CONFIRM_HELP}

With --json each item is one JSON line: a fixture {"slug","name","status",
"startTime","markets"}; an outcome {"market","outcome","outcomeId","odds",
"active"}; a slip as the library returns it.

Options:
${CLIENT_OPTIONS_HELP}
${YES_OPTION_HELP}
${help_lines(OPTIONS)}`,
  options: {
    ...CLIENT_OPTIONS,
    ...YES_OPTION,
    ...parse_config(OPTIONS),
  },
  minPositionals: 1,
  maxPositionals: 21,
  run: run_sports,
};
