/**
 * `stakeql browser`: opens the browser stakeql drives — its own profile under
 * the data directory (0700, so the login it keeps is the user's alone) — at
 * the site, for the user to log in once; it stays in the foreground until
 * the window is closed (or Ctrl-C). It is driven over a pipe
 * (`--remote-debugging-pipe`, playwright-core's `launchPersistentContext`):
 * no DevTools port is opened, so no other process, of this user or another,
 * can attach to it. Later commands use that profile with `--browser own`,
 * starting the browser the same way. It passes no flag that hides
 * automation or changes the browser's fingerprint.
 */
import fs from 'node:fs';
import { resolve_base_url } from '../../transport/options.js';
import { browser_said, start_trouble } from '../../transport/browser/start-failure.js';
import { BROWSER_CANDIDATES, NO_DISPLAY_ADVICE, find_browser_executable, has_display, own_profile_dir } from '../browser-way.js';
import type { Command, CommandArgs, CommandContext } from '../context.js';
import { CliError, EXIT_FAILURE, EXIT_OK, usageError } from '../exit-codes.js';
import { printable } from '../output.js';
import { help_lines, parse_config, type OptionTable } from '../option-table.js';

// Long enough for a cold start of a browser on a slow machine; the command then says what happened.
const START_TIMEOUT_MS = 30_000;

async function runBrowser(args: CommandArgs, ctx: CommandContext): Promise<number> {
  if (args.values['port'] !== undefined) {
    throw usageError(
      '--port: stakeql no longer opens a DevTools port (any local program could drive the browser through it): ' +
        "log in here once, then use --browser own; for a browser of yours with a port, start it yourself (see 'stakeql doctor')",
    );
  }
  const given = args.values['executable'];
  const executable = typeof given === 'string' ? given : find_browser_executable(ctx.io.env);
  if (executable === null) {
    throw new CliError(EXIT_FAILURE, `no Chromium-family browser on PATH (looked for ${BROWSER_CANDIDATES.join(', ')}): give one with --executable PATH`);
  }
  let site: string;
  try {
    site = resolve_base_url(typeof args.values['site'] === 'string' ? args.values['site'] : (ctx.io.env['STAKE_BASE_URL'] || undefined)).base_url;
  } catch (error) {
    throw usageError(`--site: ${error instanceof Error ? error.message.replace('base_url', 'the site') : 'not a URL'}`);
  }
  const profile = own_profile_dir(ctx.io.env);
  fs.mkdirSync(profile, { recursive: true, mode: 0o700 });
  // mkdir's mode is masked by the umask and leaves an existing directory as it was: set it.
  fs.chmodSync(profile, 0o700);
  const { chromium } = await import('playwright-core');
  let context;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: executable,
      headless: false,
      ignoreDefaultArgs: true,
      args: [`--user-data-dir=${profile}`, '--remote-debugging-pipe', '--no-first-run', '--no-default-browser-check'],
      viewport: null,
      timeout: START_TIMEOUT_MS,
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    });
  } catch (error) {
    throw new CliError(EXIT_FAILURE, start_failure(error instanceof Error ? error.message : String(error), executable, ctx.io.env));
  }
  const closed = new Promise<void>((resolve) => context.once('close', () => resolve()));
  const stop = (): void => {
    void context.close().catch(() => {});
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${site}/`, { waitUntil: 'domcontentloaded', timeout: START_TIMEOUT_MS }).catch(() => {
      // The window is open: the user can still go to the site by hand.
    });
    const { out } = ctx;
    ctx.io.stdout.write(
      [
        `${out.bold('stakeql browser')}: ${printable(executable)} is open with stakeql's own profile in ${printable(profile)}`,
        'It is driven over a pipe: no DevTools port is open, no other program can attach to it.',
        '',
        `  1. Log in to ${site} in that window, once (the profile keeps the login).`,
        '  2. Close the window (or press Ctrl-C here).',
        '  3. stakeql whoami --browser own   (or: export STAKE_BROWSER=own; each command then starts this browser itself, over a pipe)',
        '',
      ].join('\n'),
    );
    await closed;
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    await context.close().catch(() => {});
  }
  ctx.io.stdout.write('stakeql browser: closed.\n');
  return EXIT_OK;
}

/**
 * Why the browser did not start, and what to do: from the browser's own
 * stderr (start-failure.ts), and from the environment where it names no
 * display (a headed browser cannot start without one, whatever it printed).
 */
function start_failure(message: string, executable: string, env: NodeJS.ProcessEnv): string {
  const said = browser_said(message);
  const trouble = start_trouble(message) ?? (has_display(env) ? null : 'no_display');
  const words = said === null ? '' : ` (it said: ${printable(said)})`;
  if (trouble === 'no_display') {
    return `the browser could not open its window: there is no display here (DISPLAY and WAYLAND_DISPLAY are unset)${words}; ${NO_DISPLAY_ADVICE}`;
  }
  if (trouble === 'root_sandbox') {
    return `${printable(executable)} refuses to run as root with its sandbox on${words}: run stakeql as an ordinary user`;
  }
  if (trouble === 'profile_in_use') {
    return `stakeql's browser profile is already open in another window${words}: close it, then run 'stakeql browser' again`;
  }
  const first = message.split('\n', 1)[0] ?? '';
  return `the browser could not be started on stakeql's profile (is it already open?)${words || `: ${printable(first.slice(0, 300))}`}`;
}

/** The command's own options, once: the parser's config and the help's lines come from here. */
const OPTIONS: OptionTable = {
  executable: { type: 'string', value: 'PATH', help: 'the browser to start (default STAKEQL_BROWSER_EXECUTABLE, else the first on PATH)' },
  site: { type: 'string', value: 'URL', help: 'the site to open (default STAKE_BASE_URL, else https://stake.com)' },
  port: { type: 'string', value: 'N', help: 'no longer offered: stakeql opens no DevTools port' },
};

/** The `browser` command. */
export const command: Command = {
  usage: 'stakeql browser [--executable PATH] [--site URL]',
  help: `Opens the browser stakeql drives, to log in to the site once: the first of
${BROWSER_CANDIDATES.join(', ')} on PATH, or --executable. It gets a profile of its
own in the data directory (browser-profile, mode 0700) and is driven over a
pipe: no DevTools port is opened, so no other program can attach to it. Log in,
then close the window; commands given --browser own (or STAKE_BROWSER=own)
start it the same way on that profile. No flag that hides automation or
changes the browser's fingerprint is used.

Without a display (a server, a container: DISPLAY and WAYLAND_DISPLAY unset),
commands given --browser own start the browser headless; only this one-time
login needs a window: run it under a display server, e.g.
'xvfb-run -n 99 stakeql browser' and 'x11vnc -display :99' to use the window
over VNC, or over 'ssh -X'.

Options:
${help_lines(OPTIONS)}`,
  options: {
    ...parse_config(OPTIONS),
  },
  minPositionals: 0,
  maxPositionals: 0,
  run: runBrowser,
};
