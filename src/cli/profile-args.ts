/** The `--profile` option and the credential store, as every command that uses a profile reads them. */
import { open_store, type CredentialStore } from '../store/index.js';
import { assert_profile_name, DEFAULT_PROFILE } from '../store/profile.js';
import type { CommandArgs, CommandContext } from './context.js';
import { badValueIsUsage, usageError } from './exit-codes.js';

/** The `--profile` value, checked (a bad name is a usage error), or `default`. */
export async function profileArgument(args: CommandArgs): Promise<string> {
  const given = args.values['profile'];
  if (typeof given !== 'string') return DEFAULT_PROFILE;
  try {
    assert_profile_name(given);
  } catch (error) {
    // The message describes the rule; the name is not repeated (it could be a misplaced token).
    throw usageError(`--profile: ${error instanceof Error ? error.message : 'not a valid profile name'}`);
  }
  return given;
}

/** Opens the credential store the environment asks for (`STAKEQL_STORE`, `STAKEQL_CONFIG_DIR`). */
export function openStore(ctx: CommandContext): Promise<CredentialStore> {
  return badValueIsUsage(() => open_store({ env: ctx.io.env }));
}

/** Where a store keeps profiles, for a sentence: `/path/profiles.json` or `the OS keyring (keyring:stakeql)`. */
export function describeLocation(store: CredentialStore): string {
  return store.kind === 'keyring' ? `the OS keyring (${store.location})` : store.location;
}
