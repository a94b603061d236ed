/**
 * Whose bets `history stats | verify | export` read (finding 25): one account
 * on one site by default, never every account in the file mixed into one
 * figure. The site is the profile's (`--profile`, `--base-url`, the STAKE_*
 * variables, as a client would talk to); the account is the one stored for it,
 * or the one `--account` names. Only when the site has several stored accounts
 * and none is named is the site asked who the credentials are (`CurrentUser`,
 * a read); with no credentials that is a usage error listing the accounts.
 * `--all-accounts` mixes them on purpose.
 */
import type { SqliteDatabase } from '../database/database.js';
import { load_credentials } from '../store/index.js';
import type { CommandArgs, CommandContext } from './context.js';
import { badValueIsUsage, usageError } from './exit-codes.js';
import { openClient, withClient } from './open-client.js';
import { printable } from './output.js';
import { profileArgument } from './profile-args.js';
import { help_lines, parse_config, type OptionTable } from './option-table.js';

/** The options of the scope, once (`--base-url` is told of on `--profile`'s line). */
const SCOPE_TABLE: OptionTable = {
  profile: {
    type: 'string',
    value: 'NAME',
    help: 'read the bets of this profile\'s site (default "default", or\nSTAKE_BASE_URL); --base-url URL names the site directly',
  },
  'base-url': { type: 'string' },
  account: { type: 'string', value: 'NAME', help: 'the account on that site, by name or user id, when the\ndatabase holds more than one' },
  'all-accounts': { type: 'boolean', help: 'every account and site in the database, added up' },
};

/** The options of the scope, for a command's `options`. */
export const SCOPE_OPTIONS = parse_config(SCOPE_TABLE);

/** Their help lines. */
export const SCOPE_OPTIONS_HELP = help_lines(SCOPE_TABLE);

/** One account the database holds bets of. */
interface StoredAccount {
  readonly site: string;
  readonly user_id: string;
  readonly user_name: string | null;
}

/** The filter fields of a scope, and how to name it to the user. */
export interface HistoryScope {
  readonly filter: { readonly site?: string; readonly user_id?: string };
  readonly label: string;
  /** How many accounts the database holds. */
  readonly among: number;
}

const named = (a: StoredAccount): string => `${printable(a.user_name ?? a.user_id)} on ${printable(a.site)}`;

function storedAccounts(db: SqliteDatabase): StoredAccount[] {
  // bets_hourly holds one row per account, hour, game and currency: small, and every stored bet is counted in it.
  return db
    .prepare(
      `SELECT a.site AS site, a.user_id AS user_id, s.user_name AS user_name
         FROM (SELECT DISTINCT site, user_id FROM bets_hourly) a
         LEFT JOIN sync_state s ON s.site = a.site AND s.user_id = a.user_id
        ORDER BY a.site, a.user_id`,
    )
    .all() as StoredAccount[];
}

/** The site the command would talk to, as an origin; null when nothing names one. */
export async function siteOf(args: CommandArgs, ctx: CommandContext): Promise<string | null> {
  const given = args.values['base-url'];
  let url: string | null = typeof given === 'string' ? given : null;
  if (url === null) {
    const profile = typeof args.values['profile'] === 'string' ? await profileArgument(args) : null;
    const credentials = await badValueIsUsage(() => load_credentials({ profile, env: ctx.io.env }));
    if (credentials.base_url !== null) url = credentials.base_url;
    else if (credentials.profile_found === true) url = 'https://stake.com';
  }
  if (url === null) return null;
  try {
    return new URL(url).origin;
  } catch {
    throw usageError('--base-url: not a URL');
  }
}

/** The account the credentials log in as (id and name), or null when there are none or the site cannot say. */
export async function whoAmI(args: CommandArgs, ctx: CommandContext): Promise<{ id: string; name: string } | null> {
  let opened;
  try {
    opened = await openClient(args, ctx, true);
  } catch {
    return null; // no credentials: the caller names the accounts to choose from
  }
  try {
    return await withClient(opened, (client) => client.current_user());
  } catch {
    return null;
  }
}

/** The user id the credentials log in as, or null when there are none or the site cannot say. */
async function whoIs(args: CommandArgs, ctx: CommandContext): Promise<string | null> {
  return (await whoAmI(args, ctx))?.id ?? null;
}

/**
 * The scope the arguments ask for, checked against what the database holds.
 * @throws a usage error (exit 2) when the choice is ambiguous or names no stored account.
 */
export async function history_scope(args: CommandArgs, ctx: CommandContext, db: SqliteDatabase): Promise<HistoryScope> {
  const accountArg = typeof args.values['account'] === 'string' ? args.values['account'] : null;
  if (args.values['all-accounts'] === true) {
    if (accountArg !== null) throw usageError('history: --account and --all-accounts exclude each other');
    return { filter: {}, label: 'every account in the database', among: storedAccounts(db).length };
  }
  const accounts = storedAccounts(db);
  if (accounts.length === 0) return { filter: {}, label: 'no account stored yet', among: 0 };
  const site = await siteOf(args, ctx);
  let candidates = site === null ? accounts : accounts.filter((a) => a.site === site);
  if (accountArg !== null) candidates = candidates.filter((a) => a.user_name === accountArg || a.user_id === accountArg);
  if (candidates.length > 1 && accountArg === null && site !== null) {
    const me = await whoIs(args, ctx);
    if (me !== null) candidates = candidates.filter((a) => a.user_id === me);
  }
  if (candidates.length === 1) {
    const only = candidates[0] as StoredAccount;
    return { filter: { site: only.site, user_id: only.user_id }, label: named(only), among: accounts.length };
  }
  const listed = accounts.slice(0, 10).map(named).join(', ') + (accounts.length > 10 ? ', …' : '');
  const where = site === null ? 'in the database' : `on ${printable(site)}`;
  if (candidates.length === 0) {
    const which = accountArg === null ? 'no account' : `no account "${printable(accountArg.slice(0, 40))}"`;
    throw usageError(`history: ${which} ${where} (the database holds ${listed}); sync it first, or pass --all-accounts`);
  }
  throw usageError(`history: ${candidates.length} accounts ${where} (${candidates.map(named).join(', ')}); pick one with --account NAME, or pass --all-accounts`);
}
