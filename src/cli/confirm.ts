/**
 * Asking the person at the terminal before doing something that cannot be
 * undone (a bet, a vault withdrawal). Scripts say `--yes` instead: without a
 * terminal there is nobody to ask, and silence must never mean yes.
 */
import { createInterface } from 'node:readline';
import type { CommandContext } from './context.js';
import { CliError, EXIT_USAGE } from './exit-codes.js';
import { oneLine } from './output.js';

/** The `parseArgs` option a command that asks for confirmation declares. */
export const YES_OPTION = { yes: { type: 'boolean', short: 'y' } } as const;

/** Help line of {@link YES_OPTION}. */
export const YES_OPTION_HELP = '  -y, --yes       do not ask for confirmation (needed when stdin is not a terminal)';

/**
 * Resolves true when `--yes` was given or the person answers `y` / `yes`
 * (any case) to `question` on the terminal (asked on stderr, so stdout stays
 * the command's output); false on any other answer or end of input.
 *
 * @throws CliError (exit 2) when there is no `--yes` and stdin is not a terminal.
 */
export async function confirm(ctx: CommandContext, question: string, assume_yes: boolean): Promise<boolean> {
  if (assume_yes) return true;
  const { stdin, stderr } = ctx.io;
  if (stdin.isTTY !== true) {
    throw new CliError(EXIT_USAGE, `${oneLine(question)}: no terminal to ask on; pass --yes to confirm`);
  }
  stderr.write(`${oneLine(question)} [y/N] `);
  const rl = createInterface({ input: stdin, terminal: false });
  try {
    const answer = await new Promise<string>((resolve) => {
      rl.once('line', resolve);
      rl.once('close', () => resolve(''));
    });
    const word = answer.trim().toLowerCase();
    return word === 'y' || word === 'yes';
  } finally {
    rl.close();
  }
}
