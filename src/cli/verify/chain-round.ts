/**
 * `stakeql verify --game crash|slide --game-hash HASH`: one round of a
 * game played on a salted hash chain, shown step by step; for Crash, also
 * how far the round is from the chain end the site published.
 */
import { createHmac } from 'node:crypto';
import { CRASH_SALT, crash_point, hash_chain_distance, slide_point } from '../../fairness/index.js';
import { type CommandArgs, type CommandContext, text_option } from '../context.js';
import { EXIT_OK, badValueIsUsage, usageError } from '../exit-codes.js';
import { writeJson } from '../output.js';

/** Crash and Slide: one hash per round, no per-user seeds. */
export async function verifyChainRound(args: CommandArgs, ctx: CommandContext, game: 'crash' | 'slide'): Promise<number> {
  const hash = text_option(args, 'game-hash');
  if (hash === undefined) throw usageError(`verify: --game ${game} needs --game-hash HASH (the round's hash, shown with the game)`);
  const { point, shown } = await badValueIsUsage(() => (game === 'crash' ? crash_point(hash) : slide_point(hash)));
  const hmac = createHmac('sha256', hash).update(CRASH_SALT).digest('hex');
  // Only Crash's chain end is published; how far the round is from it is the game's number.
  const number = game === 'crash' ? hash_chain_distance(hash, undefined, 10_000_000) : null;
  if (args.values['json'] === true) {
    writeJson(ctx.io.stdout, { game, game_hash: hash, salt: CRASH_SALT, hmac, point, shown, game_number: number });
    return EXIT_OK;
  }
  const { bold } = ctx.out;
  const edge = game === 'crash' ? '0.99' : '0.98';
  ctx.io.stdout.write(
    [
      `${bold('HMAC_SHA256(game hash, salt)')} ${hmac}`,
      `  salt (Bitcoin block 584,500) ${CRASH_SALT}`,
      `${bold('Integer')}         ${Number.parseInt(hmac.slice(0, 8), 16)} (first 4 bytes)`,
      `${bold('Formula')}         point = max(1, 2^32 / (integer + 1) × ${edge})`,
      `${bold('Outcome')}         ${shown}× (${point})`,
      ...(game === 'crash' ? [`${bold('Chain')}           ${number === null ? 'not within 10,000,000 rounds of the published chain end' : `game #${number} of the published chain`}`] : []),
    ].join('\n') + '\n',
  );
  return EXIT_OK;
}
