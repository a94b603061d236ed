/**
 * `stakeql history stats --wagered 7d [--in usd]`: the rolling wagered
 * amount from the stored bets, per currency, and with `--in` its value in a
 * fiat currency at the site's conversion rates of now (read with the
 * client options; the bets are then the account's only). Run
 * `history sync` first: the figure is what the database holds.
 */
import type { CommandArgs, CommandContext } from '../context.js';
import { EXIT_OK, usageError } from '../exit-codes.js';
import { withHistoryDatabase } from '../history-database.js';
import { history_scope } from '../history-scope.js';
import { openClient, withClient } from '../open-client.js';
import { plainAmount } from '../output.js';

export async function runWageredStats(args: CommandArgs, ctx: CommandContext): Promise<number> {
  const { parse_window, check_fiat, wagered_since, wagered_in_fiat } = await import('../../history/wagered.js');
  let window_ms: number;
  let fiat: string | null;
  try {
    window_ms = parse_window(args.values['wagered'], '--wagered');
    fiat = args.values['in'] === undefined ? null : check_fiat(args.values['in'], '--in');
  } catch (error) {
    throw usageError(`history stats: ${(error as Error).message}`);
  }
  for (const name of ['by', 'from', 'to', 'game']) {
    if (args.values[name] !== undefined) throw usageError(`history stats: --${name} does not go with --wagered`);
  }
  const since_ms = Date.now() - window_ms;
  const currency = typeof args.values['currency'] === 'string' ? args.values['currency'].toLowerCase() : undefined;
  const only = currency === undefined ? {} : { currency };
  const window = args.values['wagered'] as string;
  if (fiat === null) {
    // One account on one site, as the other stats (history-scope.ts); with --in the site says whose.
    const sums = await withHistoryDatabase(ctx, async (db) => wagered_since(db, { since_ms, ...(await history_scope(args, ctx, db)).filter, ...only }));
    if (args.values['json'] === true) {
      ctx.io.stdout.write(`${JSON.stringify({ window, since: new Date(since_ms).toISOString(), by_currency: sums.map((s) => ({ ...s, wagered_units: s.wagered_units.toString() })) })}\n`);
      return EXIT_OK;
    }
    if (sums.length === 0) ctx.io.stdout.write(`No bets stored in the last ${window}; run 'stakeql history sync' first.\n`);
    for (const s of sums) ctx.io.stdout.write(`${s.currency}: wagered ${s.wagered} in the last ${window} (${s.bets} bets)\n`);
    return EXIT_OK;
  }
  const opened = await openClient(args, ctx, true);
  const { site_of } = await import('../../history/sync.js');
  const result = await withClient(opened, async (client) => {
    const [user, rates] = await Promise.all([client.current_user(), client.conversion_rates()]);
    const sums = await withHistoryDatabase(ctx, async (db) => wagered_since(db, { since_ms, site: site_of(client.base_url), user_id: user.id, ...only }));
    return wagered_in_fiat(sums, rates, fiat);
  });
  if (args.values['json'] === true) {
    ctx.io.stdout.write(`${JSON.stringify({
      window, since: new Date(since_ms).toISOString(), in: result.fiat, wagered: result.total, rates: result.rates, missing: result.missing,
      by_currency: result.by_currency.map((s) => ({ ...s, wagered_units: s.wagered_units.toString() })),
    })}\n`);
    return EXIT_OK;
  }
  ctx.io.stdout.write(`wagered in the last ${window}: ${plainAmount(result.total)} ${result.fiat} (at today's rates: the stored bets carry no rate of their time)\n`);
  for (const s of result.by_currency) {
    ctx.io.stdout.write(`  ${s.currency}: ${s.wagered} (${s.bets} bets)${s.value === null ? ', no rate: left out' : ` = ${plainAmount(s.value)} ${result.fiat}`}\n`);
  }
  return EXIT_OK;
}
