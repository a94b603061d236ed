/**
 * The Crash / Slide rounds a `sim` replay reads: `--chain FILE`, one round
 * hash (64 lower-case hex) a line, oldest first (as the rounds were played:
 * `crashGameList` lists newest first, so reverse it); blank lines and `#`
 * comments skipped. A malformed line is a usage error naming it.
 * `--chain-history FILE`, the same form: the rounds played before the first of
 * `--chain`, whose points a strategy is shown as the site's round history.
 */
import fs from 'node:fs/promises';
import type { CommandArgs } from '../context.js';
import { usageError } from '../exit-codes.js';
import { printable } from '../output.js';

const HEX64 = /^[0-9a-f]{64}$/;
/** Largest chain file read (about 10^6 rounds). */
const MAX_BYTES = 80 * 1024 * 1024;

/** The replayed chain (or its history, `option` `chain-history`), or null when the option is not given. */
export async function chain_list(args: CommandArgs, option: 'chain' | 'chain-history' = 'chain'): Promise<string[] | null> {
  const file = args.values[option];
  if (file === undefined) return null;
  if (typeof file !== 'string' || file === '') throw usageError(`sim: --${option} needs a file name`);
  let text: string;
  try {
    const handle = await fs.open(file, 'r');
    try {
      if ((await handle.stat()).size > MAX_BYTES) throw usageError(`sim: --${option} ${printable(file)} is larger than ${MAX_BYTES} bytes`);
      text = await handle.readFile('utf8');
    } finally {
      await handle.close();
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw usageError(`sim: --${option} ${printable(file)}: no such file`);
    throw error;
  }
  const hashes: string[] = [];
  let number = 0;
  for (const raw of text.split('\n')) {
    number++;
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    if (!HEX64.test(line)) throw usageError(`sim: --${option} ${printable(file)}: line ${number} is not a round hash (64 lower-case hex characters)`);
    hashes.push(line);
  }
  if (hashes.length === 0) throw usageError(`sim: --${option} ${printable(file)} holds no round hash`);
  return hashes;
}
