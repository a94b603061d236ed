/**
 * `stakeql verify --bets FILE [--seeds FILE]`: a whole exported history
 * streamed through `verify_bets`, a FAIL line per bet that fails, a SKIP
 * line per bet it cannot check, and a summary; the exit code says which.
 */
import { verify_bets, type BetReport } from '../../fairness/index.js';
import { type CommandArgs, type CommandContext, text_option } from '../context.js';
import { CliError, EXIT_FAILURE, EXIT_NOT_FOUND, EXIT_OK, usageError } from '../exit-codes.js';
import { counted, printable } from '../output.js';
import { progressLine } from '../progress.js';
import { betsOf } from './export-file.js';
import { readSeeds } from './seeds-file.js';

function describeFailure(report: BetReport): string {
  const what = report.failed.map((f) => (f === 'seed_hash' ? 'seed hash' : 'outcome')).join(' and ');
  const detail =
    report.failed.includes('outcome') ? `: recorded ${JSON.stringify(report.recorded)}, the seeds give ${JSON.stringify(report.expected)}` : '';
  return `FAIL ${printable(report.id)} (${printable(report.game)}${report.nonce === null ? '' : `, nonce ${report.nonce}`}): ${what}${detail}`;
}

/** Verifies the history in `file` ('-': standard input); the exit code. */
export async function verifyHistory(args: CommandArgs, ctx: CommandContext, file: string): Promise<number> {
  if (text_option(args, 'server-seed') !== undefined || text_option(args, 'game') !== undefined) {
    throw usageError('verify: --bets verifies a history; give the revealed seeds with --seeds FILE, not --server-seed/--game');
  }
  const seedsFile = text_option(args, 'seeds');
  if (file === '-' && seedsFile === '-') throw usageError('verify: --bets and --seeds cannot both read standard input');
  const { stdin } = ctx.io;
  const seeds = seedsFile === undefined ? [] : await readSeeds(seedsFile, stdin);
  const json = args.values['json'] === true;
  const failedIds: string[] = [];
  let total = 0;
  let verified = 0;
  let failed = 0;
  let unverifiable = 0;
  const progress = progressLine(ctx, (done) => `verifying: ${counted(done, 'bet')}, ${failed} failed`);
  const skipped = { count: 0 };
  const chain: BetReport[] = [];
  async function* all(): AsyncGenerator<BetReport> {
    yield* verify_bets(betsOf(file, stdin, skipped, chain), seeds);
    yield* chain;
  }
  try {
    for await (const report of all()) {
      total++;
      if (report.ok) verified++;
      else if (report.failed.length > 0) {
        failed++;
        if (failedIds.length < 5) failedIds.push(printable(report.id));
      } else unverifiable++;
      if (json) await progress.write(`${JSON.stringify(report)}\n`);
      else if (report.failed.length > 0) await progress.write(`${describeFailure(report)}\n`);
      else if (!report.ok) await progress.write(`SKIP ${printable(report.id || '(no id)')}: ${printable(report.note ?? 'not checked')}\n`);
      progress.update(total);
    }
  } finally {
    progress.stop();
  }
  const others = skipped.count > 0 ? ` (${counted(skipped.count, 'non-originals entry', 'non-originals entries')} skipped)` : '';
  const summary = `${counted(total, 'bet')}: ${verified} verified, ${failed} failed, ${unverifiable} not verifiable${others}`;
  if (!json) ctx.io.stdout.write(`${summary}\n`);
  if (failed > 0) {
    throw new CliError(EXIT_FAILURE, `${failed} of ${counted(total, 'bet')} failed verification: ${failedIds.join(', ')}${failed > failedIds.length ? ', …' : ''}`);
  }
  if (unverifiable > 0) {
    throw new CliError(EXIT_NOT_FOUND, `${unverifiable} of ${counted(total, 'bet')} could not be verified (seed not revealed, game not published, or not a bet)`);
  }
  return EXIT_OK;
}
