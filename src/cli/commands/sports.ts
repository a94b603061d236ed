/**
 * `stakeql sports list | fixtures | fixture SLUG | bet OUTCOME… | cashout IID | bets`:
 * the sportsbook through the stored profile (src/sports). Every value is
 * checked before anything is sent (exit 2); `--json` prints one JSON line
 * per item. `bet` re-reads each leg, shows it with its odds, the total odds
 * and the potential payout, asks (or takes `--yes`), then bets at exactly
 * the odds shown unless `--odds-change` says otherwise; `cashout` previews
 * the offer, asks, and cashes out at exactly that multiplier.
 */
import type { Command, CommandArgs, CommandContext } from '../context.js';
import { accountLine, CONFIRM_HELP, confirm, EXIT_DECLINED, YES_OPTION, YES_OPTION_HELP } from '../confirm.js';
import { CliError, EXIT_FAILURE, EXIT_OK, usageError } from '../exit-codes.js';
import { answerOrInterrupt } from '../in-flight.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, openClient, withClient } from '../open-client.js';
import { oneLine, plainAmount, printable, writeJson } from '../output.js';
import type * as SportsModule from '../../sports/index.js';
import { check_currency, decimals_for, identifier_or_new, normalize_amount } from '../../operations/validate/index.js';
import { help_lines, parse_config, whole_number, type OptionTable } from '../option-table.js';
import { read_decimal } from '../numbers.js';
import { check_account_currency } from '../currency-check.js';
import { timing_from_args } from '../autobet/timing-args.js';
import { cashout_intent, close_row, failure_status, slip_intent, with_sports_journal, type CashoutRequest } from '../sports-journal.js';
import { run_check } from '../sports-check.js';

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

// Plain decimal text as typed: no sign, exponent or blanks.
const DECIMAL = /^[0-9]{1,9}(?:\.[0-9]{1,12})?$/;

function count_option(args: CommandArgs, name: string): number | undefined {
  const text = args.values[name];
  if (text === undefined) return undefined;
  const n = whole_number(text, 6);
  if (n === undefined) throw usageError(`--${name} must be a whole number`);
  return n;
}

function one_line_json(ctx: CommandContext, value: unknown): void {
  writeJson(ctx.io.stdout, value, true);
}

/** A SportsError or a lost slip as one CLI line; anything else unchanged. */
function describe_sports_failure(error: unknown, m: typeof SportsModule, identifier: string | null): unknown {
  if (m.SportsError.is(error)) {
    // Said once: the library's own message may already say that nothing was sent.
    const sent = error.sent || /nothing was sent/.test(error.message) ? '' : ' (nothing was sent)';
    const odds = error.reason === 'odds_changed' && typeof error.current_odds === 'number'
      ? `; the odds are now ${error.current_odds}${typeof error.expected_odds === 'number' ? ` (you gave ${error.expected_odds})` : ''}`
      : '';
    return new CliError(EXIT_FAILURE, `${error.reason}: ${oneLine(error.message)}${sent}${odds}`, { cause: error });
  }
  const maybe = error as { message?: unknown; lookup?: unknown };
  // Marked with `lookup` by the library: the slip may have been booked, and was looked for.
  if (identifier !== null && typeof error === 'object' && error !== null && 'lookup' in error) {
    const verdict = maybe.lookup === 'not_found'
      ? 'it was not on the site when the settle period ended, so it was most likely not placed (nothing was re-sent)'
      : `the site could not tell whether it was placed (lookup: ${String(maybe.lookup ?? 'not looked up')}; nothing was re-sent)`;
    return new CliError(
      EXIT_FAILURE,
      `${oneLine(String(maybe.message))}; ${verdict}: its identifier is ${identifier}. ` +
        `Check it with 'stakeql sports check ${identifier}' before betting again`,
      { cause: error },
    );
  }
  return error;
}

interface BetPlan {
  readonly outcomeIds: readonly string[];
  readonly amount: string;
  readonly currency: string;
  readonly oddsChange: SportsModule.OddsChange;
  readonly expected: readonly number[] | null;
  readonly betType: SportsModule.SportBetType;
  /** Given with --identifier, else made here, so an interrupt can name it. */
  readonly identifier: string;
}

