/**
 * `stakeql doctor`: which way in works on this machine. Asks the site for
 * `UserBalances` by each path it can — direct; through `impit` when it is
 * installed; through the browser when one is given — and says for each:
 * works, or why not (Cloudflare, Kasada, region block, token refused,
 * unreachable), and which path to use. Then, through the first path that
 * works, whether the site's schema still takes the documents the commands
 * send (doctor-documents.ts: one harmless query per family, never a bet).
 * Exit 0 when a path works and every family validates, 1 when a family does
 * not, 4 when no path works.
 */
import type * as ClientModule from '../../facade/index.js';
import type { FetchLike, StakeClientOptions } from '../../facade/index.js';
import { load_credentials } from '../../store/index.js';
import type { Command, CommandArgs, CommandContext } from '../context.js';
import { EXIT_AUTH, EXIT_FAILURE, EXIT_OK, badValueIsUsage } from '../exit-codes.js';
import type { FamilyVerdict } from '../doctor-documents.js';
import { browser_option, has_display, NO_DISPLAY_ADVICE, way_of, WAY_WORDS } from '../browser-way.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, browserArgument, checkBaseUrl, siteForBrowser, timeoutMs } from '../open-client.js';
import { printable, writeJson } from '../output.js';
import { profileArgument } from '../profile-args.js';
import { help_lines, parse_config, type OptionTable } from '../option-table.js';

/** Why a path failed, as `--json` names it. */
type Reason = 'ok' | 'cloudflare' | 'kasada' | 'region_blocked' | 'unauthorized' | 'unreachable' | 'error';

interface Verdict {
  readonly path: 'direct' | 'impit' | 'browser';
  readonly ok: boolean;
  readonly reason: Reason;
  readonly status?: number;
  /** One line for people; from the client's (redacted) messages. */
  readonly detail: string;
}

/** The reason a failed `UserBalances` gives, from the client's typed error. */
function reason_of(m: typeof ClientModule, error: unknown): { reason: Reason; status: number | null } {
  if (m.ChallengeError.is(error)) return { reason: error.vendor === 'kasada' ? 'kasada' : 'cloudflare', status: error.status };
  if (m.AuthenticationError.is(error)) return { reason: 'unauthorized', status: error.status };
  if (m.TransportError.is(error)) {
    if (error.status === 451) return { reason: 'region_blocked', status: 451 };
    const unreachable = ['connection_failed', 'timeout', 'network', 'browser_unreachable', 'browser_lost'].includes(error.reason);
    return { reason: unreachable ? 'unreachable' : 'error', status: error.status };
  }
  if (m.StakeError.is(error)) return { reason: 'error', status: error.status };
  return { reason: 'error', status: null };
}

const ADVICE: Readonly<Record<Reason, string>> = {
  ok: 'works',
  cloudflare: 'Cloudflare challenge: copy a fresh request (cf_clearance and User-Agent) from your browser, or use --browser',
  kasada: "Kasada refusal (x-kpsdk-*): only the site's page passes; use --browser own (log in once in the window 'stakeql browser' opens)",
  region_blocked: 'region blocked (HTTP 451): the site refuses this network',
  unauthorized: "token refused: log in again ('stakeql login'), or log in to the site in the browser",
  unreachable: 'unreachable',
  error: 'failed',
};

/** Each document family's verdict, asked through the path that works. */
async function families(m: typeof ClientModule, options: StakeClientOptions): Promise<FamilyVerdict[]> {
  const { check_families } = await import('../doctor-documents.js');
  const client = new m.StakeClient({ ...options, retry: { limit: 0 } });
  try {
    return await check_families(client);
  } finally {
    await client.close();
  }
}

async function ask(path: Verdict['path'], m: typeof ClientModule, options: StakeClientOptions): Promise<Verdict> {
  // One attempt: the question is whether a path works now, not to wait out a retry.
  const client = new m.StakeClient({ ...options, retry: { limit: 0 } });
  try {
    await client.balances();
    return { path, ok: true, reason: 'ok', detail: 'works' };
  } catch (error) {
    const { reason, status } = reason_of(m, error);
    const said = error instanceof Error ? error.message : String(error);
    return { path, ok: false, reason, ...(status === null ? {} : { status }), detail: `${ADVICE[reason]} (${said})` };
  } finally {
    await client.close();
  }
}

/** impit's fetch when the package is installed (it is not a dependency), else null. */
async function impit_fetch(): Promise<FetchLike | null> {
  const name = 'impit';
  try {
    const module = (await import(name)) as { Impit: new (options: object) => { fetch: FetchLike } };
    const impit = new module.Impit({ browser: 'chrome' });
    return impit.fetch.bind(impit);
  } catch {
    return null;
  }
}

