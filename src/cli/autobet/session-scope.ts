/**
 * Whose autobet sessions `autobet list` and `show` read (issue 48): one
 * account on one site, as the history views do (history-scope.ts). The site
 * is the profile's (`--profile`, `--base-url`, the STAKE_* variables); the
 * account is the only one with sessions there, the one `--account` names, or,
 * when several ran there, the one the credentials log in as (a read of who
 * they are). `--all-accounts` shows every session in the database.
 */
import type { CommandArgs, CommandContext } from '../context.js';
import { usageError } from '../exit-codes.js';
import { siteOf, whoAmI } from '../history-scope.js';
import { printable } from '../output.js';

/** What a session is recorded to have run on. */
export interface SessionPlace {
  readonly site: string;
  readonly account: string;
}

/** The sessions a view shows, and how to name them to the user. */
export interface SessionScope {
  /** Null: every site; else an origin. */
  readonly site: string | null;
  /** Null: every account of the site. */
  readonly account: string | null;
  readonly label: string;
}

/** The origin of a recorded `base_url` (as typed when it does not parse). */
export function origin_of(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/** Whether a session belongs to the scope. */
export function in_scope(scope: SessionScope, place: SessionPlace): boolean {
  return (scope.site === null || origin_of(place.site) === scope.site) && (scope.account === null || place.account === scope.account);
}

/** The scope the arguments ask for, among the sessions recorded. */
export async function session_scope(args: CommandArgs, ctx: CommandContext, sessions: readonly SessionPlace[]): Promise<SessionScope> {
  const accountArg = typeof args.values['account'] === 'string' ? args.values['account'] : null;
  if (args.values['all-accounts'] === true) {
    if (accountArg !== null) throw usageError('autobet: --account and --all-accounts exclude each other');
    return { site: null, account: null, label: 'every account and site in the database' };
  }
  const site = await siteOf(args, ctx);
  if (site === null) {
    return { site: null, account: accountArg, label: accountArg === null ? 'every account (no profile or STAKE_* credentials name a site)' : printable(accountArg) };
  }
  if (accountArg !== null) return { site, account: accountArg, label: `${printable(accountArg)} on ${printable(site)}` };
  const accounts = [...new Set(sessions.filter((s) => origin_of(s.site) === site).map((s) => s.account))];
  const only = accounts.length === 1 ? (accounts[0] as string) : null;
  const account = only ?? (await whoAmI(args, ctx))?.name ?? null;
  if (account === null && accounts.length > 1) {
    throw usageError(`autobet: ${accounts.length} accounts ran on ${printable(site)} (${accounts.map((a) => printable(a)).join(', ')}); pick one with --account NAME, or pass --all-accounts`);
  }
  return { site, account, label: account === null ? `this profile's account on ${printable(site)}` : `${printable(account)} on ${printable(site)}` };
}
