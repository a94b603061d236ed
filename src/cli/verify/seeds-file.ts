/** The `--seeds FILE` of `stakeql verify --bets`: the revealed server seeds, read and checked line by line. */
import { type CliError, usageError } from '../exit-codes.js';
import { printable } from '../output.js';
import { readLines, type InputStream } from '../read-input.js';

// A revealed server seed as the site shows it: 32 bytes in hex.
const SERVER_SEED = /^[0-9a-fA-F]{64}$/;

/**
 * The revealed seeds of a --seeds file: one per line, or JSON lines with
 * "seed" (or "serverSeed": { "seed" }); blank lines and # comments skipped.
 * Any other line is a usage error naming it: a seed skipped would leave its
 * bets unverified with no word why.
 */
export async function readSeeds(file: string, stdin: InputStream): Promise<string[]> {
  const seeds: string[] = [];
  let number = 0;
  const bad = (why: string): CliError => usageError(`verify: --seeds ${printable(file)}: line ${number} ${why}`);
  for await (const line of await readLines(file, stdin)) {
    number++;
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    let seed: unknown = trimmed;
    if (trimmed.startsWith('{')) {
      let record: { seed?: unknown; serverSeed?: { seed?: unknown } };
      try {
        record = JSON.parse(trimmed) as typeof record;
      } catch {
        throw bad('starts with "{" but is not JSON');
      }
      seed = record.seed ?? record.serverSeed?.seed;
      if (typeof seed !== 'string') throw bad('is JSON without a "seed"');
    }
    if (!SERVER_SEED.test(seed as string)) throw bad('is not a server seed (64 hex digits), a JSON line with "seed", or a # comment');
    seeds.push(seed as string);
  }
  return seeds;
}
