/**
 * Asking the person at the terminal before doing something that cannot be
 * undone (a bet, a vault deposit, a GraphQL mutation). Scripts say `--yes`
 * instead: without a terminal there is nobody to ask, and silence must never
 * mean yes. Declining exits 1 ({@link EXIT_DECLINED}): nothing was done, and
 * a script must not take that for success.
 */
import { createInterface } from 'node:readline';
import type { CommandContext } from './context.js';
import { CliError, EXIT_FAILURE, EXIT_USAGE } from './exit-codes.js';
import type { OpenedClient } from './open-client.js';
import { oneLine, printable } from './output.js';
import { help_lines, parse_config, type OptionTable } from './option-table.js';

const YES_TABLE: OptionTable = { yes: { type: 'boolean', short: 'y', help: 'do not ask for confirmation (needed when stdin is not a terminal)' } };

/** The `parseArgs` option a command that asks for confirmation declares. */
export const YES_OPTION = parse_config(YES_TABLE);

/** Help line of {@link YES_OPTION}. */
export const YES_OPTION_HELP = help_lines(YES_TABLE);

/** The exit code of a declined confirmation: 1, as for a failure (nothing was done). */
export const EXIT_DECLINED = EXIT_FAILURE;

/** What `--help` says about confirming, for the commands that ask. */
export const CONFIRM_HELP = `On a terminal you are asked to confirm (the prompt names the profile and the
site); answering anything but y/yes exits 1 with nothing sent. Without a
terminal, --yes is required (exit 2 and nothing sent without it).`;

/**
 * Where a request is going, for a prompt: the profile (or the `STAKE_*`
 * variables) whose credentials it carries, and the site.
 */
export function accountLine(opened: OpenedClient): string {
  const { credentials } = opened;
  const fromEnv = credentials.sources.access_token === 'env' || credentials.sources.session_cookie === 'env';
  const who = fromEnv ? 'the STAKE_* credentials' : `profile "${printable(credentials.profile)}"`;
  return `${who} on ${printable(opened.client.base_url)}`;
}

/** What a prompt says: the action, lines about it, and the question. */
export interface Confirmation {
  /** What would be done, on one line (`Bet 1 usd on dice, roll above 50`). */
  readonly action: string;
  /** Lines shown under it, indented: the odds, the profile and site. */
  readonly details?: readonly string[];
  /** The question itself (`Place this bet?`). */
  readonly question: string;
}

/**
 * Resolves true when `--yes` was given or the person answers `y` / `yes`
 * (any case) on the terminal; false on any other answer or end of input.
 * The prompt goes to stderr, so stdout stays the command's output.
 *
 * @throws CliError (exit 2) when there is no `--yes` and stdin is not a terminal.
 */
export async function confirm(ctx: CommandContext, asked: Confirmation, assume_yes: boolean): Promise<boolean> {
  if (assume_yes) return true;
  const { stdin, stderr } = ctx.io;
  if (stdin.isTTY !== true) {
    throw new CliError(EXIT_USAGE, `${oneLine(asked.action)}: no terminal to ask on; pass --yes to confirm`);
  }
  stderr.write(`${oneLine(asked.action)}\n`);
  for (const line of asked.details ?? []) stderr.write(`  ${oneLine(line)}\n`);
  stderr.write(`${oneLine(asked.question)} [y/N] `);
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
