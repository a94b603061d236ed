/**
 * A credential store the CLI cannot read or write exits 5 with one line
 * naming the place, as the README promises, never a raw system error and
 * exit 1. Permissions do not stop root, so as root the CLI runs as `nobody`
 * (uid 65534) against a directory only root may enter: a real EACCES.
 * `nobody` cannot start a CLI it cannot reach, though: in a checkout under a
 * 0700 directory (`mktemp -d`, or `/root`, where root clones by default) the
 * test takes the other way to the same EACCES: root with every capability
 * dropped (`setpriv` of util-linux; Linux capabilities(7): without
 * CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH root meets the permission bits like
 * any owner) against a directory whose owner has no rights, as for a user.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, useBuiltCli, type CliResult } from './helpers/cli.js';

const cli = useBuiltCli();

const IS_ROOT = process.getuid?.() === 0;
const NOBODY = 65534;
/** No capabilities in the child: neither inherited nor from the bounding set uid 0 gets at exec. */
const NO_CAPABILITIES = ['setpriv', '--inh-caps=-all', '--bounding-set=-all', '--'] as const;

const PASTE = "curl 'http://127.0.0.1:9/_api/graphql' -H 'x-access-token: abcdefabcdefabcdef'\n";

/** Who the CLI runs as so that the permission bits bind it. */
type Refused = { readonly as: 'self' | 'nobody' | 'root-without-capabilities' } | { readonly as: 'none'; readonly why: string };

function run(args: string[], configDir: string, refused: Refused = { as: 'self' }): Promise<CliResult> {
  return runCli(args, {
    configDir,
    input: PASTE,
    env: { HOME: '/tmp', STAKE_BASE_URL: 'http://127.0.0.1:9' },
    ...(refused.as === 'nobody' ? { uid: NOBODY } : {}),
    ...(refused.as === 'root-without-capabilities' ? { wrapper: NO_CAPABILITIES } : {}),
  });
}

/** As root: `nobody` where it can start the CLI (`--version` exits 0), else root without capabilities, else none (why). */
async function whoIsRefused(): Promise<Refused> {
  if (!IS_ROOT) return { as: 'self' };
  const probe = (refused: Refused): Promise<CliResult | Error> =>
    runCli(['--version'], { configDir: '/nonexistent', ...(refused.as === 'nobody' ? { uid: NOBODY } : { wrapper: NO_CAPABILITIES }) }).catch((e: unknown) => (e instanceof Error ? e : new Error(String(e))));
  const nobody = await probe({ as: 'nobody' });
  if (!(nobody instanceof Error) && nobody.code === 0) return { as: 'nobody' };
  const bare = await probe({ as: 'root-without-capabilities' });
  if (!(bare instanceof Error) && bare.code === 0) return { as: 'root-without-capabilities' };
  const said = (r: CliResult | Error): string => (r instanceof Error ? r.message : `exit ${r.code}: ${r.stderr.trim().split('\n')[0] ?? ''}`);
  return { as: 'none', why: `as root, nothing the permission bits bind can start the CLI: as nobody (${said(nobody)}; is the checkout under a 0700 directory?), without capabilities through setpriv (${said(bare)})` };
}

const COMMANDS = [['status'], ['whoami'], ['login', '-'], ['logout'], ['bet', 'dice', '1', 'usd', '--target', '50', '--yes']];

describe('a credential store that cannot be read: exit 5, one line naming it', () => {
  it.runIf(process.platform !== 'win32')('permission denied (EACCES) on the config directory', async (ctx) => {
    const refused = await whoIsRefused();
    if (refused.as === 'none') ctx.skip(refused.why);
    await ctx.annotate(`the CLI ran as ${refused.as}`);
    // Root-owned 0700 (mkdtemp): as nobody, even stat fails. Anyone else (root without capabilities too): take the owner's rights away.
    const locked = path.join(cli.config_dir, 'locked');
    await fs.mkdir(locked, { mode: 0o700 });
    const store = path.join(locked, 'stakeql');
    if (refused.as !== 'nobody') await fs.chmod(locked, 0o000);
    try {
      for (const args of COMMANDS) {
        const r = await run(args, store, refused);
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
      const r = await run(args, store);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(5);
      expect(r.stderr).toBe(
        `stakeql: cannot use the credential store at ${store}: a part of the path is not a directory (ENOTDIR); set STAKEQL_CONFIG_DIR to a directory of yours\n`,
      );
    }
  });
});
