import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** A fresh private temp directory; `remove` deletes it with everything inside. */
export async function makeTempDir(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stakeql-store-'));
  return { dir, remove: () => fs.rm(dir, { recursive: true, force: true }) };
}

/** The permission bits of `p` (no file type bits). */
export async function modeOf(p: string): Promise<number> {
  return (await fs.stat(p)).mode & 0o777;
}
