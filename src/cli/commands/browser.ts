/**
 * `stakeql browser`: starts a Chromium-family browser stakeql can drive — its
 * own profile under the data directory (0700, so the login it keeps is the
 * user's alone), the DevTools port bound to 127.0.0.1, opened at the site —
 * prints the `cdp_url` and what to do next, and leaves it running. It passes
 * no flag that hides automation or changes the browser's fingerprint.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { resolve_data_dir } from '../../database/paths.js';
import { resolve_base_url } from '../../transport/options.js';
import type { Command, CommandArgs, CommandContext } from '../context.js';
import { CliError, EXIT_FAILURE, EXIT_OK, usageError } from '../exit-codes.js';
import { printable } from '../output.js';
import { help_lines, parse_config, type OptionTable } from '../option-table.js';

/** Looked for on PATH, in this order, when `--executable` is not given. */
const CANDIDATES = ['google-chrome', 'google-chrome-stable', 'chromium', 'chromium-browser', 'microsoft-edge', 'brave-browser'];
const DEFAULT_PORT = 9222;
// Long enough for a cold start of a browser on a slow machine; the command then says what happened.
const START_TIMEOUT_MS = 30_000;

function find_on_path(env: NodeJS.ProcessEnv): string | null {
  const dirs = (env['PATH'] ?? '').split(path.delimiter).filter((d) => d !== '');
  for (const name of CANDIDATES) {
    for (const dir of dirs) {
      const file = path.join(dir, name);
      try {
        fs.accessSync(file, fs.constants.X_OK);
        return file;
      } catch {
        // Not here.
      }
    }
  }
  return null;
}

function port_of(value: unknown): number {
  if (value === undefined) return DEFAULT_PORT;
  const text = String(value);
  const port = /^[0-9]{1,5}$/.test(text) ? Number(text) : Number.NaN;
  if (!(port >= 0 && port <= 65_535)) throw usageError('--port: must be a whole number from 0 (any free port) to 65535');
  return port;
}

/** Resolves to the DevTools port once the browser wrote it in its profile, or rejects when it exits first. */
function devtools_port(profile: string, child: ReturnType<typeof spawn>): Promise<number> {
  const file = path.join(profile, 'DevToolsActivePort');
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let done = false;
    const finish = (error: Error | null, port?: number): void => {
      if (done) return;
      done = true;
      clearInterval(timer);
      child.off('exit', on_exit);
      if (error === null) resolve(port as number);
      else reject(error);
    };
    const on_exit = (code: number | null): void => finish(new CliError(EXIT_FAILURE, `the browser exited (code ${String(code)}) before opening its DevTools port`));
    child.once('exit', on_exit);
    child.once('error', (error) => finish(new CliError(EXIT_FAILURE, `the browser could not be started: ${error.message}`)));
    const timer = setInterval(() => {
      let text = '';
      try {
        text = fs.readFileSync(file, 'utf8');
      } catch {
        // Not written yet.
      }
      const port = Number(text.split('\n', 1)[0]);
      if (Number.isInteger(port) && port > 0) finish(null, port);
      else if (Date.now() - started > START_TIMEOUT_MS) finish(new CliError(EXIT_FAILURE, 'the browser did not open its DevTools port within 30 s'));
    }, 100);
  });
}

async function runBrowser(args: CommandArgs, ctx: CommandContext): Promise<number> {
  const given = args.values['executable'];
  const executable = typeof given === 'string' ? given : find_on_path(ctx.io.env);
  if (executable === null) {
    throw new CliError(EXIT_FAILURE, `no Chromium-family browser on PATH (looked for ${CANDIDATES.join(', ')}): give one with --executable PATH`);
  }
  const port = port_of(args.values['port']);
  let site: string;
  try {
    site = resolve_base_url(typeof args.values['site'] === 'string' ? args.values['site'] : (ctx.io.env['STAKE_BASE_URL'] || undefined)).base_url;
  } catch (error) {
    throw usageError(`--site: ${error instanceof Error ? error.message.replace('base_url', 'the site') : 'not a URL'}`);
  }
  const profile = path.join(resolve_data_dir(ctx.io.env), 'browser-profile');
  fs.mkdirSync(profile, { recursive: true, mode: 0o700 });
  // mkdir's mode is masked by the umask and leaves an existing directory as it was: set it.
  fs.chmodSync(profile, 0o700);
  fs.rmSync(path.join(profile, 'DevToolsActivePort'), { force: true });
  const child = spawn(executable, [
    `--remote-debugging-port=${port}`,
    '--remote-debugging-address=127.0.0.1',
    `--user-data-dir=${profile}`,
    '--no-first-run',
    '--no-default-browser-check',
    `${site}/`,
  ], { detached: true, stdio: 'ignore' });
  const actual = await devtools_port(profile, child);
  child.unref();
  const cdp_url = `http://127.0.0.1:${actual}`;
  const { out } = ctx;
  ctx.io.stdout.write(
    [
      `${out.bold('stakeql browser')}: ${printable(path.basename(executable))} (pid ${String(child.pid)}) is running with its own profile in ${printable(profile)}`,
      `cdp_url: ${out.green(cdp_url)}`,
      '',
      'Next:',
      `  1. Log in to ${site} in that window, once (the profile keeps the login).`,
      `  2. stakeql doctor --browser ${cdp_url}`,
      `  3. stakeql whoami --browser ${cdp_url}   (or: export STAKE_BROWSER=${cdp_url}; or 'stakeql login --browser ${cdp_url}')`,
      'Close the browser window when done; the DevTools port accepts connections from this machine only.',
      '',
    ].join('\n'),
  );
  return EXIT_OK;
}

/** The command's own options, once: the parser's config and the help's lines come from here. */
const OPTIONS: OptionTable = {
  executable: { type: 'string', value: 'PATH', help: 'the browser to start' },
  port: { type: 'string', value: 'N', help: 'DevTools port (default 9222; 0: any free port)' },
  site: { type: 'string', value: 'URL', help: 'the site to open (default STAKE_BASE_URL, else https://stake.com)' },
};

/** The `browser` command. */
export const command: Command = {
  usage: 'stakeql browser [--executable PATH] [--port N] [--site URL]',
  help: `Starts a Chromium-family browser for stakeql to drive: the first of
${CANDIDATES.join(', ')} on PATH, or --executable. It gets a profile of its
own in the data directory (browser-profile, mode 0700), its DevTools port on
127.0.0.1 only, and opens the site. Prints the cdp_url to pass as --browser
and leaves the browser running. Log in to the site in that window once.
No flag that hides automation or changes the browser's fingerprint is used.

Options:
${help_lines(OPTIONS)}`,
  options: {
    ...parse_config(OPTIONS),
  },
  minPositionals: 0,
  maxPositionals: 0,
  run: runBrowser,
};
