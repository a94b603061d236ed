// The child processes of scripts/stress.mjs, and the parent's handles on them.
//   node stress-children.mjs writer <dist> <name>: loads the store, prints
//     "ready", reads its start counter from stdin (so the parent can start it
//     ahead of time, overlapping Node's startup with the previous writer), then
//     saves profile <name> with counters start+1, start+2, ... until killed,
//     printing each counter once its save resolved.
//   node stress-children.mjs saver <dist> <name> <count>: saves <name> count times, exits.
//   node stress-children.mjs sandbox <dist>: starts a sandbox, prints its URL and a
//     login as JSON, and stops when stdin closes.
// The store children use the file store in $STAKEQL_CONFIG_DIR.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
// The crash tests' profile shape, so the stress run and the tests judge a torn save alike.
import { profileFor } from '../test/store/helpers/profile-for.mjs';

export { profileFor };

const SELF = fileURLToPath(import.meta.url);
const CHILD_TIMEOUT_MS = 30_000;

/** The n a stored profile agrees on, or NaN when its fields disagree (a torn save). */
export function counterOf(name, profile) {
  const n = profile.token_expires_at - 1_800_000_000;
  const want = profileFor(name, n);
  return Object.keys(want).every((k) => profile[k] === want[k]) ? n : Number.NaN;
}

/**
 * Starts a store child (`writer` or `saver`) on the config dir `dir`.
 * `go(start)`: lets a writer begin. `killAfter(acks, extraMs)`: once it is
 * ready and has acknowledged `acks`
 * saves, waits `extraMs` and SIGKILLs it; resolves to the highest counter it
 * acknowledged (-1 for none). `exit()`: resolves to its exit code.
 * `failed()`: it exited by itself when it should have been killed, wrote to
 * stderr, or outlived its 30 s bound.
 */
export function storeChild(dist, dir, argv) {
  const child = spawn(process.execPath, [SELF, argv[0], dist, ...argv.slice(1)], {
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', STAKEQL_CONFIG_DIR: dir },
    stdio: ['pipe', 'pipe', 'pipe'],
    timeout: CHILD_TIMEOUT_MS,
  });
  // It may be killed before it reads stdin.
  child.stdin.on('error', () => undefined);
  if (argv[0] !== 'writer') child.stdin.end();
  let ready = false;
  let acked = -1;
  let count = 0;
  let buffered = '';
  let stderr = '';
  let killedByUs = false;
  let waiter = null;
  const closed = new Promise((resolve) => child.on('close', (code, signal) => resolve({ code, signal })));
  const wake = () => waiter?.();
  child.stdout.setEncoding('utf8').on('data', (chunk) => {
    buffered += chunk;
    let nl;
    while ((nl = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      if (line === 'ready') ready = true;
      else {
        acked = Number(line);
        count++;
      }
    }
    wake();
  });
  child.stderr.setEncoding('utf8').on('data', (d) => (stderr += d));
  void closed.then(wake);
  let exitedAlone = false;
  return {
    /** Lets a writer start saving after counter `start`. */
    go(start) {
      child.stdin.end(`${start}\n`);
    },
    /** Kills a child that is no longer wanted. */
    discard() {
      killedByUs = true;
      child.kill('SIGKILL');
      return closed;
    },
    async killAfter(acks, extraMs) {
      let done = false;
      void closed.then(() => (done = true));
      while (!done && !(ready && count >= acks)) await new Promise((resolve) => (waiter = resolve));
      if (!done) {
        await new Promise((resolve) => setTimeout(resolve, extraMs));
        killedByUs = true;
        child.kill('SIGKILL');
      }
      const { signal } = await closed;
      exitedAlone = !killedByUs || signal !== 'SIGKILL';
      return acked;
    },
    async exit() {
      return (await closed).code;
    },
    failed: () => exitedAlone || stderr !== '',
    why: () => (stderr !== '' ? (stderr.split('\n').find((l) => /Error/.test(l)) ?? stderr.trim()) : 'exited before it was killed'),
  };
}

/** A sandbox in a child process: `{ url, access_token, session_cookie, stop() }`. */
export function startChildSandbox(dist) {
  const child = spawn(process.execPath, [SELF, 'sandbox', dist], { stdio: ['pipe', 'pipe', 'inherit'], timeout: 10 * 60_000 });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (d) => {
      out += d;
      if (!out.includes('\n')) return;
      const info = JSON.parse(out.slice(0, out.indexOf('\n')));
      const closed = new Promise((r) => child.on('close', r));
      resolve({ ...info, stop: () => (child.stdin.end(), closed) });
    });
    child.on('error', reject);
    child.on('close', (code) => reject(new Error(`sandbox child exited with ${code}`)));
  });
}

async function main([mode, dist, ...rest]) {
  const url = (p) => pathToFileURL(path.join(dist, p)).href;
  if (mode === 'writer' || mode === 'saver') {
    const { open_store } = await import(url('store/index.js'));
    const store = await open_store({ kind: 'file' });
    const [name, count] = rest;
    if (mode === 'saver') {
      for (let n = 1; n <= Number(count); n++) await store.save_profile(name, profileFor(name, n));
      return;
    }
    process.stdout.write('ready\n');
    let input = '';
    process.stdin.setEncoding('utf8');
    for await (const chunk of process.stdin) {
      input += chunk;
      if (input.includes('\n')) break;
    }
    for (let n = Number(input.trim()) + 1; ; n++) {
      await store.save_profile(name, profileFor(name, n));
      // stdout to a pipe is synchronous on POSIX: once written, the parent has it.
      process.stdout.write(`${n}\n`);
    }
  }
  if (mode === 'sandbox') {
    const { start_sandbox } = await import(url('sandbox/index.js'));
    const sandbox = await start_sandbox();
    const login = sandbox.login('stress-heap');
    process.stdout.write(`${JSON.stringify({ url: sandbox.url, access_token: login.access_token, session_cookie: login.session_cookie })}\n`);
    process.stdin.resume();
    await new Promise((resolve) => process.stdin.on('end', resolve));
    await sandbox.close();
    return;
  }
  throw new Error(`unknown mode ${mode}`);
}

if (process.argv[1] === SELF) await main(process.argv.slice(2));
