/** `stakeql logout`: forget a profile. */
import { CREDENTIAL_ENV_VARS } from '../../store/index.js';
import type { Command, CommandArgs, CommandContext } from '../context.js';
import { CliError, EXIT_NOT_FOUND, EXIT_OK } from '../exit-codes.js';
import { describeLocation, openStore, profileArgument } from '../profile-args.js';
import { help_lines, parse_config, type OptionTable } from '../option-table.js';

async function runLogout(args: CommandArgs, ctx: CommandContext): Promise<number> {
  const name = await profileArgument(args);
  const store = await openStore(ctx);
  if (!(await store.delete_profile(name))) {
    throw new CliError(EXIT_NOT_FOUND, `no profile named "${name}" in ${describeLocation(store)}; nothing was removed`);
  }
  ctx.io.stdout.write(`Removed profile "${name}" from ${describeLocation(store)}.\n`);
  // Credentials in the environment still apply to every command: say so.
  const stillSet = Object.values(CREDENTIAL_ENV_VARS).filter((v) => (ctx.io.env[v] ?? '') !== '');
  if (stillSet.length > 0) ctx.warn(`${stillSet.join(', ')} still set in the environment, and still used`);
  return EXIT_OK;
}

/** The command's own options, once: the parser's config and the help's lines come from here. */
const OPTIONS: OptionTable = {
  profile: { type: 'string', value: 'NAME', help: 'profile to remove' },
};

/** The `logout` command. */
export const command: Command = {
  usage: 'stakeql logout [--profile NAME]',
  help: `Removes a saved profile (default "default") from the store. Exit code 3
when there is no such profile. Nothing is sent to the site: the browser
session stays logged in (log out there to revoke the token).

Options:
${help_lines(OPTIONS)}`,
  options: {
    ...parse_config(OPTIONS),
  },
  minPositionals: 0,
  maxPositionals: 0,
  run: runLogout,
};
