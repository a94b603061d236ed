/**
 * The seed pairs a `sim` replay reads: `--seeds FILE` (one `server_seed
 * client_seed [nonce]` a line; blank lines and `#` comments skipped) or
 * `--server-seed S --client-seed C [--nonce N]`, a list of one. A malformed
 * line is a usage error naming it: nothing is skipped silently.
 */
import fs from 'node:fs/promises';
import type { ReplaySeeds } from '../../autobet/drivers/sim-driver.js';
import type { CommandArgs } from '../context.js';
import { usageError } from '../exit-codes.js';
import { printable } from '../output.js';

const HEX64 = /^[0-9a-f]{64}$/;
const NONCE = /^[0-9]{1,15}$/;
/** Largest seeds file read. */
const MAX_BYTES = 16 * 1024 * 1024;

function pair(server: string, client: string, nonce: string | undefined, where: string): ReplaySeeds {
  if (!HEX64.test(server)) {
    throw usageError(`${where}: the server seed must be the revealed seed, 64 lower-case hex characters (a seed not yet revealed cannot be replayed)`);
  }
  if (client.length === 0) throw usageError(`${where}: the client seed is missing`);
  if (nonce !== undefined && !NONCE.test(nonce)) throw usageError(`${where}: the nonce must be a whole number`);
  return nonce === undefined ? { server_seed: server, client_seed: client } : { server_seed: server, client_seed: client, nonce: Number(nonce) };
}

/** The replay's seed pairs, or null for a Monte Carlo run. */
export async function seed_list(args: CommandArgs): Promise<ReplaySeeds[] | null> {
  const file = args.values['seeds'];
  const server = args.values['server-seed'];
  const client = args.values['client-seed'];
  const nonce = args.values['nonce'];
  if (typeof file === 'string') {
    if (server !== undefined || client !== undefined || nonce !== undefined) throw usageError('sim: --seeds FILE or --server-seed/--client-seed/--nonce, not both');
    let text: string;
    try {
      const handle = await fs.open(file, 'r');
      try {
        const st = await handle.stat();
        if (st.size > MAX_BYTES) throw usageError(`sim: --seeds ${printable(file)} is larger than ${MAX_BYTES} bytes`);
        text = await handle.readFile('utf8');
      } finally {
        await handle.close();
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw usageError(`sim: --seeds ${printable(file)}: no such file`);
      throw error;
    }
    const pairs: ReplaySeeds[] = [];
    let number = 0;
    for (const raw of text.split('\n')) {
      number++;
      const line = raw.trim();
      if (line === '' || line.startsWith('#')) continue;
      const words = line.split(/[ \t]+/);
      if (words.length < 2 || words.length > 3) throw usageError(`sim: --seeds ${printable(file)}: line ${number} is not "server_seed client_seed [nonce]"`);
      pairs.push(pair(words[0] as string, words[1] as string, words[2], `sim: --seeds ${printable(file)}: line ${number}`));
    }
    if (pairs.length === 0) throw usageError(`sim: --seeds ${printable(file)} holds no seed pair`);
    return pairs;
  }
  if (server === undefined && client === undefined) {
    if (nonce !== undefined) throw usageError('sim: --nonce goes with --server-seed and --client-seed');
    return null;
  }
  if (typeof server !== 'string' || typeof client !== 'string') throw usageError('sim: --server-seed and --client-seed go together');
  return [pair(server, client, typeof nonce === 'string' ? nonce : undefined, 'sim')];
}
