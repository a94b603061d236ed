/**
 * `stakeql sports check [KEY]`: the journal's slips and cashouts whose
 * outcome is not known (journal/sports-journal.ts), and one looked for on
 * the site through what is left of its settle period (sports/lookup.ts).
 * Reads only: nothing is ever sent again.
 */
import type { SportsRow, SportsStatus } from '../../journal/index.js';
import { decimals_for } from '../../operations/validate/index.js';
import type { CommandArgs, CommandContext } from '../context.js';
import { CliError, EXIT_FAILURE, EXIT_NOT_FOUND, EXIT_OK, usageError } from '../exit-codes.js';
import { openClient, withClient } from '../open-client.js';
import { oneLine, plainAmount, printable, writeJson } from '../output.js';
import { close_row, with_sports_journal, type SlipRequest } from './journal.js';

const SAID: Readonly<Record<SportsRow['status'], string>> = {
  intent: 'sent, outcome not known yet',
  placed: 'placed',
  refused: 'refused by the site (nothing booked)',
  not_placed: 'not placed',
  unknown: 'outcome unknown',
};

function show_row(ctx: CommandContext, row: SportsRow, json: boolean): void {
  if (json) {
    writeJson(ctx.io.stdout, { ...row, request: JSON.parse(row.request) as unknown, answer: row.answer === null ? null : (JSON.parse(row.answer) as unknown) }, true);
    return;
  }
  const what = row.kind === 'slip' ? `slip ${printable(row.key)}` : `cashout of slip ${printable(row.key)}`;
  const status = row.kind === 'cashout' && row.status === 'placed' ? 'cashed out' : row.kind === 'cashout' && row.status === 'not_placed' ? 'not cashed out' : SAID[row.status];
  const amount = `${plainAmount(row.amount_units / 10 ** decimals_for(row.currency))} ${printable(row.currency)}`;
  const bet = row.kind === 'slip' && row.bet_id !== null ? `, bet ${printable(row.bet_id)}` : '';
  ctx.io.stdout.write(`${what}: ${status}${bet} (${amount}, sent to ${printable(row.site)} at ${new Date(row.created_at).toISOString()})${row.error === null ? '' : `; ${printable(oneLine(row.error))}`}\n`);
}

/**
 * `sports check [KEY]`: without KEY, the journal's open slips and cashouts;
 * with one, its row, and for a row still open a look at the site through
 * what is left of the settle period (from its journaling plus one request
 * timeout), which closes it: found, not on the site after the period, or
 * still unknown (exit 1). Reads only; nothing is ever sent again.
 */
export async function run_check(args: CommandArgs, ctx: CommandContext, key: string | undefined, settle_ms: number | undefined): Promise<number> {
  const json = args.values['json'] === true;
  if (key === undefined) {
    const open = await with_sports_journal(ctx, (j) => j.open());
    for (const row of open) show_row(ctx, row, json);
    if (!json && open.length === 0) ctx.io.stdout.write('no slip or cashout of unknown outcome in the journal\n');
    return EXIT_OK;
  }
  if (key.length === 0 || key.length > 256) throw usageError('sports check: the identifier must be 1 to 256 characters');
  const row = await with_sports_journal(ctx, (j) => j.by_key(key));
  if (row === null) throw new CliError(EXIT_NOT_FOUND, `no slip or cashout ${printable(key.slice(0, 64))} in the journal of 'stakeql sports'`);
  if (row.status !== 'intent' && row.status !== 'unknown') {
    show_row(ctx, row, json);
    return EXIT_OK;
  }
  const m = await import('../../sports/index.js');
  const opened = await openClient(args, ctx, true);
  const site = new URL(opened.client.base_url).origin;
  if (site !== row.site) {
    await opened.client.close();
    throw new CliError(EXIT_FAILURE, `${printable(key)} was sent to ${printable(row.site)}, not ${printable(site)}: check it with the profile or --base-url of that site`);
  }
  const sports = new m.Sportsbook(opened.client);
  let settle: number;
  try {
    settle = m.settle_period(settle_ms, opened.client.timeout_ms);
  } catch (error) {
    await opened.client.close();
    throw usageError(error instanceof Error ? error.message : 'bad --settle');
  }
  // Our clock against our clock: the row's time and now, both local; nothing of the site's is compared with them.
  const settle_until = row.created_at + opened.client.timeout_ms + settle;
  const left = settle_until - Date.now();
  if (left > 0) ctx.io.stderr.write(`looking for it on the site until its settle period ends (up to ${Math.ceil(left / 1000)} s)\n`);
  return withClient(opened, async () => {
    let verdict: { status: SportsStatus; bet_id?: string | null; answer?: string | null; error?: string | null };
    if (row.kind === 'slip') {
      const request = JSON.parse(row.request) as SlipRequest;
      const found = await sports.find_slip({
        amount: request.amount, currency: request.currency, outcomeIds: request.legs.map((l) => l.outcomeId),
        custom: request.kind === 'same_game_multi', prior_ids: request.prior_ids,
      }, { settle_until });
      verdict = found.lookup === 'found'
        ? { status: 'placed', bet_id: found.bet.id, answer: JSON.stringify(found.bet), error: 'answer lost; found on the site' }
        : found.lookup === 'not_found'
          ? { status: 'not_placed', error: 'not among the open slips nor the newest finished ones after the settle period' }
          : { status: 'unknown', error: `lookup ${found.lookup}` };
    } else {
      const found = await sports.find_cashout(row.key, { settle_until });
      verdict = found.lookup === 'found'
        ? { status: 'placed', bet_id: row.key, answer: JSON.stringify(found.bet), error: 'answer lost; the slip shows it cashed out' }
        : found.lookup === 'not_found'
          ? { status: 'not_placed', answer: JSON.stringify(found.bet), error: `the slip is ${found.bet.status}, not cashed out` }
          : { status: 'unknown', error: 'lookup failed' };
    }
    await close_row(ctx, row.id, verdict);
    const now = await with_sports_journal(ctx, (j) => j.by_key(key));
    show_row(ctx, now ?? row, json);
    return verdict.status === 'unknown' ? EXIT_FAILURE : EXIT_OK;
  });
}
