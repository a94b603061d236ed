/**
 * How a command talks to the site: a `StakeClient` for the stored profile
 * (`--profile`) and the environment, `--base-url` overriding the site,
 * `--timeout` bounding each attempt, and
 * client failures turned into one-line CLI errors with their exit codes.
 * The client module is loaded only when a client is opened.
 */
import type * as ClientModule from '../facade/index.js';
import type { StakeClient } from '../facade/index.js';
import { load_credentials, type ResolvedCredentials } from '../store/index.js';
import type { CommandArgs, CommandContext } from './context.js';
import { badValueIsUsage, CliError, EXIT_AUTH, EXIT_FAILURE, EXIT_NOT_FOUND, EXIT_USAGE, usageError } from './exit-codes.js';
import { printable } from './output.js';
import { resolve_browser_options } from '../transport/browser/options.js';
import { browser_option, way_of } from './browser-way.js';
import { profileArgument } from './profile-args.js';
import { help_lines, parse_config, type OptionTable } from './option-table.js';

/** A client built from the resolved credentials, with what it was built from. */
export interface OpenedClient {
  readonly client: StakeClient;
  readonly module: typeof ClientModule;
  readonly credentials: ResolvedCredentials;
  /** The DevTools URL when the requests run in the user's browser (`--browser`, `STAKE_BROWSER`). */
  readonly browser?: string | null;
}

/** The options every command that talks to the site takes, once. */
const CLIENT_TABLE: OptionTable = {
  profile: { type: 'string', value: 'NAME', help: 'profile to use (default "default"; exit code 3 when a named one is missing)' },
  'base-url': {
    type: 'string',
    value: 'URL',
    help: "site to talk to, e.g. a sandbox's http://127.0.0.1:PORT\n(default: STAKE_BASE_URL, else the profile's, else https://stake.com)",
  },
  timeout: {
    type: 'string',
    value: 'SECONDS',
    help: '\ngive up on an attempt with no complete answer after this long\n(default 30); a read is tried up to 3 times, a bet once',
  },
  browser: {
    type: 'string',
    value: 'URL',
    help: [
      'send every request from a tab of the site in a browser:',
      "own (the browser 'stakeql browser' set up, started over a pipe),",
      "auto (your Chrome 144+ with chrome://inspect's remote-debugging",
      'toggle on), or a DevTools URL you opened (loopback only, e.g.',
      'http://127.0.0.1:9222: any local program can use that port);',
      "default STAKE_BROWSER, else the profile's (login --browser).",
      "The page's login is the credential",
    ].join('\n'),
  },
};

/** Help lines of the options every command that talks to the site takes. */
export const CLIENT_OPTIONS_HELP = help_lines(CLIENT_TABLE);

/** The `parseArgs` options of {@link CLIENT_OPTIONS_HELP}: spread them into a command's `options`. */
export const CLIENT_OPTIONS = parse_config(CLIENT_TABLE);

// The longest timer Node keeps (2^31 - 1 ms), in seconds.
const MAX_TIMEOUT_SECONDS = 2_147_483.647;

/** `--timeout SECONDS` as the client's `timeout_ms`, or undefined when not given. */
export function timeoutMs(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const seconds = /^[0-9]{1,10}(?:\.[0-9]{1,3})?$/.test(value) ? Number(value) : Number.NaN;
  if (!(seconds > 0 && seconds <= MAX_TIMEOUT_SECONDS)) {
    throw usageError(`--timeout: must be a number of seconds above 0, at most 3 decimals (got "${printable(value.slice(0, 32))}")`);
  }
  return Math.round(seconds * 1000);
}

/** `--base-url` when given: a usage error naming the flag when it is not a URL the client takes. */
export async function checkBaseUrl(baseUrl: unknown): Promise<void> {
  if (typeof baseUrl !== 'string') return;
  const { resolve_base_url } = await import('../transport/options.js');
  try {
    resolve_base_url(baseUrl);
  } catch (error) {
    throw usageError(`--base-url: ${error instanceof Error ? error.message : 'not a URL'}`);
  }
}

/**
 * Builds a `StakeClient` from `load_credentials` (each `STAKE_*` variable
 * first, then the profile), `--base-url` overriding the site. The client
 * module is loaded only here. With `required`, no token and no session is
 * an error; otherwise a warning, and the request goes out anonymously.
 */
