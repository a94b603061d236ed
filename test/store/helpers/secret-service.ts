import { spawn, type ChildProcess } from 'node:child_process';
import { constants } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * A real Secret Service for the keyring tests: a private D-Bus session bus
 * (`dbus-run-session`) with `gnome-keyring-daemon` serving the secrets
 * component, its keyring files in a private HOME. Nothing of the user's own
 * session is touched: the children get only PATH, HOME and the bus address,
 * and no DISPLAY, so an unlock prompt can never appear on a desktop.
 */
export interface SecretService {
  /** `DBUS_SESSION_BUS_ADDRESS` of the private bus. */
  readonly address: string;
  /** The private HOME holding the keyring files (`.local/share/keyrings`). */
  readonly home: string;
  /** Ends the bus (the daemon leaves with it) and deletes the HOME. */
  stop(): Promise<void>;
}

/** A started service, or why none could start (the tests skip, naming it). */
export type SecretServiceStart = { service: SecretService; reason: null } | { service: null; reason: string };

/** The password of the test keyring; not a secret, only the test's own. */
export const TEST_KEYRING_PASSWORD = 'stakeql-test-keyring';

const START_TIMEOUT_MS = 15_000;
const STOP_TIMEOUT_MS = 5_000;

async function onPath(command: string): Promise<boolean> {
  for (const dir of (process.env['PATH'] ?? '').split(path.delimiter)) {
    if (dir === '') continue;
    try {
      await fs.access(path.join(dir, command), constants.X_OK);
      return true;
    } catch {
      // Not in this directory.
    }
  }
  return false;
}

async function keyringBindingLoads(): Promise<boolean> {
  const specifier = '@napi-rs/keyring';
  try {
    const mod = (await import(specifier)) as { AsyncEntry?: unknown };
    return typeof mod.AsyncEntry === 'function';
  } catch {
    return false;
  }
}

/** Null when everything a Secret Service needs is installed, else what is missing. */
export async function missingForSecretService(): Promise<string | null> {
  for (const command of ['dbus-run-session', 'gnome-keyring-daemon']) {
    if (!(await onPath(command))) return `${command} is not installed (apt-get install -y dbus gnome-keyring)`;
  }
  if (!(await keyringBindingLoads())) return 'the optional package @napi-rs/keyring does not load here';
  return null;
}

function sessionEnv(home: string): Record<string, string> {
  return { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: home, STAKEQL_TEST_KEYRING_PASSWORD: TEST_KEYRING_PASSWORD };
}

// `--unlock` reads the password on stdin and creates the login keyring with
// it when there is none; `--start` only starts the daemon, leaving an existing
// keyring locked. Either way the daemon detaches, and it does not always leave
// when the bus goes, so the shell asks the bus for its pid, prints the bus
// address, holds the session open until its stdin closes, then stops the
// daemon itself (bounded: 5 s) before the bus ends.
function script(unlocked: boolean): string {
  const daemon = unlocked
    ? 'printf %s "$STAKEQL_TEST_KEYRING_PASSWORD" | gnome-keyring-daemon --unlock --components=secrets >/dev/null'
    : 'gnome-keyring-daemon --start --components=secrets >/dev/null';
  return [
    `${daemon} || exit 3`,
    // The daemon takes the secrets name a moment after `--unlock` returns.
    'i=0; pid=""',
    'while [ -z "$pid" ] && [ $i -lt 100 ]; do',
    '  pid=$(dbus-send --session --print-reply=literal --dest=org.freedesktop.DBus / org.freedesktop.DBus.GetConnectionUnixProcessID string:org.freedesktop.secrets 2>/dev/null | awk \'{ print $2 }\')',
    '  [ -n "$pid" ] || sleep 0.1; i=$((i+1))',
    'done',
    '[ -n "$pid" ] || { echo "org.freedesktop.secrets did not appear on the bus" >&2; exit 4; }',
    'echo "ready $DBUS_SESSION_BUS_ADDRESS $pid"',
    'cat >/dev/null',
    'kill "$pid" 2>/dev/null',
    'i=0; while kill -0 "$pid" 2>/dev/null && [ $i -lt 50 ]; do sleep 0.1; i=$((i+1)); done',
    'kill -9 "$pid" 2>/dev/null',
    'exit 0',
  ].join('\n');
}

