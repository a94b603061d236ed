import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start_sandbox, type Sandbox, type SandboxLogin } from '../../src/sandbox/index.js';
import { startSecretService, type SecretService } from '../store/helpers/secret-service.js';
import { buildCli, runCli, tempConfigDir, type CliResult } from './helpers/cli.js';

/*
 * `STAKEQL_STORE=keyring stakeql login`, then `status`, `whoami`, `logout`,
 * against a real Secret Service (gnome-keyring on a private D-Bus session, see
 * test/store/helpers/secret-service.ts) and a sandbox on 127.0.0.1. Skips,
 * naming the reason, only where no Secret Service can start.
 */

const unlocked = await startSecretService('unlocked');
const locked = await startSecretService('locked');
if (unlocked.reason !== null) console.warn(`CLI keyring tests skipped: ${unlocked.reason}`);

let sandbox: Sandbox;
let main: SandboxLogin;
let alt: SandboxLogin;
let config: { dir: string; remove: () => Promise<void> };

beforeAll(async () => {
  await buildCli();
  sandbox = await start_sandbox();
  main = sandbox.login('keyring-main');
  alt = sandbox.login('keyring-alt');
  config = await tempConfigDir();
});
afterAll(async () => {
  await sandbox?.close();
  await config?.remove();
  await unlocked.service?.stop();
  await locked.service?.stop();
});

function run(args: string[], env: Record<string, string>, input?: string): Promise<CliResult> {
  return runCli(args, { configDir: config.dir, env, input, timeoutMs: 20_000 });
}

const secretsOf = (login: SandboxLogin): string[] => [login.access_token, login.session_cookie];

function expectNoSecrets(result: CliResult): void {
  for (const secret of [...secretsOf(main), ...secretsOf(alt)]) {
    expect(result.stdout).not.toContain(secret);
    expect(result.stderr).not.toContain(secret);
  }
}

// The sandbox's paste has no cf_clearance, which `login` warns about; the
// warnings are not what these tests look at.
const nonWarnings = (result: CliResult): string[] =>
  result.stderr.split('\n').filter((line) => line !== '' && !line.startsWith('stakeql: warning: '));

/** The one error line on stderr, besides warnings. */
function oneErrorLine(result: CliResult): string {
  const lines = nonWarnings(result);
  expect(lines, result.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^stakeql: /);
  return lines[0] as string;
}

async function profilesFile(): Promise<boolean> {
  return (await fs.readdir(config.dir)).includes('profiles.json');
}

describe.skipIf(unlocked.service === null)(`the CLI on the OS keyring${unlocked.reason ? ` (skipped: ${unlocked.reason})` : ''}`, () => {
  const env = (): Record<string, string> => ({ STAKEQL_STORE: 'keyring', DBUS_SESSION_BUS_ADDRESS: (unlocked.service as SecretService).address });

  it('login saves to the keyring; status and whoami in later runs read it back', async () => {
    const login = await run(['login', '--profile', 'main'], env(), sandbox.sample_curl(main));
    expect(nonWarnings(login)).toEqual([]);
    expect(login.code).toBe(0);
    expect(login.stdout).toContain('Saved profile "main" in the OS keyring (keyring:stakeql)');
    expect(await profilesFile()).toBe(false);

    const [status, json, whoami] = await Promise.all([
      run(['status'], env()),
      run(['status', '--json'], env()),
      run(['whoami', '--profile', 'main'], env()),
    ]);
    expect(status.code).toBe(0);
    expect(status.stdout).toContain('Store: OS keyring, keyring:stakeql');
    expect(status.stdout).toContain('Profile "main"');
    const parsed = JSON.parse(json.stdout) as { store: { kind: string }; profiles: Array<{ name: string }> };
    expect(parsed.store.kind).toBe('keyring');
    expect(parsed.profiles.map((p) => p.name)).toContain('main');
    expect(whoami.stdout).toBe(`keyring-main (id ${main.user_id})\n`);
    for (const result of [login, status, json, whoami]) expectNoSecrets(result);
  });

  it('keeps two profiles apart, and logout forgets only the one named', async () => {
    expect((await run(['login', '--profile', 'main'], env(), sandbox.sample_curl(main))).code).toBe(0);
    expect((await run(['login', '--profile', 'alt'], env(), sandbox.sample_curl(alt))).code).toBe(0);
    const [whoMain, whoAlt, json] = await Promise.all([
      run(['whoami', '--profile', 'main'], env()),
      run(['whoami', '--profile', 'alt'], env()),
      run(['status', '--json'], env()),
    ]);
    expect(whoMain.stdout).toBe(`keyring-main (id ${main.user_id})\n`);
    expect(whoAlt.stdout).toBe(`keyring-alt (id ${alt.user_id})\n`);
    expect((JSON.parse(json.stdout) as { profiles: Array<{ name: string }> }).profiles.map((p) => p.name)).toEqual(
      expect.arrayContaining(['alt', 'main']),
    );

    const logout = await run(['logout', '--profile', 'alt'], env());
    expect(logout.code).toBe(0);
    const [gone, still] = await Promise.all([run(['status', '--profile', 'alt'], env()), run(['whoami', '--profile', 'main'], env())]);
    expect(gone.code).toBe(3);
    expect(oneErrorLine(gone)).toContain('no profile named "alt"');
    expect(still.stdout).toBe(`keyring-main (id ${main.user_id})\n`);
    expect(await profilesFile()).toBe(false);
  });
});

describe('no Secret Service on the bus', () => {
  const dead = (): string => `unix:path=${path.join(config.dir, 'no-bus')}`;

  it('STAKEQL_STORE=keyring exits 5 saying what is missing and how to use the file instead', async () => {
    const result = await run(['login', '--profile', 'main'], { STAKEQL_STORE: 'keyring', DBUS_SESSION_BUS_ADDRESS: dead() }, sandbox.sample_curl(main));
    expect(result.code).toBe(5);
    const line = oneErrorLine(result);
    expect(line).toMatch(/Secret Service|@napi-rs\/keyring/);
    expect(line).toContain('STAKEQL_STORE=file');
    expectNoSecrets(result);
    expect(await profilesFile()).toBe(false);
  });

  it('auto falls back to the file store and says where it saved', async () => {
    const env = { STAKEQL_STORE: 'auto', DBUS_SESSION_BUS_ADDRESS: dead() };
    const login = await run(['login', '--profile', 'main'], env, sandbox.sample_curl(main));
    expect(login.code).toBe(0);
    expect(login.stdout).toContain(`Saved profile "main" in ${path.join(config.dir, 'profiles.json')}`);
    const status = await run(['status'], env);
    expect(status.stdout).toContain(`Store: file, ${path.join(config.dir, 'profiles.json')}`);
    await fs.rm(path.join(config.dir, 'profiles.json'));
  });
});

describe.skipIf(locked.service === null)(`a locked keyring${locked.reason ? ` (skipped: ${locked.reason})` : ''}`, () => {
  it('login exits 5 saying the keyring is locked and what to do', async () => {
    const env = { STAKEQL_STORE: 'keyring', DBUS_SESSION_BUS_ADDRESS: (locked.service as SecretService).address };
    const result = await run(['login', '--profile', 'main'], env, sandbox.sample_curl(main));
    expect(result.code).toBe(5);
    const line = oneErrorLine(result);
    expect(line).toContain('the keyring is locked');
    expect(line).toContain('STAKEQL_STORE=file');
    expectNoSecrets(result);
  });
});
