/** `stakeql balance`: every currency's available and vault balance (`UserBalances`). */
import type { Command, CommandArgs, CommandContext } from '../context.js';
import { EXIT_OK } from '../exit-codes.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, openClient, withClient } from '../open-client.js';
import { formatRows, plainAmount, printable, writeJson } from '../output.js';
import { help_lines, parse_config, type OptionTable } from '../option-table.js';

async function runBalance(args: CommandArgs, ctx: CommandContext): Promise<number> {
  const opened = await openClient(args, ctx, true);
  const balances = await withClient(opened, (client) => client.balances());
  const rows = balances.map((b) => ({ currency: b.available.currency, available: b.available.amount, vault: b.vault.amount }));
  if (args.values['json'] === true) {
    // One JSON line per currency, amounts as plain decimal strings (never `1e-8`), as the exports write them.
    for (const row of rows) writeJson(ctx.io.stdout, { currency: row.currency, available: plainAmount(row.available), vault: plainAmount(row.vault) }, true);
    return EXIT_OK;
  }
  if (rows.length === 0) {
    ctx.io.stdout.write('No balance in any currency.\n');
    return EXIT_OK;
  }
  const table: Array<readonly [string, string]> = [['currency', 'available · vault']];
  for (const row of rows) table.push([printable(row.currency), `${plainAmount(row.available)} · ${plainAmount(row.vault)}`]);
  ctx.io.stdout.write(`${formatRows(table, ctx.out, '')}\n`);
  return EXIT_OK;
}

/** The command's own options, once: the parser's config and the help's lines come from here. */
const OPTIONS: OptionTable = {
  json: { type: 'boolean', help: 'one JSON line per currency: {currency, available, vault},\namounts as plain decimal strings' },
};

/** The `balance` command. */
export const command: Command = {
  usage: 'stakeql balance [--profile NAME] [--base-url URL] [--json]',
  help: `Prints every currency the account holds: its available balance and what is in
the vault. Read only: nothing is moved.

Options:
${CLIENT_OPTIONS_HELP}
${help_lines(OPTIONS)}`,
  options: {
    ...CLIENT_OPTIONS,
    ...parse_config(OPTIONS),
  },
  minPositionals: 0,
  maxPositionals: 0,
  run: runBalance,
};
