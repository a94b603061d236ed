/** `stakeql login`: save a paste's credentials as a profile. */
import { validateAccessToken, validateCookieValue } from '../../auth/validate.js';
import { validateBaseUrl, validateBrowserUrl, validateUserAgent } from '../../store/fields.js';
import type { Credentials } from '../../paste/index.js';
import type { Command, CommandArgs, CommandContext } from '../context.js';
import { badValueIsUsage, CliError, EXIT_NOT_FOUND, EXIT_OK, usageError } from '../exit-codes.js';
import { formatRows } from '../output.js';
import { credentialRows, PASTE_SOURCE_HELP, readCredentials } from '../paste-credentials.js';
import { describeLocation, openStore, profileArgument } from '../profile-args.js';
import { help_lines, parse_config, type OptionTable } from '../option-table.js';

const CHECKS: ReadonlyArray<readonly [keyof Credentials, (value: unknown, param: string) => string]> = [
  ['access_token', validateAccessToken],
  ['session_cookie', validateCookieValue],
  ['cf_clearance', validateCookieValue],
  ['user_agent', validateUserAgent],
  ['base_url', validateBaseUrl],
];

/**
 * The credentials checked as the AuthManager and the store check them
 * (values trimmed, the base URL reduced to its origin). A value they refuse
 * makes the whole paste refused: nothing is saved.
 */
function checked(credentials: Credentials): Credentials {
  const out: Credentials = { ...credentials };
  for (const [field, check] of CHECKS) {
    const value = credentials[field];
    if (value === null) continue;
    try {
      out[field] = check(value, field);
    } catch (error) {
      // The checks name the field and the rule, never the value.
      const why = error instanceof Error ? error.message : 'is not valid';
      throw new CliError(EXIT_NOT_FOUND, `the paste's ${why}; nothing was saved`);
    }
  }
  return out;
}

/**
 * `login --browser URL`: a profile that sends every request through the
 * user's browser. It holds the URL and the site, no secret: the page's
 * session is the credential.
 */
async function saveBrowserProfile(name: string, browserUrl: string, args: CommandArgs, ctx: CommandContext): Promise<number> {
  if (args.positionals.length > 0 || args.values['clipboard'] === true) throw usageError('--browser saves no paste: give no FILE and no --clipboard');
  let browser: string;
  let base_url: string | null = null;
  try {
    browser = validateBrowserUrl(browserUrl, '--browser');
    const site = args.values['base-url'];
    if (typeof site === 'string') base_url = validateBaseUrl(site, '--base-url');
  } catch (error) {
    throw usageError(error instanceof Error ? error.message : 'bad value');
  }
  if (base_url === null) {
    // A browser reached by its DevTools URL: the site its tab is on, not stake.com (tab-site.ts).
    const { browser_site } = await import('../tab-site.js');
    const { DEFAULT_BASE_URL } = await import('../../transport/options.js');
    const site = await browser_site(browser, DEFAULT_BASE_URL);
    if (site.note !== null) ctx.warn(site.note);
    if (site.base_url !== DEFAULT_BASE_URL) base_url = site.base_url;
  }
  const store = await openStore(ctx);
  await badValueIsUsage(() => store.save_profile(name, { browser, base_url }));
  const { io, out } = ctx;
  io.stdout.write(`${out.green('Saved')} profile "${name}" in ${describeLocation(store)}: requests go through the browser at ${browser}` +
    ` to ${base_url ?? 'https://stake.com'}; no token is stored (the page's login is the credential).\n`);
  return EXIT_OK;
}

async function runLogin(args: CommandArgs, ctx: CommandContext): Promise<number> {
  const name = await profileArgument(args);
  const browserUrl = args.values['browser'];
  if (typeof browserUrl === 'string') return saveBrowserProfile(name, browserUrl, args, ctx);
  const extracted = await readCredentials(args, ctx);
  for (const warning of extracted.warnings) ctx.warn(warning.message);
  const found = extracted.credentials;
  if (found.access_token === null && found.session_cookie === null) {
    throw new CliError(
      EXIT_NOT_FOUND,
      'the paste holds no access token and no session cookie, so there is nothing to log in with; ' +
        'copy a request to /_api/graphql from a logged-in tab',
    );
  }
  const credentials = checked(found);
  const store = await openStore(ctx);
  const saved = await badValueIsUsage(() => store.save_profile(name, credentials));
  const { io, out } = ctx;
  io.stdout.write(`${out.green('Saved')} profile "${name}" in ${describeLocation(store)}:\n`);
  io.stdout.write(`${formatRows(credentialRows(saved, false, out, 'not in the paste'), out)}\n`);
  if (saved.base_url === null) io.stdout.write(`${out.dim('No site in the paste: requests go to https://stake.com unless --base-url says otherwise.')}\n`);
  return EXIT_OK;
}

/** The command's own options, once: the parser's config and the help's lines come from here. */
const OPTIONS: OptionTable = {
  clipboard: { type: 'boolean', help: 'read the paste from the system clipboard' },
  profile: { type: 'string', value: 'NAME', help: 'profile to save to (1-64 of A-Z a-z 0-9 . _ -)' },
  browser: { type: 'string', value: 'WAY', help: 'save a profile that uses a browser: own, auto, or a DevTools URL (loopback)' },
  'base-url': { type: 'string', value: 'URL', help: 'with --browser: the site (default https://stake.com)' },
};

/** The `login` command. */
export const command: Command = {
  usage: 'stakeql login [FILE|-] [--clipboard] [--profile NAME]\n       stakeql login --browser own|auto|URL [--base-url URL] [--profile NAME]',
  help: `Reads a request copied from the logged-in browser and saves its access
token, session cookie, cf_clearance cookie, User-Agent and site as a profile
(default "default"), in the OS keyring when one is usable, else in a private
file (STAKEQL_STORE chooses). Refuses a paste with neither an access token nor
a session cookie, and any value the client would refuse.

${PASTE_SOURCE_HELP}

With --browser, saves a profile that sends every request through a tab of
the site in a browser (own: the one 'stakeql browser' set up, started over a
pipe; auto: Chrome 144+'s remote-debugging toggle; or a DevTools URL): that and
the site, no secret. autobet, resume, watch, history sync and dashboard use it.

Options:
${help_lines(OPTIONS)}`,
  options: {
    ...parse_config(OPTIONS),
  },
  minPositionals: 0,
  maxPositionals: 1,
  run: runLogin,
};
