/**
 * `stakeql sports cashout IID`: the live offer of a slip, asked for,
 * journaled before the request leaves, and cashed out at exactly that
 * multiplier; never retried: a lost answer is looked for on the slip.
 */
import type * as SportsModule from '../../sports/index.js';
import { accountLine, confirm, EXIT_DECLINED } from '../confirm.js';
import type { CommandArgs, CommandContext } from '../context.js';
import { CliError, EXIT_FAILURE, EXIT_OK } from '../exit-codes.js';
import { answerOrInterrupt } from '../in-flight.js';
import type { openClient } from '../open-client.js';
import { oneLine, plainAmount, printable, writeJson } from '../output.js';
import { as_usage } from './failure.js';
import { cashout_intent, close_row, failure_status, with_sports_journal, type CashoutRequest } from './journal.js';

/** Cashes out the slip `iid` names, after the person (or --yes) accepts the offer. */
export async function cash_out(
  sports: SportsModule.Sportsbook, m: typeof SportsModule, iid: string, args: CommandArgs, ctx: CommandContext,
  opened: Awaited<ReturnType<typeof openClient>>, settle_ms: number | undefined,
): Promise<number> {
  const offer = await sports.cashout_preview(iid).catch((e: unknown) => Promise.reject(as_usage(e)));
  if (offer.cashoutDisabled) throw new CliError(EXIT_FAILURE, 'cashout_unavailable: the site offers no cashout for this bet now (nothing was sent)');
  const asked = {
    action: `Cash out ${printable(iid)} for ${plainAmount(offer.offer)} ${printable(offer.currency)}`,
    details: [`stake ${plainAmount(offer.amount)} ${printable(offer.currency)} × cashout multiplier ${plainAmount(offer.cashoutMultiplier)}`, `with ${accountLine(opened)}`],
    question: 'Cash out?',
  };
  if (!(await confirm(ctx, asked, args.values['yes'] === true))) return EXIT_DECLINED;
  const request: CashoutRequest = { betId: offer.id, iid, multiplier: offer.cashoutMultiplier, amount: offer.amount };
  const check = `check it with 'stakeql sports check ${printable(offer.id)}' before cashing out again`;
  const flight = { what: `the cashout of ${printable(iid)}`, unknown: check };
  let row: number | null = null;
  const options = {
    ...(settle_ms === undefined ? {} : { settle_ms }),
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
  if (args.values['json'] === true) writeJson(ctx.io.stdout, done, true);
  else ctx.io.stdout.write(`cashed out: ${plainAmount(done.payout)} ${printable(done.currency)}${done.recovered ? ' (its answer was lost; the slip shows it cashed out, nothing re-sent)' : ''}\n`);
  return EXIT_OK;
}
