/** `stakeql status`: the saved profiles, where they live, and what the environment overrides. */
import { TOKEN_EXPIRY_BUFFER_SECONDS } from '../../auth/auth-manager.js';
import { CREDENTIAL_ENV_VARS, read_env_credentials, type EnvCredentials, type StoredProfile } from '../../store/index.js';
import type { Command, CommandArgs, CommandContext } from '../context.js';
import { badValueIsUsage, CliError, EXIT_NOT_FOUND, EXIT_OK } from '../exit-codes.js';
import { describeLocation, openStore, profileArgument } from '../profile-args.js';
import { CREDENTIAL_FIELDS, formatRows, isoSeconds, showValue, writeJson, type DisplayField, type Style } from '../output.js';
import { help_lines, parse_config, type OptionTable } from '../option-table.js';

/** Whether the token can still be used, as `AuthManager.is_token_expired` judges it. */
type TokenState = 'none' | 'unknown' | 'valid' | 'expired';

interface FieldView {
  /** The value a request would use (masked), or null. */
  readonly value: string | null;
  readonly source: 'env' | 'profile' | null;
  /** The `STAKE_*` variable it comes from, when it does. */
  readonly variable: string | null;
  /** The profile's own value (masked), or null. */
  readonly stored: string | null;
}

interface ProfileView {
  readonly name: string;
  readonly saved_at: string;
  readonly fields: Record<DisplayField, FieldView>;
  readonly token: { readonly state: TokenState; readonly expires_at: string | null; readonly source: 'env' | 'profile' | null };
  /** The browser the profile sends requests through (`login --browser`), when it has one. */
  readonly browser?: string;
}

function tokenState(hasToken: boolean, expiresAt: number | null, now: number): TokenState {
  if (!hasToken) return 'none';
  if (expiresAt === null) return 'unknown';
  return now >= expiresAt - TOKEN_EXPIRY_BUFFER_SECONDS ? 'expired' : 'valid';
}

/** The expiry of the token a request would use: it belongs to wherever that token came from (load_credentials' rule). */
function effectiveExpiry(profile: StoredProfile, env: EnvCredentials): number | null {
  return env.access_token !== undefined ? (env.token_expires_at ?? null) : profile.token_expires_at;
}

function viewOf(name: string, profile: StoredProfile, env: EnvCredentials, now: number): ProfileView {
  const fields = {} as Record<DisplayField, FieldView>;
  for (const field of CREDENTIAL_FIELDS) {
    const fromEnv = env[field];
    const stored = profile[field];
    const effective = fromEnv ?? stored;
    fields[field] = {
      value: effective === null ? null : showValue(field, effective, false),
      source: fromEnv !== undefined ? 'env' : stored !== null ? 'profile' : null,
      variable: fromEnv !== undefined ? CREDENTIAL_ENV_VARS[field] : null,
      stored: stored === null ? null : showValue(field, stored, false),
    };
  }
  const tokenFromEnv = env.access_token !== undefined;
  const expiresAt = effectiveExpiry(profile, env);
  const hasToken = tokenFromEnv || profile.access_token !== null;
  return {
    name,
    saved_at: isoSeconds(profile.saved_at),
    // Present only for a profile that uses the browser (login --browser): the DevTools URL, not a secret.
    ...(profile.browser === undefined ? {} : { browser: profile.browser }),
    fields,
    token: {
      state: tokenState(hasToken, expiresAt, now),
      expires_at: expiresAt === null ? null : isoSeconds(expiresAt),
      source: hasToken ? (tokenFromEnv ? 'env' : 'profile') : null,
    },
  };
}

function envView(env: EnvCredentials): Record<string, { variable: string; value: string }> {
  const out: Record<string, { variable: string; value: string }> = {};
  for (const field of CREDENTIAL_FIELDS) {
    const value = env[field];
    if (value !== undefined) out[field] = { variable: CREDENTIAL_ENV_VARS[field], value: showValue(field, value, false) };
  }
  if (env.token_expires_at !== undefined) {
    out['token_expires_at'] = { variable: CREDENTIAL_ENV_VARS.token_expires_at, value: isoSeconds(env.token_expires_at) };
  }
  return out;
}

