import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Suffix of the temporary files `writeFileAtomic` creates beside the target. */
export const TEMP_SUFFIX = '.tmp';

/**
 * Replaces `target` with `data` so that a crash at any instant leaves either
 * the old or the new content, never a mix: write a fresh temporary file in the
 * same directory (created 0600 at open, so it is never readable by others even
 * for a moment), fsync it, rename it over the target (atomic within one file
 * system), then fsync the directory so the rename itself survives a power cut.
 */
export async function writeFileAtomic(target: string, data: string): Promise<void> {
  const dir = path.dirname(target);
  const temp = `${target}.${process.pid}-${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`;
  const handle = await fs.open(temp, 'wx', 0o600);
  try {
    try {
      await handle.writeFile(data, { encoding: 'utf8' });
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temp, target);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
  // Windows cannot open a directory for fsync; NTFS journals the rename instead.
  if (process.platform !== 'win32') {
    const dirHandle = await fs.open(dir, 'r');
    try {
      await dirHandle.sync();
    } finally {
      await dirHandle.close();
    }
  }
}