export async function openClient(args: CommandArgs, ctx: CommandContext, required: boolean): Promise<OpenedClient> {
  const profile = typeof args.values['profile'] === 'string' ? await profileArgument(args) : null;
  const baseUrl = args.values['base-url'];
  const timeout_ms = timeoutMs(args.values['timeout']);
  const module = await import('../facade/index.js');
  await checkBaseUrl(baseUrl);
  const credentials = await badValueIsUsage(() => load_credentials({ profile, env: ctx.io.env }));
  const browser = browserArgument(args, ctx) ?? credentials.browser ?? null;
  if (browser !== null) {
    // The page's session is the credential: a saved token (maybe another account's) would not match the page's cookies.
    const client = new module.StakeClient({
      base_url: await siteForBrowser(browser, baseUrl, credentials, ctx),
      timeout_ms,
      browser: browser_option(browser, ctx.io.env),
    });
    if (way_of(browser) === 'auto') ctx.warn('Chrome asks you to allow this connection: click Allow in its dialog');
    return { client, module, credentials, browser };
  }
  if (credentials.access_token === null && credentials.session_cookie === null) {
    const why =
      credentials.profile_found === false
        ? `no profile "${credentials.profile}"`
        : `profile "${credentials.profile}" holds no token or session`;
    if (required) {
      throw new CliError(
        EXIT_NOT_FOUND,
        `no credentials: ${why}, and neither STAKE_ACCESS_TOKEN nor STAKE_SESSION_COOKIE is set; save some with 'stakeql login'`,
      );
    }
    ctx.warn(`no credentials (${why}): sending the request without authentication`);
  }
  const client = new module.StakeClient({
    access_token: credentials.access_token,
    session_cookie: credentials.session_cookie,
    cf_clearance: credentials.cf_clearance,
    user_agent: credentials.user_agent,
    base_url: typeof baseUrl === 'string' ? baseUrl : credentials.base_url,
    timeout_ms,
  });
  return { client, module, credentials };
}

/**
 * The site a command run through a browser uses: `--base-url` or
 * `STAKE_BASE_URL` when given; else, for a browser reached by its DevTools
 * URL, the site its tab is on (tab-site.ts) rather than the profile's; else
 * the profile's (or stake.com). A change of site is said on stderr.
 */
export async function siteForBrowser(browser: string, baseUrl: unknown, credentials: ResolvedCredentials, ctx: CommandContext): Promise<string> {
  if (typeof baseUrl === 'string') return baseUrl;
  const { resolve_base_url } = await import('../transport/options.js');
  const configured = resolve_base_url(credentials.base_url ?? undefined).base_url;
  if (credentials.sources.base_url === 'env') return configured;
  const { browser_site } = await import('./tab-site.js');
  const site = await browser_site(browser, configured);
  if (site.note !== null) ctx.warn(site.note);
  return site.base_url;
}

/**
 * `--browser URL`, else `STAKE_BROWSER`, checked as the client checks it
 * (loopback only: a usage error otherwise, before any connection), or null
 * (then a profile's `browser`, saved by `login --browser`, applies).
 */
export function browserArgument(args: CommandArgs, ctx: CommandContext): string | null {
  const given = args.values['browser'];
  const value = typeof given === 'string' ? given : ctx.io.env['STAKE_BROWSER'];
  if (value === undefined || value === '') return null;
  const name = typeof given === 'string' ? '--browser' : 'STAKE_BROWSER';
  if (value === 'own' || value === 'auto') return value;
  try {
    resolve_browser_options({ cdp_url: value });
  } catch (error) {
    throw usageError(`${name}: ${error instanceof Error ? error.message.replace('browser.cdp_url', 'the URL') : 'not a URL'}`);
  }
  return value;
}

const TRANSPORT_KINDS: Readonly<Record<string, string>> = {
  timeout: 'timeout',
  aborted: 'aborted',
  closed: 'aborted',
  connection_failed: 'cannot connect',
  network: 'connection lost',
  bad_response: 'unexpected answer',
  http_status: 'server error',
  browser_unreachable: 'no browser',
  browser_lost: 'browser tab lost',
};

/**
 * A client failure as one line naming its kind (authentication, challenge,
 * rate limit, GraphQL, transport) and what to do; other errors unchanged.
 * The client's messages are redacted, and these name fields, never values.
 */
