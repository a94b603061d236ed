/**
 * `stakeql seeds [--rotate [--seed S]]`: the provably-fair seed pair. Shows
 * the active client seed, the active server seed's hash and nonce, and the
 * last revealed server seed; `--rotate` starts a new pair first (revealing
 * the current server seed).
 */
import type { Command, CommandArgs, CommandContext } from '../context.js';
import { EXIT_OK, usageError } from '../exit-codes.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, openClient, withClient } from '../open-client.js';
import { formatRows, printable, writeJson } from '../output.js';
import { check_client_seed } from '../../operations/validate/games.js';
import { help_lines, parse_config, type OptionTable } from '../option-table.js';

async function runSeeds(args: CommandArgs, ctx: CommandContext): Promise<number> {
  const rotate = args.values['rotate'] === true;
  const given = args.values['seed'];
  if (typeof given === 'string' && !rotate) throw usageError('--seed goes with --rotate');
  let seed: string | undefined;
  try {
    seed = typeof given === 'string' ? check_client_seed(given) : undefined;
  } catch (error) {
    throw usageError(error instanceof Error ? error.message : String(error));
  }
  const opened = await openClient(args, ctx, true);
  const pair = await withClient(opened, async (client) => {
    if (rotate) await client.rotate_seed_pair(seed === undefined ? {} : { seed });
    return client.active_seeds();
  });
  if (args.values['json'] === true) {
    writeJson(ctx.io.stdout, pair);
    return EXIT_OK;
  }
  const previous = pair.previousServerSeed;
  const rows: Array<[string, string]> = [
    ['client seed', printable(pair.activeClientSeed.seed)],
    ['server seed hash', printable(pair.activeServerSeed.seedHash)],
    ['nonce', String(pair.activeServerSeed.nonce)],
    ['next seed hash', printable(pair.activeServerSeed.nextSeedHash ?? '')],
    ['revealed seed', previous?.seed == null ? '(none yet)' : `${printable(previous.seed)} (hash ${printable(previous.seedHash)})`],
  ];
  ctx.io.stdout.write(`${rotate ? 'Rotated. ' : ''}Active seed pair:\n${formatRows(rows, ctx.out)}\n`);
  return EXIT_OK;
}

/** The command's own options, once: the parser's config and the help's lines come from here. */
const OPTIONS: OptionTable = {
  rotate: { type: 'boolean', help: 'rotate the pair first' },
  seed: { type: 'string', value: 'SEED', help: 'the new client seed (default: 20 random hex characters)' },
  json: { type: 'boolean', help: "print the site's answer as JSON" },
};

/** The `seeds` command. */
export const command: Command = {
  usage: 'stakeql seeds [--rotate [--seed SEED]] [--profile NAME] [--base-url URL] [--json]',
  help: `Shows the active provably-fair seed pair: the client seed, the hash of the
server seed and the nonce of the next bet, and the server seed revealed by
the last rotation (to verify earlier bets with). --rotate starts a new pair
first; the site refuses while a mines round is open.

Options:
${CLIENT_OPTIONS_HELP}
${help_lines(OPTIONS)}`,
  options: {
    ...CLIENT_OPTIONS,
    ...parse_config(OPTIONS),
  },
  minPositionals: 0,
  maxPositionals: 0,
  run: runSeeds,
};
