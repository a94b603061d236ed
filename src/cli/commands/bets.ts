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
import { stringify } from 'csv-stringify/sync';
import type { HouseBet } from '../../operations/documents/history.js';
import type { Command, CommandArgs, CommandContext } from '../context.js';
import { EXIT_OK, usageError } from '../exit-codes.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, openClient, withClient } from '../open-client.js';
import { counted, printable } from '../output.js';
import { progressLine } from '../progress.js';

/** CSV columns: the site's field names, `identifier` (the one sent with the bet) and the dice / limbo state. */
const COLUMNS = [
  'iid', 'id', 'identifier', 'game', 'updatedAt', 'currency', 'amount', 'payoutMultiplier', 'payout', 'active',
  'result', 'target', 'condition', 'multiplierTarget',
  'nonce', 'clientSeed', 'serverSeedHash', 'serverSeed',
] as const;

type Cell = string | number | boolean | null;

/** A `state` field when it is a scalar (mines' `rounds` and keno's lists do not fit a cell). */
function stateField(state: unknown, name: string): Cell {
  const value = state !== null && typeof state === 'object' ? (state as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : null;
}

/** The identifier stakeql journaled for a bet, or null (see {@link journalIdentifiers}). */
type IdentifierOf = (bet: { id: string; nonce: number; serverSeed: { seedHash: string } }) => string | null;

function row(entry: HouseBet, identifierOf: IdentifierOf): Record<(typeof COLUMNS)[number], Cell> {
  const bet = entry.bet !== null && 'id' in entry.bet ? entry.bet : null;
  return {
    iid: entry.iid,
    id: bet?.id ?? entry.id,
    identifier: bet === null ? null : identifierOf(bet),
    game: entry.game.slug,
    updatedAt: bet?.updatedAt ?? null,
    currency: bet?.currency ?? null,
    amount: bet?.amount ?? null,
    payoutMultiplier: bet?.payoutMultiplier ?? null,
    payout: bet?.payout ?? null,
    active: bet?.active ?? null,
    result: stateField(bet?.state, 'result'),
    target: stateField(bet?.state, 'target'),
    condition: stateField(bet?.state, 'condition'),
    multiplierTarget: stateField(bet?.state, 'multiplierTarget'),
    nonce: bet?.nonce ?? null,
    clientSeed: bet?.clientSeed.seed ?? null,
    serverSeedHash: bet?.serverSeed.seedHash ?? null,
    serverSeed: bet?.serverSeed.seed ?? null,
  };
}

/** One CSV line; booleans as JSON writes them (csv-stringify's default is "1" and ""). */
function csvLine(cells: readonly Cell[]): string {
  return stringify([cells], { cast: { boolean: (value) => (value ? 'true' : 'false') } });
}

function count(args: CommandArgs, name: string, min: number, max: number): number | undefined {
  const text = args.values[name];
  if (text === undefined) return undefined;
  if (typeof text !== 'string' || !/^[0-9]{1,15}$/.test(text)) throw usageError(`--${name} must be a whole number`);
  const n = Number(text);
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
  await withClient(opened, async (client) => {
    const history = client.bets({
      ...(max === undefined ? {} : { max }),
      ...(page_size === undefined ? {} : { page_size }),
      on_page: (read) => progress.update(read),
    });
    if (csv) await progress.write(csvLine(COLUMNS));
    if (json) await progress.write('[');
    for await (const entry of history) {
      const r = row(entry, journaled.identifierOf);
      if (csv) await progress.write(csvLine(COLUMNS.map((c) => r[c])));
      else if (json) await progress.write(`${written === 0 ? '\n' : ',\n'}${JSON.stringify({ ...entry, identifier: r.identifier })}`);
      else {
        await progress.write(
          `${printable(entry.iid)}  ${printable(String(r.game))}  ${r.amount ?? ''} ${printable(String(r.currency ?? ''))}  ` +
            `×${r.payoutMultiplier ?? ''}  payout ${r.payout ?? ''}  ${printable(String(r.updatedAt ?? ''))}  id ${printable(String(r.id))}\n`,
        );
      }
      written++;
    }
    if (json) await progress.write(written === 0 ? ']\n' : '\n]\n');
  }).finally(() => {
    progress.stop();
    journaled.close();
  });
  if (!json && !csv && written === 0) ctx.io.stdout.write('No bets.\n');
  return EXIT_OK;
}

/** The `bets` command. */
export const command: Command = {
  usage: 'stakeql bets [--json | --csv] [--max N] [--page-size N] [--profile NAME] [--base-url URL]',
  help: `Prints the account's originals bets, newest first, one page of the site's
history at a time. --csv writes one row per bet with the site's field names
(iid, id, identifier, game, updatedAt, currency, amount, payoutMultiplier,
payout, active) and the game's state (result, target, condition for dice;
result, multiplierTarget for limbo), then nonce, clientSeed, serverSeedHash,
serverSeed; booleans read true/false, a field the game lacks is empty.
--json writes a JSON array of the site's entries, each with "id" and
"identifier". The site's history does not return the identifier a bet was
sent with: it is filled in from the local journal for the bets stakeql placed
('stakeql bet', autobet), and null (empty in CSV) for any other. On a terminal a
progress line on stderr counts the bets read.

Options:
${CLIENT_OPTIONS_HELP}
  --json          a JSON array of the site's entries
  --csv           CSV with a header row
  --max N         stop after N bets (default: all)
  --page-size N   bets per request, 1-50 (default 50)`,
  options: {
    ...CLIENT_OPTIONS,
    json: { type: 'boolean' },
    csv: { type: 'boolean' },
    max: { type: 'string' },
    'page-size': { type: 'string' },
  },
  minPositionals: 0,
  maxPositionals: 0,
  run: runBets,
};