export function describeClientFailure(error: unknown, opened: OpenedClient): unknown {
  const m = opened.module;
  const sources = opened.credentials.sources;
  if (typeof opened.browser === 'string' && m.AuthenticationError.is(error)) {
    const site = printable(opened.client.base_url);
    return new CliError(EXIT_AUTH, `authentication refused in the browser on ${site}: log in to ${site} in that browser, then try again (${error.message})`, {
      cause: error,
    });
  }
  if (m.AuthenticationError.is(error)) {
    // A GraphQL refusal comes with 200: only another status says something.
    const status = error.status === null || error.status === 200 ? '' : ` (HTTP ${error.status})`;
    const said = error.server_message === null ? '' : ` ("${error.server_message.trim().replace(/[.]$/, '')}")`;
    const fromEnv = sources.access_token === 'env' || sources.session_cookie === 'env' ? ' (or update the STAKE_* variables)' : '';
    return new CliError(
      EXIT_AUTH,
      `authentication refused${status}${said}: the access token or session cookie is missing, expired or revoked; ` +
        `copy a fresh request from the logged-in browser and run 'stakeql login'${fromEnv}`,
      { cause: error },
    );
  }
  if (m.ChallengeError.is(error) && error.vendor === 'kasada') {
    return new CliError(
      EXIT_AUTH,
      `Kasada bot protection refused the request${error.status === null ? '' : ` (HTTP ${error.status})`}: the site wants fresh ` +
        'x-kpsdk-* headers that only its own page makes, so a copied request cannot pass. Use your browser: run ' +
        "'stakeql browser', log in to the site in the window it opens, close it, then add --browser own (or set STAKE_BROWSER=own)",
      { cause: error },
    );
  }
  if (m.ChallengeError.is(error) && typeof opened.browser === 'string') {
    return new CliError(EXIT_AUTH, `${error.message} (site: ${printable(opened.client.base_url)})`, { cause: error });
  }
  if (m.ChallengeError.is(error)) {
    const ua = error.had_user_agent ? '' : ' The credentials hold no User-Agent: cf_clearance only works with the one it was issued to.';
    const what = error.had_clearance
      ? 'the cf_clearance cookie was refused (expired, or issued to another browser or User-Agent)'
      : 'no cf_clearance cookie was sent, and the site demands one';
    return new CliError(
      EXIT_AUTH,
      `Cloudflare challenge${error.status === null ? '' : ` (HTTP ${error.status})`}: ${what}; open the site in the same browser, ` +
        `pass the check, copy a fresh request (with its cookies and User-Agent) and run 'stakeql login'.${ua}`,
      { cause: error },
    );
  }
  if (m.RateLimitError.is(error)) {
    const wait = error.retry_after_ms === null ? '' : `; retry after ${Math.ceil(error.retry_after_ms / 1000)} s`;
    return new CliError(EXIT_FAILURE, `rate limited (HTTP ${error.status ?? 429})${wait}`, { cause: error });
  }
  if (m.GraphQLError.is(error)) return new CliError(EXIT_FAILURE, error.message, { cause: error });
  if (m.TransportError.is(error)) {
    // Through a browser, the site it was asked to reach is named: it may not be the one the user had in mind.
    const site = typeof opened.browser === 'string' && !error.message.includes(opened.client.base_url) ? ` (site: ${printable(opened.client.base_url)})` : '';
    return new CliError(EXIT_FAILURE, `${TRANSPORT_KINDS[error.reason] ?? 'transport error'}: ${error.message}${site}`, { cause: error });
  }
  if (error instanceof SyntaxError || error instanceof RangeError || error instanceof TypeError) {
    // Refused before sending: the query, the variables or the operation name.
    return new CliError(EXIT_USAGE, error.message.replaceAll('operation_name', '--operation-name'), { cause: error });
  }
  return error;
}

/** Runs `work` with an opened client, then closes it; client failures become one-line CLI errors. */
export async function withClient<T>(opened: OpenedClient, work: (client: StakeClient) => Promise<T>): Promise<T> {
  try {
    return await work(opened.client);
  } catch (error) {
    throw describeClientFailure(error, opened);
  } finally {
    await opened.client.close();
  }
}
