/**
 * `stakeql sports bet OUTCOME… --amount A --currency C`: the slip read from
 * the command line, each leg read again from the site and shown with its
 * odds, asked for, journaled before it is sent, and placed at exactly the
 * odds shown unless `--odds-change` says otherwise.
 */
import type * as SportsModule from '../../sports/index.js';
import { check_currency, decimals_for, identifier_or_new, normalize_amount } from '../../operations/validate/index.js';
import { accountLine, confirm, EXIT_DECLINED } from '../confirm.js';
import type { CommandArgs, CommandContext } from '../context.js';
import { EXIT_OK, usageError } from '../exit-codes.js';
import { answerOrInterrupt } from '../in-flight.js';
import { read_decimal } from '../numbers.js';
import type { openClient } from '../open-client.js';
import { plainAmount, printable, writeJson } from '../output.js';
import { as_usage } from './failure.js';
import { close_row, failure_status, slip_intent, with_sports_journal } from './journal.js';

// Plain decimal text as typed: no sign, exponent or blanks.
const DECIMAL = /^[0-9]{1,9}(?:\.[0-9]{1,12})?$/;

/** A slip as the command line asks for it, checked before anything is opened. */
export interface BetPlan {
  readonly outcomeIds: readonly string[];
  readonly amount: string;
  readonly currency: string;
  readonly oddsChange: SportsModule.OddsChange;
  readonly expected: readonly number[] | null;
  readonly betType: SportsModule.SportBetType;
  /** Given with --identifier, else made here, so an interrupt can name it. */
  readonly identifier: string;
}

export function bet_plan(args: CommandArgs, ids: readonly string[]): BetPlan {
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

/** Reads the legs again, asks, journals the intent and places the slip; `sent` hears its identifier once it is written down. */
export async function place(
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
    throw as_usage(error);
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
    throw as_usage(error);
  }
  if (row !== null) await close_row(ctx, row, { status: 'placed', bet_id: slip.id, answer: JSON.stringify(slip) });
  if (args.values['json'] === true) {
    writeJson(ctx.io.stdout, slip, true);
    return EXIT_OK;
  }
  const recovered = slip.recovered ? ' (its answer was lost; found on the site, nothing re-sent)' : '';
  ctx.io.stdout.write(
    `placed ${slip.kind} ${printable(slip.id)}${recovered}: ${plainAmount(slip.amount)} ${printable(slip.currency)} at ×${plainAmount(slip.total_odds)}, ` +
      `potential payout ${plainAmount(slip.potential_payout)} ${printable(slip.currency)}\nshare id ${printable(slip.iid ?? '-')}, identifier ${slip.identifier}\n`,
  );
  return EXIT_OK;
}
