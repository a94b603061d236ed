/**
 * `stakeql verify`: the provably-fair check, offline. One bet from its seeds,
 * shown step by step as the site's calculation page shows it (HMAC rounds,
 * bytes, floats, formula, outcome), or a whole exported history (JSONL from
 * `stakeql bets --json`) streamed through `verify_bets`.
 * This file is the command's words and dispatch; the checks live in
 * src/cli/verify/ (one-bet.ts, chain-round.ts, history.ts).
 */
import { type Command, type CommandArgs, type CommandContext, text_option } from '../context.js';
import { help_lines, parse_config } from '../option-table.js';
import { verifyHistory } from '../verify/history.js';
import { verifyOne } from '../verify/one-bet.js';
import { OPTIONS } from '../verify/options.js';

async function runVerify(args: CommandArgs, ctx: CommandContext): Promise<number> {
  const bets = text_option(args, 'bets');
  return bets === undefined ? verifyOne(args, ctx) : verifyHistory(args, ctx, bets);
}

/** The `verify` command. */
export const command: Command = {
  usage: `stakeql verify --server-seed SEED --client-seed SEED --nonce N --game GAME [game options] [--json]
       stakeql verify --game crash|slide --game-hash HASH [--json]
       stakeql verify --bets FILE.jsonl [--seeds FILE] [--json]`,
  help: `Checks provably-fair outcomes offline: every outcome is HMAC_SHA256 of the
revealed server seed over "client seed:nonce:round", read as floats and
translated by the game's published formula.

With seeds and a game, prints each step as the site's calculation page does:
the server seed's SHA-256 (the seedHash shown before the reveal), the HMAC
rounds and their bytes, the floats, the formula and the outcome.

With --bets, verifies an exported history (the file 'stakeql bets --json' or
'stakeql history export --json' writes, or one CasinoBet per line; '-' reads standard input): that each
revealed seed hashes to the bet's seedHash and that the seeds produce the
recorded outcome. Prints a FAIL line per bet that fails, a SKIP line per bet
it cannot check, and a summary; a progress line on stderr when it is a
terminal. Exit 0 when every bet passes (an empty history too), 1 when any
bet fails, 3 when none fails but some could not be checked (a seed not yet
revealed: rotate the seed pair), 2 when the file is not a bets export or a
--seeds line is not a seed (the line is named).

Options:
${help_lines(OPTIONS)}`,
  options: parse_config(OPTIONS),
  minPositionals: 0,
  maxPositionals: 0,
  run: runVerify,
};
