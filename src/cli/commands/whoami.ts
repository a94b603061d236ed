/** `stakeql whoami`: who the saved credentials log in as. */
import type { Command, CommandArgs, CommandContext } from '../context.js';
import { EXIT_OK } from '../exit-codes.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, openClient, withClient } from '../open-client.js';
import { printable, writeJson } from '../output.js';
import { help_lines, parse_config, type OptionTable } from '../option-table.js';

async function runWhoami(args: CommandArgs, ctx: CommandContext): Promise<number> {
  const opened = await openClient(args, ctx, true);
  const user = await withClient(opened, (client) => client.current_user());
  if (args.values['json'] === true) writeJson(ctx.io.stdout, { id: user.id, name: user.name });
  else ctx.io.stdout.write(`${ctx.out.bold(printable(user.name))} (id ${printable(user.id)})\n`);
  return EXIT_OK;
}

/** The command's own options, once: the parser's config and the help's lines come from here. */
const OPTIONS: OptionTable = {
  json: { type: 'boolean', help: 'print {id, name} as JSON' },
};

/** The `whoami` command. */
export const command: Command = {
  usage: 'stakeql whoami [--profile NAME] [--base-url URL] [--json]',
  help: `Asks the site who the credentials belong to and prints the user's name and
id: the quickest check that a login works. Exit code 4 when the site refuses
the credentials or Cloudflare asks for a challenge, 3 when there are none.

Options:
${CLIENT_OPTIONS_HELP}
${help_lines(OPTIONS)}`,
  options: {
    ...CLIENT_OPTIONS,
    ...parse_config(OPTIONS),
  },
  minPositionals: 0,
  maxPositionals: 0,
  run: runWhoami,
};
