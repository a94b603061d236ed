/**
 * `stakeql rakeback claim`: claims the available rakeback into the balance
 * (`ClaimRakeback`; no captcha in any source), once, after a confirmation.
 * It moves money into the account, never out; a lost answer is not claimed
 * again: `stakeql vip` shows whether it went through.
 */
import { accountLine, CONFIRM_HELP, confirm, EXIT_DECLINED, YES_OPTION, YES_OPTION_HELP } from '../confirm.js';
import type { Command, CommandArgs, CommandContext } from '../context.js';
import { EXIT_OK, usageError } from '../exit-codes.js';
import { answerOrInterrupt } from '../in-flight.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, openClient, withClient } from '../open-client.js';
import { plainAmount, printable } from '../output.js';

async function runRakeback(args: CommandArgs, ctx: CommandContext): Promise<number> {
  const [action] = args.positionals as [string];
  if (action !== 'claim') throw usageError(`unknown rakeback action "${printable(action.slice(0, 20))}": only claim`);
  const opened = await openClient(args, ctx, true);
  const { available_rakeback, claim_rakeback } = await import('../../operations/rewards.js');
  const claimed = await withClient(opened, async (client) => {
    const available = await available_rakeback(client);
    if (available.length === 0) return [];
    const asked = {
      action: `Claim rakeback: ${available.map((r) => `${plainAmount(r.amount)} ${printable(r.currency)}`).join(', ')}`,
      details: [`with ${accountLine(opened)}`],
      question: 'Claim it?',
    };
    if (!(await confirm(ctx, asked, args.values['yes'] === true))) return null;
    const flight = { what: 'the rakeback claim', unknown: "run 'stakeql vip' to see whether it went through before claiming again" };
    return answerOrInterrupt(ctx, flight, () => claim_rakeback(client));
  });
  if (claimed === null) {
    ctx.io.stderr.write('Not claimed.\n');
    return EXIT_DECLINED;
  }
  if (args.values['json'] === true) {
    ctx.io.stdout.write(`${JSON.stringify({ claimed })}\n`);
    return EXIT_OK;
  }
  if (claimed.length === 0) ctx.io.stdout.write('No rakeback to claim.\n');
  for (const c of claimed) ctx.io.stdout.write(`Claimed ${plainAmount(c.amount)} ${printable(c.currency)} of rakeback into the balance\n`);
  return EXIT_OK;
}

/** The `rakeback` command. */
export const command: Command = {
  usage: 'stakeql rakeback claim [--yes] [--profile NAME] [--base-url URL] [--json]',
  help: `Claims the rakeback available (see 'stakeql vip') into the balance, every
currency at once, as the site's claim does. Sent once, never retried.

${CONFIRM_HELP}

Options:
${CLIENT_OPTIONS_HELP}
${YES_OPTION_HELP}
  --json          one JSON object: claimed [{ id, currency, amount }]`,
  options: { ...CLIENT_OPTIONS, ...YES_OPTION, json: { type: 'boolean' } },
  minPositionals: 1,
  maxPositionals: 1,
  run: runRakeback,
};
