/**
 * `--notify URL` (repeatable) and `--notify-on EVENTS` as run options. The
 * URLs are checked here, before anything is sent, and a bad one is a usage
 * error naming its position, never quoting it (it holds a token).
 */
import type { NotifyOptions } from '../../autobet/notify-hook.js';
import { parse_notify_on } from '../../notify/events.js';
import { parse_notify_url } from '../../notify/url.js';
import type { CommandArgs } from '../context.js';
import { usageError } from '../exit-codes.js';

/** The `parseArgs` options. */
export const NOTIFY_OPTIONS = {
  notify: { type: 'string', multiple: true },
  'notify-on': { type: 'string' },
} as const;

/** Help lines. */
export const NOTIFY_OPTIONS_HELP = `  --notify URL         tell URL when the run stops (repeatable): discord://ID/TOKEN,
                       slack://A/B/C, tgram://BOT_TOKEN/CHAT_ID, ntfy://[host/]topic,
                       mailto://user:pass@smtp.host[:port]?to=addr, json://host/path
  --notify-on EVENTS   stop,error,unknown_outcome (default), limit, big_win:N, summary:M`;

/** The run's notification options from the flags; `{}` without `--notify`. */
export function notify_from_args(args: CommandArgs): NotifyOptions {
  const urls = args.values['notify'];
  const on = args.values['notify-on'];
  const list = Array.isArray(urls) ? urls.filter((u): u is string => typeof u === 'string') : [];
  try {
    list.forEach((u, i) => parse_notify_url(u, `--notify (${i + 1})`));
    parse_notify_on(typeof on === 'string' ? on : undefined, '--notify-on');
  } catch (error) {
    throw usageError(error instanceof Error ? error.message : 'bad --notify');
  }
  if (list.length === 0) return {};
  return { notify: list, ...(typeof on === 'string' ? { notify_on: on } : {}) };
}