async function runDoctor(args: CommandArgs, ctx: CommandContext): Promise<number> {
  const profile = typeof args.values['profile'] === 'string' ? await profileArgument(args) : null;
  const baseUrl = args.values['base-url'];
  const timeout_ms = timeoutMs(args.values['timeout']);
  await checkBaseUrl(baseUrl);
  const credentials = await badValueIsUsage(() => load_credentials({ profile, env: ctx.io.env }));
  const browser = browserArgument(args, ctx) ?? credentials.browser ?? null;
  const m = await import('../../facade/index.js');
  const base_url = typeof baseUrl === 'string' ? baseUrl : credentials.base_url;
  const direct: StakeClientOptions = {
    access_token: credentials.access_token,
    session_cookie: credentials.session_cookie,
    cf_clearance: credentials.cf_clearance,
    user_agent: credentials.user_agent,
    base_url,
    timeout_ms,
  };
  const impit = await impit_fetch();
  const paths: Array<[Verdict['path'], StakeClientOptions]> = [['direct', direct]];
  if (impit !== null) paths.push(['impit', { ...direct, fetch: impit }]);
  if (browser !== null) paths.push(['browser', { base_url: await siteForBrowser(browser, baseUrl, credentials, ctx), timeout_ms, browser: browser_option(browser, ctx.io.env) }]);
  const verdicts: Verdict[] = [];
  for (const [path, options] of paths) {
    const verdict = await ask(path, m, options);
    // The browser may be on another site than the profile's: a refusal names the one it tried.
    verdicts.push(path === 'browser' && !verdict.ok ? { ...verdict, detail: `${verdict.detail} (site: ${options.base_url ?? ''})` } : verdict);
  }
  const works = verdicts.find((v) => v.ok);
  const through = paths.find(([path]) => path === works?.path)?.[1];
  const documents = through === undefined ? [] : await families(m, through);
  if (args.values['json'] === true) {
    for (const v of verdicts) {
      const way = v.path === 'browser' && browser !== null ? { way: way_of(browser) } : {};
      writeJson(ctx.io.stdout, { path: v.path, ok: v.ok, reason: v.reason, ...(v.status === undefined ? {} : { status: v.status }), ...way }, true);
    }
    // Only on request: scripts that read the path lines keep reading exactly those.
    if (args.values['documents'] === true) {
      for (const d of documents) writeJson(ctx.io.stdout, { family: d.family, ok: d.ok, reason: d.reason, ...(d.ok ? {} : { detail: printable(d.detail) }) }, true);
    }
  } else {
    const { out } = ctx;
    for (const v of verdicts) {
      ctx.io.stdout.write(`${v.path.padEnd(8)}${v.ok ? out.green('ok') : out.bold(v.reason)}  ${printable(v.detail)}\n`);
    }
    // Which of the three ways to the browser, and what it hands to whom.
    if (browser !== null) ctx.io.stdout.write(`        the browser way: ${way_of(browser)}: ${WAY_WORDS[way_of(browser)]}\n`);
    if (works !== undefined) ctx.io.stdout.write(`Documents, asked through the ${works.path} path (one read each, no bet):\n`);
    for (const d of documents) {
      ctx.io.stdout.write(`  ${d.family.padEnd(10)}${d.ok ? out.green('ok') : out.bold(d.reason)}  ${printable(d.detail)}\n`);
    }
    ctx.io.stdout.write(
      works !== undefined
        ? `Use the ${works.path} path${works.path === 'browser' ? ' (--browser, or STAKE_BROWSER)' : works.path === 'impit' ? ' (impit as the fetch, in code)' : ''}.\n`
        : browser === null
          ? "No path works. If the site refuses copied requests, log in once in the browser 'stakeql browser' opens, and run 'stakeql doctor --browser own'.\n"
          : 'No path works.\n',
    );
    // A server or a container: say how the browser way runs there before the user finds out from a bare failure.
    if (!has_display(ctx.io.env) && (browser === null ? works === undefined : way_of(browser) === 'own')) {
      ctx.io.stdout.write(`No display here (DISPLAY and WAYLAND_DISPLAY are unset): ${NO_DISPLAY_ADVICE}.\n`);
    }
    const invalid = documents.filter((d) => d.reason === 'invalid').map((d) => d.family);
    if (invalid.length > 0) {
      ctx.io.stdout.write(`The site's schema refuses the documents of: ${invalid.join(', ')}. What needs them fails until stakeql follows the change.\n`);
    }
  }
  if (works === undefined) return EXIT_AUTH;
  return documents.every((d) => d.ok) ? EXIT_OK : EXIT_FAILURE;
}

/** The command's own options, once: the parser's config and the help's lines come from here. */
const OPTIONS: OptionTable = {
  json: { type: 'boolean', help: 'one line per path: {"path","ok","reason","status"?,"way"?}, path one of\ndirect, impit, browser (way: own, auto or port); reason one of ok, cloudflare, kasada,\nregion_blocked, unauthorized, unreachable, error' },
  documents: { type: 'boolean', help: 'with --json, also one line per document family after the paths:\n{"family","ok","reason","detail"?}, reason one of ok, invalid (the\nsite\'s schema refuses the document), unknown (no answer to judge)' },
};

/** The `doctor` command. */
export const command: Command = {
  usage: 'stakeql doctor [--profile NAME | --base-url URL] [--browser URL] [--json [--documents]]',
  help: `Asks the site for your balances by each way in it can — direct (the saved
credentials), through impit when it is installed, through your browser when
--browser (or STAKE_BROWSER) is given — and says for each whether it works,
or why not: a Cloudflare challenge, a Kasada refusal (x-kpsdk-*), a region
block (HTTP 451), a refused token, unreachable. Then it says which path to use,
and which of the three ways to the browser is in use (own: stakeql's profile
over a pipe; auto: Chrome's remote-debugging toggle; port: a DevTools port you
opened, which any local program can drive while the browser runs).
Through that path it asks one harmless read per family of documents stakeql
sends (bets, lookup, seeds, mines, blackjack, hilo, crash, slide, rates,
rewards, sports; never a bet) and says whether the site's schema still takes
each: a family the site answers with a validation error (a field or argument
it no longer has) is named. Each path and read is tried once (no retries).
Exit code 0 when a path works and every family validates, 1 when a family
does not, 4 when no path works.

Options:
${CLIENT_OPTIONS_HELP}
${help_lines(OPTIONS)}`,
  options: {
    ...CLIENT_OPTIONS,
    ...parse_config(OPTIONS),
  },
  minPositionals: 0,
  maxPositionals: 0,
  run: runDoctor,
};
