/**
 * A credential store the CLI cannot read or write exits 5 with one line
 * naming the place, as the README promises, never a raw system error and
 * exit 1. Permissions do not stop root, so as root the CLI runs as `nobody`
 * (uid 65534) against a directory only root may enter: a real EACCES.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, useBuiltCli, type CliResult } from './helpers/cli.js';

const cli = useBuiltCli();

const IS_ROOT = process.getuid?.() === 0;
const NOBODY = 65534;

const PASTE = "curl 'http://127.0.0.1:9/_api/graphql' -H 'x-access-token: abcdefabcdefabcdef'\n";

function run(args: string[], configDir: string, asNobody: boolean): Promise<CliResult> {
  return runCli(args, { configDir, input: PASTE, env: { HOME: '/tmp', STAKE_BASE_URL: 'http://127.0.0.1:9' }, ...(asNobody ? { uid: NOBODY } : {}) });
}

const COMMANDS = [['status'], ['whoami'], ['login', '-'], ['logout'], ['bet', 'dice', '1', 'usd', '--target', '50', '--yes']];

describe('a credential store that cannot be read: exit 5, one line naming it', () => {
  it.runIf(process.platform !== 'win32')('permission denied (EACCES) on the config directory', async () => {
    // Root-owned 0700 (mkdtemp): as nobody, even stat fails. Not root: take our own rights away.
    const locked = path.join(cli.config_dir, 'locked');
    await fs.mkdir(locked, { mode: 0o700 });
    const store = path.join(locked, 'stakeql');
    if (!IS_ROOT) await fs.chmod(locked, 0o000);
    try {
      for (const args of COMMANDS) {
        const r = await run(args, store, IS_ROOT);
        expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(5);
        expect(r.stderr).toBe(
          `stakeql: cannot use the credential store at ${store}: permission denied (EACCES); fix its permissions, or set STAKEQL_CONFIG_DIR to a directory of yours\n`,
        );
      }
    } finally {
      await fs.chmod(locked, 0o700);
    }
  });

  it('a file where the config directory should be a directory holds it (ENOTDIR), for root too', async () => {
    const file = path.join(cli.config_dir, 'a-file');
    await fs.writeFile(file, '');
    const store = path.join(file, 'stakeql');
    for (const args of COMMANDS) {
      const r = await run(args, store, false);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(5);
      expect(r.stderr).toBe(
        `stakeql: cannot use the credential store at ${store}: a part of the path is not a directory (ENOTDIR); set STAKEQL_CONFIG_DIR to a directory of yours\n`,
      );
    }
  });
});