function bet_plan(args: CommandArgs, ids: readonly string[]): BetPlan {
  if (ids.length === 0) throw usageError('sports bet: give one outcome id (a single) or several (an accumulator)');
  const amount = args.values['amount'];
  const currency = args.values['currency'];
  if (typeof amount !== 'string') throw usageError('--amount is required');
  read_decimal(amount, '--amount', { whole_digits: 9, fraction_digits: 12 });
  if (typeof currency !== 'string') throw usageError('--currency is required');
  try {
    // Checked here too, so a typo is refused before the legs are read.
    normalize_amount(amount, '--amount', check_currency(currency, '--currency'), decimals_for(currency));
  } catch (error) {
    throw usageError(error instanceof Error ? error.message : 'bad --amount or --currency');
  }
  const change = args.values['odds-change'] ?? 'none';
  if (change !== 'none' && change !== 'higher' && change !== 'any') throw usageError('--odds-change must be none, higher or any');
  const oddsText = args.values['odds'];
  let expected: number[] | null = null;
  if (typeof oddsText === 'string') {
    const parts = oddsText.split(',');
    if (parts.length !== ids.length) throw usageError(`--odds must give one value per outcome (${ids.length}), comma-separated`);
    expected = parts.map((p) => {
      if (!DECIMAL.test(p) || !(Number(p) > 1)) throw usageError(`--odds values must be decimal odds above 1 (got ${JSON.stringify(printable(p.slice(0, 16)))})`);
      return Number(p);
    });
  }
  const identifier = args.values['identifier'];
  try {
    if (typeof identifier === 'string') identifier_or_new(identifier);
  } catch (error) {
    throw usageError(error instanceof Error ? error.message : 'bad --identifier');
  }
  return {
    outcomeIds: ids, amount, currency, oddsChange: change, expected,
    betType: args.values['esports'] === true ? 'esports' : 'sports',
    identifier: identifier_or_new(typeof identifier === 'string' ? identifier : undefined),
  };
}

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
  const json = args.values['json'] === true;
  const limit = count_option(args, 'limit');
  const offset = count_option(args, 'offset');
  const plan = sub === 'bet' ? bet_plan(args, rest) : null;
  // The settle period of a lost answer: --settle, never under twice --timeout (autobet's rule).
  const timing = timing_from_args(args);
  if (sub === 'check') return run_check(args, ctx, rest[0], timing.settle_ms);

  const m = await import('../../sports/index.js');
  const opened = await openClient(args, ctx, sub === 'bet' || sub === 'cashout' || sub === 'bets');
  const sports = new m.Sportsbook(opened.client);
  // Bad values the library refuses before sending (a limit above 50, a bad currency) are usage errors.
  const usage = (error: unknown): unknown => (error instanceof RangeError || error instanceof TypeError ? usageError(error.message) : error);
  let identifier: string | null = null;
  try {
    return await withClient(opened, async () => {
      switch (sub) {
        case 'list': {
          const list = await sports.list({ type: args.values['live'] === true ? 'live' : 'upcoming' }).catch((e: unknown) => Promise.reject(usage(e)));
          for (const s of list) {
            if (json) one_line_json(ctx, { slug: s.slug, name: s.name, fixtureCount: s.fixtureCount });
            else ctx.io.stdout.write(`${printable(s.slug).padEnd(20)} ${String(s.fixtureCount).padStart(5)}  ${printable(s.name)}\n`);
          }
          return EXIT_OK;
        }
        case 'fixtures': {
          const options = { type: args.values['live'] === true ? 'live' as const : 'upcoming' as const, ...(limit === undefined ? {} : { limit }), ...(offset === undefined ? {} : { offset }) };
          const write = (f: SportsModule.FixturePreview) => {
            const startTime = 'startTime' in f.data ? f.data.startTime : null;
            if (json) one_line_json(ctx, { slug: f.slug, name: f.name, status: f.status, startTime, markets: f.marketCount });
            else ctx.io.stdout.write(`${printable(f.slug)}  ${printable(f.name)}  [${printable(f.status)}]  ${printable(startTime ?? '')}  ${f.marketCount} markets\n`);
          };
          try {
            if (args.values['all'] === true) for await (const f of sports.fixtures_all(options)) write(f);
            else for (const f of await sports.fixtures(options)) write(f);
          } catch (error) {
            throw usage(error);
          }
          return EXIT_OK;
        }
        case 'fixture': {
          const groups = args.values['group'];
          const fixture = await sports.fixture(rest[0] as string, typeof groups === 'string' ? { groups: groups.split(',') } : {}).catch((e: unknown) => Promise.reject(usage(e)));
          if (!json) ctx.io.stdout.write(`${printable(fixture.name)}  [${printable(fixture.status)}]\n`);
          for (const g of fixture.groups) for (const t of g.templates) for (const market of t.markets) {
            const title = market.specifiers === '' ? market.name : `${market.name} (${market.specifiers})`;
            if (!json) ctx.io.stdout.write(`${printable(title)}${market.status === 'active' ? '' : `  [${printable(market.status)}]`}\n`);
            for (const o of market.outcomes) {
              const active = o.active && market.status === 'active';
              if (json) one_line_json(ctx, { market: title, outcome: o.name, outcomeId: o.id, odds: o.odds, active });
              else ctx.io.stdout.write(`  ${printable(o.name).padEnd(24)} ${o.odds.toFixed(2).padStart(8)}  ${printable(o.id)}${active ? '' : '  (closed)'}\n`);
            }
          }
          return EXIT_OK;
        }
        case 'bets': {
          const bets = await (args.values['active'] === true
            ? sports.active_bets({ ...(limit === undefined ? {} : { limit }), ...(offset === undefined ? {} : { offset }) })
            : sports.finished_bets({ ...(limit === undefined ? {} : { limit }), ...(offset === undefined ? {} : { offset }) })).catch((e: unknown) => Promise.reject(usage(e)));
          for (const b of bets) {
            if (json) one_line_json(ctx, b);
            else ctx.io.stdout.write(`${printable(b.bet.iid)}  ${printable(b.status)}  ${plainAmount(b.amount)} ${printable(b.currency)} at ×${plainAmount(b.potentialMultiplier)}  payout ${plainAmount(b.payout)}  ${b.outcomes.map((o) => printable(o.outcome.name)).join(' + ')}\n`);
          }
          return EXIT_OK;
        }
        case 'cashout': {
          const offer = await sports.cashout_preview(rest[0] as string).catch((e: unknown) => Promise.reject(usage(e)));
          if (offer.cashoutDisabled) throw new CliError(EXIT_FAILURE, 'cashout_unavailable: the site offers no cashout for this bet now (nothing was sent)');
          const asked = {
            action: `Cash out ${printable(rest[0] as string)} for ${plainAmount(offer.offer)} ${printable(offer.currency)}`,
            details: [`stake ${plainAmount(offer.amount)} ${printable(offer.currency)} × cashout multiplier ${plainAmount(offer.cashoutMultiplier)}`, `with ${accountLine(opened)}`],
            question: 'Cash out?',
          };
          if (!(await confirm(ctx, asked, args.values['yes'] === true))) return EXIT_DECLINED;
          const request: CashoutRequest = { betId: offer.id, iid: rest[0] as string, multiplier: offer.cashoutMultiplier, amount: offer.amount };
          const check = `check it with 'stakeql sports check ${printable(offer.id)}' before cashing out again`;
          const flight = { what: `the cashout of ${printable(rest[0] as string)}`, unknown: check };
          let row: number | null = null;
          const options = {
            ...(timing.settle_ms === undefined ? {} : { settle_ms: timing.settle_ms }),
            // Written down before the request leaves: a killed process leaves it for 'sports check'.
            on_intent: async () => {
              row = await with_sports_journal(ctx, (j) => j.record_intent(cashout_intent(request, offer.currency, opened.client.base_url)));
            },
          };
          let done: SportsModule.CashoutResult;
          try {
            done = await answerOrInterrupt(ctx, flight, () => sports.cashout(offer.id, offer.cashoutMultiplier, options));
          } catch (error) {
            if (row !== null) await close_row(ctx, row, failure_status(error, m));
            const t = error as { lookup?: unknown; message?: unknown };
            if (typeof error === 'object' && error !== null && 'lookup' in error) {
              const verdict = t.lookup === 'not_found' ? 'the slip was still open when the settle period ended, so it was most likely not cashed out' : `the site could not tell (lookup: ${String(t.lookup)})`;
              throw new CliError(EXIT_FAILURE, `${oneLine(String(t.message))}; ${verdict} (nothing was re-sent): ${check}`, { cause: error });
            }
            throw error;
          }
          if (row !== null) await close_row(ctx, row, { status: 'placed', bet_id: offer.id, answer: JSON.stringify(done) });
          if (json) one_line_json(ctx, done);
          else ctx.io.stdout.write(`cashed out: ${plainAmount(done.payout)} ${printable(done.currency)}${done.recovered ? ' (its answer was lost; the slip shows it cashed out, nothing re-sent)' : ''}\n`);
          return EXIT_OK;
        }
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

async function place(
  sports: SportsModule.Sportsbook, m: typeof SportsModule, plan: BetPlan, args: CommandArgs, ctx: CommandContext,
  opened: Awaited<ReturnType<typeof openClient>>, settle_ms: number | undefined, sent: (identifier: string) => void,
): Promise<number> {
  // An identifier is sent once: a slip journaled under it before is that slip, never a new one.
  const earlier = await with_sports_journal(ctx, (j) => j.by_key(plan.identifier));
  if (earlier !== null && earlier.kind === 'slip') {
    throw usageError(`--identifier ${plan.identifier} was sent before (its slip is ${earlier.status}; 'stakeql sports check ${plan.identifier}'): give a new one`);
  }
  // The legs as the site shows them now: what the person confirms is what the slip accepts.
  let legs: SportsModule.OutcomeCheck[];
  try {
    legs = await Promise.all(plan.outcomeIds.map((id) => sports.outcome(id, plan.betType === 'esports' ? 'oddin' : undefined)));
  } catch (error) {
    throw error instanceof RangeError || error instanceof TypeError ? usageError(error.message) : error;
  }
  const expected = plan.expected ?? legs.map((l) => l.odds);
  const total = expected.reduce((p, o) => p * o, 1);
  const kind = legs.length === 1 ? 'single' : `${legs.length}-leg accumulator`;
  const details = legs.map((l, i) => `${printable(l.market.fixture.slug)}: ${printable(l.market.name)} → ${printable(l.name)} @ ${plainAmount(expected[i] as number)}`);
  details.push(`total odds ${plainAmount(Number(total.toFixed(6)))}, potential payout ${plainAmount(Number((Number(plan.amount) * total).toFixed(8)))} ${printable(plan.currency)}`);
  details.push(`odds change accepted: ${plan.oddsChange}; with ${accountLine(opened)}`);
  const asked = { action: `Bet ${plan.amount} ${printable(plan.currency)} on a ${kind}`, details, question: 'Place this slip?' };
  if (!(await confirm(ctx, asked, args.values['yes'] === true))) {
    ctx.io.stderr.write('Not placed.\n');
    return EXIT_DECLINED;
  }
  const input = {
    amount: plan.amount, currency: plan.currency, outcomeIds: plan.outcomeIds, expected_odds: expected,
    providers: legs.map((l) => l.market.provider), oddsChange: plan.oddsChange, betType: plan.betType,
    identifier: plan.identifier,
  };
  let slip: SportsModule.PlacedSlip;
  let row: number | null = null;
  const options = {
    ...(settle_ms === undefined ? {} : { settle_ms }),
    // The intent is committed before the request leaves: a killed process leaves it, naming the slip.
    on_intent: async (intent: SportsModule.SlipIntent) => {
      row = await with_sports_journal(ctx, (j) => j.record_intent(slip_intent(intent, opened.client.base_url)));
      sent(intent.identifier);
    },
  };
  try {
    slip = await answerOrInterrupt(
      ctx,
      { what: `the slip (identifier ${plan.identifier})`, unknown: `check it with 'stakeql sports check ${plan.identifier}' before betting again` },
      () => sports.bet(input, options),
    );
  } catch (error) {
    if (row !== null) await close_row(ctx, row, failure_status(error, m));
    throw error instanceof RangeError || error instanceof TypeError ? usageError(error.message) : error;
  }
  if (row !== null) await close_row(ctx, row, { status: 'placed', bet_id: slip.id, answer: JSON.stringify(slip) });
  if (args.values['json'] === true) {
    one_line_json(ctx, slip);
    return EXIT_OK;
  }
  const recovered = slip.recovered ? ' (its answer was lost; found on the site, nothing re-sent)' : '';
  ctx.io.stdout.write(
    `placed ${slip.kind} ${printable(slip.id)}${recovered}: ${plainAmount(slip.amount)} ${printable(slip.currency)} at ×${plainAmount(slip.total_odds)}, ` +
      `potential payout ${plainAmount(slip.potential_payout)} ${printable(slip.currency)}\nshare id ${printable(slip.iid ?? '-')}, identifier ${slip.identifier}\n`,
  );
  return EXIT_OK;
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