function tokenText(token: ProfileView['token'], expiresAt: number | null, now: number, style: Style): string {
  const from = token.source === 'env' ? ` (${CREDENTIAL_ENV_VARS.token_expires_at})` : '';
  switch (token.state) {
    case 'none':
      return style.dim('no token');
    case 'unknown':
      return 'expiry unknown';
    case 'valid':
      return style.green(`valid until ${token.expires_at}${from}`);
    case 'expired':
      return style.red(
        expiresAt !== null && now < expiresAt
          ? `expires at ${token.expires_at}, within the ${TOKEN_EXPIRY_BUFFER_SECONDS / 60}-minute margin: counts as expired${from}`
          : `expired at ${token.expires_at}${from}`,
      );
  }
}

function profileText(view: ProfileView, expiresAt: number | null, now: number, style: Style): string {
  const rows: Array<[string, string]> = CREDENTIAL_FIELDS.map((field) => {
    const f = view.fields[field];
    if (f.value === null) return [field, style.dim('not set')];
    if (f.source === 'env') {
      const hidden = f.stored === null ? '' : `; the profile's ${f.stored} is not used`;
      return [field, `${f.value}  ${style.yellow(`from ${f.variable}`)}${hidden}`];
    }
    return [field, f.value];
  });
  rows.push(['token', tokenText(view.token, expiresAt, now, style)]);
  if (view.browser !== undefined) rows.push(['browser', `${view.browser}  ${style.dim("(requests go through this browser; the page's login is the credential)")}`]);
  return `${style.bold(`Profile "${view.name}"`)} ${style.dim(`(saved ${view.saved_at})`)}\n${formatRows(rows, style)}`;
}

async function runStatus(args: CommandArgs, ctx: CommandContext): Promise<number> {
  const named = typeof args.values['profile'] === 'string';
  const only = named ? await profileArgument(args) : null;
  const env = await badValueIsUsage(() => read_env_credentials(ctx.io.env));
  const store = await openStore(ctx);
  const names = only === null ? await store.list_profiles() : [only];
  const now = ctx.now();
  const views: ProfileView[] = [];
  const expiries: Array<number | null> = [];
  for (const name of names) {
    const profile = await store.load_profile(name);
    if (profile === null) throw new CliError(EXIT_NOT_FOUND, `no profile named "${name}" in ${describeLocation(store)}`);
    views.push(viewOf(name, profile, env, now));
    expiries.push(effectiveExpiry(profile, env));
  }
  const environment = envView(env);
  const { io, out } = ctx;
  if (args.values['json'] === true) {
    writeJson(io.stdout, { store: { kind: store.kind, location: store.location }, environment, profiles: views });
    return EXIT_OK;
  }
  const lines: string[] = [`${out.bold('Store:')} ${store.kind === 'keyring' ? 'OS keyring' : 'file'}, ${store.location}`];
  const envRows = Object.entries(environment).map(([field, e]): [string, string] => [field, `${e.value}  ${out.yellow(`from ${e.variable}`)}`]);
  if (envRows.length === 0) lines.push(`${out.bold('Environment:')} no STAKE_* variables set`);
  else lines.push(`${out.bold('Environment')} (overrides these fields of every profile):`, formatRows(envRows, out));
  if (views.length === 0) lines.push('', `No profiles saved in ${describeLocation(store)}; save one with 'stakeql login'.`);
  views.forEach((view, i) => lines.push('', profileText(view, expiries[i] ?? null, now, out)));
  io.stdout.write(`${lines.join('\n')}\n`);
  return EXIT_OK;
}

/** The command's own options, once: the parser's config and the help's lines come from here. */
const OPTIONS: OptionTable = {
  profile: { type: 'string', value: 'NAME', help: 'show only this profile (exit code 3 when it does not exist)' },
  json: { type: 'boolean', help: 'print {store, environment, profiles} as JSON (masked)' },
};

/** The `status` command. */
export const command: Command = {
  usage: 'stakeql status [--profile NAME] [--json]',
  help: `Shows every saved profile (or one): what it holds (secrets masked), where
the store keeps it, whether its token is still valid, and which STAKE_*
environment variables override its fields (the environment wins, field by field).

Options:
${help_lines(OPTIONS)}`,
  options: {
    ...parse_config(OPTIONS),
  },
  minPositionals: 0,
  maxPositionals: 0,
  run: runStatus,
};
