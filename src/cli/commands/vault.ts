/**
 * `stakeql vault deposit AMOUNT CURRENCY`: moves funds from the balance into
 * the vault (`CreateVaultDeposit`), sent once, never retried; confirmed on a
 * terminal first, as a bet is (`--yes` without one), and Ctrl-C while it is
 * in flight says the outcome is unknown rather than exiting silently. Withdrawing is
 * not offered here: it needs the account password, and reading one safely
 * from a terminal is not built yet (the library's `vault_withdraw` takes it).
 */
import { accountLine, CONFIRM_HELP, confirm, EXIT_DECLINED, YES_OPTION, YES_OPTION_HELP } from '../confirm.js';
import type { Command, CommandArgs, CommandContext } from '../context.js';
import { EXIT_OK, usageError } from '../exit-codes.js';
import { answerOrInterrupt } from '../in-flight.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, openClient, withClient } from '../open-client.js';
import { printable, writeJson } from '../output.js';
import { check_currency, decimals_for, normalize_amount } from '../../operations/validate/index.js';
import { help_lines, parse_config, type OptionTable } from '../option-table.js';
import { check_account_currency } from '../currency-check.js';

/** The query that shows whether an interrupted deposit ran. */
export const VAULT_QUERY = '{ user { balances { vault { amount currency } } } }';

function checked(args: CommandArgs): { amount: number; currency: string } {
  const [action, amountText, currencyText] = args.positionals as [string, string, string];
  if (action !== 'deposit') throw usageError(`unknown vault action "${printable(action)}": only deposit is offered`);
  try {
    const currency = check_currency(currencyText.toLowerCase());
    const amount = normalize_amount(amountText, 'amount', currency, decimals_for(currency));
    if (amount === 0) throw new RangeError('amount must be more than 0');
    return { amount, currency };
  } catch (error) {
    if (error instanceof RangeError || error instanceof TypeError) throw usageError(error.message);
    throw error;
  }
}

async function runVault(args: CommandArgs, ctx: CommandContext): Promise<number> {
  const input = checked(args);
  const opened = await openClient(args, ctx, true);
  const moved = await withClient(opened, async (client) => {
    await check_account_currency(client, input.currency);
    const asked = {
      action: `Deposit ${input.amount} ${input.currency} into the vault`,
      details: [`with ${accountLine(opened)}`],
      question: 'Move it?',
    };
    if (!(await confirm(ctx, asked, args.values['yes'] === true))) return null;
    // A deposit has no identifier: the vault's balance tells whether it ran.
    const flight = { what: 'the deposit', unknown: `check the vault balance (stakeql query '${VAULT_QUERY}') before depositing again` };
    return answerOrInterrupt(ctx, flight, () => client.vault_deposit(input));
  });
  if (moved === null) {
    ctx.io.stderr.write('Not deposited.\n');
    return EXIT_DECLINED;
  }
  if (args.values['json'] === true) {
    writeJson(ctx.io.stdout, moved);
    return EXIT_OK;
  }
  const line = moved.user.balances.find((b) => b.vault.currency === moved.currency);
  const now = line === undefined ? '' : `; now ${line.available.amount} available, ${line.vault.amount} in the vault`;
  ctx.io.stdout.write(`Deposited ${moved.amount} ${printable(moved.currency)} into the vault${now}\n`);
  return EXIT_OK;
}

/** The command's own options, once: the parser's config and the help's lines come from here. */
const OPTIONS: OptionTable = {
  json: { type: 'boolean', help: "print the site's answer as JSON" },
};

/** The `vault` command. */
export const command: Command = {
  usage: 'stakeql vault deposit AMOUNT CURRENCY [--yes] [--profile NAME] [--base-url URL] [--json]',
  help: `Moves AMOUNT of CURRENCY from the balance into the vault. AMOUNT is a plain
decimal with no more decimals than CURRENCY allows; it is checked before
anything is sent and sent exactly as written. A deposit is never retried.

${CONFIRM_HELP}
Ctrl-C while the deposit is in flight waits up to 5 s for its answer; without
one it exits 130 saying the outcome is unknown.

Options:
${CLIENT_OPTIONS_HELP}
${YES_OPTION_HELP}
${help_lines(OPTIONS)}`,
  options: {
    ...CLIENT_OPTIONS,
    ...YES_OPTION,
    ...parse_config(OPTIONS),
  },
  minPositionals: 3,
  maxPositionals: 3,
  run: runVault,
};