interface Session {
  address: string;
  /** The gnome-keyring-daemon's pid, for a last-resort kill if the shell could not stop it. */
  daemon: number;
  child: ChildProcess;
}

function openSession(home: string, unlocked: boolean): Promise<Session | { error: string }> {
  return new Promise((resolve) => {
    const child = spawn('dbus-run-session', ['--', 'sh', '-c', script(unlocked)], {
      env: sessionEnv(home),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let settled = false;
    const finish = (value: Session | { error: string }): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(value);
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      finish({ error: `the Secret Service did not start within ${START_TIMEOUT_MS} ms` });
    }, START_TIMEOUT_MS);
    child.stdin.on('error', () => undefined);
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      stdout += d;
      const line = /^ready (\S+) (\d+)$/m.exec(stdout);
      if (line?.[1] && line[2]) finish({ address: line[1], daemon: Number(line[2]), child });
    });
    // dbus-daemon and the prompter talk on stderr; keep only the end for a reason.
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr = (stderr + d).slice(-2000)));
    child.on('error', (error) => finish({ error: error.message }));
    child.on('close', (code) => finish({ error: `dbus-run-session exited with ${code}: ${stderr.trim().split('\n').pop() ?? ''}` }));
  });
}

async function isKeyringDaemon(pid: number): Promise<boolean> {
  try {
    return (await fs.readFile(`/proc/${pid}/cmdline`, 'utf8')).includes('gnome-keyring-daemon');
  } catch {
    return false;
  }
}

async function closeSession(session: Session): Promise<void> {
  const { child } = session;
  if (child.exitCode === null && child.signalCode === null) {
    await new Promise<void>((resolve) => {
      // The shell stops the daemon within 5 s of its stdin closing.
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS + 5_000);
      child.on('close', () => {
        clearTimeout(timer);
        resolve();
      });
      child.stdin?.end();
    });
  }
  // Only if the shell was killed before it could stop the daemon (the pid is
  // checked to still be that daemon, not a reused one).
  if (await isKeyringDaemon(session.daemon)) process.kill(session.daemon, 'SIGKILL');
}

/** Kills the keyring daemons whose HOME is `home` (a private temp dir, so only ours). */
async function killDaemonsOf(home: string): Promise<void> {
  let pids: string[];
  try {
    pids = (await fs.readdir('/proc')).filter((e) => /^\d+$/.test(e));
  } catch {
    return;
  }
  for (const pid of pids) {
    try {
      if (!(await isKeyringDaemon(Number(pid)))) continue;
      const environ = (await fs.readFile(`/proc/${pid}/environ`, 'utf8')).split('\0');
      if (environ.includes(`HOME=${home}`)) process.kill(Number(pid), 'SIGKILL');
    } catch {
      // Gone already, or not ours to read.
    }
  }
}

/**
 * Starts a private Secret Service. `unlocked`: the login keyring is created
 * and unlocked. `locked`: the keyring is created (and `seed` run against it
 * while unlocked, to leave entries in it), then the daemon is restarted
 * without the password, so the keyring exists but is locked.
 */
export async function startSecretService(
  state: 'unlocked' | 'locked',
  seed?: (address: string) => Promise<void>,
): Promise<SecretServiceStart> {
  const missing = await missingForSecretService();
  if (missing !== null) return { service: null, reason: missing };
  const home = await fs.mkdtemp(path.join(os.tmpdir(), 'stakeql-keyring-'));
  const fail = async (reason: string): Promise<SecretServiceStart> => {
    await killDaemonsOf(home);
    await fs.rm(home, { recursive: true, force: true });
    return { service: null, reason: `no Secret Service could start: ${reason}` };
  };
  let session = await openSession(home, true);
  if ('error' in session) return fail(session.error);
  if (state === 'locked') {
    try {
      await seed?.(session.address);
    } catch (error) {
      await fs.rm(home, { recursive: true, force: true });
      throw error;
    } finally {
      await closeSession(session);
    }
    session = await openSession(home, false);
    if ('error' in session) return fail(session.error);
  }
  const open = session;
  return {
    reason: null,
    service: {
      address: open.address,
      home,
      async stop() {
        await closeSession(open);
        await fs.rm(home, { recursive: true, force: true });
      },
    },
  };
}
