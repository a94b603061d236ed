import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { create_file_store, StoreError } from '../../src/store/index.js';
import { makeTempDir } from './helpers/temp-dir.js';

/*
 * The file store's lock (src/store/lock.ts) beyond taking and waiting:
 * breakers of a dead writer's lock take turns on `profiles.json.lock.break`,
 * and the tidy-up spares what live processes use.
 * The race these close was found by `npm run stress` (1,000 SIGKILLed writers).
 */

let tmp: { dir: string; remove: () => Promise<void> };
let file: string;
let lock: string;

beforeEach(async () => {
  tmp = await makeTempDir();
  file = path.join(tmp.dir, 'profiles.json');
  lock = `${file}.lock`;
});
afterEach(async () => {
  await tmp.remove();
});

const owner = (pid: number, nonce: string): string => JSON.stringify({ pid, host: os.hostname(), nonce });
const deadPid = (): number => spawnSync(process.execPath, ['-e', '']).pid as number;

describe('the file store lock', () => {
  it('clears a dead breaker\'s break lock, then the dead writer\'s lock, and saves', async () => {
    const store = create_file_store(tmp.dir);
    await store.save_profile('default', { access_token: 'before' });
    await fs.writeFile(lock, owner(deadPid(), 'dead-writer'), { mode: 0o600 });
    await fs.writeFile(`${lock}.break`, owner(deadPid(), 'dead-breaker'), { mode: 0o600 });
    await store.save_profile('default', { access_token: 'after' });
    expect((await store.load_profile('default'))?.access_token).toBe('after');
    expect(await fs.readdir(tmp.dir)).toEqual(['profiles.json']);
  });

  it('leaves a dead lock to the live breaker whose turn it is, and gives up waiting', async () => {
    const store = create_file_store(tmp.dir, { lock_timeout_ms: 150 });
    await store.save_profile('default', { access_token: 'before' });
    const dead = owner(deadPid(), 'dead-writer');
    await fs.writeFile(lock, dead, { mode: 0o600 });
    await fs.writeFile(`${lock}.break`, owner(process.pid, 'live-breaker'), { mode: 0o600 });
    const error = await store.save_profile('default', { access_token: 'after' }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(StoreError);
    expect((error as StoreError).code).toBe('locked');
    expect(await fs.readFile(lock, 'utf8')).toBe(dead);
    expect((await store.load_profile('default'))?.access_token).toBe('before');
  });

  it('tidies lock drafts and asides of dead processes only', async () => {
    const store = create_file_store(tmp.dir);
    await store.save_profile('default', { access_token: 'a' });
    const live = `${lock}.new-${process.pid}-aaaaaaaaaaaa`;
    await fs.writeFile(live, '', { mode: 0o600 });
    // A writer killed while creating its draft leaves it empty: the name tells whose it was.
    await fs.writeFile(`${lock}.new-${deadPid()}-bbbbbbbbbbbb`, '', { mode: 0o600 });
    await fs.writeFile(`${lock}.break.new-${deadPid()}-dddddddddddd`, owner(deadPid(), 'dead-breaker-draft'), { mode: 0o600 });
    await fs.writeFile(`${lock}.break.stale-cccccccccccc`, owner(deadPid(), 'dead-aside'), { mode: 0o600 });
    await store.save_profile('work', { access_token: 'w' });
    expect((await fs.readdir(tmp.dir)).sort()).toEqual(['profiles.json', path.basename(live)]);
  });
});
