/**
 * Where a run's Telegram remote comes from: the bot token is a secret, so
 * it is read from the environment (`STAKEQL_TELEGRAM_TOKEN`, with
 * `STAKEQL_TELEGRAM_CHAT`) or a file only its owner can read
 * (`--telegram-file`, mode 0600: `token=…` and `chat=…` lines), never from
 * the command line (every local user can read that). `STAKEQL_TELEGRAM_API`
 * points it at another Bot API (a local stand-in: http on 127.0.0.1 only).
 * A bad value is a usage error naming where it came from, never quoting the token.
 */
import type { TelegramConfig } from '../../remote/telegram.js';
import { check_telegram } from '../../remote/telegram.js';
import type { CommandArgs, CommandContext } from '../context.js';
import { usageError } from '../exit-codes.js';
import { read_secret_file } from './notify-args.js';

export const TELEGRAM_TOKEN_ENV = 'STAKEQL_TELEGRAM_TOKEN';
export const TELEGRAM_CHAT_ENV = 'STAKEQL_TELEGRAM_CHAT';
export const TELEGRAM_API_ENV = 'STAKEQL_TELEGRAM_API';

/** The `parseArgs` option. */
export const TELEGRAM_OPTIONS = { 'telegram-file': { type: 'string' } } as const;

/** Help lines. */
export const TELEGRAM_OPTIONS_HELP = `  --telegram-file PATH answer /status, /pause, /resume, /stopafterwin, /stop from one Telegram
                       chat while the run goes: PATH (mode 0600) holds token=BOT_TOKEN and
                       chat=CHAT_ID lines; also ${TELEGRAM_TOKEN_ENV} with ${TELEGRAM_CHAT_ENV}`;

/** The run's Telegram options from the file or the environment; `{}` without either. */
export function telegram_from_args(args: CommandArgs, ctx: CommandContext): { telegram?: TelegramConfig } {
  const file = args.values['telegram-file'];
  let token: string | undefined;
  let chat: string | undefined;
  let where: string;
  if (typeof file === 'string') {
    where = '--telegram-file';
    for (const line of read_secret_file(file, where, 4096).split('\n')) {
      const eq = line.indexOf('=');
      if (eq < 0) continue;
      const key = line.slice(0, eq).trim();
      if (key === 'token') token = line.slice(eq + 1).trim();
      else if (key === 'chat') chat = line.slice(eq + 1).trim();
    }
  } else {
    where = TELEGRAM_TOKEN_ENV;
    token = ctx.io.env[TELEGRAM_TOKEN_ENV];
    chat = ctx.io.env[TELEGRAM_CHAT_ENV];
    if (token === undefined || token === '') return {};
  }
  if (token === undefined) throw usageError(`${where}: no token= line`);
  if (chat === undefined || chat === '') throw usageError(`${where}: no chat id (${typeof file === 'string' ? 'a chat= line' : TELEGRAM_CHAT_ENV})`);
  const api = ctx.io.env[TELEGRAM_API_ENV];
  const config: TelegramConfig = { token, chat, ...(api === undefined || api === '' ? {} : { api_base: api }) };
  try {
    return { telegram: check_telegram(config) };
  } catch (error) {
    throw usageError(`${where}: ${error instanceof Error ? error.message : 'bad Telegram settings'}`);
  }
}
