import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { create_file_store } from '../../src/store/index.js';
import { useStoreForChildren } from './helpers/build-store.js';
import { profileFor } from './helpers/profile-for.mjs';
import { modeOf } from './helpers/temp-dir.js';

const WRITER = fileURLToPath(new URL('./helpers/crash-writer.mjs', import.meta.url));
const KILLS = 30;

const build = useStoreForChildren();

interface Writer {
  /** Resolves once the child has loaded the store and waits for its start counter. */
  ready: Promise<void>;
  /** Lets the child start saving with counters start+1, start+2, ... */
  go: (start: number) => void;
  /** Highest counter whose save had resolved (all of them, once killed). */
  acked: () => number;
  /** Resolves once at least `n` saves have resolved (rejects if the child dies first). */
  ackedAtLeast: (n: number) => Promise<void>;
  kill: () => Promise<void>;
}

function startWriter(configDir: string, name: string): Writer {
  const child = spawn(process.execPath, [WRITER, build.entry, name], {
    env: { ...process.env, STAKEQL_CONFIG_DIR: configDir },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let acked = Number.NaN;
  let count = 0;
  let buffered = '';
  let stderr = '';
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  const waiters: Array<{ n: number; resolve: () => void }> = [];
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    buffered += chunk;
    let nl: number;
    while ((nl = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      if (line === 'ready') {
        markReady();
        continue;
      }
      acked = Number(line);
      count++;
    }
    for (const w of waiters.filter((x) => count >= x.n)) w.resolve();
  });
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    stderr += chunk;
  });
  // The child is killed while it may not have read stdin yet.
  child.stdin.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => child.on('close', () => resolve()));
  const earlyExit = (): Error => new Error(`writer ${name} exited early: ${stderr}`);
  const readyOrDied = new Promise<void>((resolve, reject) => {
    void ready.then(resolve);
    void closed.then(() => reject(earlyExit()));
  });
  // A spare writer killed before it got going is not a failure nobody awaits.
  readyOrDied.catch(() => undefined);
  return {
    ready: readyOrDied,
    go: (start) => {
      acked = start;
      child.stdin.end(`${start}\n`);
    },
    acked: () => acked,
    ackedAtLeast: (n) =>
      new Promise<void>((resolve, reject) => {
        if (count >= n) return resolve();
        waiters.push({ n, resolve });
        // No effect once resolved; fails the wait if the child dies before it.
        void closed.then(() => reject(earlyExit()));
      }),
    kill: async () => {
      child.kill('SIGKILL');
      // 'close' comes after the exit is reaped and stdout is drained, so every
      // acknowledged counter has been seen and the pid is really gone.
      await closed;
    },
  };
}

async function readProfileCounter(configDir: string, name: string): Promise<number> {
  const store = create_file_store(configDir);
  const profile = await store.load_profile(name);
  expect(profile).not.toBeNull();
  const n = Number(profile?.access_token?.split('-').pop());
  // Complete: every field belongs to the same save.
  expect({ ...profile, saved_at: 0 }).toEqual({ ...profileFor(name, n), saved_at: 0 });
  return n;
}

async function leftovers(configDir: string): Promise<string[]> {
  return (await fs.readdir(configDir)).filter((f) => f !== 'profiles.json');
}

const randomDelay = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 15)));

describe('file store crash safety', () => {
  it(`holds the old or the new profile after each of ${KILLS} SIGKILLs mid-write`, async () => {
    const configDir = path.join(build.dir, 'kill-loop');
    let last = 0;
    let killsThatLeftALock = 0;
    let next = startWriter(configDir, 'default');
    for (let i = 0; i < KILLS; i++) {
      const writer = next;
      await writer.ready;
      writer.go(last);
      await writer.ackedAtLeast(1);
      // Started now, it loads while this one writes; it only writes once told to.
      next = startWriter(configDir, 'default');
      await randomDelay();
      await writer.kill();

      // Read as a fresh process would: it must parse and hold a whole profile,
      // the last acknowledged save or the one in flight, never an older one.
      const n = await readProfileCounter(configDir, 'default');
      expect(n === writer.acked() || n === writer.acked() + 1, `file has ${n}, last ack ${writer.acked()}`).toBe(true);
      expect(await modeOf(path.join(configDir, 'profiles.json'))).toBe(0o600);
      if ((await leftovers(configDir)).includes('profiles.json.lock')) killsThatLeftALock++;
      last = n;
    }
    // The loop spends nearly all its time holding the lock, so kills do land
    // mid-save, and the next writer had to take over the dead writer's lock.
    expect(killsThatLeftALock).toBeGreaterThan(0);
    await next.kill();

    await create_file_store(configDir).save_profile('default', profileFor('default', last + 1));
    expect(await leftovers(configDir)).toEqual([]);
  });

  it('loses no update when several processes save different profiles at once', async () => {
    const configDir = path.join(build.dir, 'concurrent');
    const names = ['alice', 'bob', 'carol'];
    const writers = names.map((name) => startWriter(configDir, name));
    await Promise.all(writers.map((w) => w.ready));
    for (const w of writers) w.go(0);
    await Promise.all(writers.map((w) => w.ackedAtLeast(8)));
    await Promise.all(writers.map((w) => w.kill()));

    expect(await create_file_store(configDir).list_profiles()).toEqual(names);
    for (const [i, name] of names.entries()) {
      const writer = writers[i] as Writer;
      const n = await readProfileCounter(configDir, name);
      // A lost update would show an older counter than this writer's last acknowledged save.
      expect(n === writer.acked() || n === writer.acked() + 1, `${name}: file has ${n}, last ack ${writer.acked()}`).toBe(true);
    }
  });
});
