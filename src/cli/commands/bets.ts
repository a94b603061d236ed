/**
 * `stakeql bets [--json|--csv]`: the account's bet history, newest first,
 * paged through `MyBetList`. Rows go out as each page arrives, so a long
 * export starts at once and needs no memory for the whole list; on a
 * terminal a progress line on stderr counts the bets read (see progress.ts).
 *
 * Every row carries the bet's `id` and its `identifier`. The site's history
 * does not return identifiers: the column is filled from the local journal
 * for the bets stakeql placed (`stakeql bet`, autobet), and null (empty in
 * CSV) for any other.
 */
import { existsSync } from 'node:fs';
import type { HouseBet } from '../../operations/documents/my-bet-list.js';
import type { Command, CommandArgs, CommandContext } from '../context.js';
import { EXIT_OK, usageError } from '../exit-codes.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, openClient, withClient } from '../open-client.js';
import { counted, printable } from '../output.js';
import { progressLine } from '../progress.js';
import { help_lines, parse_config, whole_number, type OptionTable } from '../option-table.js';

type Cell = string | number | boolean | null;

/** The identifier stakeql journaled for a bet, or null (see {@link journalIdentifiers}). */
type IdentifierOf = (bet: { id: string; nonce: number; serverSeed: { seedHash: string } }) => string | null;

/** What the plain listing shows of an entry, with the journaled identifier. */
function row(entry: HouseBet, identifierOf: IdentifierOf): Record<string, Cell> {
  const bet = entry.bet !== null && 'id' in entry.bet ? entry.bet : null;
  return {
    id: bet?.id ?? entry.id,
    identifier: bet === null || !('serverSeed' in bet) ? null : identifierOf(bet),
    game: entry.game.slug,
    updatedAt: bet?.updatedAt ?? null,
    currency: bet?.currency ?? null,
    amount: bet?.amount ?? null,
    payoutMultiplier: bet?.payoutMultiplier ?? null,
    payout: bet?.payout ?? null,
  };
}


function count(args: CommandArgs, name: string, min: number, max: number): number | undefined {
  const text = args.values[name];
  if (text === undefined) return undefined;
  const n = whole_number(text, 15);
  if (n === undefined) throw usageError(`--${name} must be a whole number`);
  if (n < min || n > max) throw usageError(`--${name} must be ${min} to ${max}`);
  return n;
}

/**
 * The identifiers of the bets stakeql placed (autobet's journal and `stakeql
 * bet`'s), read from the local database when there is one; the site's history
 * does not return them. Nothing is created when there is no database.
 */
async function journalIdentifiers(ctx: CommandContext): Promise<{ identifierOf: IdentifierOf; close: () => void }> {
  const none = { identifierOf: () => null, close: () => {} };
  const journal = await import('../../journal/index.js');
  const file = journal.default_database_path(ctx.io.env);
  if (!existsSync(file)) return none;
  let db: ReturnType<typeof journal.open_database>;
  try {
    db = journal.open_database(file);
  } catch {
    ctx.warn(`the identifier column stays empty: ${file} could not be opened`);
    return none;
  }
  const lookup = journal.journal_identifiers(db);
  return {
    identifierOf: (bet) => lookup([{ id: bet.id, server_seed_hash: bet.serverSeed.seedHash, nonce: bet.nonce }]).get(bet.id) ?? null,
    close: () => db.close(),
  };
}

async function runBets(args: CommandArgs, ctx: CommandContext): Promise<number> {
  const json = args.values['json'] === true;
  const csv = args.values['csv'] === true;
  if (json && csv) throw usageError('--json and --csv exclude each other');
  const max = count(args, 'max', 1, Number.MAX_SAFE_INTEGER);
  const page_size = count(args, 'page-size', 1, 50);
  const opened = await openClient(args, ctx, true);
  const journaled = await journalIdentifiers(ctx);
  const progress = progressLine(ctx, (read) => `${counted(read, 'bet')} read…`);
  let written = 0;
  let skipped = 0;
  await withClient(opened, async (client) => {
    const history = client.bets({
      ...(max === undefined ? {} : { max }),
      ...(page_size === undefined ? {} : { page_size }),
      on_page: (read) => progress.update(read),
    });
    // CSV and JSON are the layout 'history export' writes (src/history/export.ts): one per line, plain decimals.
    const { export_csv_header, export_csv_line, export_json_line, export_record_of } = await import('../../history/index.js');
    const context = { site: new URL(client.base_url).origin, decimals_owner: client, now_ms: Date.now() };
    if (csv) await progress.write(export_csv_header());
    for await (const entry of history) {
      const r = row(entry, journaled.identifierOf);
      if (csv || json) {
        const record = export_record_of(entry, r.identifier as string | null, context);
        if (record === null) skipped++;
        else await progress.write(csv ? export_csv_line(record) : export_json_line(record));
      } else {
        await progress.write(
          `${printable(entry.iid)}  ${printable(String(r.game))}  ${r.amount ?? ''} ${printable(String(r.currency ?? ''))}  ` +
            `×${r.payoutMultiplier ?? ''}  payout ${r.payout ?? ''}  ${printable(String(r.updatedAt ?? ''))}  id ${printable(String(r.id))}\n`,
        );
      }
      written++;
    }
  }).finally(() => {
    progress.stop();
    journaled.close();
  });
  if (!json && !csv && written === 0) ctx.io.stdout.write('No bets.\n');
  if (skipped > 0) ctx.warn(`${counted(skipped, 'entry', 'entries')} that are not originals bets (sports, third-party games) left out of the export`);
  return EXIT_OK;
}

/** The command's own options, once: the parser's config and the help's lines come from here. */
const OPTIONS: OptionTable = {
  json: { type: 'boolean', help: 'JSON lines' },
  csv: { type: 'boolean', help: 'CSV with a header row' },
  max: { type: 'string', value: 'N', help: 'stop after N bets (default: all)' },
  'page-size': { type: 'string', value: 'N', help: 'bets per request, 1-50 (default 50)' },
};

/** The `bets` command. */
export const command: Command = {
  usage: 'stakeql bets [--json | --csv] [--max N] [--page-size N] [--profile NAME] [--base-url URL]',
  help: `Prints the account's originals bets, newest first, one page of the site's
history at a time. --csv and --json write the layout 'stakeql history export'
writes, one bet a line: id, iid, identifier, game, updatedAt, currency,
amount, payoutMultiplier, payout, active, nonce, clientSeed, serverSeedHash,
serverSeed, state (the game's state, as JSON in CSV). Amounts are the
currency's plain decimals (0.00000001, never 1e-8), booleans true/false.
The site's history does not return the identifier a bet was sent with: it is
filled in from the local journal for the bets stakeql placed ('stakeql bet',
autobet), and null (empty in CSV) for any other. Entries that are not
originals bets are left out, and counted on stderr. On a terminal a progress
line on stderr counts the bets read.

Options:
${CLIENT_OPTIONS_HELP}
${help_lines(OPTIONS)}`,
  options: {
    ...CLIENT_OPTIONS,
    ...parse_config(OPTIONS),
  },
  minPositionals: 0,
  maxPositionals: 0,
  run: runBets,
};
