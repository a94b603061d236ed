/**
 * `stakeql bets [--json|--csv]`: the account's bet history, newest first,
 * paged through `MyBetList`. Rows go out as each page arrives, so a long
 * export starts at once and needs no memory for the whole list; on a
 * terminal a progress line on stderr counts the bets read.
 */
import { stringify } from 'csv-stringify/sync';
import type { HouseBet } from '../../operations/documents/history.js';
import type { Command, CommandArgs, CommandContext } from '../context.js';
import { EXIT_OK, usageError } from '../exit-codes.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, openClient, withClient } from '../open-client.js';
import { printable } from '../output.js';

/** CSV columns: the site's field names. */
const COLUMNS = [
  'iid', 'id', 'game', 'updatedAt', 'currency', 'amount', 'payoutMultiplier', 'payout', 'active',
  'nonce', 'clientSeed', 'serverSeedHash', 'serverSeed',
] as const;

function row(entry: HouseBet): Record<(typeof COLUMNS)[number], string | number | boolean | null> {
  const bet = entry.bet !== null && 'id' in entry.bet ? entry.bet : null;
  return {
    iid: entry.iid,
    id: bet?.id ?? entry.id,
    game: entry.game.slug,
    updatedAt: bet?.updatedAt ?? null,
    currency: bet?.currency ?? null,
    amount: bet?.amount ?? null,
    payoutMultiplier: bet?.payoutMultiplier ?? null,
    payout: bet?.payout ?? null,
    active: bet?.active ?? null,
    nonce: bet?.nonce ?? null,
    clientSeed: bet?.clientSeed.seed ?? null,
    serverSeedHash: bet?.serverSeed.seedHash ?? null,
    serverSeed: bet?.serverSeed.seed ?? null,
  };
}

function count(args: CommandArgs, name: string, min: number, max: number): number | undefined {
  const text = args.values[name];
  if (text === undefined) return undefined;
  if (typeof text !== 'string' || !/^[0-9]{1,15}$/.test(text)) throw usageError(`--${name} must be a whole number`);
  const n = Number(text);
  if (n < min || n > max) throw usageError(`--${name} must be ${min} to ${max}`);
  return n;
}

async function runBets(args: CommandArgs, ctx: CommandContext): Promise<number> {
  const json = args.values['json'] === true;
  const csv = args.values['csv'] === true;
  if (json && csv) throw usageError('--json and --csv exclude each other');
  const max = count(args, 'max', 1, Number.MAX_SAFE_INTEGER);
  const page_size = count(args, 'page-size', 1, 50);
  const { stdout, stderr } = ctx.io;
  const progress = stderr.isTTY === true;
  const opened = await openClient(args, ctx, true);
  let written = 0;
  await withClient(opened, async (client) => {
    const history = client.bets({
      ...(max === undefined ? {} : { max }),
      ...(page_size === undefined ? {} : { page_size }),
      on_page: (read) => {
        if (progress) stderr.write(`\r\x1b[K${read} bets read…`);
      },
    });
    if (csv) stdout.write(stringify([[...COLUMNS]]));
    if (json) stdout.write('[');
    for await (const entry of history) {
      const r = row(entry);
      if (csv) stdout.write(stringify([COLUMNS.map((c) => r[c])]));
      else if (json) stdout.write(`${written === 0 ? '\n' : ',\n'}${JSON.stringify(entry)}`);
      else {
        stdout.write(
          `${printable(entry.iid)}  ${printable(String(r.game))}  ${r.amount ?? ''} ${printable(String(r.currency ?? ''))}  ` +
            `×${r.payoutMultiplier ?? ''}  payout ${r.payout ?? ''}  ${printable(String(r.updatedAt ?? ''))}\n`,
        );
      }
      written++;
    }
    if (json) stdout.write(written === 0 ? ']\n' : '\n]\n');
  }).finally(() => {
    if (progress) stderr.write('\r\x1b[K');
  });
  if (!json && !csv && written === 0) stdout.write('No bets.\n');
  return EXIT_OK;
}

/** The `bets` command. */
export const command: Command = {
  usage: 'stakeql bets [--json | --csv] [--max N] [--page-size N] [--profile NAME] [--base-url URL]',
  help: `Prints the account's originals bets, newest first, one page of the site's
history at a time. --csv writes one row per bet with the site's field names
(iid, id, game, updatedAt, currency, amount, payoutMultiplier, payout, active,
nonce, clientSeed, serverSeedHash, serverSeed); --json a JSON array of the
site's entries. On a terminal a progress line counts the bets read.

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
