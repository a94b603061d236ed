/**
 * Where a run's notification URLs come from, and `--notify-on EVENTS`. A URL
 * holds a secret (a bot token, a webhook id, an ntfy topic), and a process's
 * command line is readable by every local user (`ps`, `/proc/PID/cmdline`),
 * so the ways meant for a service are the environment (`STAKE_NOTIFY`) and a
 * file only its owner can read (`--notify-file`, mode 0600); `--notify URL`
 * still works, with a warning. Every URL is checked here, before anything is
 * sent; a bad one is a usage error naming where it came from, never quoting it.
 */
import fs from 'node:fs';
import type { NotifyOptions } from '../../autobet/run/notify-hook.js';
import { parse_notify_on } from '../../notify/events.js';
import { parse_notify_url } from '../../notify/url.js';
import type { CommandArgs, CommandContext } from '../context.js';
import { CliError, usageError } from '../exit-codes.js';

/** The environment variable holding notification URLs (separated by whitespace). */
export const NOTIFY_ENV = 'STAKE_NOTIFY';
const MAX_FILE_BYTES = 64 * 1024;

/** The `parseArgs` options. */
export const NOTIFY_OPTIONS = {
  notify: { type: 'string', multiple: true },
  'notify-file': { type: 'string' },
  'notify-on': { type: 'string' },
} as const;

/** Help lines. */
export const NOTIFY_OPTIONS_HELP = `  --notify-file PATH   tell the URLs in PATH (one a line, # comments; mode 0600) when the run
                       stops; also ${NOTIFY_ENV} (URLs separated by spaces or newlines). The forms:
                       discord://ID/TOKEN, slack://A/B/C, tgram://BOT_TOKEN/CHAT_ID,
                       ntfy://[host/]topic, mailto://user:pass@smtp.host[:port]?to=addr,
                       json://host/path
  --notify URL         the same on the command line, which every local user can read (ps):
                       for a try at a terminal; a service uses ${NOTIFY_ENV} or --notify-file
  --notify-on EVENTS   stop,error,unknown_outcome (default), limit, big_win:N, summary:M`;

/** One URL and where it came from, for errors. */
interface Given {
  readonly url: string;
  readonly where: string;
}

/**
 * The text of a file that holds secrets, read only when it is the user's own
 * and mode 0600 (no group or other access); `flag` names it in errors.
 */
export function read_secret_file(file: string, flag: string, max_bytes: number = MAX_FILE_BYTES): string {
  try {
    const fd = fs.openSync(file, 'r');
    try {
      const st = fs.fstatSync(fd);
      if (!st.isFile()) throw usageError(`${flag}: ${file} is not a file`);
      if ((st.mode & 0o077) !== 0) {
        throw usageError(`${flag}: ${file} can be read by others (mode ${(st.mode & 0o777).toString(8)}): it holds secrets; chmod 600 it`);
      }
      if (typeof process.getuid === 'function' && st.uid !== process.getuid()) throw usageError(`${flag}: ${file} belongs to another user`);
      if (st.size > max_bytes) throw usageError(`${flag}: ${file} is larger than it can be`);
      return fs.readFileSync(fd, 'utf8');
    } finally {
      fs.closeSync(fd);
    }
  } catch (error) {
    if (error instanceof CliError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw usageError(`${flag}: cannot read ${file} (${String(code)})`);
  }
}

/** The URLs of a notify file: mode 0600 (no group or other access), one a line. */
function from_file(file: string): Given[] {
  const text = read_secret_file(file, '--notify-file');
  const list: Given[] = [];
  text.split('\n').forEach((line, i) => {
    const url = line.trim();
    if (url !== '' && !url.startsWith('#')) list.push({ url, where: `--notify-file line ${i + 1}` });
  });
  return list;
}

/** The run's notification options from the flags, the environment and the file; `{}` without any URL. */
export function notify_from_args(args: CommandArgs, ctx: CommandContext): NotifyOptions {
  const urls = args.values['notify'];
  const on = args.values['notify-on'];
  const file = args.values['notify-file'];
  const given: Given[] = [];
  const flags = Array.isArray(urls) ? urls.filter((u): u is string => typeof u === 'string') : [];
  flags.forEach((url, i) => given.push({ url, where: `--notify (${i + 1})` }));
  const env = ctx.io.env[NOTIFY_ENV] ?? '';
  env.split(/\s+/).filter((u) => u !== '').forEach((url, i) => given.push({ url, where: `${NOTIFY_ENV} (${i + 1})` }));
  if (typeof file === 'string') for (const g of from_file(file)) given.push(g);
  try {
    for (const g of given) parse_notify_url(g.url, g.where);
    parse_notify_on(typeof on === 'string' ? on : undefined, '--notify-on');
  } catch (error) {
    throw usageError(error instanceof Error ? error.message : 'bad notification URL');
  }
  if (flags.length > 0) {
    ctx.warn(`--notify puts the URL on the command line, which every local user can read (ps): use ${NOTIFY_ENV} or --notify-file for a run that lasts`);
  }
  if (given.length === 0) return {};
  return { notify: given.map((g) => g.url), ...(typeof on === 'string' ? { notify_on: on } : {}) };
}
